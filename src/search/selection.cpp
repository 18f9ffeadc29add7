#include "tengen/search/selection.h"

#include <cmath>

#include "tengen/util/params.h"

namespace tengen {

SelectionParams SelectionParams::from_settings(const Settings& s) {
  SelectionParams p{};
  p.rave_equivalence = s.rave_equivalence;
  p.prior_weight = s.prior_weight;
  p.progressive_bias = s.progressive_bias;
  p.ucb_c = s.ucb_c;
  p.rave_floor = s.rave_floor;
  p.consistency_threshold = s.consistency_threshold;
  p.consistency_min_visits = static_cast<std::uint32_t>(s.consistency_min_visits);
  p.prior_visits = static_cast<std::uint32_t>(s.prior_visits);
  p.prior_mean_visits = s.prior_mean_visits;
  p.rave_distance = s.rave_distance;
  p.draw_value = s.draw_value;
  p.score_weight = s.score_weight;
  p.widening_inverse_log_mu = widens(s.widening) ? 1.0 / std::log(s.widening) : 0.0;
  return p;
}

}  // namespace tengen
