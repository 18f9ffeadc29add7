// The score-bounded solver on explicit trees: bounds set at terminal nodes
// and carried up through the dummy child, the paper's cut, Max/Min
// symmetry, and exact values on random trees in every mode.

#include "tengen/solver/score_bounded.h"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/explicit_tree.h"

namespace tengen {
namespace {

using test::ExplicitTree;
using test::TreeGame;
using Solver = ScoreBoundedSolver<TreeGame>;

// Every configuration the solver offers.
std::vector<SolverConfig> all_configs() {
  std::vector<SolverConfig> configs;
  for (const SolverMode mode : {SolverMode::kPlain, SolverMode::kCuts, SolverMode::kGuidedCuts}) {
    for (const bool window : {false, true}) {
      if (mode == SolverMode::kPlain && window) continue;  // plain has no cuts to widen
      SolverConfig c;
      c.mode = mode;
      c.window_cuts = window;
      configs.push_back(c);
    }
  }
  return configs;
}

std::string describe(const SolverConfig& c) {
  const char* names[] = {"plain", "cuts", "guided"};
  return std::string(names[static_cast<int>(c.mode)]) + (c.window_cuts ? "+window" : "");
}

// A config that opens children in order, all before any revisit: the
// order of events is then easy to follow by hand.
SolverConfig in_order(SolverMode mode) {
  SolverConfig c;
  c.mode = mode;
  c.shuffle_children = false;
  c.first_play_urgency = std::numeric_limits<double>::infinity();
  return c;
}

// Walks the solver's tree beside the explicit one and checks, at every node:
// the bounds hold the true value; an expanded node's bounds are exactly the
// max/min over its opened children and the dummy child; visits add up.
void check_tree(const Solver& solver, const ExplicitTree& tree, const SolverNode& n, int e, bool is_root) {
  const int real = test::minimax(tree, e);
  ASSERT_LE(n.pess, real);
  ASSERT_GE(n.opti, real);
  if (!n.expanded()) return;
  const auto kids = solver.children(n);
  int pess = n.max_to_move ? tree.min_score : tree.max_score;
  int opti = pess;
  std::uint32_t child_visits = 0;
  for (std::size_t i = 0; i < kids.size(); ++i) {
    const bool opened = i < n.num_opened;
    const int child_pess = opened ? kids[i].pess : tree.min_score;  // the dummy child
    const int child_opti = opened ? kids[i].opti : tree.max_score;
    pess = n.max_to_move ? std::max(pess, child_pess) : std::min(pess, child_pess);
    opti = n.max_to_move ? std::max(opti, child_opti) : std::min(opti, child_opti);
    if (!opened) continue;
    child_visits += kids[i].visits;
    const int child = tree.nodes[e].children[kids[i].move];
    ASSERT_EQ(kids[i].max_to_move, tree.nodes[child].max_to_move);
    check_tree(solver, tree, kids[i], child, false);
  }
  ASSERT_EQ(n.pess, pess);
  ASSERT_EQ(n.opti, opti);
  ASSERT_EQ(n.visits, child_visits + (is_root ? 0 : 1));  // a node had one playout as a leaf
}

void check_tree(const Solver& solver, const ExplicitTree& tree) { check_tree(solver, tree, solver.root(), 0, true); }

const SolverNode& child_with_move(const Solver& solver, const SolverNode& n, int move) {
  for (const SolverNode& c : solver.children(n)) {
    if (c.move == move) return c;
  }
  throw std::logic_error("no such child");
}

TEST(SolverBounds, TerminalRootIsProvenWithoutPlayouts) {
  const ExplicitTree tree = test::parse_tree("1");
  Solver solver(SolverConfig{}, 16);
  Rng rng(1);
  const Solver::Result r = solver.solve(TreeGame(tree), 100, rng);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.value, 1);
  EXPECT_EQ(r.playouts, 0u);
  EXPECT_FALSE(r.has_move);
}

// A Max node opens its children one a playout. Its pessimistic bound rises
// with the first drawn child, but its optimistic one stays at max_score as
// long as the dummy child stands for unopened children.
TEST(SolverBounds, DummyChildHoldsTheOptimisticBoundOfAMaxNode) {
  const ExplicitTree tree = test::parse_tree("max(0, -1, -1)");
  Solver solver(in_order(SolverMode::kCuts), 16);
  Rng rng(1);
  solver.solve(TreeGame(tree), 1, rng);
  EXPECT_EQ(solver.root().pess, 0);
  EXPECT_EQ(solver.root().opti, 1);
  solver.resume(TreeGame(tree), 1, rng);
  EXPECT_EQ(solver.root().opti, 1);
  const Solver::Result r = solver.resume(TreeGame(tree), 1, rng);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.value, 0);
  EXPECT_EQ(r.best_move, 0);
  EXPECT_EQ(r.playouts, 3u);
}

TEST(SolverBounds, DummyChildHoldsThePessimisticBoundOfAMinNode) {
  const ExplicitTree tree = test::parse_tree("min(0, 1, 1)");
  Solver solver(in_order(SolverMode::kCuts), 16);
  Rng rng(1);
  solver.solve(TreeGame(tree), 2, rng);
  EXPECT_EQ(solver.root().opti, 0);
  EXPECT_EQ(solver.root().pess, -1);
  const Solver::Result r = solver.resume(TreeGame(tree), 1, rng);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.value, 0);
}

// Bounds climb two levels: the Min child's pessimistic bound (and so the
// root's) rises only when its last child opens, while the optimistic one
// falls at the first.
TEST(SolverBounds, BoundsClimbThroughTheDummyChildTwoLevels) {
  const ExplicitTree tree = test::parse_tree("max(min(0, 1), -1)");
  Solver solver(in_order(SolverMode::kCuts), 16);
  Rng rng(3);
  solver.solve(TreeGame(tree), 2, rng);  // opens min(..) then -1
  EXPECT_EQ(solver.root().pess, -1);
  EXPECT_EQ(solver.root().opti, 1);
  solver.resume(TreeGame(tree), 1, rng);  // expands min(..), opens 0
  const SolverNode& m = child_with_move(solver, solver.root(), 0);
  EXPECT_EQ(m.pess, -1);  // the dummy (the unopened 1) still counts as -1
  EXPECT_EQ(m.opti, 0);
  EXPECT_EQ(solver.root().opti, 0);
  EXPECT_EQ(solver.root().pess, -1);
  const Solver::Result r = solver.resume(TreeGame(tree), 1, rng);  // opens 1
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.value, 0);
  EXPECT_EQ(r.playouts, 4u);
}

// Step by step on random trees, in every mode: the bounds are always true
// and always exactly what the children (and the dummy child) say.
TEST(SolverBounds, BoundsAreTrueAndExactAfterEveryPlayout) {
  Rng tree_rng(11);
  for (int t = 0; t < 40; ++t) {
    const ExplicitTree tree = test::random_tree(tree_rng, 6, 4, -2, 2);
    for (const SolverConfig& config : all_configs()) {
      SCOPED_TRACE("tree " + std::to_string(t) + ", " + describe(config));
      Solver solver(config, tree.nodes.size());
      Rng rng(t);
      Solver::Result r = solver.solve(TreeGame(tree), 0, rng);
      for (int step = 0; step < 2000 && !r.proven; ++step) {
        r = solver.resume(TreeGame(tree), 1, rng);
        check_tree(solver, tree);
        if (testing::Test::HasFatalFailure()) return;
      }
      EXPECT_TRUE(r.proven);
    }
  }
}

// The paper's Figure 1: Max node a has a child c proven at 0 (a draw), so
// pess(a) = 0; its Min child d has a child f proven at 0, so opti(d) = 0 <=
// pess(a) and d is cut, however good d's playouts (g wins for Max) look.
// Without cuts the plain solver keeps visiting d until a is proven.
constexpr const char* kFigureOne =
    "max(min(max(0, -1, -1, -1), max(0, -1, -1, -1)),"  // b: a draw, slow to prove
    "    0,"                                             // c
    "    min(0, max(min(1, 1, 1), min(1, 1, 1), min(1, 1, 1))))";  // d = min(f, g)

TEST(SolverCuts, PaperFigureOneCutsNodeD) {
  const ExplicitTree tree = test::parse_tree(kFigureOne);
  Solver solver(in_order(SolverMode::kCuts), 256);
  Rng rng(5);
  const Solver::Result r = solver.solve(TreeGame(tree), 1000, rng);
  ASSERT_TRUE(r.proven);
  EXPECT_EQ(r.value, 0);
  const SolverNode& d = child_with_move(solver, solver.root(), 2);
  EXPECT_LE(d.visits, 2u);  // opened, then expanded once to open f: cut from then on
  EXPECT_LE(d.num_opened, 1);
  EXPECT_FALSE(d.solved());

  Solver plain(in_order(SolverMode::kPlain), 256);
  Rng plain_rng(5);
  const Solver::Result p = plain.solve(TreeGame(tree), 1000, plain_rng);
  ASSERT_TRUE(p.proven);
  EXPECT_EQ(p.value, 0);
  EXPECT_GT(child_with_move(plain, plain.root(), 2).visits, d.visits);
  EXPECT_GT(p.playouts, r.playouts);
}

// The same cut from the Min side, on the mirrored tree.
TEST(SolverCuts, MirroredFigureOneCutsNodeDForMin) {
  const ExplicitTree tree = test::mirrored(test::parse_tree(kFigureOne));
  Solver solver(in_order(SolverMode::kCuts), 256);
  Rng rng(5);
  const Solver::Result r = solver.solve(TreeGame(tree), 1000, rng);
  ASSERT_TRUE(r.proven);
  EXPECT_EQ(r.value, 0);
  EXPECT_LE(child_with_move(solver, solver.root(), 2).visits, 2u);
}

// Plain mode proves draws too, as the paper's plain solver must have done
// to solve the drawn boards of its Table 6.
TEST(SolverModes, PlainProvesADraw) {
  const ExplicitTree tree = test::parse_tree("max(min(0, 1), min(-1, 0))");
  Solver solver(in_order(SolverMode::kPlain), 64);
  Rng rng(2);
  const Solver::Result r = solver.solve(TreeGame(tree), 100, rng);
  ASSERT_TRUE(r.proven);
  EXPECT_EQ(r.value, 0);
  EXPECT_EQ(r.best_move, 0);
}

TEST(SolverModes, EveryModeProvesTheMinimaxValueOfRandomTrees) {
  Rng tree_rng(7);
  for (int t = 0; t < 120; ++t) {
    const ExplicitTree tree = test::random_tree(tree_rng, 6, 4, -2, 2);
    const int real = test::minimax(tree);
    for (const SolverConfig& config : all_configs()) {
      for (const std::uint64_t seed : {1, 2}) {
        SCOPED_TRACE("tree " + std::to_string(t) + ", " + describe(config) + ", seed " + std::to_string(seed));
        Solver solver(config, tree.nodes.size());  // the solver's tree never outgrows the game's
        Rng rng(seed);
        const Solver::Result r = solver.solve(TreeGame(tree), 20000, rng);
        ASSERT_TRUE(r.proven);
        EXPECT_EQ(r.value, real);
        if (tree.nodes[0].children.empty()) continue;
        ASSERT_TRUE(r.has_move);
        EXPECT_EQ(test::minimax(tree, tree.nodes[0].children[r.best_move]), real);
      }
    }
  }
}

// Swapping Max and Min and negating every score gives the same search move
// for move: same playouts, same tree, negated value.
TEST(SolverSymmetry, MirroredTreeGivesTheMirroredSearch) {
  Rng tree_rng(13);
  for (int t = 0; t < 40; ++t) {
    const ExplicitTree tree = test::random_tree(tree_rng, 6, 4, -1, 1);
    const ExplicitTree mirror = test::mirrored(tree);
    for (const SolverConfig& config : all_configs()) {
      SCOPED_TRACE("tree " + std::to_string(t) + ", " + describe(config));
      Solver a(config, tree.nodes.size());
      Solver b(config, tree.nodes.size());
      Rng rng_a(t), rng_b(t);
      const Solver::Result ra = a.solve(TreeGame(tree), 20000, rng_a);
      const Solver::Result rb = b.solve(TreeGame(mirror), 20000, rng_b);
      EXPECT_EQ(ra.proven, rb.proven);
      EXPECT_EQ(ra.value, -rb.value);
      EXPECT_EQ(ra.pess, -rb.opti);
      EXPECT_EQ(ra.playouts, rb.playouts);
      EXPECT_EQ(ra.nodes, rb.nodes);
      EXPECT_EQ(ra.best_move, rb.best_move);
    }
  }
}

TEST(SolverSearch, SameSeedSameSearch) {
  Rng tree_rng(17);
  const ExplicitTree tree = test::random_tree(tree_rng, 7, 4, -1, 1);
  Solver a(SolverConfig{}, Solver::nodes_for(300));
  Solver b(SolverConfig{}, Solver::nodes_for(300));
  Rng rng_a(9), rng_b(9);
  const Solver::Result ra = a.solve(TreeGame(tree), 300, rng_a);
  const Solver::Result rb = b.solve(TreeGame(tree), 300, rng_b);
  EXPECT_EQ(ra.playouts, rb.playouts);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_EQ(ra.pess, rb.pess);
  EXPECT_EQ(ra.opti, rb.opti);
  EXPECT_EQ(a.root().visits, b.root().visits);
  EXPECT_EQ(a.root().score_sum, b.root().score_sum);
}

// A complete tree in the parser's notation, alternating Max and Min.
std::string complete_tree(Rng& rng, int depth, int branching, bool max_to_move) {
  if (depth == 0) return std::to_string(static_cast<int>(rng.below(3)) - 1);
  std::string s = max_to_move ? "max(" : "min(";
  for (int i = 0; i < branching; ++i) s += (i ? "," : "") + complete_tree(rng, depth - 1, branching, !max_to_move);
  return s + ")";
}

TEST(SolverSearch, FullPoolStopsGrowthButNotTheSearch) {
  Rng tree_rng(19);
  const ExplicitTree tree = test::parse_tree(complete_tree(tree_rng, 6, 3, true));
  Solver solver(SolverConfig{}, 10);
  Rng rng(1);
  const Solver::Result r = solver.solve(TreeGame(tree), 500, rng);
  EXPECT_TRUE(r.pool_full);
  EXPECT_FALSE(r.proven);
  EXPECT_EQ(r.playouts, 500u);
  EXPECT_LE(r.nodes, 10u);
  EXPECT_LE(r.pess, test::minimax(tree));
  EXPECT_GE(r.opti, test::minimax(tree));
  EXPECT_TRUE(r.has_move);
}

TEST(SolverSearch, RefusesBudgetsThatCouldOverflowTheScoreSums) {
  const ExplicitTree tree = test::parse_tree("max(-1000, 1000)", -1000, 1000);
  Solver solver(SolverConfig{}, 16);
  Rng rng(1);
  EXPECT_THROW(solver.solve(TreeGame(tree), 10'000'000, rng), std::invalid_argument);
  EXPECT_THROW(Solver(SolverConfig{}, 0), std::invalid_argument);
}

}  // namespace
}  // namespace tengen
