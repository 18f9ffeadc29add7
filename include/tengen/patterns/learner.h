#pragma once
// Coulom's minorization-maximization (MM) for the generalised Bradley-Terry
// model ("Computing Elo Ratings of Move Patterns in the Game of Go", 2007).
//
// Every position of the training games is a competition between its legal
// moves; a move is a team of features (features.h), its strength E the
// product of their gammas, and the move played wins with probability
// E_winner / sum of E. MM raises the likelihood one feature group at a time:
//
//   gamma_i <- (W_i + 1) / (sum over positions n of C_in / E_n + 2 / (gamma_i + 1))
//
// where W_i counts the positions whose played move has feature i, C_in is
// the summed strength of the moves of n with feature i, without gamma_i, and
// E_n the summed strength of all moves of n. The "+1" and "2 / (gamma_i + 1)"
// are Coulom's prior: one virtual win and one virtual loss against a virtual
// opponent of gamma 1, which keeps rare features finite.
//
// Two passes over the games: the first counts the shapes around the moves
// played (a shape is kept when played at least min_shape_count times), the
// second stores every position's legal moves compactly (their tactical
// values, 3x3 pattern and largest kept shape, 8 bytes a move). The
// iterations then run over that store, in parallel over positions with a
// fixed partition, so a run is deterministic for given data, options and
// thread count.

#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "tengen/patterns/model.h"
#include "tengen/patterns/records.h"

namespace tengen::patterns {

// The training positions, compactly: each legal move of each position is
// 8 bytes, its tactical combination, 3x3 pattern and shape (0: none) as
// indices into the tables here.
struct MoveStore {
  static constexpr int kComboBits = 22;
  static constexpr int kP3Bits = 17;
  static constexpr int kShapeBits = 64 - kComboBits - kP3Bits;

  std::vector<Tactics> combos;             // distinct tactical combinations
  std::vector<std::uint32_t> p3_codes;     // canonical 3x3 codes
  std::vector<std::uint64_t> shape_keys;   // [0] is "no shape"
  std::vector<std::uint64_t> moves;        // packed moves of every position, position after position
  std::vector<std::uint64_t> start;        // position n's moves: [start[n], start[n + 1])
  std::vector<std::uint16_t> winner;       // the move played, an index into its position's moves

  static std::uint64_t pack(std::uint32_t combo, std::uint32_t p3, std::uint32_t shape) {
    return combo | static_cast<std::uint64_t>(p3) << kComboBits | static_cast<std::uint64_t>(shape) << (kComboBits + kP3Bits);
  }
  static std::uint32_t combo_of(std::uint64_t m) { return static_cast<std::uint32_t>(m & ((1u << kComboBits) - 1)); }
  static std::uint32_t p3_of(std::uint64_t m) { return static_cast<std::uint32_t>((m >> kComboBits) & ((1u << kP3Bits) - 1)); }
  static std::uint32_t shape_of(std::uint64_t m) { return static_cast<std::uint32_t>(m >> (kComboBits + kP3Bits)); }
  std::size_t positions() const { return winner.size(); }
};

// MM over a MoveStore: gammas start at 1; each iterate() updates every
// feature group once (the 7 tactical groups, then 3x3, then shapes).
class MmSolver {
 public:
  MmSolver(const MoveStore& store, int threads);
  // One MM iteration. Returns the log-likelihood and the expected top-1
  // count (ties broken at random) before it, summed over positions.
  std::pair<double, double> iterate();
  // The same figures under the current gammas.
  std::pair<double, double> evaluate();

  double tactical_gamma(int group, int value) const { return tactical_gamma_[group][value]; }
  double p3_gamma(std::size_t id) const { return p3_gamma_[id]; }
  double shape_gamma(std::size_t id) const { return shape_gamma_[id]; }
  // The learned gammas as a model (no header text).
  PatternModel model() const;

 private:
  void pass(int slot, std::vector<double>& acc, double* ll, double* top1);
  void refresh_combos();
  void update_tactical(int group, const std::vector<double>& acc);

  const MoveStore& store_;
  int threads_;
  std::array<std::array<double, 17>, kTacticalGroups> tactical_gamma_{};
  std::array<std::array<double, 17>, kTacticalGroups> tactical_wins_{};
  std::vector<double> combo_gamma_, p3_gamma_, shape_gamma_;
  std::vector<double> p3_wins_, shape_wins_;
};

struct LearnOptions {
  GameSelection games;
  int iterations = 12;
  int min_shape_count = 10;  // plays of a shape in training before it becomes a feature
  int threads = 1;
  std::string command;       // written into the model's header
  std::string note;          // likewise, when not empty
};

// Learns a model; progress and the iteration log go to `log`.
// Throws ReadError, or std::runtime_error when there is nothing to learn from.
PatternModel learn(const LearnOptions& options, std::ostream& log);

}  // namespace tengen::patterns
