#include "tengen/patterns/learner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <ostream>
#include <stdexcept>
#include <thread>

#include "tengen/util/clock.h"

namespace tengen::patterns {

namespace {

using Clock = std::chrono::steady_clock;

// Values are at most 16: 5 bits each; the top bit keeps the key non-zero.
std::uint64_t tactics_key(const Tactics& t) {
  static_assert(5 * kTacticalGroups < 63);
  std::uint64_t key = std::uint64_t{1} << 63;
  for (int g = 0; g < kTacticalGroups; ++g) key |= static_cast<std::uint64_t>(t.value[g]) << (5 * g);
  return key;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buffer;
}

template <typename F>
void for_each_legal(const Board& b, Color c, F&& f) {
  for (int i = 0; i < b.empty_count(); ++i) {
    const Point p = b.empty_point(i);
    if (b.is_legal(p, c)) f(p);
  }
}

// Coulom's MM step with his prior, one virtual win and one virtual loss
// against an opponent of gamma 1.
double mm_step(double gamma, double wins, double co_strength) {
  return (wins + 1.0) / (co_strength + 2.0 / (gamma + 1.0));
}

}  // namespace

// --- MmSolver -------------------------------------------------------------------

MmSolver::MmSolver(const MoveStore& store, int threads) : store_(store), threads_(std::max(1, threads)) {
  for (auto& g : tactical_gamma_) g.fill(1.0);
  p3_gamma_.assign(store.p3_codes.size(), 1.0);
  shape_gamma_.assign(store.shape_keys.size(), 1.0);
  p3_wins_.assign(store.p3_codes.size(), 0.0);
  shape_wins_.assign(store.shape_keys.size(), 0.0);
  for (std::size_t n = 0; n < store.positions(); ++n) {
    const std::uint64_t m = store.moves[store.start[n] + store.winner[n]];
    const Tactics& t = store.combos[MoveStore::combo_of(m)];
    for (int g = 0; g < kTacticalGroups; ++g) tactical_wins_[g][t.value[g]] += 1;
    p3_wins_[MoveStore::p3_of(m)] += 1;
    shape_wins_[MoveStore::shape_of(m)] += 1;
  }
  refresh_combos();
}

void MmSolver::refresh_combos() {
  combo_gamma_.resize(store_.combos.size());
  for (std::size_t c = 0; c < store_.combos.size(); ++c) {
    double g = 1.0;
    for (int k = 0; k < kTacticalGroups; ++k) g *= tactical_gamma_[k][store_.combos[c].value[k]];
    combo_gamma_[c] = g;
  }
}

// One pass: acc[id] = sum over the moves whose `slot` (0 combination, 1
// 3x3, 2 shape) is id of E_move / E_position; also the log-likelihood and the
// expected top-1 count under the current gammas. Positions are split into
// fixed ranges, one a thread, summed in thread order.
void MmSolver::pass(int slot, std::vector<double>& acc, double* ll, double* top1) {
  const std::size_t size =
      slot == 0 ? store_.combos.size() : slot == 1 ? store_.p3_codes.size() : store_.shape_keys.size();
  std::vector<std::vector<double>> local(threads_);
  std::vector<double> lls(threads_, 0.0), tops(threads_, 0.0);
  const std::size_t n = store_.positions();
  auto work = [&](int t) {
    std::vector<double>& a = local[t];
    a.assign(size, 0.0);
    double e[kMaxPoints];
    for (std::size_t pos = n * t / threads_; pos < n * (t + 1) / threads_; ++pos) {
      const std::uint64_t* moves = store_.moves.data() + store_.start[pos];
      const int count = static_cast<int>(store_.start[pos + 1] - store_.start[pos]);
      double sum = 0;
      for (int j = 0; j < count; ++j) {
        const std::uint64_t m = moves[j];
        e[j] = combo_gamma_[MoveStore::combo_of(m)] * p3_gamma_[MoveStore::p3_of(m)] *
               shape_gamma_[MoveStore::shape_of(m)];
        sum += e[j];
      }
      const double ew = e[store_.winner[pos]];
      lls[t] += std::log(ew / sum);
      int greater = 0, ties = 0;
      for (int j = 0; j < count; ++j) {
        greater += e[j] > ew;
        ties += e[j] == ew;
      }
      if (greater == 0) tops[t] += 1.0 / ties;
      const double inv = 1.0 / sum;
      for (int j = 0; j < count; ++j) {
        const std::uint64_t m = moves[j];
        const std::uint32_t id = slot == 0   ? MoveStore::combo_of(m)
                                 : slot == 1 ? MoveStore::p3_of(m)
                                             : MoveStore::shape_of(m);
        a[id] += e[j] * inv;
      }
    }
  };
  if (threads_ == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads_; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  acc = std::move(local[0]);
  *ll = lls[0];
  *top1 = tops[0];
  for (int t = 1; t < threads_; ++t) {
    for (std::size_t i = 0; i < size; ++i) acc[i] += local[t][i];
    *ll += lls[t];
    *top1 += tops[t];
  }
}

void MmSolver::update_tactical(int group, const std::vector<double>& acc) {
  std::array<double, 17> sum{};
  for (std::size_t c = 0; c < store_.combos.size(); ++c) sum[store_.combos[c].value[group]] += acc[c];
  for (int v = 1; v <= kGroupValues[group]; ++v) {
    double& g = tactical_gamma_[group][v];
    g = mm_step(g, tactical_wins_[group][v], sum[v] / g);
  }
  refresh_combos();
}

std::pair<double, double> MmSolver::iterate() {
  std::vector<double> acc;
  double ll = 0, top1 = 0;
  for (int g = 0; g <= kTacticalGroups + 1; ++g) {
    const int slot = g < kTacticalGroups ? 0 : g - kTacticalGroups + 1;
    double pass_ll = 0, pass_top1 = 0;
    pass(slot, acc, &pass_ll, &pass_top1);
    if (g == 0) {
      ll = pass_ll;
      top1 = pass_top1;
    }
    if (slot == 0) update_tactical(g, acc);
    if (slot == 1) {
      for (std::size_t i = 0; i < p3_gamma_.size(); ++i) p3_gamma_[i] = mm_step(p3_gamma_[i], p3_wins_[i], acc[i] / p3_gamma_[i]);
    }
    if (slot == 2) {  // shape 0 is "no shape": gamma 1 for good
      for (std::size_t i = 1; i < shape_gamma_.size(); ++i) {
        shape_gamma_[i] = mm_step(shape_gamma_[i], shape_wins_[i], acc[i] / shape_gamma_[i]);
      }
    }
  }
  return {ll, top1};
}

std::pair<double, double> MmSolver::evaluate() {
  std::vector<double> acc;
  double ll = 0, top1 = 0;
  pass(0, acc, &ll, &top1);
  return {ll, top1};
}

PatternModel MmSolver::model() const {
  PatternModel m;
  for (int g = 0; g < kTacticalGroups; ++g) {
    for (int v = 1; v <= kGroupValues[g]; ++v) m.set_tactical_gamma(g, v, static_cast<float>(tactical_gamma_[g][v]));
  }
  for (std::size_t i = 0; i < store_.p3_codes.size(); ++i) {
    m.set_pattern3_gamma(store_.p3_codes[i], static_cast<float>(p3_gamma_[i]));
  }
  for (std::size_t i = 1; i < store_.shape_keys.size(); ++i) {
    m.set_shape_gamma(store_.shape_keys[i], static_cast<float>(shape_gamma_[i]));
  }
  return m;
}

// --- Reading the games into a MoveStore ------------------------------------------

namespace {

class StoreBuilder {
 public:
  StoreBuilder(const LearnOptions& options, std::ostream& log) : options_(options), log_(log) {}

  void build(MoveStore& store) {
    harvest(store);
    extract(store);
  }
  const ReadStats& stats() const { return stats_; }
  std::int64_t cut() const { return cut_; }

 private:
  void progress(const char* what, std::int64_t games, std::size_t positions, Clock::time_point start,
                Clock::time_point* last) {
    if (seconds_since(*last) < 10) return;
    *last = Clock::now();
    log_ << "learn: " << what << ": " << games << " games, " << positions << " positions, " << seconds_since(start)
         << " s" << std::endl;
  }

  // Pass 1: the shapes around the moves played; those played at least
  // min_shape_count times become features. Also counts the moves to store.
  void harvest(MoveStore& store) {
    const auto start = Clock::now();
    auto last = start;
    std::vector<std::uint64_t> keys;
    std::int64_t games = 0;
    std::size_t positions = 0;
    for_each_game(options_.games, [&](const GameRecord& r) {
      bool cut = false;
      replay(r.game, [&](const Board& b, Point p, Color c) {
        std::uint64_t k[kShapeSizes];
        shape_keys(b, p, c, k);
        keys.insert(keys.end(), k, k + kShapeSizes);
        for_each_legal(b, c, [&](Point) { ++moves_to_store_; });
        ++positions;
      }, &cut);
      cut_ += cut;
      ++games;
      progress("pass 1 (shapes)", games, positions, start, &last);
      return true;
    }, stats_);
    if (positions == 0) throw std::runtime_error("no positions to learn from in " + options_.games.describe());
    std::sort(keys.begin(), keys.end());
    store.shape_keys.assign(1, 0);
    for (std::size_t i = 0; i < keys.size();) {
      std::size_t j = i;
      while (j < keys.size() && keys[j] == keys[i]) ++j;
      if (static_cast<std::int64_t>(j - i) >= options_.min_shape_count) {
        shape_ids_.set(keys[i], static_cast<std::uint32_t>(store.shape_keys.size()));
        store.shape_keys.push_back(keys[i]);
      }
      i = j;
    }
    if (store.shape_keys.size() >= (std::size_t{1} << MoveStore::kShapeBits)) {
      throw std::runtime_error("too many shapes: raise --min-count");
    }
    log_ << "learn: pass 1: " << stats_.games << " games (" << cut_ << " cut at an illegal move, " << stats_.unreadable
         << " unreadable), " << positions << " positions, " << store.shape_keys.size() - 1
         << " shapes played at least " << options_.min_shape_count << " times, " << seconds_since(start) << " s"
         << std::endl;
    if (!stats_.first_error.empty()) log_ << "learn: first unreadable record: " << stats_.first_error << std::endl;
  }

  static std::uint32_t id_of(KeyMap<std::uint32_t>& ids, std::uint64_t key, std::size_t next, int bits, const char* what) {
    if (const std::uint32_t* id = ids.find(key)) return *id;
    if (next >= (std::size_t{1} << bits)) throw std::runtime_error(std::string("too many distinct ") + what);
    ids.set(key, static_cast<std::uint32_t>(next));
    return static_cast<std::uint32_t>(next);
  }

  // Pass 2: every position's legal moves.
  void extract(MoveStore& store) {
    const auto start = Clock::now();
    auto last = start;
    store.moves.reserve(moves_to_store_);
    FeatureExtractor fx;
    std::int64_t games = 0;
    ReadStats stats;
    for_each_game(options_.games, [&](const GameRecord& r) {
      bool cut = false;
      replay(r.game, [&](const Board& b, Point move, Color c) {
        store.start.push_back(store.moves.size());
        int winner = -1;
        const ShapeView view(b, c);
        for_each_legal(b, c, [&](Point p) {
          const Tactics t = fx.tactics(b, p, c);
          const std::uint32_t combo = id_of(combo_ids_, tactics_key(t), store.combos.size(), MoveStore::kComboBits, "tactical combinations");
          if (combo == store.combos.size()) store.combos.push_back(t);
          const std::uint32_t code = canonical_pattern3(pattern3_code(b, p, c));
          const std::uint32_t p3 = id_of(p3_ids_, pattern3_key(code), store.p3_codes.size(), MoveStore::kP3Bits, "3x3 patterns");
          if (p3 == store.p3_codes.size()) store.p3_codes.push_back(code);
          const std::uint64_t key = largest_known_shape(view, p, [&](std::uint64_t k) { return shape_ids_.find(k) != nullptr; });
          const std::uint32_t shape = key ? *shape_ids_.find(key) : 0;
          if (p == move) winner = static_cast<int>(store.moves.size() - store.start.back());
          store.moves.push_back(MoveStore::pack(combo, p3, shape));
        });
        if (winner < 0) throw std::logic_error("the move played is not among the legal moves");
        store.winner.push_back(static_cast<std::uint16_t>(winner));
      }, &cut);
      ++games;
      progress("pass 2 (features)", games, store.positions(), start, &last);
      return true;
    }, stats);
    store.start.push_back(store.moves.size());
    if (store.moves.size() != moves_to_store_) throw std::runtime_error("the games changed between the two passes");
    log_ << "learn: pass 2: " << seconds_since(start) << " s, " << store.moves.size() * 8 / (1 << 20)
         << " MiB of moves" << std::endl;
  }

  const LearnOptions& options_;
  std::ostream& log_;
  ReadStats stats_;
  std::int64_t cut_ = 0;
  std::size_t moves_to_store_ = 0;
  KeyMap<std::uint32_t> combo_ids_, p3_ids_, shape_ids_;
};

}  // namespace

PatternModel learn(const LearnOptions& options, std::ostream& log) {
  const auto t0 = Clock::now();
  MoveStore store;
  StoreBuilder builder(options, log);
  builder.build(store);
  log << "learn: " << store.positions() << " positions, " << store.moves.size() << " moves, " << store.combos.size()
      << " tactical combinations, " << store.p3_codes.size() << " 3x3 patterns, " << store.shape_keys.size() - 1
      << " shapes; features extracted in " << seconds_since(t0) << " s" << std::endl;
  const double positions = static_cast<double>(store.positions());
  MmSolver mm(store, options.threads);
  for (int it = 1; it <= options.iterations; ++it) {
    const auto t = Clock::now();
    const auto [ll, top1] = mm.iterate();
    log << "learn: iteration " << it << ": before it, log-likelihood " << ll / positions << " per position, train top-1 "
        << 100.0 * top1 / positions << "%; " << seconds_since(t) << " s" << std::endl;
  }
  const auto [ll, top1] = mm.evaluate();
  log << "learn: final log-likelihood " << ll / positions << " per position, train top-1 " << 100.0 * top1 / positions
      << "%, total " << seconds_since(t0) << " s" << std::endl;

  PatternModel m = mm.model();
  const ReadStats& stats = builder.stats();
  m.data = options.games.describe() + ": " + std::to_string(stats.games) + " games (" + std::to_string(builder.cut()) +
           " cut at an illegal move, " + std::to_string(stats.unreadable) + " unreadable), " +
           std::to_string(store.positions()) + " positions";
  m.command = options.command;
  m.date = utc_now();
  char buffer[200];
  std::snprintf(buffer, sizeof buffer,
                "%d MM iterations, shapes played >= %d times; train log-likelihood %.4f per position, train top-1 %.2f%%",
                options.iterations, options.min_shape_count, ll / positions, 100.0 * top1 / positions);
  m.notes.push_back(buffer);
  if (!options.note.empty()) m.notes.push_back(options.note);
  return m;
}

}  // namespace tengen::patterns
