#include "tengen/search/tree.h"

#include <algorithm>

namespace tengen {

Tree::Tree(std::size_t memory_bytes)
    : capacity_(std::max<std::size_t>(memory_bytes / sizeof(Node), 1024)), nodes_(new Node[capacity_]) {
  clear();
}

void Tree::clear() {
  Node& r = nodes_[0];
  r.move = 0;
  r.num_children = 0;
  r.first_child = kNoNode;
  r.state.store(Node::kLeaf, std::memory_order_relaxed);
  r.visits.store(0, std::memory_order_relaxed);
  r.half_wins.store(0, std::memory_order_relaxed);
  r.virtual_loss.store(0, std::memory_order_relaxed);
  next_free_.store(1, std::memory_order_relaxed);
}

NodeIndex Tree::allocate(std::uint32_t count) {
  const std::size_t start = next_free_.fetch_add(count, std::memory_order_relaxed);
  if (start + count > capacity_) return kNoNode;
  return static_cast<NodeIndex>(start);
}

bool Tree::expand(Node& leaf, const TreeMove* moves, int count) {
  std::uint8_t expected = Node::kLeaf;
  if (!leaf.state.compare_exchange_strong(expected, Node::kExpanding, std::memory_order_acquire)) return false;
  const NodeIndex first = count > 0 ? allocate(static_cast<std::uint32_t>(count)) : kNoNode;
  if (first == kNoNode) {
    leaf.state.store(Node::kUnexpandable, std::memory_order_release);
    return false;
  }
  for (int i = 0; i < count; ++i) {
    Node& c = nodes_[first + i];
    c.move = moves[i];
    c.num_children = 0;
    c.first_child = kNoNode;
    c.state.store(Node::kLeaf, std::memory_order_relaxed);
    c.visits.store(0, std::memory_order_relaxed);
    c.half_wins.store(0, std::memory_order_relaxed);
    c.virtual_loss.store(0, std::memory_order_relaxed);
  }
  leaf.first_child = first;
  leaf.num_children = static_cast<std::uint16_t>(count);
  leaf.state.store(Node::kExpanded, std::memory_order_release);
  return true;
}

}  // namespace tengen
