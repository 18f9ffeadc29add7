#include "tengen/engine/scoring.h"

#include <cmath>
#include <sstream>

#include "tengen/board/regions.h"
#include "tengen/playout/playout.h"

namespace tengen {

std::vector<float> playout_ownership(const Board& board, int playouts, Rng& rng, bool keep_seki_eyes) {
  std::vector<float> ownership(board.num_points(), 0.0f);
  for (int i = 0; i < playouts; ++i) {
    Board b = board;
    b.reset_pass_count();
    careful_playout(b, rng, playout_move_limit(b.size()), keep_seki_eyes);
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

// The playouts' verdict on each string: dead when its points belong to the
// opponent by more than dead_threshold on average, unsettled when its mean
// ownership lies within settled_ownership of nobody's.
void judge_by_ownership(const Board& board, const std::vector<float>& ownership, double dead_threshold,
                        double settled_ownership, Judgement& j, std::vector<bool>& unsettled) {
  std::vector<bool> done(board.num_points(), false);
  for (int q = 0; q < board.num_points(); ++q) {
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
}

// The solver's fates override the statistics. Fights with different targets
// can prove different fates for one string (a seki against the stone inside
// it, dead to the group around it): the string is as bad off as its worst
// proven fate, dead before seki before alive, since the winner of that fight
// can always choose to play it.
void apply_proven_fates(const Board& board, const std::vector<std::pair<Point, StoneStatus>>& proven, Judgement& j,
                        std::vector<bool>& unsettled) {
  const auto rank = [](StoneStatus s) { return s == StoneStatus::Dead ? 2 : s == StoneStatus::Seki ? 1 : 0; };
  std::vector<int> proven_rank(board.num_points(), -1);
  for (const auto& fate : proven) {
    // Not a structured binding: Clang before 16 cannot capture one in the lambda below.
    const Point stone = fate.first;
    const StoneStatus status = fate.second;
    if (!is_player(board.at(stone)) || rank(status) <= proven_rank[stone]) continue;
    board.for_each_stone(stone, [&](Point s) {
      j.status[s] = status;
      proven_rank[s] = rank(status);
      unsettled[s] = false;
    });
  }
}

// A shared region is dame in a finished game: a point or two between living
// strings, nobody's even where only one side could fill it. In an unfinished
// game it can be half the board, and one weak string's status would swing
// all of it between a side and nobody; there the playouts' ownership of each
// point is the steadier estimate.
constexpr int kUnfinishedRegion = 5;

// The board's colours with j's dead stones taken off.
std::vector<Color> colours_without_dead(const Board& board, const Judgement& j) {
  std::vector<Color> color(board.num_points());
  for (int q = 0; q < board.num_points(); ++q) {
    const Point p = static_cast<Point>(q);
    color[p] = j.status[p] == StoneStatus::Dead ? Color::Empty : board.at(p);
  }
  return color;
}

// Adds the points of a shared region that the playouts own to area.
void count_shared_region(const EmptyRegion& region, const std::vector<float>& ownership, int area[2]) {
  constexpr float kSharedPointOwned = 0.5f;
  if (region.size() < kUnfinishedRegion) return;
  for (Point p : region.points()) {
    if (ownership[p] > kSharedPointOwned) ++area[0];
    if (ownership[p] < -kSharedPointOwned) ++area[1];
  }
}

// The living strings around a shared region are in seki where a point of it
// is a liberty neither side can fill safely. color: the board with dead
// stones taken off.
void mark_seki(const Board& board, const EmptyRegion& region, const std::vector<Color>& color, Judgement& j) {
  for (Point p : region.points()) {
    if (board.at(p) != Color::Empty || !unsafe_for(board, p, Color::Black) || !unsafe_for(board, p, Color::White)) {
      continue;
    }
    board.for_each_neighbor(p, [&](Point nb) {
      if (!is_player(color[nb])) return;
      board.for_each_stone(nb, [&](Point s) { j.status[s] = StoneStatus::Seki; });
    });
  }
}

struct AreaDifference {
  int estimate;  // shared regions of 5 points or more counted from ownership
  int by_rules;  // every shared region dame
};

// Black's area minus White's with the dead stones taken off: living stones,
// and the regions of the other points that only one colour borders. Marks
// the seki it finds in j.status.
AreaDifference area_difference(const Board& board, const std::vector<float>& ownership, Judgement& j) {
  const std::vector<Color> color = colours_without_dead(board, j);
  int area[2] = {0, 0};
  for (const Color c : color) {
    if (is_player(c)) ++area[c == Color::Black ? 0 : 1];
  }
  int shared[2] = {0, 0};
  for_each_empty_region(board, [&](Point p) { return color[p]; }, [&](const EmptyRegion& region) {
    const Color owner = region.owner();
    if (owner != Color::Empty) {
      area[owner == Color::Black ? 0 : 1] += region.size();
      return;
    }
    count_shared_region(region, ownership, shared);
    mark_seki(board, region, color, j);
  });
  const int by_rules = area[0] - area[1];
  return {by_rules + shared[0] - shared[1], by_rules};
}

}  // namespace

Judgement judge(const Board& board, const std::vector<float>& ownership, double komi, double dead_threshold,
                const std::vector<std::pair<Point, StoneStatus>>& proven, double settled_ownership,
                const std::vector<Point>& contested) {
  const int n = board.num_points();
  Judgement j;
  j.status.assign(n, StoneStatus::Alive);
  j.ownership = ownership;
  std::vector<bool> unsettled(n, false);
  judge_by_ownership(board, ownership, dead_threshold, settled_ownership, j, unsettled);
  for (const Point stone : contested) {
    if (is_player(board.at(stone))) board.for_each_stone(stone, [&](Point s) { unsettled[s] = true; });
  }
  apply_proven_fates(board, proven, j, unsettled);
  for (int q = 0; q < n; ++q) j.unsettled_stones += unsettled[q];
  const AreaDifference area = area_difference(board, ownership, j);
  j.score = area.estimate - komi;
  j.score_if_ended = area.by_rules - komi;
  return j;
}

std::vector<Point> dame_points(const Board& board, const Judgement& j) {
  const std::vector<Color> color = colours_without_dead(board, j);
  std::vector<Point> dame;
  for_each_empty_region(board, [&](Point p) { return color[p]; }, [&](const EmptyRegion& region) {
    if (region.owner() != Color::Empty || !region.borders(Color::Black) || region.size() >= kUnfinishedRegion) return;
    for (Point p : region.points()) {
      if (board.at(p) == Color::Empty) dame.push_back(p);
    }
  });
  return dame;
}

std::string score_string(double score) {
  if (score == 0) return "0";
  std::ostringstream out;
  out << (score > 0 ? "B+" : "W+") << std::fabs(score);
  return out.str();
}

}  // namespace tengen
