#pragma once
// Move prediction: over every move of a set of games, how often the move
// played is the model's first choice, in its top 5 and top 10, and the mean
// log-likelihood the model gives it. Moves are ranked by strength, ties by
// point order (the model has to pick one); passes are not counted, and a
// record stops at its first illegal move.

#include <array>
#include <cstdint>
#include <iosfwd>

#include "tengen/patterns/model.h"
#include "tengen/patterns/records.h"

namespace tengen::patterns {

struct PredictResult {
  static constexpr int kPhases = 5;  // moves 1-20, 21-50, 51-100, 101-200, 201+
  std::int64_t games = 0;
  std::int64_t cut = 0;  // records cut at an illegal move (or with an unusable setup)
  std::int64_t positions = 0;
  std::int64_t top1 = 0, top5 = 0, top10 = 0;
  double log_likelihood = 0;  // summed over positions (natural log)
  std::array<std::int64_t, kPhases> phase_positions{}, phase_top1{};
  // The time spent evaluating every legal move of the 19x19 positions.
  std::int64_t positions_19 = 0;
  std::int64_t moves_19 = 0;
  double seconds_19 = 0;
  ReadStats read;
};

// Progress lines go to `log` every 10 s.
PredictResult predict(const PatternModel& model, const GameSelection& games, std::ostream& log);

// The report; its last line is "positions <N> top1 <x>% top5 <y>% top10 <z>%".
void print_prediction(const PredictResult& r, std::ostream& out);

}  // namespace tengen::patterns
