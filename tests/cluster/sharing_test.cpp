// Sharing trees between ranks without MPI: several real Trees, each with
// its own simulations, exchange their counts through TreeSharing and the
// pure merge (sum, minus) the way rank 0 relays them. Every tree must end
// up holding every rank's simulations exactly once.

#include "tengen/cluster/sharing.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

namespace tengen::cluster {
namespace {

// A tree with the root's children 1..3, and the children 4..5 under move 1.
std::unique_ptr<Tree> small_tree(std::uint32_t prior_visits = 0) {
  auto tree = std::make_unique<Tree>(std::size_t{1} << 20);
  const ChildInit root_kids[] = {{1, 0.5f}, {2, 0.5f}, {3, 0.5f}};
  tree->expand(tree->root(), root_kids, 3, prior_visits);
  const ChildInit deeper[] = {{4, 0.5f}, {5, 0.5f}};
  tree->expand(tree->children(tree->root())[0], deeper, 2, prior_visits);
  return tree;
}

Node* at(Tree& t, std::vector<TreeMove> moves) {
  Node* n = &t.root();
  for (TreeMove m : moves) {
    Node* kids = t.children(*n);
    Node* next = nullptr;
    for (int i = 0; i < n->num_children; ++i) {
      if (kids[i].move == m) next = &kids[i];
    }
    if (!next) return nullptr;
    n = next;
  }
  return n;
}

// One simulation through `moves`, won (value 64) or lost, with a RAVE
// update of the root's child 3.
void simulate(Tree& t, const std::vector<TreeMove>& moves, bool won) {
  const std::uint32_t v = won ? kWinUnits : 0;
  Tree::add_result(t.root(), v, v);
  for (std::size_t i = 1; i <= moves.size(); ++i) {
    Tree::add_result(*at(t, {moves.begin(), moves.begin() + static_cast<long>(i)}), v, v);
  }
  Tree::add_rave_result(*at(t, {3}), v);
}

// What rank 0 does each sync: every rank's own counts summed, each rank
// given the sum less its own.
void relay(std::vector<TreeSharing*> ranks) {
  std::vector<StatsDelta> own;
  for (TreeSharing* s : ranks) own.push_back(s->take_local());
  std::vector<const StatsDelta*> parts;
  for (const StatsDelta& d : own) parts.push_back(&d);
  const StatsDelta total = sum(parts);
  for (std::size_t r = 0; r < ranks.size(); ++r) ranks[r]->add_remote(minus(total, own[r]));
}

TEST(ClusterSharing, EveryTreeGetsEverySimulationOnce) {
  const ShareConfig config{3, 1};
  std::vector<std::unique_ptr<Tree>> trees;
  std::vector<std::unique_ptr<TreeSharing>> sharing;
  for (int r = 0; r < 3; ++r) {
    trees.push_back(small_tree());
    sharing.push_back(std::make_unique<TreeSharing>(*trees.back(), config));
  }
  std::vector<TreeSharing*> ranks = {sharing[0].get(), sharing[1].get(), sharing[2].get()};
  std::mt19937 rng(3);
  const std::vector<std::vector<TreeMove>> lines = {{1}, {2}, {3}, {1, 4}, {1, 5}};
  std::int64_t simulations = 0, wins_at_1 = 0, visits_at_1_4 = 0;
  std::int64_t own[3] = {0, 0, 0};
  for (int round = 0; round < 6; ++round) {
    for (int r = 0; r < 3; ++r) {
      const int n = 1 + static_cast<int>(rng() % 20);
      for (int i = 0; i < n; ++i) {
        // Move 3 first: a node with a visit is shared, its RAVE counts too.
        const auto& line = round == 0 && i == 0 ? lines[2] : lines[rng() % lines.size()];
        const bool won = rng() % 3 == 0;
        simulate(*trees[r], line, won);
        ++simulations;
        ++own[r];
        if (line[0] == 1) wins_at_1 += won ? kWinUnits : 0;
        if (line.size() == 2 && line[1] == 4) ++visits_at_1_4;
      }
    }
    relay(ranks);
    // However often they sync, no count is lost or counted twice.
    for (int r = 0; r < 3; ++r) {
      EXPECT_EQ(trees[r]->root().n(), simulations) << "rank " << r << " round " << round;
      EXPECT_EQ(at(*trees[r], {1})->wins.load(), wins_at_1);
      EXPECT_EQ(at(*trees[r], {1, 4})->n(), visits_at_1_4);
    }
  }
  for (int r = 0; r < 3; ++r) EXPECT_EQ(ranks[r]->remote_root_visits(), simulations - own[r]);
  // The RAVE counts too: every rank's updates of child 3, once.
  for (int r = 1; r < 3; ++r) {
    EXPECT_EQ(at(*trees[r], {3})->rave_n(), at(*trees[0], {3})->rave_n());
  }
  EXPECT_EQ(at(*trees[0], {3})->rave_n(), simulations);
}

TEST(ClusterSharing, CountsFromBeforeTheSearchAreNotSentAgain) {
  // A kept subtree already holds every rank's earlier simulations.
  auto tree = small_tree();
  for (int i = 0; i < 50; ++i) simulate(*tree, {1, 4}, i % 2 == 0);
  TreeSharing sharing(*tree, {3, 1});
  EXPECT_TRUE(sharing.take_local().empty());
  simulate(*tree, {1, 4}, true);
  const StatsDelta d = sharing.take_local();
  // The root, move 1 and move 1-4: one simulation each. Move 3's RAVE
  // update waits until move 3 has a visit of its own.
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(root_visits(d), 1);
  for (const SharedNode& n : d) {
    EXPECT_EQ(n.stats.visits, 1);
    EXPECT_EQ(n.stats.wins, kWinUnits);
    EXPECT_EQ(n.stats.rave_visits, 0);
  }
  EXPECT_TRUE(sharing.take_local().empty());
  simulate(*tree, {3}, false);
  for (const SharedNode& n : sharing.take_local()) {
    if (n.path.depth == 1) {
      EXPECT_EQ(n.stats.rave_visits, 2) << "both RAVE updates of move 3";
    }
  }
}

TEST(ClusterSharing, RemoteCountsAreNeverSentBack) {
  auto tree = small_tree();
  TreeSharing sharing(*tree, {3, 1});
  StatsDelta remote = {{Path{}, {10, 640, 640, 0, 0}}, {Path{}.child(2), {10, 640, 640, 0, 0}}};
  EXPECT_EQ(sharing.add_remote(remote), 10);
  EXPECT_EQ(tree->root().n(), 10u);
  EXPECT_EQ(at(*tree, {2})->value(), 1.0);
  EXPECT_TRUE(sharing.take_local().empty());
  simulate(*tree, {2}, false);
  const StatsDelta d = sharing.take_local();
  EXPECT_EQ(root_visits(d), 1);
}

TEST(ClusterSharing, ANodeIsSharedOnceItHasEnoughVisitsWithAllOfThem) {
  auto tree = small_tree();
  TreeSharing sharing(*tree, {3, 5});
  for (int i = 0; i < 4; ++i) simulate(*tree, {2}, true);
  for (const SharedNode& n : sharing.take_local()) {
    EXPECT_FALSE(n.path.depth == 1 && n.path.moves[0] == 2) << "shared below 5 visits";
  }
  simulate(*tree, {2}, true);
  bool found = false;
  for (const SharedNode& n : sharing.take_local()) {
    if (n.path.depth == 1 && n.path.moves[0] == 2) {
      found = true;
      EXPECT_EQ(n.stats.visits, 5);  // nothing lost while it waited
    }
  }
  EXPECT_TRUE(found);
}

TEST(ClusterSharing, DepthLimitsWhatIsSentAndWhatIsTaken) {
  auto tree = small_tree();
  TreeSharing shallow(*tree, {1, 1});
  simulate(*tree, {1, 4}, true);
  for (const SharedNode& n : shallow.take_local()) EXPECT_LE(n.path.depth, 1);
  StatsDelta deep = {{Path{}.child(1).child(4), {3, 0, 0, 0, 0}}};
  const std::uint32_t before = at(*tree, {1, 4})->n();
  shallow.add_remote(deep);
  EXPECT_EQ(at(*tree, {1, 4})->n(), before);
}

TEST(ClusterSharing, NodesThisTreeLacksAreSkipped) {
  auto tree = small_tree();
  TreeSharing sharing(*tree, {3, 1});
  // Move 2 was never expanded here; move 9 does not exist.
  const StatsDelta remote = {{Path{}.child(2).child(7), {5, 0, 0, 0, 0}}, {Path{}.child(9), {5, 0, 0, 0, 0}}};
  EXPECT_EQ(sharing.add_remote(remote), 0);
  EXPECT_EQ(at(*tree, {2})->n(), 0u);
}

TEST(ClusterSharing, RaveSeedsOfNewChildrenAreNotSent) {
  // prior_visits seed every new child's RAVE counts on every rank alike.
  auto tree = small_tree(10);
  TreeSharing sharing(*tree, {3, 1});
  const ChildInit kids[] = {{6, 0.9f}, {7, 0.1f}};
  tree->expand(*at(*tree, {2}), kids, 2, 10);
  Tree::add_result(tree->root(), 0, 0);
  Tree::add_result(*at(*tree, {2}), 0, 0);
  Tree::add_result(*at(*tree, {2, 6}), 0, 0);
  for (const SharedNode& n : sharing.take_local()) {
    EXPECT_EQ(n.stats.rave_visits, 0) << int(n.path.depth);
    EXPECT_EQ(n.stats.visits, 1);
  }
}

}  // namespace
}  // namespace tengen::cluster
