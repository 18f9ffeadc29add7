#include "tengen/engine/bench.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tengen/board/game.h"
#include "tengen/playout/playout.h"
#include "tengen/sgf/position.h"
#include "tengen/sgf/sgf.h"

namespace tengen {

namespace {

// One thread's loop: whole batches between clock reads keep timing out of it.
void bench_thread(const Board& start, const HeavyConfig* heavy, std::int64_t count, double seconds, int t,
                  std::uint64_t seed, std::atomic<bool>& stop, std::chrono::steady_clock::time_point begin,
                  BenchResult& r) {
  Rng rng(seed + 104729 * static_cast<std::uint64_t>(t));
  std::optional<HeavyPolicy> policy;
  if (heavy) policy.emplace(*heavy);
  const int limit = playout_move_limit(start.size());
  while (!stop.load(std::memory_order_relaxed)) {
    for (int i = 0; i < 64 && (count <= 0 || r.playouts < count); ++i) {
      Board board = start;
      const PlayoutResult p =
          policy ? policy->playout(board, rng, limit, nullptr, &r.rules) : light_playout(board, rng, limit);
      ++r.playouts;
      r.moves += p.moves_played;
      r.black_wins += p.score - 7.5 > 0;
    }
    if (count > 0) {
      if (r.playouts >= count) break;
    } else if (t == 0) {
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
      if (elapsed >= seconds) stop.store(true, std::memory_order_relaxed);
    }
  }
}

}  // namespace

BenchResult run_playout_bench(const Board& start_position, const HeavyConfig* heavy, double seconds,
                              std::int64_t count, int threads, std::uint64_t seed) {
  Board start = start_position;
  start.reset_pass_count();
  const auto begin = std::chrono::steady_clock::now();
  std::atomic<bool> stop{false};
  std::vector<BenchResult> per_thread(threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) {
    pool.emplace_back(bench_thread, std::cref(start), heavy, count, seconds, t, seed, std::ref(stop), begin,
                      std::ref(per_thread[t]));
  }
  bench_thread(start, heavy, count, seconds, 0, seed, stop, begin, per_thread[0]);
  for (auto& th : pool) th.join();
  BenchResult total;
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  for (const auto& r : per_thread) {
    total.playouts += r.playouts;
    total.moves += r.moves;
    total.black_wins += r.black_wins;
    total.rules += r.rules;
  }
  return total;
}

BenchResult run_playout_bench(int size, Policy policy, double seconds, std::int64_t count, int threads,
                              std::uint64_t seed) {
  Settings settings;
  settings.policy = policy;
  return run_playout_bench(Board(size), heavy_config(settings).get(), seconds, count, threads, seed);
}

Game bench_position(const std::string& sgf_path, int moves) {
  std::ifstream file(sgf_path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot read position file '" + sgf_path + "'");
  std::ostringstream text;
  text << file.rdbuf();
  const sgf::Game record = sgf::parse(text.str());
  std::optional<Game> start;
  try {
    start.emplace(sgf::start_position(record, 7.5));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(sgf_path + ": " + e.what());
  }
  Game& game = *start;
  const int n = moves > 0 ? std::min<int>(moves, static_cast<int>(record.moves.size()))
                          : static_cast<int>(record.moves.size());
  for (int i = 0; i < n; ++i) {
    const sgf::Move& m = record.moves[i];
    const Point p = sgf::move_point(m, record.size);
    if (!game.play(p, m.color)) {
      throw std::runtime_error(sgf_path + ": move " + std::to_string(i + 1) + " is illegal");
    }
  }
  return game;
}

}  // namespace tengen
