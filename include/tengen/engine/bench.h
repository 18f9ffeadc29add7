#pragma once
// The playout benchmark: playouts from the empty board for a fixed time,
// on T threads, each with its own board copy and generator.

#include <cstdint>
#include <string>

namespace tengen {

struct BenchResult {
  std::int64_t playouts = 0;
  std::int64_t moves = 0;
  double seconds = 0;
  std::int64_t black_wins = 0;  // at komi 7.5, a sanity check on the policy
  double rate() const { return seconds > 0 ? playouts / seconds : 0; }
};

// Runs for `seconds`, or exactly `count` playouts per thread when count > 0
// (for instruction counts under callgrind, which must not depend on time).
BenchResult run_playout_bench(int size, const std::string& policy, double seconds, std::int64_t count, int threads,
                              std::uint64_t seed);

}  // namespace tengen
