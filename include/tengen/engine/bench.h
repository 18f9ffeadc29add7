#pragma once
// The playout benchmark: playouts from one position (the empty board, or a
// mid-game position read from an SGF record) for a fixed time, on T threads,
// each with its own board copy, generator and policy.

#include <cstdint>
#include <string>

#include "tengen/board/board.h"
#include "tengen/board/game.h"
#include "tengen/playout/heavy.h"

namespace tengen {

// How a watched string fared: how often a stone of it still stood at the
// end of a playout, and of those how often a string of the opponent's that
// touched it had been captured (a race won), or it kept a liberty that the
// opponent's stones touch (a seki: neither side fills a shared liberty).
struct WatchTally {
  std::int64_t alive = 0;
  std::int64_t alive_after_capture = 0;
  std::int64_t alive_in_seki = 0;
  WatchTally& operator+=(const WatchTally& o);
};

struct BenchResult {
  std::int64_t playouts = 0;
  std::int64_t moves = 0;
  double seconds = 0;
  std::int64_t black_wins = 0;  // at komi 7.5, a sanity check on the policy
  RuleCounters rules;           // heavy policy only: which rule chose the moves
  WatchTally watch;             // when a string is watched
  double rate() const { return seconds > 0 ? playouts / seconds : 0; }
};

// Runs for `seconds`, or exactly `count` playouts per thread when count > 0
// (for instruction counts under callgrind, which must not depend on time).
// heavy: the heavy policy's configuration, or null for light playouts.
// watch: a stone of `start` whose string is tallied (kNoPoint: none).
BenchResult run_playout_bench(const Board& start, const HeavyConfig* heavy, double seconds, std::int64_t count,
                              int threads, std::uint64_t seed, Point watch = kNoPoint);

// Light or heavy (with the default heavy settings) from the empty board.
BenchResult run_playout_bench(int size, Policy policy, double seconds, std::int64_t count, int threads,
                              std::uint64_t seed);

// The game after the first `moves` moves of the main line of an SGF record
// (all of them when moves is 0), setup stones included, with the player to
// move next and the record's komi (7.5 without KM). Throws std::runtime_error
// (or sgf::Error) when the file cannot be read or a move is illegal.
Game bench_position(const std::string& sgf_path, int moves);

}  // namespace tengen
