#include "tengen/engine/fights.h"

#include <algorithm>
#include <utility>

namespace tengen {

namespace {

LocalOutcome flipped(LocalOutcome o) {
  switch (o) {
    case LocalOutcome::kWon: return LocalOutcome::kLost;
    case LocalOutcome::kLost: return LocalOutcome::kWon;
    default: return o;
  }
}

// Solves the fight around `vertex` with `mover` to move; the outcome is
// mover's view. Also reports the targets the fight was built on.
LocalSolve solve_with(const Board& board, Point vertex, Color mover, std::uint64_t budget, std::uint64_t seed,
                      Point* mover_target, Point* other_target) {
  Board b = board;
  b.set_to_move(mover);
  b.reset_pass_count();
  const auto game = local_game_at(b, vertex);
  if (!game) return {};
  *mover_target = b.root(game->max_target());
  *other_target = b.root(game->min_target());
  return solve_local(*game, budget, seed);
}

}  // namespace

std::vector<Fight> read_fights(const Board& board, Color c, std::uint64_t budget, int max_fights, int max_liberties,
                               std::uint64_t seed) {
  std::vector<Point> weak;
  for (int q = 0; q < board.num_points(); ++q) {
    const Point p = static_cast<Point>(q);
    if (!is_player(board.at(p)) || board.root(p) != p || board.liberties(p) > max_liberties) continue;
    bool touches_opponent = false;
    board.for_each_stone(p, [&](Point s) {
      board.for_each_neighbor(s, [&](Point n) { touches_opponent |= board.at(n) == opponent(board.at(p)); });
    });
    if (touches_opponent) weak.push_back(p);
  }
  std::stable_sort(weak.begin(), weak.end(),
                   [&](Point a, Point b) { return board.string_size(a) > board.string_size(b); });

  std::vector<Fight> fights;
  std::vector<std::pair<Point, Point>> seen;
  for (Point s : weak) {
    if (static_cast<int>(fights.size()) >= max_fights) break;
    Fight f;
    const LocalSolve ours = solve_with(board, s, c, budget, seed, &f.ours, &f.theirs);
    if (f.ours == kNoPoint) continue;
    const std::pair<Point, Point> key{f.ours, f.theirs};
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    f.we_first = ours.outcome;
    f.our_move = ours.best_move;
    Point their_target = kNoPoint, our_target = kNoPoint;
    const LocalSolve theirs = solve_with(board, s, opponent(c), budget, seed + 1, &their_target, &our_target);
    // Only the same pair of strings makes the second reading comparable.
    if (their_target == f.theirs && our_target == f.ours) f.they_first = flipped(theirs.outcome);
    f.stones = board.string_size(f.ours) + board.string_size(f.theirs);
    fights.push_back(f);
  }
  return fights;
}

std::vector<std::pair<Point, StoneStatus>> proven_fates(const std::vector<Fight>& fights) {
  std::vector<std::pair<Point, StoneStatus>> fates;
  for (const Fight& f : fights) {
    if (!f.settled()) continue;
    switch (f.we_first) {
      case LocalOutcome::kDraw:
        fates.emplace_back(f.ours, StoneStatus::Seki);
        fates.emplace_back(f.theirs, StoneStatus::Seki);
        break;
      case LocalOutcome::kWon:
        fates.emplace_back(f.ours, StoneStatus::Alive);
        fates.emplace_back(f.theirs, StoneStatus::Dead);
        break;
      case LocalOutcome::kLost:
        fates.emplace_back(f.ours, StoneStatus::Dead);
        fates.emplace_back(f.theirs, StoneStatus::Alive);
        break;
      default: break;
    }
  }
  return fates;
}

}  // namespace tengen
