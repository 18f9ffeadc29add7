#include "tengen/engine/scoring.h"

#include <cmath>
#include <sstream>

#include "tengen/playout/playout.h"

namespace tengen {

std::vector<float> playout_ownership(const Board& board, int playouts, Rng& rng) {
  std::vector<float> ownership(board.num_points(), 0.0f);
  for (int i = 0; i < playouts; ++i) {
    Board b = board;
    b.reset_pass_count();
    careful_playout(b, rng, playout_move_limit(b.size()));
    for (int q = 0; q < b.num_points(); ++q) ownership[q] += static_cast<float>(b.playout_owner(static_cast<Point>(q)));
  }
  for (float& o : ownership) o /= static_cast<float>(std::max(playouts, 1));
  return ownership;
}

namespace {

// True if c cannot play at the empty point p without at once being left in
// atari (or cannot play there at all).
bool unsafe_for(const Board& board, Point p, Color c) {
  return !board.is_legal(p, c) || board.is_self_atari(p, c);
}

}  // namespace

Judgement judge(const Board& board, const std::vector<float>& ownership, double komi, double dead_threshold,
                const std::vector<std::pair<Point, StoneStatus>>& proven, double settled_ownership) {
  const int n = board.num_points();
  Judgement j;
  j.status.assign(n, StoneStatus::Alive);
  j.ownership = ownership;
  std::vector<bool> done(n, false);
  std::vector<bool> unsettled(n, false);
  for (int q = 0; q < n; ++q) {
    const Point p = static_cast<Point>(q);
    const Color c = board.at(p);
    if (!is_player(c) || done[p]) continue;
    double sum = 0;
    board.for_each_stone(p, [&](Point s) {
      sum += ownership[s];
      done[s] = true;
    });
    const double own_view = (c == Color::Black ? 1 : -1) * sum / board.string_size(p);
    if (own_view < -dead_threshold) {
      board.for_each_stone(p, [&](Point s) { j.status[s] = StoneStatus::Dead; });
    }
    if (std::fabs(own_view) < settled_ownership) {
      board.for_each_stone(p, [&](Point s) { unsettled[s] = true; });
    }
  }

  // Fights with different targets can prove different fates for one string
  // (a seki against the stone inside it, dead to the group around it): the
  // string is as bad off as its worst proven fate, dead before seki before
  // alive, since the winner of that fight can always choose to play it.
  const auto rank = [](StoneStatus s) { return s == StoneStatus::Dead ? 2 : s == StoneStatus::Seki ? 1 : 0; };
  std::vector<int> proven_rank(n, -1);
  for (const auto& [stone, status] : proven) {
    if (!is_player(board.at(stone)) || rank(status) <= proven_rank[stone]) continue;
    board.for_each_stone(stone, [&](Point s) {
      j.status[s] = status;
      proven_rank[s] = rank(status);
      unsettled[s] = false;
    });
  }
  for (int q = 0; q < n; ++q) j.unsettled_stones += unsettled[q];

  // Area with dead stones taken off: flood the regions of non-living points.
  std::vector<Color> color(n);
  for (int q = 0; q < n; ++q) {
    const Point p = static_cast<Point>(q);
    color[p] = j.status[p] == StoneStatus::Dead ? Color::Empty : board.at(p);
  }
  int area[2] = {0, 0};
  std::vector<bool> seen(n, false);
  std::vector<Point> stack, region;
  for (int q = 0; q < n; ++q) {
    const Point start = static_cast<Point>(q);
    if (is_player(color[start])) ++area[color[start] == Color::Black ? 0 : 1];
    if (color[start] != Color::Empty || seen[start]) continue;
    bool reaches[2] = {false, false};
    region.clear();
    stack.assign(1, start);
    seen[start] = true;
    while (!stack.empty()) {
      const Point p = stack.back();
      stack.pop_back();
      region.push_back(p);
      board.for_each_neighbor(p, [&](Point nb) {
        if (color[nb] == Color::Empty && !seen[nb]) {
          seen[nb] = true;
          stack.push_back(nb);
        } else if (is_player(color[nb])) {
          reaches[color[nb] == Color::Black ? 0 : 1] = true;
        }
      });
    }
    if (reaches[0] != reaches[1]) {
      area[reaches[0] ? 0 : 1] += static_cast<int>(region.size());
      continue;
    }
    // A shared region is dame in a finished game: a point or two between
    // living strings, nobody's even where only one side could fill it. In an
    // unfinished game it can be half the board, and one weak string's status
    // would swing all of it between a side and nobody; there the playouts'
    // ownership of each point is the steadier estimate.
    constexpr std::size_t kUnfinishedRegion = 5;
    constexpr float kSharedPointOwned = 0.5f;
    if (region.size() >= kUnfinishedRegion) {
      for (Point p : region) {
        if (ownership[p] > kSharedPointOwned) ++area[0];
        if (ownership[p] < -kSharedPointOwned) ++area[1];
      }
    }
    // Its living neighbours are in seki where a point of it is a liberty
    // neither side can fill safely.
    for (Point p : region) {
      if (board.at(p) != Color::Empty || !unsafe_for(board, p, Color::Black) || !unsafe_for(board, p, Color::White)) {
        continue;
      }
      board.for_each_neighbor(p, [&](Point nb) {
        if (!is_player(color[nb])) return;
        board.for_each_stone(nb, [&](Point s) { j.status[s] = StoneStatus::Seki; });
      });
    }
  }
  j.score = area[0] - area[1] - komi;
  return j;
}

std::string score_string(double score) {
  if (score == 0) return "0";
  std::ostringstream out;
  out << (score > 0 ? "B+" : "W+") << std::fabs(score);
  return out.str();
}

}  // namespace tengen
