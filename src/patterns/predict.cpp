#include "tengen/patterns/predict.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <vector>

namespace tengen::patterns {

namespace {

using Clock = std::chrono::steady_clock;

int phase_of(int move_number) {
  if (move_number <= 20) return 0;
  if (move_number <= 50) return 1;
  if (move_number <= 100) return 2;
  if (move_number <= 200) return 3;
  return 4;
}

constexpr const char* kPhaseNames[PredictResult::kPhases] = {"1-20", "21-50", "51-100", "101-200", "201+"};

}  // namespace

PredictResult predict(const PatternModel& model, const GameSelection& games, std::ostream& log) {
  PredictResult r;
  FeatureExtractor fx;
  const auto start = Clock::now();
  auto last = start;
  std::vector<Point> moves;
  std::vector<float> strength;
  for_each_game(games, [&](const GameRecord& record) {
    bool cut = false;
    int move_number = 0;
    replay(record.game, [&](const Board& b, Point played, Color c) {
      ++move_number;
      const auto t0 = Clock::now();
      moves.clear();
      strength.clear();
      double sum = 0;
      float played_strength = 0;
      const ShapeView view(b, c);
      for (int i = 0; i < b.empty_count(); ++i) {
        const Point p = b.empty_point(i);
        if (!b.is_legal(p, c)) continue;
        const float s = model.strength(b, view, p, c, fx);
        moves.push_back(p);
        strength.push_back(s);
        sum += s;
        if (p == played) played_strength = s;
      }
      int rank = 1;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        rank += strength[i] > played_strength || (strength[i] == played_strength && moves[i] < played);
      }
      if (b.size() == 19) {
        r.seconds_19 += std::chrono::duration<double>(Clock::now() - t0).count();
        ++r.positions_19;
        r.moves_19 += static_cast<std::int64_t>(moves.size());
      }
      ++r.positions;
      r.top1 += rank == 1;
      r.top5 += rank <= 5;
      r.top10 += rank <= 10;
      r.log_likelihood += std::log(played_strength / sum);
      const int phase = phase_of(move_number);
      ++r.phase_positions[phase];
      r.phase_top1[phase] += rank == 1;
    }, &cut);
    ++r.games;
    r.cut += cut;
    if (std::chrono::duration<double>(Clock::now() - last).count() >= 10) {
      last = Clock::now();
      log << "predict: " << r.games << " games, " << r.positions << " positions, top1 "
          << (r.positions ? 100.0 * r.top1 / r.positions : 0.0) << "%" << std::endl;
    }
    return true;
  }, r.read);
  return r;
}

void print_prediction(const PredictResult& r, std::ostream& out) {
  auto pct = [&](std::int64_t k, std::int64_t n) { return n > 0 ? 100.0 * static_cast<double>(k) / n : 0.0; };
  char line[256];
  std::snprintf(line, sizeof line, "games %lld (%lld cut at an illegal move, %lld unreadable records)\n",
                static_cast<long long>(r.games), static_cast<long long>(r.cut), static_cast<long long>(r.read.unreadable));
  out << line;
  if (!r.read.first_error.empty()) out << "first unreadable record: " << r.read.first_error << "\n";
  std::snprintf(line, sizeof line, "mean log-likelihood of the move played %.4f (natural log, per position)\n",
                r.positions > 0 ? r.log_likelihood / r.positions : 0.0);
  out << line;
  out << "top1 by move number:";
  for (int k = 0; k < PredictResult::kPhases; ++k) {
    std::snprintf(line, sizeof line, " %s %.1f%% (%lld)", kPhaseNames[k], pct(r.phase_top1[k], r.phase_positions[k]),
                  static_cast<long long>(r.phase_positions[k]));
    out << line;
  }
  out << "\n";
  if (r.positions_19 > 0) {
    std::snprintf(line, sizeof line, "speed: %.1f us per 19x19 position (%.1f legal moves each, %.3f us a move)\n",
                  1e6 * r.seconds_19 / r.positions_19, static_cast<double>(r.moves_19) / r.positions_19,
                  1e6 * r.seconds_19 / std::max<std::int64_t>(1, r.moves_19));
    out << line;
  }
  std::snprintf(line, sizeof line, "positions %lld top1 %.2f%% top5 %.2f%% top10 %.2f%%\n",
                static_cast<long long>(r.positions), pct(r.top1, r.positions), pct(r.top5, r.positions),
                pct(r.top10, r.positions));
  out << line;
}

}  // namespace tengen::patterns
