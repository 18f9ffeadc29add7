#include "tengen/engine/time_control.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <sstream>

namespace tengen {

namespace {

int index(Color c) { return c == Color::Black ? 0 : 1; }

// Never plan on fewer moves than this, so the first moves do not eat the clock.
constexpr double kMinMovesAhead = 10;
// When the clock is exhausted, still spend a sliver so a move comes out.
constexpr double kMinBudget = 0.02;

}  // namespace

void TimeControl::set_gtp(double main, double byo_time, int byo_stones) {
  if (byo_time > 0 && byo_stones == 0) {
    set_none();
    return;
  }
  kind_ = byo_time > 0 ? Kind::Canadian : Kind::Absolute;
  main_ = main;
  byo_time_ = byo_time;
  byo_stones_ = byo_stones;
  for (auto& clock : clock_) clock = {main, 0, false};
  if (main <= 0 && kind_ == Kind::Canadian) {
    for (auto& clock : clock_) clock = {byo_time, byo_stones, false};
  }
}

void TimeControl::set_japanese(double main, double byo_time, int periods) {
  kind_ = periods > 0 && byo_time > 0 ? Kind::Byoyomi : Kind::Absolute;
  main_ = main;
  byo_time_ = byo_time;
  byo_stones_ = periods;
  for (auto& clock : clock_) clock = {main, 0, false};
  if (main <= 0 && kind_ == Kind::Byoyomi) {
    for (auto& clock : clock_) clock = {byo_time, periods, false};
  }
}

void TimeControl::set_time_left(Color c, double seconds, int stones) {
  clock_[index(c)] = {std::max(0.0, seconds), std::max(0, stones), true};
}

double phase_weight(double progress) {
  // Piecewise linear: up to twice the weight in the fights of the middle
  // game, half of it in the late endgame.
  constexpr double kAt[][2] = {{0.0, 1.0}, {0.1, 2.0}, {0.4, 2.0}, {0.6, 1.0}, {1.0, 0.5}};
  if (progress <= 0) return kAt[0][1];
  for (std::size_t i = 1; i < std::size(kAt); ++i) {
    if (progress <= kAt[i][0]) {
      const double t = (progress - kAt[i - 1][0]) / (kAt[i][0] - kAt[i - 1][0]);
      return kAt[i - 1][1] + t * (kAt[i][1] - kAt[i - 1][1]);
    }
  }
  return kAt[std::size(kAt) - 1][1];
}

double phase_share(int plies, int points, double own_moves) {
  const int moves = std::max(1, static_cast<int>(std::lround(own_moves)));
  double sum = 0;
  for (int k = 0; k < moves; ++k) sum += phase_weight(static_cast<double>(plies + 2 * k) / points);
  return phase_weight(static_cast<double>(plies) / points) / sum;
}

double TimeControl::budget(Color c, int empty_points, double moves_per_empty, double margin, int plies,
                           int points) const {
  if (kind_ == Kind::None) return std::numeric_limits<double>::infinity();
  const Clock& clock = clock_[index(c)];
  const double usable = clock.left - margin;
  const double moves_ahead = std::max(kMinMovesAhead, empty_points * moves_per_empty);
  double budget = 0;
  if (clock.stones > 0 && kind_ == Kind::Canadian) {
    // In a Canadian period: the period's time shared by its remaining stones.
    budget = usable / clock.stones;
  } else if (clock.stones > 0 && kind_ == Kind::Byoyomi) {
    // In Japanese byo-yomi a period is only lost when it runs out.
    budget = usable;
  } else {
    budget = points > 0 ? usable * phase_share(plies, points, moves_ahead) : usable / moves_ahead;
    // Byo-yomi waits after main time, and can be counted on: a move may
    // take a stone's share of a period, also when the main time is spent or
    // nearly (`time_left b 0 0` in whole seconds), the move then running
    // into the period (it got a sliver, 128 playouts on 19x19, before).
    if (kind_ == Kind::Canadian && byo_stones_ > 0) {
      budget = std::max(budget, (byo_time_ - margin) / byo_stones_);
    }
    if (kind_ == Kind::Byoyomi) budget = std::max(budget, std::min(usable + byo_time_, byo_time_ - margin));
  }
  return std::max(budget, kMinBudget);
}

std::string TimeControl::describe() const {
  std::ostringstream out;
  switch (kind_) {
    case Kind::None: out << "no time limit"; break;
    case Kind::Absolute: out << "absolute " << main_ << " s"; break;
    case Kind::Canadian: out << "canadian " << main_ << " s + " << byo_time_ << " s / " << byo_stones_ << " stones"; break;
    case Kind::Byoyomi: out << "byoyomi " << main_ << " s + " << byo_stones_ << " x " << byo_time_ << " s"; break;
  }
  return out.str();
}

}  // namespace tengen
