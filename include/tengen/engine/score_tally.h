#pragma once
// The final scores of a search's simulations, over the whole search and per
// root move: the expected score shown beside the win rate (final_score in an
// unfinished game, kata-analyze's scoreLead and scoreMean). Each search
// thread keeps one in its scratch; they are merged when the threads are done.

#include <cmath>
#include <cstdint>
#include <vector>

#include "tengen/search/tree.h"

namespace tengen {

class ScoreTally {
 public:
  // A simulation that left the root by root_move (kNoRootMove: none, the
  // root was a leaf) and ended with Black's area minus White's = score.
  static constexpr int kNoRootMove = -1;
  void add(int root_move, int score) {
    sum_ += score;
    ++count_;
    if (root_move == kNoRootMove) return;
    const auto m = static_cast<std::size_t>(root_move);
    if (m >= move_count_.size()) {
      move_sum_.resize(m + 1, 0.0);
      move_count_.resize(m + 1, 0);
    }
    move_sum_[m] += score;
    ++move_count_[m];
  }
  void merge(const ScoreTally& other);

  // Mean area difference (komi not taken off); NaN without simulations.
  double mean() const { return count_ > 0 ? sum_ / static_cast<double>(count_) : NAN; }
  double mean(TreeMove root_move) const {
    const std::size_t m = root_move;
    return m < move_count_.size() && move_count_[m] > 0 ? move_sum_[m] / static_cast<double>(move_count_[m]) : NAN;
  }

 private:
  double sum_ = 0;
  std::int64_t count_ = 0;
  std::vector<double> move_sum_;  // per root move (TreeMove)
  std::vector<std::int64_t> move_count_;
};

}  // namespace tengen
