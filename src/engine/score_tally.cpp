#include "tengen/engine/score_tally.h"

namespace tengen {

void ScoreTally::merge(const ScoreTally& other) {
  sum_ += other.sum_;
  count_ += other.count_;
  if (move_count_.size() < other.move_count_.size()) {
    move_sum_.resize(other.move_sum_.size(), 0.0);
    move_count_.resize(other.move_count_.size(), 0);
  }
  for (std::size_t m = 0; m < other.move_count_.size(); ++m) {
    move_sum_[m] += other.move_sum_[m];
    move_count_[m] += other.move_count_[m];
  }
}

}  // namespace tengen
