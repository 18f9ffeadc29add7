// draw-value on an abstract game: the root player chooses between a sure
// draw and a gamble that wins 40% of the time. At a draw's usual worth (0.5)
// the draw is better; worth 0.25, the gamble is.

#include <gtest/gtest.h>

#include "support/abstract_search.h"
#include "tengen/search/mcts.h"
#include "tengen/util/params.h"

namespace tengen {
namespace {

// The root player (0 or 1) is the only one to move.
struct DrawOrGamble {
  int root = 0;
  struct State {
    int choice = -1;  // -1 at the root, 0 the draw, 1 the gamble
  };
  struct Scratch {};
  static constexpr int kMaxMoves = 2;
  static constexpr int kMaxChildren = 2;
  static constexpr int kMaxTrail = 4;

  int player(const State&) const { return root; }
  bool terminal(const State& s) const { return s.choice == 0; }
  // The gamble has no moves: the search cannot expand it, the rollout decides.
  int children(const State& s, ChildInit* out, Scratch&) const {
    if (s.choice >= 0) return 0;
    out[0] = {0, 0.5f};
    out[1] = {1, 0.5f};
    return 2;
  }
  void play(State& s, TreeMove m, Scratch&) const { s.choice = m; }
  // Results are player 0's half points.
  int rollout(State&, Rng& rng, Scratch&, TrailEntry*, int*) const {
    const bool root_wins = rng.uniform() < 0.4;
    return root_wins == (root == 0) ? 2 : 0;
  }
  int terminal_result(const State&) const { return 1; }
  bool amaf(TreeMove) const { return false; }
};

// The root move with the most visits, and the root's first move's value.
struct Outcome {
  int best;
  double draw_move_value;
};

Outcome search(double draw_value, int root_player, int draw_player = -1) {
  SelectionParams params = SelectionParams::from_settings(Settings{});
  params.draw_value = draw_value;
  Tree tree(1 << 20);
  const ChildInit root[2] = {{0, 0.5f}, {1, 0.5f}};
  test_support::search_abstract_game(DrawOrGamble{root_player}, tree, params, root, 2, 20000, 7, draw_player);
  const Node* kids = tree.children(tree.root());
  return {kids[0].n() > kids[1].n() ? 0 : 1, kids[0].value()};
}

TEST(DrawValue, AtOneHalfTheSureDrawBeatsAFortyPercentGamble) {
  const Outcome o = search(0.5, 0);
  EXPECT_EQ(o.best, 0);
  EXPECT_DOUBLE_EQ(o.draw_move_value, 0.5);
}

TEST(DrawValue, WorthAQuarterTheGambleBeatsTheDrawForEitherPlayer) {
  for (int root_player : {0, 1}) {
    const Outcome o = search(0.25, root_player);
    EXPECT_EQ(o.best, 1) << "root player " << root_player;
    EXPECT_NEAR(o.draw_move_value, 0.25, 0.05) << "root player " << root_player;
  }
}

// A pondering engine searches for its opponent with draws counted for
// itself: a draw its opponent may take is then worth 0.75 to the opponent.
TEST(DrawValue, CountsForTheNamedPlayerNotTheRoot) {
  const Outcome o = search(0.25, 0, 1);
  EXPECT_EQ(o.best, 0);
  EXPECT_NEAR(o.draw_move_value, 0.75, 0.05);
}

}  // namespace
}  // namespace tengen
