#include "tengen/engine/fights.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "tengen/board/zobrist.h"
#include "tengen/util/clock.h"
#include "tengen/util/random.h"

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

// Keys of what a point adds to local_game_key, apart from the board's own
// Zobrist keys for stones.
std::uint64_t tag_key(std::uint64_t tag, Point p) { return splitmix64((tag << 16) ^ p); }
constexpr std::uint64_t kEmptyTag = 1, kRegionTag = 2, kTargetTag = 3, kKoTag = 4, kSizeTag = 5, kMoverTag = 6;

Point least_stone(const Board& b, Point stone) {
  Point least = stone;
  b.for_each_stone(stone, [&](Point s) { least = std::min(least, s); });
  return least;
}

}  // namespace

std::uint64_t local_game_key(const GoLocalGame& game) {
  const Board& b = game.board();
  Bitboard strings{};  // roots already taken in
  Bitboard points{};   // points whose contents the key holds
  const auto take_string = [&](Point stone) {
    if (strings.test(b.root(stone))) return;
    strings.set(b.root(stone));
    b.for_each_stone(stone, [&](Point s) { points.set(s); });
    points |= b.liberty_set(stone);
  };
  std::uint64_t key = tag_key(kSizeTag, static_cast<Point>(b.size()));
  for (Point p : game.region()) {
    key ^= tag_key(kRegionTag, p);
    points.set(p);
    if (is_player(b.at(p))) take_string(p);
    b.for_each_neighbor(p, [&](Point n) {
      if (is_player(b.at(n))) take_string(n);
    });
  }
  points.for_each([&](Point p) { key ^= is_player(b.at(p)) ? Zobrist::key(b.at(p), p) : tag_key(kEmptyTag, p); });
  // The targets by their least stone: roots depend on how strings grew.
  key ^= tag_key(kTargetTag, least_stone(b, game.max_target()));
  key ^= splitmix64(tag_key(kTargetTag, least_stone(b, game.min_target())));  // Min's differs from Max's
  if (b.ko_point() != kNoPoint) {
    key ^= splitmix64(tag_key(kKoTag, b.ko_point()) + static_cast<std::uint64_t>(b.ko_color()));
  }
  if (b.to_move() == Color::Black) key ^= tag_key(kMoverTag, 0);
  return key;
}

LocalSolve FightMemo::solve(const GoLocalGame& game, std::uint64_t budget, std::uint64_t seed, double retry_growth,
                            std::uint64_t budget_cap) {
  const std::uint64_t key = local_game_key(game);
  std::uint64_t this_budget = budget;
  const auto it = readings_.find(key);
  if (it != readings_.end()) {
    const Reading& r = it->second;
    // An unknown reading is kept as it is when it cannot grow: no growth
    // (read again, it would come out much the same: only the playouts look
    // beyond the key, at the diagonals of eyes, and the proofs not at all),
    // or it already had the most budget there is (given up).
    // A base above the stored budget (a judgement's second reading) is a
    // budget it can grow to as well.
    const double most = static_cast<double>(budget) * kMaxRetryGrowth;
    const double wanted =
        std::max(static_cast<double>(budget), std::min(static_cast<double>(r.budget) * retry_growth, most));
    if (r.solve.outcome != LocalOutcome::kUnknown || r.solve.pool_full || wanted < static_cast<double>(r.budget) + 1) {
      ++reused_;
      return r.solve;
    }
    this_budget = std::max(budget, std::min(static_cast<std::uint64_t>(wanted), budget_cap));
  }
  const auto start = std::chrono::steady_clock::now();
  const LocalSolve s = solve_local(game, this_budget, seed);
  seconds_ += seconds_since(start);
  playouts_ += s.playouts;
  // A read cut short by the clock does not undo a longer one before it.
  if (it != readings_.end() && s.outcome == LocalOutcome::kUnknown && this_budget < it->second.budget) return s;
  if (it == readings_.end() && readings_.size() >= kMaxReadings) readings_.clear();  // the counts stay
  readings_[key] = Reading{s, this_budget};
  return s;
}

std::vector<Fight> read_fights(const Board& board, Color c, const FightReading& how) {
  const auto start = std::chrono::steady_clock::now();
  auto out_of_time = [&](int read) {
    if (how.max_seconds <= 0 || read == 0) return false;
    const double spent = seconds_since(start);
    return spent + spent / read > how.max_seconds;
  };
  // A grown budget may take no more than half the time left, at the
  // solver's measured speed: a fight is read for both sides to move.
  auto budget_cap = [&] {
    constexpr std::uint64_t kNoCap = std::numeric_limits<std::uint64_t>::max();
    if (how.max_seconds <= 0 || !how.memo || how.memo->playouts_per_second() <= 0) return kNoCap;
    const double left = std::max(0.0, how.max_seconds - seconds_since(start));
    return static_cast<std::uint64_t>(std::min(left / 2 * how.memo->playouts_per_second(), 1e18));
  };
  auto solve_with = [&](const GoLocalGame& game, std::uint64_t seed, std::uint64_t budget) {
    return how.memo ? how.memo->solve(game, budget, seed, how.retry_growth, budget_cap())
                    : solve_local(game, budget, seed);
  };
  auto solve = [&](const GoLocalGame& game, std::uint64_t seed) {
    LocalSolve s = solve_with(game, seed, how.budget);
    const std::uint64_t second = std::min(how.second_budget, budget_cap());
    if (s.outcome == LocalOutcome::kUnknown && !s.pool_full && second > how.budget) s = solve_with(game, seed, second);
    return s;
  };
  const int max_fights = how.max_fights;
  const int max_liberties = how.max_liberties;
  const std::vector<float>* ownership = how.ownership;
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
    const LocalSolve we_first = solve(*ours, how.seed);
    f.we_first = we_first.outcome;
    f.our_move = we_first.best_move;
    // Only the same pair of strings makes the second reading comparable.
    const std::optional<GoLocalGame> theirs = fight_at(board, s, opponent(c));
    if (theirs && board.root(theirs->max_target()) == f.theirs && board.root(theirs->min_target()) == f.ours) {
      f.they_first = flipped(solve(*theirs, how.seed + 1).outcome);
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
  //
  // A string taken only by strings that are themselves dead is not: a
  // stone in atari inside a dead group can be captured, but the capture
  // saves nothing (the captors' own lost fight was read with that capture
  // among their moves) and the point ends up the stone's colour's.
  struct Loss {
    Point loser, winner;
  };
  std::vector<Loss> losses;
  for (const Fight& f : fights) {
    if (!f.settled()) continue;
    if (f.we_first == LocalOutcome::kWon) losses.push_back({f.theirs, f.ours});
    if (f.we_first == LocalOutcome::kLost) losses.push_back({f.ours, f.theirs});
  }
  const auto lost_somewhere = [&](Point s) {
    return std::any_of(losses.begin(), losses.end(), [&](const Loss& l) { return l.loser == s; });
  };
  std::vector<std::pair<Point, StoneStatus>> fates;
  for (const Loss& l : losses) {
    const std::pair<Point, StoneStatus> fate{l.loser, StoneStatus::Dead};
    if (lost_somewhere(l.winner) || std::find(fates.begin(), fates.end(), fate) != fates.end()) continue;
    fates.push_back(fate);
  }
  return fates;
}

std::vector<Point> contested_strings(const std::vector<Fight>& fights) {
  std::vector<Point> stones;
  for (const Fight& f : fights) {
    if (!f.urgent()) continue;
    stones.push_back(f.ours);
    stones.push_back(f.theirs);
  }
  return stones;
}

}  // namespace tengen
