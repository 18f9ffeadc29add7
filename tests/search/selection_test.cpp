// MoGo's bandit formula (search/selection.h) on single nodes, where each term
// can be computed by hand: above all the prior's visits in the mean
// (prior-mean-visits), which must leave the formula exactly as it was when 0.

#include <gtest/gtest.h>

#include "tengen/search/selection.h"
#include "tengen/util/params.h"

namespace tengen {
namespace {

// Only the mean and the RAVE terms: no gamma, no progressive bias, no floor.
SelectionParams mean_and_rave(double prior_mean_visits, double rave_equivalence = 1500) {
  Settings s;
  s.prior_weight = 0;
  s.progressive_bias = 0;
  s.rave_floor = 0;
  s.ucb_c = 0;
  s.rave_equivalence = rave_equivalence;
  s.prior_mean_visits = prior_mean_visits;
  return SelectionParams::from_settings(s);
}

void set_stats(Node& node, float prior, std::uint32_t visits, double mean, std::uint32_t rave_visits, double rave_mean) {
  node.prior = prior;
  node.visits = visits;
  node.wins = static_cast<std::uint32_t>(mean * kWinUnits * visits);
  node.rave_visits = rave_visits;
  node.rave_wins = static_cast<std::uint32_t>(rave_mean * kWinUnits * rave_visits);
}

TEST(Selection, WithoutPriorVisitsTheMeanIsTheChildsOwn) {
  Node node;
  set_stats(node, 0.9f, 40, 0.25, 400, 0.5);
  const double beta = 400.0 / (400 + 40 + 400 * 40 / 1500.0);
  EXPECT_DOUBLE_EQ(mogo_score(node, 100, mean_and_rave(0)), (1 - beta) * 0.25 + beta * 0.5);
  // Never visited and no RAVE: nothing to go on.
  Node fresh;
  fresh.prior = 0.9f;
  EXPECT_DOUBLE_EQ(mogo_score(fresh, 100, mean_and_rave(0)), 0.0);
}

TEST(Selection, AnUnvisitedChildsMeanIsItsPrior) {
  Node fresh;
  fresh.prior = 0.75f;
  EXPECT_DOUBLE_EQ(mogo_score(fresh, 100, mean_and_rave(50)), 0.75);
}

TEST(Selection, ThePriorsVisitsFadeAsTheChildIsVisited) {
  Node node;
  set_stats(node, 0.9f, 1000, 0.3, 0, 0);
  const double prior = 0.9f;  // the node holds a float
  EXPECT_DOUBLE_EQ(mogo_score(node, 2000, mean_and_rave(50)), (0.3 * 1000 + 50 * prior) / 1050);
}

TEST(Selection, TheRaveScheduleCountsThePriorsVisits) {
  Node node;
  set_stats(node, 0.5f, 10, 0.5, 100, 0.8);
  const double seen = 10 + 30;
  const double beta = 100 / (100 + seen + 100 * seen / 1500);
  EXPECT_DOUBLE_EQ(mogo_score(node, 50, mean_and_rave(30)), (1 - beta) * 0.5 + beta * 0.8);
}

}  // namespace
}  // namespace tengen
