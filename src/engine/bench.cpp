#include "tengen/engine/bench.h"

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tengen/playout/playout.h"

namespace tengen {

BenchResult run_playout_bench(int size, const std::string& policy, double seconds, std::int64_t count, int threads,
                              std::uint64_t seed) {
  if (policy != "light") throw std::invalid_argument("unknown playout policy '" + policy + "'");
  const Board root(size);
  const auto start = std::chrono::steady_clock::now();
  std::atomic<bool> stop{false};
  std::vector<BenchResult> per_thread(threads);
  auto work = [&](int t) {
    Rng rng(seed + 104729 * static_cast<std::uint64_t>(t));
    BenchResult& r = per_thread[t];
    const int limit = playout_move_limit(size);
    while (!stop.load(std::memory_order_relaxed)) {
      // Whole batches between clock reads keep timing out of the loop.
      for (int i = 0; i < 64 && (count <= 0 || r.playouts < count); ++i) {
        Board board = root;
        const PlayoutResult p = light_playout(board, rng, limit);
        ++r.playouts;
        r.moves += p.moves_played;
        r.black_wins += p.score - 7.5 > 0;
      }
      if (count > 0) {
        if (r.playouts >= count) break;
      } else if (t == 0) {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (elapsed >= seconds) stop.store(true, std::memory_order_relaxed);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  BenchResult total;
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const auto& r : per_thread) {
    total.playouts += r.playouts;
    total.moves += r.moves;
    total.black_wins += r.black_wins;
  }
  return total;
}

}  // namespace tengen
