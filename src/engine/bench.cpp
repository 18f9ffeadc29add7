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

// The watched string's stones at the start and the opponent's stones that
// touch it; tally() reads a playout's final board against them.
class Watch {
 public:
  Watch(const Board& start, Point stone) : colour_(start.at(stone)) {
    start.for_each_stone(stone, [&](Point s) {
      stones_.set(s);
      start.for_each_neighbor(s, [&](Point n) {
        if (start.at(n) == opponent(colour_)) touching_.set(n);
      });
    });
  }

  void tally(const Board& end, WatchTally& t) const {
    bool alive = false, captured = false, shared = false;
    stones_.for_each([&](Point s) {
      if (end.at(s) != colour_) return;
      alive = true;
      end.liberty_set(s).for_each([&](Point l) {
        end.for_each_neighbor(l, [&](Point n) { shared = shared || end.at(n) == opponent(colour_); });
      });
    });
    touching_.for_each([&](Point n) { captured = captured || end.at(n) != opponent(colour_); });
    t.alive += alive;
    t.alive_after_capture += alive && captured;
    t.alive_in_seki += alive && shared;
  }

 private:
  Color colour_;
  Bitboard stones_{}, touching_{};
};

// One thread's loop: whole batches between clock reads keep timing out of it.
void bench_thread(const Board& start, const HeavyConfig* heavy, std::int64_t count, double seconds, int t,
                  std::uint64_t seed, const Watch* watch, std::atomic<bool>& stop,
                  std::chrono::steady_clock::time_point begin, BenchResult& r) {
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
      if (watch) watch->tally(board, r.watch);
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

WatchTally& WatchTally::operator+=(const WatchTally& o) {
  alive += o.alive;
  alive_after_capture += o.alive_after_capture;
  alive_in_seki += o.alive_in_seki;
  return *this;
}

BenchResult run_playout_bench(const Board& start_position, const HeavyConfig* heavy, double seconds,
                              std::int64_t count, int threads, std::uint64_t seed, Point watch_stone) {
  Board start = start_position;
  start.reset_pass_count();
  std::optional<Watch> watch;
  if (watch_stone != kNoPoint) {
    if (!start.on_board(watch_stone) || !is_player(start.at(watch_stone))) {
      throw std::invalid_argument("the watched point holds no stone");
    }
    watch.emplace(start, watch_stone);
  }
  const auto begin = std::chrono::steady_clock::now();
  std::atomic<bool> stop{false};
  std::vector<BenchResult> per_thread(threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) {
    pool.emplace_back(bench_thread, std::cref(start), heavy, count, seconds, t, seed, watch ? &*watch : nullptr,
                      std::ref(stop), begin, std::ref(per_thread[t]));
  }
  bench_thread(start, heavy, count, seconds, 0, seed, watch ? &*watch : nullptr, stop, begin, per_thread[0]);
  for (auto& th : pool) th.join();
  BenchResult total;
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  for (const auto& r : per_thread) {
    total.playouts += r.playouts;
    total.moves += r.moves;
    total.black_wins += r.black_wins;
    total.rules += r.rules;
    total.watch += r.watch;
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
