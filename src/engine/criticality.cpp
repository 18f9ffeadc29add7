#include "tengen/engine/criticality.h"

#include <algorithm>
#include <cstdlib>

namespace tengen {

void CriticalityTally::fit(int num_points) {
  const auto n = static_cast<std::size_t>(num_points);
  if (black_owned_.size() >= n) return;
  black_owned_.resize(n, 0);
  white_owned_.resize(n, 0);
  winner_owned_.resize(n, 0);
}

void CriticalityTally::add(std::span<const std::int8_t> owners, int result_for_black) {
  fit(static_cast<int>(owners.size()));
  ++playouts_;
  black_wins_ += result_for_black == 2;
  white_wins_ += result_for_black == 0;
  // +1 when Black won, -1 when White did, 0 for a draw (nobody owns a draw).
  const int winner = result_for_black == 2 ? 1 : result_for_black == 0 ? -1 : 0;
  for (std::size_t q = 0; q < owners.size(); ++q) {
    const int owner = owners[q];
    black_owned_[q] += owner == 1;
    white_owned_[q] += owner == -1;
    winner_owned_[q] += owner != 0 && owner == winner;
  }
}

void CriticalityTally::merge(const CriticalityTally& other) {
  fit(static_cast<int>(other.black_owned_.size()));
  playouts_ += other.playouts_;
  black_wins_ += other.black_wins_;
  white_wins_ += other.white_wins_;
  for (std::size_t q = 0; q < other.black_owned_.size(); ++q) {
    black_owned_[q] += other.black_owned_[q];
    white_owned_[q] += other.white_owned_[q];
    winner_owned_[q] += other.winner_owned_[q];
  }
}

float CriticalityTally::at(Point p) const {
  if (playouts_ == 0 || p >= black_owned_.size()) return 0.0f;
  const double n = static_cast<double>(playouts_);
  const double black_wins = black_wins_ / n, white_wins = white_wins_ / n;
  const double covariance =
      winner_owned_[p] / n - (black_owned_[p] / n * black_wins + white_owned_[p] / n * white_wins);
  return static_cast<float>(covariance);
}

float CriticalityTally::settled(Point p) const {
  if (playouts_ == 0 || p >= black_owned_.size()) return 0.0f;
  return static_cast<float>(std::abs(black_owned_[p] - white_owned_[p]) / static_cast<double>(playouts_));
}

namespace {
template <class F>
std::vector<float> per_point(int num_points, F&& value) {
  std::vector<float> out(static_cast<std::size_t>(std::max(num_points, 0)), 0.0f);
  for (int q = 0; q < num_points; ++q) out[q] = value(static_cast<Point>(q));
  return out;
}
}  // namespace

std::vector<float> CriticalityTally::map(int num_points) const {
  return per_point(num_points, [&](Point p) { return at(p); });
}

std::vector<float> CriticalityTally::settled_map(int num_points) const {
  return per_point(num_points, [&](Point p) { return settled(p); });
}

}  // namespace tengen
