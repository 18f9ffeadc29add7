#pragma once
// The bandit formula of MoGo (Chaslot et al., Eq. 1) with the consistency
// fixes of Berthier, Doghmen and Teytaud:
//
//   score(d) = a*p(d) + b*p_rave(d) + (g + C / log(2 + n(d))) * H(d)
//
// with a + b + g = 1, b from the RAVE equivalence schedule of Gelly and Silver
// (b = r / (r + n + r*n/K)), g = c2 / r (r: RAVE visits, n: visits), H the
// prior. p_rave is floored (max(V_rave, floor)) so that a move AMAF happens to
// dislike still gets simulated, and an optional UCB term (0 by default, as in
// MoGo) can be added.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "tengen/search/tree.h"

namespace tengen {

struct Settings;

// Made only by from_settings: Settings holds every default, and a struct
// with defaults of its own could silently disagree with them.
struct SelectionParams {
  double rave_equivalence;  // K
  double prior_weight;      // c2
  double progressive_bias;  // C
  double ucb_c;
  double rave_floor;        // 0: no floor
  // Algorithm 2 of Berthier et al.: at a node whose value for the side to
  // move is below the threshold, draw the child at random every other time,
  // so that a refutation the scores overlook still gets tried; every move is
  // still tried infinitely often (what consistency needs). Always, as in the
  // paper, traps the side: the node's value then averages random moves and
  // stays below the threshold after the refutation is found, so the side
  // never plays it (a search rated 0.76 a position its opponent had won,
  // docs/strength.md); half the draws play the refutation and lift it out.
  // Applied once the node has min_visits visits: the value of a node with a
  // handful of visits says nothing, and consistency is about the limit. From 50
  // visits on, the random draws lost 38.5% of self-play games against the
  // same engine without them (docs/strength.md); from 1000 on they are left
  // to where the limit is near.
  double consistency_threshold;  // 0: off
  std::uint32_t consistency_min_visits;
  std::uint32_t prior_visits;  // RAVE visits a child starts with, at its prior
  // Visits at the prior H that the child's mean starts with, as Pachi
  // merges its prior into a node's real statistics ("equivalent
  // experience"): the RAVE visits of prior_visits wash out after a few
  // dozen simulations through the parent, these only as the child itself
  // is visited. The RAVE schedule counts them as visits. 0: off.
  double prior_mean_visits;
  // AMAF weight of a move played right after the node, over one played at
  // the end of the playout (linear between; 0: every move alike).
  double rave_distance;
  // A drawn simulation's worth to one player (MctsLimits::draw_player, the
  // root player unless set); the other's is 1 minus it, so the game stays
  // zero-sum. Under 0.5 the search prefers a fair chance of a win to a sure
  // draw (komi 7 on 9x9 allows draws).
  double draw_value;
  // Score-aware search: a simulation's value is (1 - w) times its outcome
  // plus w times (1 + u) / 2, where u in [-1, 1] is the domain's bounded
  // function of the final score (Domain::score_utility). 0: outcome only.
  double score_weight;
  // Progressive widening (Aya's rule, as Coulom's Crazy Stone did it): below
  // the root, a node with n visits considers only its 1 + log(n) / log(mu)
  // children of highest prior, which the domain lists first. The learned
  // priors name a strong move among the first few far more often than
  // chance, and on 19x19 a few hundred simulations spread over 300
  // children read nothing deeply. 0: off (every child, in any order).
  double widening_inverse_log_mu;
  // The one place that says which values of the widening parameter turn it on.
  static bool widens(double mu) { return mu > 1; }

  // Every field from its parameter; progressive_bias is the small boards'
  // (GoSearch::selection_params scales it with the board).
  static SelectionParams from_settings(const Settings& s);

 private:
  SelectionParams() = default;
};

// log(x) for x >= 1 to about 0.3% (a cubic on the mantissa): selection
// takes it for every child it looks at, where libm's log costs more than
// the rest of the score together.
inline float fast_log(float x) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
  const float exponent = static_cast<float>(static_cast<int>(bits >> 23) - 127);
  const float m = std::bit_cast<float>((bits & 0x7FFFFFu) | 0x3F800000u);  // in [1, 2)
  const float log2_m = ((0.15824870f * m - 1.05187502f) * m + 3.04788415f) * m - 2.15404911f;
  return (exponent + log2_m) * 0.69314718f;
}

// How many of a node's children (highest prior first) selection looks at.
inline int widened_count(int children, std::uint32_t visits, const SelectionParams& p) {
  if (p.widening_inverse_log_mu <= 0) return children;
  const float log_n = visits > 1 ? fast_log(static_cast<float>(visits)) : 0.0f;
  return std::min(children, 1 + static_cast<int>(log_n * static_cast<float>(p.widening_inverse_log_mu)));
}

// The score of a child; parent_visits counts the parent's simulations.
inline double mogo_score(const Node& child, std::uint32_t parent_visits, const SelectionParams& p) {
  const double n = child.n() + static_cast<double>(child.virtual_loss.load(std::memory_order_relaxed));
  const double r = child.rave_n();
  // Virtual losses count as visits without wins; the prior's visits as
  // visits at H (with none, exactly the plain mean).
  const double seen = n + p.prior_mean_visits;
  const double prior_wins = p.prior_mean_visits * double{kWinUnits} * child.prior;
  const double mean = seen > 0 ? (child.wins.load(std::memory_order_relaxed) + prior_wins) / (double{kWinUnits} * seen) : 0.0;
  const double rave = std::max(child.rave_value(), p.rave_floor);
  const double beta = r > 0 ? r / (r + seen + r * seen / p.rave_equivalence) : 0.0;
  const double gamma = std::min(p.prior_weight / std::max(r, 1.0), 1.0 - beta);
  const double alpha = 1.0 - beta - gamma;
  double score = alpha * mean + beta * rave + (gamma + p.progressive_bias / fast_log(static_cast<float>(2.0 + n))) * child.prior;
  if (p.ucb_c > 0) score += p.ucb_c * std::sqrt(std::log(parent_visits + 1.0) / (n + 1.0));
  return score;
}

}  // namespace tengen
