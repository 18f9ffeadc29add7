// Score-aware search on abstract games: the root player picks one of two
// moves whose outcome and final score are drawn at random. The score term
// must separate moves the outcome alone ties, and must not trade a
// likelier win for a bigger one.

#include <gtest/gtest.h>

#include "support/abstract_search.h"
#include "tengen/search/mcts.h"
#include "tengen/util/params.h"

namespace tengen {
namespace {

// One move for player 0, then the end: move m wins with probability
// win[m]; its score utility (player 0's) is utility[m].
struct Game {
  double win[2];
  double utility[2];
  struct State {
    int choice = -1;
  };
  struct Scratch {};
  static constexpr int kMaxMoves = 2;
  static constexpr int kMaxChildren = 2;
  static constexpr int kMaxTrail = 4;

  int player(const State&) const { return 0; }
  bool terminal(const State&) const { return false; }
  // The moves end the game: the search cannot expand them, the rollout decides.
  int children(const State&, ChildInit*, Scratch&) const { return 0; }
  void play(State& s, TreeMove m, Scratch&) const { s.choice = m; }
  int rollout(State& s, Rng& rng, Scratch&, TrailEntry*, int*) const {
    return rng.uniform() < win[s.choice] ? 2 : 0;
  }
  int terminal_result(const State&) const { return 1; }
  double score_utility(const State& s) const { return utility[s.choice]; }
  bool amaf(TreeMove) const { return false; }
};

struct Searched {
  std::uint32_t visits[2];
  double value[2];
  double win_rate[2];
};

Searched search(const Game& game, double score_weight) {
  SelectionParams params = SelectionParams::from_settings(Settings{});
  params.score_weight = score_weight;
  params.ucb_c = 0.5;  // no RAVE here: plain UCB keeps both moves sampled
  params.progressive_bias = 0;
  params.prior_visits = 0;
  params.prior_weight = 0;  // with no RAVE visits the prior would take all the weight
  Tree tree(1 << 20);
  const ChildInit root[2] = {{0, 0.5f}, {1, 0.5f}};
  test_support::search_abstract_game(game, tree, params, root, 2, 20000, 11);
  const Node* kids = tree.children(tree.root());
  Searched s;
  for (int i = 0; i < 2; ++i) {
    s.visits[i] = kids[i].n();
    s.value[i] = kids[i].value();
    s.win_rate[i] = kids[i].win_rate();
  }
  return s;
}

TEST(ScoreUtility, SeparatesTwoSureWinsByTheirScore) {
  const Game game{{1.0, 1.0}, {0.1, 0.9}};
  const Searched off = search(game, 0);
  EXPECT_DOUBLE_EQ(off.value[0], 1.0);
  EXPECT_DOUBLE_EQ(off.value[1], 1.0);
  const Searched on = search(game, 0.2);
  EXPECT_GT(on.visits[1], 4 * on.visits[0]);
  EXPECT_GT(on.value[1], on.value[0]);
  // The win rate reported is the outcome's alone.
  EXPECT_DOUBLE_EQ(on.win_rate[0], 1.0);
  EXPECT_DOUBLE_EQ(on.win_rate[1], 1.0);
  // value = 0.8 * 1 + 0.2 * (1 + u) / 2, to the unit's rounding.
  EXPECT_NEAR(on.value[1], 0.8 + 0.2 * 0.95, 1.0 / kWinUnits);
}

TEST(ScoreUtility, DoesNotTradeALikelierWinForABiggerOne) {
  // A wins 90% by a little, B 60% by a lot.
  const Game game{{0.9, 0.6}, {0.0, 1.0}};
  const Searched on = search(game, 0.1);
  EXPECT_GT(on.visits[0], on.visits[1]);
  EXPECT_NEAR(on.win_rate[0], 0.9, 0.02);
}

TEST(ScoreUtility, OffTheValueIsTheOutcome) {
  const Game game{{0.7, 0.3}, {1.0, -1.0}};
  const Searched off = search(game, 0);
  for (int i = 0; i < 2; ++i) EXPECT_DOUBLE_EQ(off.value[i], off.win_rate[i]);
}

}  // namespace
}  // namespace tengen
