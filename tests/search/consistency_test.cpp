// The counter-example of Berthier, Doghmen and Teytaud (Fig. 1), as an
// abstract game with no Go in it: an epsilon-greedy tree search prefers the
// losing root move, Tengen's search (MoGo's formula with the consistency
// fixes) the winning one.
//
// The root (Max) chooses between two chains of `kDepth` decisions:
// - left: Min decides at every level; "stay" goes on (and finally to reward
//   0), "slip" ends at once with reward 1. Its value is 0.
// - right: Max decides at every level; "stay" goes on (and finally to reward
//   1), "slip" ends at once with reward 0. Its value is 1.
// Random play slips somewhere along a long chain, so random estimates (and
// epsilon-greedy ones) rate the left side high and the right side low.
//
// A second game checks that the rule's random draws do not trap a losing
// side in them once it has found its refutation.

#include <gtest/gtest.h>

#include <vector>

#include "support/abstract_search.h"
#include "tengen/search/mcts.h"
#include "tengen/util/params.h"

namespace tengen {
namespace {

constexpr int kDepth = 10;

struct ChainGame {
  // State: which chain (-1 at the root), how deep, or a terminal reward.
  struct State {
    int chain = -1;  // 0 left, 1 right
    int level = 0;
    int reward = -1;  // Max's half points once over
  };
  struct Scratch {};
  static constexpr int kMaxMoves = 2;
  static constexpr int kMaxChildren = 2;
  static constexpr int kMaxTrail = 64;

  int player(const State& s) const { return s.chain == 0 ? 1 : 0; }
  bool terminal(const State& s) const { return s.reward >= 0; }
  int children(const State&, ChildInit* out, Scratch&) const {
    out[0] = {0, 0.5f};
    out[1] = {1, 0.5f};
    return 2;
  }
  // Move 0 stays on the chain, move 1 slips off (at the root: 0 left, 1 right).
  void play(State& s, TreeMove m, Scratch&) const {
    if (s.chain < 0) {
      s.chain = m;
      return;
    }
    if (m == 1) {
      s.reward = s.chain == 0 ? 2 : 0;
    } else if (++s.level == kDepth) {
      s.reward = s.chain == 0 ? 0 : 2;
    }
  }
  int rollout(State& s, Rng& rng, Scratch& scratch, TrailEntry* trail, int* length) const {
    while (!terminal(s)) {
      const TreeMove m = static_cast<TreeMove>(rng.below(2));
      trail[(*length)++] = {m, static_cast<std::uint8_t>(player(s))};
      play(s, m, scratch);
    }
    return s.reward;
  }
  int terminal_result(const State& s) const { return s.reward; }
  bool amaf(TreeMove) const { return false; }
};

// A naive epsilon-greedy tree search: every node keeps visits and Max's wins;
// with probability epsilon a node's move is drawn at random, otherwise the
// best mean for the side to move is taken (unvisited first).
int epsilon_greedy_choice(double epsilon, int simulations, std::uint64_t seed) {
  struct Stats {
    double n = 0, max_wins = 0;
  };
  const ChainGame game;
  // Nodes indexed by (chain, level, move): small enough for a flat table.
  std::vector<Stats> stats(2 * (kDepth + 1) * 2 + 2);
  auto index = [](const ChainGame::State& s, int move) {
    return s.chain < 0 ? move : 2 + (s.chain * (kDepth + 1) + s.level) * 2 + move;
  };
  Rng rng(seed);
  ChainGame::Scratch scratch;
  for (int sim = 0; sim < simulations; ++sim) {
    ChainGame::State s;
    std::vector<int> path;
    while (!game.terminal(s)) {
      int move = static_cast<int>(rng.below(2));
      if (rng.uniform() >= epsilon) {
        const Stats& a = stats[index(s, 0)];
        const Stats& b = stats[index(s, 1)];
        if (a.n == 0 || b.n == 0) {
          move = a.n == 0 ? 0 : 1;
        } else {
          const double va = a.max_wins / a.n, vb = b.max_wins / b.n;
          const bool max_to_move = game.player(s) == 0;
          move = (max_to_move ? va >= vb : va <= vb) ? 0 : 1;
        }
      }
      path.push_back(index(s, move));
      game.play(s, static_cast<TreeMove>(move), scratch);
    }
    for (int i : path) {
      stats[i].n += 1;
      stats[i].max_wins += s.reward / 2.0;
    }
  }
  return stats[0].n > stats[1].n ? 0 : 1;
}

int tengen_choice(const SelectionParams& params, int simulations, std::uint64_t seed) {
  Tree tree(8 << 20);
  const ChildInit root[2] = {{0, 0.5f}, {1, 0.5f}};
  test_support::search_abstract_game(ChainGame{}, tree, params, root, 2, simulations, seed);
  const Node* kids = tree.children(tree.root());
  return kids[0].n() > kids[1].n() ? 0 : 1;
}

TEST(SearchConsistency, EpsilonGreedyPicksTheLosingSide) {
  for (std::uint64_t seed : {1, 2, 3}) {
    EXPECT_EQ(epsilon_greedy_choice(0.2, 200000, seed), 0) << "seed " << seed;
  }
}

TEST(SearchConsistency, TengenPicksTheWinningSide) {
  for (std::uint64_t seed : {1, 2, 3}) {
    EXPECT_EQ(tengen_choice(SelectionParams::from_settings(Settings{}), 1000000, seed), 1) << "seed " << seed;
  }
}

// Max makes the one move there is; then Min has kRefutationMoves replies, all
// losing but the last, which its prior hides. Min's value falls below the
// threshold before the refutation is tried, so the rule draws Min's moves at
// random. If every draw were random, Min's value would stay at the random
// average (1 in kRefutationMoves) and the search would rate Max's move a win.
constexpr int kRefutationMoves = 8;

struct RefutationGame {
  struct State {
    int stage = 0;    // 0: Max to move, 1: Min to move
    int reward = -1;  // Max's half points once over
  };
  struct Scratch {};
  static constexpr int kMaxMoves = kRefutationMoves;
  static constexpr int kMaxChildren = kRefutationMoves;
  static constexpr int kMaxTrail = 8;

  int player(const State& s) const { return s.stage; }
  bool terminal(const State& s) const { return s.reward >= 0; }
  int children(const State& s, ChildInit* out, Scratch&) const {
    if (s.stage == 0) {
      out[0] = {0, 0.5f};
      return 1;
    }
    for (int m = 0; m < kRefutationMoves; ++m) {
      out[m] = {static_cast<TreeMove>(m), m == kRefutationMoves - 1 ? 0.05f : 0.5f};
    }
    return kRefutationMoves;
  }
  void play(State& s, TreeMove m, Scratch&) const {
    if (s.stage == 0) {
      s.stage = 1;
    } else {
      s.reward = m == kRefutationMoves - 1 ? 0 : 2;
    }
  }
  int rollout(State& s, Rng& rng, Scratch& scratch, TrailEntry* trail, int* length) const {
    while (!terminal(s)) {
      const TreeMove m = static_cast<TreeMove>(s.stage == 0 ? 0 : rng.below(kRefutationMoves));
      trail[(*length)++] = {m, static_cast<std::uint8_t>(player(s))};
      play(s, m, scratch);
    }
    return s.reward;
  }
  int terminal_result(const State& s) const { return s.reward; }
  bool amaf(TreeMove) const { return false; }
};

TEST(SearchConsistency, ALosingSidePlaysTheRefutationItFound) {
  SelectionParams params = SelectionParams::from_settings(Settings{});
  params.consistency_min_visits = 50;  // the threshold applies before the refutation is tried
  for (std::uint64_t seed : {1, 2, 3}) {
    Tree tree(8 << 20);
    const ChildInit root[1] = {{0, 0.5f}};
    test_support::search_abstract_game(RefutationGame{}, tree, params, root, 1, 100000, seed);
    const Node& max_move = tree.children(tree.root())[0];
    ASSERT_TRUE(max_move.expanded());
    const Node& refutation = tree.children(max_move)[kRefutationMoves - 1];
    // Max's value of its move: 0 in truth, 7/8 for a trapped Min.
    EXPECT_LT(max_move.value(), 0.2) << "seed " << seed;
    EXPECT_GT(refutation.n(), max_move.n() / 2) << "seed " << seed;
  }
}

}  // namespace
}  // namespace tengen
