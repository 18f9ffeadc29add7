// Criticality: the covariance of owning a point and winning, from playouts'
// final boards, and its use in the search's priors.

#include "tengen/engine/criticality.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "support/diagram.h"
#include "support/quick_settings.h"
#include "tengen/engine/go_search.h"

namespace tengen {
namespace {

// Finished 3x3 boards: Black owns A1 (a stone) on one, White on the other;
// B3 is Black's on both.
const Board& black_corner() {
  static const Board b = test::board_from_rows({"XX.", "X.O", "XOO"}, Color::Black);
  return b;
}
const Board& white_corner() {
  static const Board b = test::board_from_rows({"XX.", "XOO", "OO."}, Color::Black);
  return b;
}
constexpr int kBlackWins = 2, kDraw = 1, kWhiteWins = 0;

// Who owns each point of a finished board, as the rollout hands it over.
std::vector<std::int8_t> owners(const Board& b) {
  std::vector<std::int8_t> out(b.num_points());
  for (int q = 0; q < b.num_points(); ++q) out[q] = static_cast<std::int8_t>(b.playout_owner(static_cast<Point>(q)));
  return out;
}

Point a1() { return black_corner().point(0, 2); }
Point b3() { return black_corner().point(1, 0); }

TEST(Criticality, IsZeroWithoutPlayouts) {
  const CriticalityTally t;
  EXPECT_EQ(t.playouts(), 0);
  EXPECT_EQ(t.at(a1()), 0.0f);
}

TEST(Criticality, APointWhoseOwnerAlwaysWinsIsCritical) {
  CriticalityTally t;
  for (int i = 0; i < 2; ++i) {
    t.add(owners(black_corner()), kBlackWins);
    t.add(owners(white_corner()), kWhiteWins);
  }
  ASSERT_EQ(black_corner().playout_owner(a1()), 1);
  ASSERT_EQ(white_corner().playout_owner(a1()), -1);
  // The winner owns it always (1), against 1/2 * 1/2 + 1/2 * 1/2 by chance.
  EXPECT_FLOAT_EQ(t.at(a1()), 0.5f);
  // B3 is Black's whoever wins: no covariance.
  EXPECT_FLOAT_EQ(t.at(b3()), 0.0f);
}

TEST(Criticality, OwnershipThatDoesNotGoWithWinningIsNot) {
  CriticalityTally t;
  t.add(owners(black_corner()), kBlackWins);
  t.add(owners(black_corner()), kWhiteWins);
  t.add(owners(white_corner()), kBlackWins);
  t.add(owners(white_corner()), kWhiteWins);
  EXPECT_FLOAT_EQ(t.at(a1()), 0.0f);
}

TEST(Criticality, APointTheLoserOwnsIsNegative) {
  CriticalityTally t;
  t.add(owners(black_corner()), kWhiteWins);
  t.add(owners(white_corner()), kBlackWins);
  EXPECT_FLOAT_EQ(t.at(a1()), -0.5f);
}

TEST(Criticality, DrawsCountAsPlayoutsThatNobodyWon) {
  CriticalityTally t;
  t.add(owners(black_corner()), kBlackWins);
  t.add(owners(white_corner()), kDraw);
  // The winner owned A1 in 1 of 2 playouts; Black owned it in 1 of 2 and
  // won 1 of 2, White owned it in 1 of 2 and won none.
  EXPECT_FLOAT_EQ(t.at(a1()), 0.5f - 0.25f);
}

TEST(Criticality, MergingIsAddingThePlayouts) {
  CriticalityTally a, b, all;
  a.add(owners(black_corner()), kBlackWins);
  all.add(owners(black_corner()), kBlackWins);
  b.add(owners(white_corner()), kWhiteWins);
  all.add(owners(white_corner()), kWhiteWins);
  b.add(owners(black_corner()), kWhiteWins);
  all.add(owners(black_corner()), kWhiteWins);
  a.merge(b);
  EXPECT_EQ(a.playouts(), 3);
  const std::vector<float> merged = a.map(black_corner().num_points());
  const std::vector<float> whole = all.map(black_corner().num_points());
  EXPECT_EQ(merged, whole);
  EXPECT_NE(whole[a1()], 0.0f);
}

GoDomain domain_with_weight(double weight) {
  Settings s;
  s.criticality_weight = weight;
  s.criticality_min_playouts = 3;
  return GoDomain::from_settings(s, 7, 3);
}

TEST(Criticality, RaisesThePriorsOfCriticalPointsOnly) {
  CriticalityTally t;
  t.add(owners(black_corner()), kBlackWins);
  t.add(owners(white_corner()), kWhiteWins);
  t.add(owners(white_corner()), kWhiteWins);
  ASSERT_GT(t.at(a1()), 0.0f);
  const GoDomain d = domain_with_weight(0.5);
  ChildInit kids[] = {{to_tree_move(a1()), 0.4f}, {to_tree_move(b3()), 0.4f}, {kTreePass, 0.4f}};
  d.add_criticality(kids, 3, &t);
  EXPECT_FLOAT_EQ(kids[0].prior, 0.4f + 0.5f * t.at(a1()));
  EXPECT_FLOAT_EQ(kids[1].prior, 0.4f);  // no covariance
  EXPECT_FLOAT_EQ(kids[2].prior, 0.4f);  // a pass has no point
}

TEST(Criticality, AThreadUsesThePreviousMapUntilItHasEnoughPlayouts) {
  CriticalityTally few;
  few.add(owners(black_corner()), kBlackWins);
  few.add(owners(white_corner()), kWhiteWins);  // 2 playouts, under the minimum of 3
  std::vector<float> previous(black_corner().num_points(), 0.0f);
  previous[b3()] = 0.2f;
  GoDomain d = domain_with_weight(1.0);
  d.criticality_map = &previous;
  ChildInit kids[] = {{to_tree_move(a1()), 0.4f}, {to_tree_move(b3()), 0.4f}};
  d.add_criticality(kids, 2, &few);
  EXPECT_FLOAT_EQ(kids[0].prior, 0.4f);
  EXPECT_FLOAT_EQ(kids[1].prior, 0.6f);

  few.add(owners(white_corner()), kWhiteWins);  // now 3: its own tally
  ChildInit again[] = {{to_tree_move(a1()), 0.4f}, {to_tree_move(b3()), 0.4f}};
  d.add_criticality(again, 2, &few);
  EXPECT_FLOAT_EQ(again[0].prior, 0.4f + few.at(a1()));
  EXPECT_FLOAT_EQ(again[1].prior, 0.4f);
}

TEST(Criticality, NoPriorPassesTheLearnedPriorsCeiling) {
  CriticalityTally t;
  t.add(owners(black_corner()), kBlackWins);
  t.add(owners(white_corner()), kWhiteWins);
  t.add(owners(white_corner()), kWhiteWins);
  const GoDomain d = domain_with_weight(10);
  ChildInit kids[] = {{to_tree_move(a1()), 0.9f}};
  d.add_criticality(kids, 1, &t);
  EXPECT_FLOAT_EQ(kids[0].prior, 0.98f);
}

TEST(Criticality, SettledIsHowMuchMoreOftenOneSideOwnsThePoint) {
  CriticalityTally t;
  EXPECT_EQ(t.settled(a1()), 0.0f);
  t.add(owners(black_corner()), kBlackWins);
  t.add(owners(black_corner()), kWhiteWins);
  t.add(owners(white_corner()), kDraw);
  EXPECT_FLOAT_EQ(t.settled(a1()), 1.0f / 3.0f);  // Black twice, White once
  EXPECT_FLOAT_EQ(t.settled(b3()), 1.0f);         // Black's every time
  const std::vector<float> map = t.settled_map(black_corner().num_points());
  EXPECT_FLOAT_EQ(map[a1()], 1.0f / 3.0f);
  EXPECT_FLOAT_EQ(map[b3()], 1.0f);
}

GoDomain domain_with_owner_weight(double weight) {
  Settings s;
  s.owner_prior_weight = weight;
  s.criticality_min_playouts = 2;
  return GoDomain::from_settings(s, 7, 3);
}

// The prior H whose odds are H's times factor.
float with_odds_times(float h, float factor) {
  const float odds = h / (1 - h) * factor;
  return odds / (1 + odds);
}

TEST(OwnerPrior, LowersThePriorsOfSettledPointsOnly) {
  CriticalityTally t;
  t.add(owners(black_corner()), kBlackWins);
  t.add(owners(white_corner()), kWhiteWins);
  ASSERT_FLOAT_EQ(t.settled(a1()), 0.0f);  // once each
  ASSERT_FLOAT_EQ(t.settled(b3()), 1.0f);
  const GoDomain d = domain_with_owner_weight(2.0);
  ChildInit kids[] = {{to_tree_move(a1()), 0.6f}, {to_tree_move(b3()), 0.6f}, {kTreePass, 0.6f}};
  d.add_playout_priors(kids, 3, &t);
  EXPECT_FLOAT_EQ(kids[0].prior, 0.6f);  // contested
  EXPECT_FLOAT_EQ(kids[1].prior, with_odds_times(0.6f, std::exp(-2.0f)));
  EXPECT_FLOAT_EQ(kids[2].prior, 0.6f);  // a pass has no point
}

TEST(OwnerPrior, IsOffAtWeightZeroAndUsesThePreviousMapUntilTheThreadHasEnough) {
  CriticalityTally one;
  one.add(owners(black_corner()), kBlackWins);  // 1 playout, under the minimum of 2
  std::vector<float> previous(black_corner().num_points(), 0.0f);
  previous[a1()] = 0.5f;
  GoDomain off = domain_with_owner_weight(0);
  off.settled_map = &previous;
  ChildInit kids[] = {{to_tree_move(a1()), 0.6f}, {to_tree_move(b3()), 0.6f}};
  off.add_playout_priors(kids, 2, &one);
  EXPECT_FLOAT_EQ(kids[0].prior, 0.6f);
  EXPECT_FLOAT_EQ(kids[1].prior, 0.6f);

  GoDomain on = domain_with_owner_weight(4.0);
  on.settled_map = &previous;
  on.add_playout_priors(kids, 2, &one);
  EXPECT_FLOAT_EQ(kids[0].prior, with_odds_times(0.6f, std::exp(-4.0f * 0.25f)));
  EXPECT_FLOAT_EQ(kids[1].prior, 0.6f);  // the previous map has B3 unsettled
}

// End to end: a search with a playout term leaves its map behind, and the
// next search's root priors carry it. Runs a search of the position below
// without the term and one with `weight` set to `value`, then a new search
// of each (another side to move keeps no tree, so the root's priors are set
// afresh, from the map); returns the two priors of every root move.
struct PriorPair {
  Point move;
  double plain, with;
};

std::vector<PriorPair> next_root_priors(double Settings::*weight, double value) {
  const auto settings = [&](double w) {
    Settings s = test_support::quick_settings({.playouts = 2000, .score_playouts = {}, .seed = 7,
                                               .board_size = {}, .threads = 1, .early_stop = false});
    s.*weight = w;
    return s;
  };
  // Two strings in a race at two liberties each: whoever wins it wins. Most
  // other points' owner is settled (Black's wall, White's eyeless string).
  const Game game = test::game_from_rows({".........", ".........", "..XXXX...", ".XOOOOX..", ".XO..OX..",
                                          ".XOOOOX..", "..XXXX...", ".........", "........."},
                                         Color::White, 7);
  GoSearch plain(settings(0)), with(settings(value));
  for (GoSearch* s : {&plain, &with}) s->run(game, Color::White, 7, {2000, 0, 0});
  const SearchResult p = plain.run(game, Color::Black, 7, {1, 0, 0});
  const SearchResult w = with.run(game, Color::Black, 7, {1, 0, 0});
  std::vector<PriorPair> out;
  for (const RootChild& pc : p.children) {
    for (const RootChild& wc : w.children) {
      if (wc.move == pc.move) out.push_back({pc.move, pc.prior, wc.prior});
    }
  }
  return out;
}

TEST(Criticality, TheNextSearchStartsFromTheLastOnesMap) {
  int raised = 0;
  for (const auto& [move, plain, critical] : next_root_priors(&Settings::criticality_weight, 2)) {
    EXPECT_GE(critical, plain - 1e-6) << vertex_string(move, 9);
    raised += critical > plain + 1e-6;
  }
  EXPECT_GT(raised, 0);
}

// The owner term lowers the priors where the last search's playouts
// settled the owner, and never raises one.
TEST(OwnerPrior, TheNextSearchStartsFromTheLastOnesSettledMap) {
  int lowered = 0;
  for (const auto& [move, plain, owner] : next_root_priors(&Settings::owner_prior_weight, 3)) {
    EXPECT_LE(owner, plain + 1e-6) << vertex_string(move, 9);
    lowered += owner < plain - 1e-6;
  }
  EXPECT_GT(lowered, 0);
}

}  // namespace
}  // namespace tengen
