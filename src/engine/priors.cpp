#include "tengen/engine/priors.h"

#include <algorithm>
#include <cstdlib>

namespace tengen {

namespace {

// Distance in the sense "within a 5x5 square, corners cut" (|dx| + |dy| <= 3
// and both <= 2) is the usual neighbourhood of a reply.
bool near(const Board& board, Point a, Point b) {
  if (b == kNoPoint || b == kPass) return false;
  const int dx = std::abs(column_of(a, board.size()) - column_of(b, board.size()));
  const int dy = std::abs(row_of(a, board.size()) - row_of(b, board.size()));
  return dx <= 2 && dy <= 2 && dx + dy <= 3;
}

double line_bonus(const Board& board, Point p, const PriorWeights& w) {
  const int size = board.size();
  // Below 7x7 every point is near an edge: the line says nothing there.
  if (size < 7) return 0;
  switch (line_of(p, size)) {
    case 1: return w.first_line;
    case 2: return w.second_line;
    case 3: return w.third_line;
    case 4: return w.fourth_line;
    default: return 0;
  }
}

}  // namespace

PriorWeights prior_weights(const Settings& s) {
  return {s.prior_base,       s.prior_capture,     s.prior_capture_last_move, s.prior_escape,
          s.prior_atari,      s.prior_self_atari,  s.prior_first_line,        s.prior_second_line,
          s.prior_third_line, s.prior_fourth_line, s.prior_near_last,         s.prior_near_second_last};
}

float expert_prior(const Board& board, Point p, Color c, const PriorWeights& w) {
  const Color opp = opponent(c);
  double h = w.base;
  const int captured = board.capture_size_if_played(p, c);
  bool tactical = false;
  if (captured > 0) {
    h += w.capture;
    tactical = true;
    const Point last = board.last_move();
    if (last != kPass && last != kNoPoint && board.at(last) == opp && board.liberties(last) == 1 &&
        board.last_liberty(last) == p) {
      h += w.capture_last_move;
    }
  }
  bool saves = false;
  bool ataris = false;
  board.for_each_neighbor(p, [&](Point n) {
    if (board.at(n) == c && board.liberties(n) == 1) saves = true;
    if (board.at(n) == opp && board.liberties(n) == 2) ataris = true;
  });
  // is_self_atari answers most moves from the neighbour counts alone.
  const bool self_atari = captured == 0 && board.is_self_atari(p, c);
  if (saves && !self_atari && board.liberties_after_at_least(p, c, 2)) {
    h += w.escape;
    tactical = true;
  }
  if (self_atari) {
    h += w.self_atari;
  } else if (ataris) {
    h += w.atari;
    tactical = true;
  }
  // The edge penalty is for quiet moves; tactics on the first line are fine.
  const double line = line_bonus(board, p, w);
  if (!(tactical && line < 0)) h += line;
  if (near(board, p, board.last_move())) h += w.near_last;
  if (near(board, p, board.second_last_move())) h += w.near_second_last;
  return static_cast<float>(std::clamp(h, 0.02, 0.98));
}

}  // namespace tengen
