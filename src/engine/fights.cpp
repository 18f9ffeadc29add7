#include "tengen/engine/fights.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
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

// The fight around `vertex` with `mover` to move (Max), if there is one.
std::optional<GoLocalGame> fight_at(const Board& board, Point vertex, Color mover) {
  Board b = board;
  b.set_to_move(mover);
  b.reset_pass_count();
  return local_game_at(b, vertex);
}

}  // namespace

std::vector<Fight> read_fights(const Board& board, Color c, std::uint64_t budget, int max_fights, int max_liberties,
                               std::uint64_t seed, double max_seconds, const std::vector<float>* ownership) {
  const auto start = std::chrono::steady_clock::now();
  auto out_of_time = [&](int read) {
    if (max_seconds <= 0 || read == 0) return false;
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return spent + spent / read > max_seconds;
  };
  std::vector<Point> weak;
  for (int q = 0; q < board.num_points(); ++q) {
    const Point p = static_cast<Point>(q);
    if (!is_player(board.at(p)) || board.root(p) != p || board.liberties(p) > max_liberties) continue;
    const Color other = opponent(board.at(p));
    bool touches_opponent = false;
    board.for_each_stone(p, [&](Point s) {
      board.for_each_neighbor(s, [&](Point n) { touches_opponent |= board.at(n) == other; });
    });
    if (touches_opponent) weak.push_back(p);
  }
  // A string the playouts give surely to one side is one they agree on;
  // reading it proves what they already count.
  const bool by_doubt = ownership && ownership->size() == static_cast<std::size_t>(board.num_points());
  const auto weight = [&](Point p) {
    const double size = board.string_size(p);
    return by_doubt ? size * (1.0 - std::min(1.0, std::fabs(static_cast<double>((*ownership)[p])))) : size;
  };
  std::stable_sort(weak.begin(), weak.end(), [&](Point a, Point b) { return weight(a) > weight(b); });

  std::vector<Fight> fights;
  std::vector<std::pair<Point, Point>> seen;
  for (Point s : weak) {
    if (static_cast<int>(fights.size()) >= max_fights || out_of_time(static_cast<int>(fights.size()))) break;
    const std::optional<GoLocalGame> ours = fight_at(board, s, c);
    if (!ours) continue;
    Fight f;
    f.ours = board.root(ours->max_target());
    f.theirs = board.root(ours->min_target());
    // Both strings of a race are often weak: read each pair once.
    const std::pair<Point, Point> key{f.ours, f.theirs};
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    const LocalSolve we_first = solve_local(*ours, budget, seed);
    f.we_first = we_first.outcome;
    f.our_move = we_first.best_move;
    // Only the same pair of strings makes the second reading comparable.
    const std::optional<GoLocalGame> theirs = fight_at(board, s, opponent(c));
    if (theirs && board.root(theirs->max_target()) == f.theirs && board.root(theirs->min_target()) == f.ours) {
      f.they_first = flipped(solve_local(*theirs, budget, seed + 1).outcome);
    }
    f.stones = board.string_size(f.ours) + board.string_size(f.theirs);
    fights.push_back(f);
  }
  return fights;
}

std::vector<std::pair<Point, StoneStatus>> proven_fates(const std::vector<Fight>& fights) {
  // Only a capture is proven for the whole board: the loser's string is
  // taken whoever moves first. The winner has only beaten that one string
  // inside the fight's region, and a draw only says neither target falls
  // there; either can still die to the rest of the board. Taken as "alive"
  // and "seki", those kept dead groups alive in games against GNU Go
  // (docs/strength.md, Final scores), so they are left to the playouts.
  // A string can lose more than one fight (against different targets); it
  // is listed once, by its root.
  std::vector<std::pair<Point, StoneStatus>> fates;
  const auto dead = [&](Point root) {
    const std::pair<Point, StoneStatus> fate{root, StoneStatus::Dead};
    if (std::find(fates.begin(), fates.end(), fate) == fates.end()) fates.push_back(fate);
  };
  for (const Fight& f : fights) {
    if (!f.settled()) continue;
    if (f.we_first == LocalOutcome::kWon) dead(f.theirs);
    if (f.we_first == LocalOutcome::kLost) dead(f.ours);
  }
  return fates;
}

}  // namespace tengen
