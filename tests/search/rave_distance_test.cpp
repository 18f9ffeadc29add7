// The AMAF weights of rave-distance on an abstract game where every
// simulation plays the same line, so each weight can be worked out by hand.

#include <gtest/gtest.h>

#include <array>

#include "support/abstract_search.h"
#include "tengen/search/mcts.h"
#include "tengen/util/params.h"

namespace tengen {
namespace {

// Player 0 picks one of moves 0 to 3 at the root; then the line is fixed:
// player 1 plays 10, player 0 plays 1, then 11, 2, 12, 3, and player 0 wins.
struct LineGame {
  static constexpr TreeMove kLine[6] = {10, 1, 11, 2, 12, 3};
  struct State {
    int ply = 0;
  };
  struct Scratch {};
  static constexpr int kMaxMoves = 16;
  static constexpr int kMaxChildren = 4;
  static constexpr int kMaxTrail = 16;

  int player(const State& s) const { return s.ply % 2; }
  bool terminal(const State& s) const { return s.ply == 7; }
  int children(const State& s, ChildInit* out, Scratch&) const {
    if (s.ply > 0) {
      out[0] = {kLine[s.ply - 1], 0.5f};
      return 1;
    }
    for (int m = 0; m < 4; ++m) out[m] = {static_cast<TreeMove>(m), 0.5f};
    return 4;
  }
  void play(State& s, TreeMove, Scratch&) const { ++s.ply; }
  int rollout(State& s, Rng&, Scratch& scratch, TrailEntry* trail, int* length) const {
    while (!terminal(s)) {
      trail[(*length)++] = {kLine[s.ply - 1], static_cast<std::uint8_t>(player(s))};
      play(s, 0, scratch);
    }
    return 2;
  }
  int terminal_result(const State&) const { return 2; }
  bool amaf(TreeMove) const { return true; }
};

// The RAVE visits of the root's four children after one simulation.
std::array<std::uint32_t, 4> root_rave_visits(double rave_distance, TreeMove* chosen) {
  Settings s;
  s.prior_visits = 0;
  s.rave_distance = rave_distance;
  const SelectionParams params = SelectionParams::from_settings(s);
  Tree tree(1 << 20);
  ChildInit root[4];
  LineGame::Scratch scratch;
  const int count = LineGame{}.children(LineGame::State{}, root, scratch);
  test_support::search_abstract_game(LineGame{}, tree, params, root, count, 1, 7);
  const Node* kids = tree.children(tree.root());
  std::array<std::uint32_t, 4> visits{};
  for (int i = 0; i < 4; ++i) {
    visits[kids[i].move] = kids[i].rave_n();
    if (kids[i].n() == 1) *chosen = kids[i].move;
  }
  return visits;
}

TEST(RaveDistance, OffEveryMoveCountsOnce) {
  TreeMove chosen = 99;
  const auto visits = root_rave_visits(0, &chosen);
  ASSERT_LT(chosen, 4);
  for (TreeMove m = 0; m < 4; ++m) {
    const bool played = m == chosen || m != 0;  // moves 1 to 3 are on the line
    EXPECT_EQ(visits[m], played ? 1u : 0u) << "move " << m;
  }
}

// Seven plies from the root: a move first played at ply k weighs
// 1 + 3 * (6 - k) / 7, rounded: 4 at ply 0, 3 at 2, 2 at 4, 1 at 6.
TEST(RaveDistance, EarlyMovesWeighMore) {
  TreeMove chosen = 99;
  const auto visits = root_rave_visits(3, &chosen);
  ASSERT_LT(chosen, 4);
  const std::uint32_t by_line[4] = {0, 3, 2, 1};
  for (TreeMove m = 0; m < 4; ++m) EXPECT_EQ(visits[m], m == chosen ? 4u : by_line[m]) << "move " << m;
}

}  // namespace
}  // namespace tengen
