#include "tengen/search/tree.h"

#include <algorithm>
#include <vector>

namespace tengen {

Tree::Tree(std::size_t memory_bytes)
    : capacity_(std::max<std::size_t>(memory_bytes / (2 * sizeof(Node)), 1024)) {
  for (auto& pool : pool_) {
    pool.reset(static_cast<Node*>(::operator new(capacity_ * sizeof(Node), std::align_val_t(alignof(Node)))));
  }
  clear();
}

void Tree::clear() {
  copy_node(root(), Node());
  next_free_.store(1, std::memory_order_relaxed);
}

void Tree::copy_node(Node& to, const Node& from) {
  new (&to) Node();  // the pool's storage is raw until written here
  to.move = from.move;
  to.num_children = from.num_children;
  to.first_child = from.first_child;
  to.prior = from.prior;
  to.state.store(from.state.load(std::memory_order_relaxed), std::memory_order_relaxed);
  to.visits.store(from.visits.load(std::memory_order_relaxed), std::memory_order_relaxed);
  to.wins.store(from.wins.load(std::memory_order_relaxed), std::memory_order_relaxed);
  to.outcomes.store(from.outcomes.load(std::memory_order_relaxed), std::memory_order_relaxed);
  to.rave_visits.store(from.rave_visits.load(std::memory_order_relaxed), std::memory_order_relaxed);
  to.rave_wins.store(from.rave_wins.load(std::memory_order_relaxed), std::memory_order_relaxed);
  to.virtual_loss.store(0, std::memory_order_relaxed);
}

void Tree::init_child(Node& child, const ChildInit& init, std::uint32_t prior_visits) {
  Node fresh;
  fresh.move = init.move;
  fresh.prior = init.prior;
  fresh.rave_visits.store(prior_visits, std::memory_order_relaxed);
  fresh.rave_wins.store(static_cast<std::uint32_t>(float{kWinUnits} * prior_visits * init.prior + 0.5f),
                        std::memory_order_relaxed);
  copy_node(child, fresh);
}

NodeIndex Tree::allocate(std::uint32_t count) {
  const std::size_t start = next_free_.fetch_add(count, std::memory_order_relaxed);
  if (start + count > capacity_) return kNoNode;
  return static_cast<NodeIndex>(start);
}

bool Tree::expand(Node& leaf, const ChildInit* init, int count, std::uint32_t prior_visits) {
  std::uint8_t expected = Node::kLeaf;
  if (!leaf.state.compare_exchange_strong(expected, Node::kExpanding, std::memory_order_acquire)) return false;
  const NodeIndex first = count > 0 ? allocate(static_cast<std::uint32_t>(count)) : kNoNode;
  if (first == kNoNode) {
    leaf.state.store(Node::kUnexpandable, std::memory_order_release);
    return false;
  }
  Node* kids = &pool(active_)[first];
  for (int i = 0; i < count; ++i) init_child(kids[i], init[i], prior_visits);
  leaf.first_child = first;
  leaf.num_children = static_cast<std::uint16_t>(count);
  leaf.state.store(Node::kExpanded, std::memory_order_release);
  return true;
}

void Tree::set_root_children(const ChildInit* init, int count, std::uint32_t prior_visits) {
  Node& r = root();
  if (r.state.load(std::memory_order_relaxed) != Node::kExpanded) {
    r.state.store(Node::kLeaf, std::memory_order_relaxed);
    expand(r, init, count, prior_visits);
    return;
  }
  const NodeIndex first = allocate(static_cast<std::uint32_t>(count));
  if (first == kNoNode) {
    // No room to keep the old statistics beside the new list: start afresh.
    clear();
    expand(root(), init, count, prior_visits);
    return;
  }
  const Node* old = children(r);
  Node* kids = &pool(active_)[first];
  for (int i = 0; i < count; ++i) {
    const Node* same = std::find_if(old, old + r.num_children, [&](const Node& n) { return n.move == init[i].move; });
    if (same != old + r.num_children) {
      copy_node(kids[i], *same);
    } else {
      init_child(kids[i], init[i], prior_visits);
    }
  }
  r.first_child = first;
  r.num_children = static_cast<std::uint16_t>(count);
}

NodeIndex Tree::copy_subtree(const Node& from_root, int to) {
  // Breadth first, so that every node's children stay contiguous.
  const int from = 1 - to;
  std::vector<std::pair<NodeIndex, NodeIndex>> queue;  // (index in `from`, index in `to`)
  std::size_t next = 1;
  copy_node(pool(to)[0], from_root);
  pool(to)[0].first_child = kNoNode;
  pool(to)[0].num_children = 0;
  if (from_root.state.load(std::memory_order_relaxed) == Node::kExpanded) {
    queue.emplace_back(static_cast<NodeIndex>(&from_root - pool(from)), 0);
  } else {
    pool(to)[0].state.store(Node::kLeaf, std::memory_order_relaxed);
  }
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const Node& src = pool(from)[queue[q].first];
    Node& dst = pool(to)[queue[q].second];
    const NodeIndex first = static_cast<NodeIndex>(next);
    next += src.num_children;
    dst.first_child = first;
    dst.num_children = src.num_children;
    dst.state.store(Node::kExpanded, std::memory_order_relaxed);
    for (int i = 0; i < src.num_children; ++i) {
      const Node& child = pool(from)[src.first_child + i];
      Node& copy = pool(to)[first + i];
      copy_node(copy, child);
      if (child.state.load(std::memory_order_relaxed) == Node::kExpanded) {
        queue.emplace_back(src.first_child + i, first + i);
      } else {
        // A leaf that could not be expanded may be expandable in the new pool.
        copy.state.store(Node::kLeaf, std::memory_order_relaxed);
        copy.first_child = kNoNode;
        copy.num_children = 0;
      }
    }
  }
  return static_cast<NodeIndex>(next);
}

std::size_t Tree::reroot(const TreeMove* moves, int count) {
  const Node* node = &root();
  for (int i = 0; i < count && node; ++i) {
    const Node* found = nullptr;
    if (node->state.load(std::memory_order_relaxed) == Node::kExpanded) {
      const Node* kids = &pool(active_)[node->first_child];
      for (int k = 0; k < node->num_children; ++k) {
        if (kids[k].move == moves[i]) found = &kids[k];
      }
    }
    node = found;
  }
  if (!node) {
    clear();
    return 0;
  }
  const int to = 1 - active_;
  const std::size_t used = copy_subtree(*node, to);
  active_ = to;
  next_free_.store(used, std::memory_order_relaxed);
  root().move = 0;
  return used;
}

}  // namespace tengen
