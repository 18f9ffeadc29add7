#pragma once
// The search tree, generic: nodes know moves only as 16-bit numbers and
// results only as wins for the player who made the move. Nodes come from a
// preallocated pool; the children of a node are contiguous.
//
// Concurrency (tree parallelism, no locks):
// - move: constant once the parent's expansion is published.
// - first_child, num_children: written once by the thread that wins the
//   expansion race (kLeaf -> kExpanding by CAS), then published by a release
//   store of kExpanded; readers load state with acquire before reading them.
// - visits, half_wins, virtual_loss: relaxed atomics. Selection may read
//   slightly stale, mutually inconsistent values; that only blurs a choice
//   that is statistical anyway, and every update is a single atomic add.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace tengen {

using TreeMove = std::uint16_t;
using NodeIndex = std::uint32_t;
inline constexpr NodeIndex kNoNode = 0xFFFFFFFFu;

struct Node {
  enum State : std::uint8_t { kLeaf = 0, kExpanding = 1, kExpanded = 2, kUnexpandable = 3 };

  TreeMove move = 0;
  std::uint16_t num_children = 0;
  NodeIndex first_child = kNoNode;
  std::atomic<std::uint8_t> state{kLeaf};
  std::atomic<std::uint32_t> visits{0};
  std::atomic<std::uint32_t> half_wins{0};  // 2 per win, 1 per draw, for the player who made `move`
  std::atomic<std::int32_t> virtual_loss{0};

  bool expanded() const { return state.load(std::memory_order_acquire) == kExpanded; }
  std::uint32_t n() const { return visits.load(std::memory_order_relaxed); }
  // Mean result for the player who made `move`, in [0, 1].
  double value() const {
    const std::uint32_t v = n();
    return v == 0 ? 0.5 : half_wins.load(std::memory_order_relaxed) / (2.0 * v);
  }
};
// Small nodes keep more of the tree in cache; 24 bytes hold it all today.
static_assert(sizeof(Node) <= 24, "Node grew: check the pool size and cache use");

class Tree {
 public:
  explicit Tree(std::size_t memory_bytes);

  // Forgets everything but a fresh root.
  void clear();
  Node& root() { return nodes_[0]; }
  Node& node(NodeIndex i) { return nodes_[i]; }
  Node* children(const Node& n) { return &nodes_[n.first_child]; }
  std::size_t capacity() const { return capacity_; }
  std::size_t used() const { return next_free_.load(std::memory_order_relaxed); }

  // Expands a leaf with the moves moves[0..count): only one thread wins the
  // race, the others get false and carry on below the leaf. If the pool is
  // full the node stays a leaf for good (kUnexpandable) and play goes on.
  bool expand(Node& leaf, const TreeMove* moves, int count);

  // Records a finished simulation through a node.
  static void add_result(Node& n, int half_wins) {
    n.visits.fetch_add(1, std::memory_order_relaxed);
    n.half_wins.fetch_add(static_cast<std::uint32_t>(half_wins), std::memory_order_relaxed);
  }

 private:
  NodeIndex allocate(std::uint32_t count);

  std::size_t capacity_;
  std::unique_ptr<Node[]> nodes_;
  std::atomic<std::size_t> next_free_{1};
};

}  // namespace tengen
