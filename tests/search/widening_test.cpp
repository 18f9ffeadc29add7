// Progressive widening (search/selection.h): how many children a node looks
// at, and a search that never visits the ones beyond that count.

#include <gtest/gtest.h>

#include "support/abstract_search.h"
#include "tengen/search/mcts.h"
#include "tengen/util/params.h"

namespace tengen {
namespace {

// Without the consistency rule's random draws, which reach every child
// whatever the widening (that is what makes the search consistent).
SelectionParams with_widening(double mu) {
  Settings s;
  s.widening = mu;
  s.consistency_threshold = 0;
  return SelectionParams::from_settings(s);
}

TEST(Widening, TheCountGrowsWithTheLogOfTheVisits) {
  const SelectionParams two = with_widening(2);
  EXPECT_EQ(widened_count(300, 0, two), 1);
  EXPECT_EQ(widened_count(300, 1, two), 1);
  EXPECT_EQ(widened_count(300, 3, two), 2);   // log2 3 = 1.58
  EXPECT_EQ(widened_count(300, 6, two), 3);   // 2.58
  EXPECT_EQ(widened_count(300, 1500, two), 11);  // 10.55
  EXPECT_EQ(widened_count(5, 1500, two), 5);  // never more than there are
  EXPECT_EQ(widened_count(300, 1500, with_widening(1.4)), 22);  // 1 + 21.7
}

TEST(Widening, OffEveryChildCounts) {
  EXPECT_EQ(widened_count(300, 0, with_widening(0)), 300);
  EXPECT_EQ(widened_count(300, 1500, with_widening(0)), 300);
  EXPECT_EQ(widened_count(300, 1500, with_widening(1)), 300);  // no mu at or under 1
}

// Player 0 has one move at the root (100); player 1 then picks one of 16
// moves, listed by falling prior, and only the last two win for it.
struct Fan {
  static constexpr int kFan = 16;
  struct State {
    int ply = 0;
    TreeMove second = 0;
  };
  struct Scratch {};
  static constexpr int kMaxMoves = 128;
  static constexpr int kMaxChildren = kFan;
  static constexpr int kMaxTrail = 8;

  int player(const State& s) const { return s.ply % 2; }
  bool terminal(const State& s) const { return s.ply == 2; }
  int children(const State& s, ChildInit* out, Scratch&) const {
    if (s.ply == 0) {
      out[0] = {100, 0.5f};
      return 1;
    }
    for (int m = 0; m < kFan; ++m) out[m] = {static_cast<TreeMove>(m), 0.9f - 0.05f * static_cast<float>(m)};
    return kFan;
  }
  void play(State& s, TreeMove move, Scratch&) const {
    if (s.ply == 1) s.second = move;
    ++s.ply;
  }
  int rollout(State& s, Rng& rng, Scratch& scratch, TrailEntry* trail, int* length) const {
    if (s.ply == 1) {
      const auto m = static_cast<TreeMove>(rng.below(kFan));
      trail[(*length)++] = {m, 1};
      play(s, m, scratch);
    }
    return terminal_result(s);
  }
  int terminal_result(const State& s) const { return s.second >= kFan - 2 ? 0 : 2; }
  bool amaf(TreeMove) const { return true; }
};

// The visits of the fan's children after `simulations`, by move.
std::vector<std::uint32_t> fan_visits(double mu, int simulations, std::uint32_t* fan_node_visits) {
  const SelectionParams params = with_widening(mu);
  Tree tree(1 << 20);
  ChildInit root[1];
  Fan::Scratch scratch;
  const int count = Fan{}.children(Fan::State{}, root, scratch);
  test_support::search_abstract_game(Fan{}, tree, params, root, count, simulations, 3);
  const Node& fan = tree.children(tree.root())[0];
  *fan_node_visits = fan.n();
  std::vector<std::uint32_t> visits(Fan::kFan, 0);
  if (!fan.expanded()) return visits;
  const Node* kids = tree.children(fan);
  for (int i = 0; i < fan.num_children; ++i) visits[kids[i].move] = kids[i].n();
  return visits;
}

TEST(Widening, ANodeVisitsOnlyItsWidenedChildren) {
  std::uint32_t n = 0;
  const std::vector<std::uint32_t> widened = fan_visits(2, 2000, &n);
  const int allowed = widened_count(Fan::kFan, n, with_widening(2));
  ASSERT_LT(allowed, Fan::kFan - 2);
  for (int m = allowed; m < Fan::kFan; ++m) EXPECT_EQ(widened[m], 0u) << "move " << m;
  for (int m = 0; m < allowed - 1; ++m) EXPECT_GT(widened[m], 0u) << "move " << m;

  // Off, the search finds the two winning moves at the end of the list.
  const std::vector<std::uint32_t> all = fan_visits(0, 2000, &n);
  EXPECT_GT(all[Fan::kFan - 2] + all[Fan::kFan - 1], 1000u);
}

}  // namespace
}  // namespace tengen
