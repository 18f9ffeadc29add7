#pragma once
// The search tree, generic: nodes know moves only as 16-bit numbers and
// results only as wins for the player who made the move. Nodes come from a
// preallocated pool; the children of a node are contiguous. Two pools of
// half the memory each let the tree keep the subtree of the moves played
// between searches (reroot copies it into the other pool).
//
// Concurrency (tree parallelism, no locks):
// - Constant once the parent's expansion is published: move, prior.
// - Written once by the thread that wins the expansion race (kLeaf ->
//   kExpanding by CAS), then published by a release store of kExpanded:
//   first_child, num_children. Readers load `state` with acquire first.
// - Relaxed atomics: visits, wins, rave_visits, rave_wins, virtual_loss.
//   Selection may read slightly stale, mutually inconsistent values; that
//   only blurs a choice that is statistical anyway. visits, wins and
//   virtual_loss change by atomic adds, so none of their updates is lost;
//   the RAVE pair is racy on purpose (see add_rave_result).

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace tengen {

using TreeMove = std::uint16_t;
using NodeIndex = std::uint32_t;
inline constexpr NodeIndex kNoNode = 0xFFFFFFFFu;

// Results are counted in units of 1/64 of a win for the player credited: a
// win is 64, a loss 0, a draw its draw value; a score-aware result (see
// SelectionParams::score_weight) lies anywhere between. Fine units keep
// those exact; the counters still hold 67 million visits' worth.
inline constexpr std::uint32_t kWinUnits = 64;

struct Node {
  enum State : std::uint8_t { kLeaf = 0, kExpanding = 1, kExpanded = 2, kUnexpandable = 3 };

  TreeMove move = 0;
  std::uint16_t num_children = 0;
  NodeIndex first_child = kNoNode;
  float prior = 0.5f;  // H(d) in [0, 1]
  std::atomic<std::uint8_t> state{kLeaf};
  std::atomic<std::uint32_t> visits{0};
  std::atomic<std::uint32_t> wins{0};         // value in kWinUnits, for the player who made `move`
  std::atomic<std::uint32_t> outcomes{0};     // the same without the score term: wins, losses, draws
  std::atomic<std::uint32_t> rave_visits{0};  // AMAF statistics, same units
  std::atomic<std::uint32_t> rave_wins{0};
  std::atomic<std::int32_t> virtual_loss{0};

  bool expanded() const { return state.load(std::memory_order_acquire) == kExpanded; }
  std::uint32_t n() const { return visits.load(std::memory_order_relaxed); }
  std::uint32_t rave_n() const { return rave_visits.load(std::memory_order_relaxed); }
  // Mean value for the player who made `move`, in [0, 1]: what the search
  // maximises (the outcome, plus the score term when it is on).
  double value() const { return mean(wins); }
  // Mean outcome alone: the win rate (a draw counted at its draw value).
  double win_rate() const { return mean(outcomes); }
  double rave_value() const {
    const std::uint32_t v = rave_n();
    return v == 0 ? 0.5 : rave_wins.load(std::memory_order_relaxed) / (double{kWinUnits} * v);
  }

 private:
  double mean(const std::atomic<std::uint32_t>& units) const {
    const std::uint32_t v = n();
    return v == 0 ? 0.5 : units.load(std::memory_order_relaxed) / (double{kWinUnits} * v);
  }
};
// 40 bytes: a 19x19 expansion (362 children) spans about 230 cache lines;
// growing the node costs tree size per MiB directly.
static_assert(sizeof(Node) <= 40, "Node grew: check the pool size and cache use");

// What a new child starts with: its move and its prior H, which also seeds
// `prior_visits` RAVE visits at H.
struct ChildInit {
  TreeMove move;
  float prior;
};

class Tree {
 public:
  explicit Tree(std::size_t memory_bytes);

  // Forgets everything but a fresh root.
  void clear();
  Node& root() { return pool(active_)[0]; }
  Node* children(const Node& n) { return &pool(active_)[n.first_child]; }
  std::size_t capacity() const { return capacity_; }
  std::size_t used() const { return next_free_.load(std::memory_order_relaxed); }

  // Expands a leaf: only one thread wins the race, the others get false and
  // carry on below the leaf. If the pool is full the node stays a leaf for
  // good (kUnexpandable) and play goes on. prior_visits seeds each child's
  // RAVE statistics with that many visits at its prior.
  bool expand(Node& leaf, const ChildInit* children, int count, std::uint32_t prior_visits);

  // Gives the root exactly these children, in this order: a child the root
  // had already keeps its statistics and subtree, the others start fresh.
  // Not thread-safe: call between searches.
  void set_root_children(const ChildInit* children, int count, std::uint32_t prior_visits);

  // Keeps only the subtree reached from the root by `moves` (in order), which
  // becomes the new root; clears the tree if that node does not exist. Not
  // thread-safe: call between searches. Returns the nodes kept.
  std::size_t reroot(const TreeMove* moves, int count);

  // Records a finished simulation through a node: its value and its
  // outcome alone, in kWinUnits.
  static void add_result(Node& n, std::uint32_t value, std::uint32_t outcome) {
    n.visits.fetch_add(1, std::memory_order_relaxed);
    n.wins.fetch_add(value, std::memory_order_relaxed);
    n.outcomes.fetch_add(outcome, std::memory_order_relaxed);
  }
  // RAVE updates are many (a whole child list per node on the path) and
  // statistical: a plain relaxed load and store instead of a locked add, so
  // two threads updating the same child at once may lose one update.
  // A weight counts the result as that many visits.
  static void add_rave_result(Node& n, std::uint32_t value, std::uint32_t weight = 1) {
    n.rave_visits.store(n.rave_visits.load(std::memory_order_relaxed) + weight, std::memory_order_relaxed);
    n.rave_wins.store(n.rave_wins.load(std::memory_order_relaxed) + weight * value, std::memory_order_relaxed);
  }

 private:
  NodeIndex allocate(std::uint32_t count);
  static void copy_node(Node& to, const Node& from);
  // A new child: its prior, and prior_visits RAVE visits at that prior.
  static void init_child(Node& child, const ChildInit& init, std::uint32_t prior_visits);
  NodeIndex copy_subtree(const Node& from_root, int to_pool);

  // Raw storage: a node is constructed when it is first written (copy_node),
  // so a big pool costs no time and no memory until the tree grows into it.
  struct RawDelete {
    void operator()(Node* p) const { ::operator delete(p, std::align_val_t(alignof(Node))); }
  };
  Node* pool(int which) { return pool_[which].get(); }

  std::size_t capacity_;  // nodes per pool
  std::unique_ptr<Node, RawDelete> pool_[2];
  int active_ = 0;
  std::atomic<std::size_t> next_free_{1};
};

}  // namespace tengen
