#pragma once
// One rank's side of sharing a tree during one search: which of a node's
// counts are its own simulations and which came from other ranks, so that
// it sends only its own, each once (MoGo shares the statistics added since
// the last synchronisation). A node's count is always
//   count at the start of the search + own simulations since + remote adds,
// and the ledger keeps, per node, the own part already sent and the remote
// part added. Nothing of the tree's hot path changes: the search threads go
// on with their relaxed atomics while this reads the counters and adds
// other ranks' counts with atomic adds, from another thread.
//
// Counts a node had when the search began are never sent again: a kept
// subtree's counts already hold what every rank contributed to it earlier.
// Nodes with visits at the start are recorded then; a node first seen later
// had no visits at the start, and its RAVE counts from before it was first
// seen are not sent (a small loss, never a double count).

#include <cstdint>
#include <unordered_map>

#include "tengen/cluster/stats.h"
#include "tengen/search/tree.h"

namespace tengen::cluster {

// cluster-share-depth and cluster-share-min-visits (Settings holds the defaults).
struct ShareConfig {
  int depth;                // deepest shared node (the root is 0), at most kMaxShareDepth
  std::int64_t min_visits;  // a node is shared once it has this many visits
};

NodeStats read_stats(const Node& n);

class TreeSharing {
 public:
  // Starts a search over `tree` (the root prepared): remembers every node
  // that has visits, and every child of the root, as already shared.
  TreeSharing(Tree& tree, const ShareConfig& config);

  // This rank's own simulations through the shared nodes since the last
  // call (or the start).
  StatsDelta take_local();
  // Adds other ranks' counts to the nodes this tree has; nodes it lacks are
  // skipped. Returns the visits added at the root.
  std::int64_t add_remote(const StatsDelta& delta);

  // Simulations other ranks added at the root in this search.
  std::int64_t remote_root_visits() const { return remote_root_visits_; }

 private:
  struct Entry {
    NodeStats sent;    // own counts already sent, plus what the node had at the start
    NodeStats remote;  // counts added from other ranks
  };
  Entry& entry(const Node& n);
  void remember(const Node& n, int depth);
  void collect(const Node& n, const Path& path, StatsDelta& out);
  Node* find(const Path& path);

  Tree& tree_;
  ShareConfig config_;
  std::unordered_map<const Node*, Entry> ledger_;
  std::int64_t remote_root_visits_ = 0;
};

}  // namespace tengen::cluster
