#include "tengen/cluster/sharing.h"

#include <algorithm>

namespace tengen::cluster {

namespace {

std::uint32_t units(std::int64_t v) { return static_cast<std::uint32_t>(std::clamp<std::int64_t>(v, 0, UINT32_MAX)); }

}  // namespace

NodeStats read_stats(const Node& n) {
  constexpr auto r = std::memory_order_relaxed;
  return {n.visits.load(r), n.wins.load(r), n.outcomes.load(r), n.rave_visits.load(r), n.rave_wins.load(r)};
}

TreeSharing::TreeSharing(Tree& tree, const ShareConfig& config) : tree_(tree), config_(config) {
  config_.depth = std::clamp(config_.depth, 0, kMaxShareDepth);
  config_.min_visits = std::max<std::int64_t>(config_.min_visits, 1);
  remember(tree_.root(), 0);
}

void TreeSharing::remember(const Node& n, int depth) {
  ledger_[&n] = {read_stats(n), {}};
  if (depth >= config_.depth || !n.expanded()) return;
  const Node* kids = tree_.children(n);
  for (int i = 0; i < n.num_children; ++i) {
    // The root's children are few and their RAVE counts matter most.
    if (depth == 0 || kids[i].n() > 0) remember(kids[i], depth + 1);
  }
}

// A node not seen at the start had no visits then: its visits so far are
// all this search's. Its RAVE counts are taken as sent (see the header).
TreeSharing::Entry& TreeSharing::entry(const Node& n) {
  auto [it, fresh] = ledger_.try_emplace(&n);
  if (fresh) {
    const NodeStats now = read_stats(n);
    it->second.sent = {0, 0, 0, now.rave_visits, now.rave_wins};
  }
  return it->second;
}

StatsDelta TreeSharing::take_local() {
  StatsDelta out;
  collect(tree_.root(), Path{}, out);
  std::sort(out.begin(), out.end(), [](const SharedNode& a, const SharedNode& b) { return a.path < b.path; });
  return out;
}

void TreeSharing::collect(const Node& n, const Path& path, StatsDelta& out) {
  Entry& e = entry(n);
  const NodeStats local = read_stats(n) - e.remote;
  // An own count can seem to shrink: a RAVE update of a search thread
  // (a plain load and store) may overwrite a remote add. Never send less
  // than nothing.
  const NodeStats delta = clamped(local - e.sent);
  if (!delta.empty()) {
    out.push_back({path, delta});
    e.sent = larger(e.sent, local);
  }
  if (path.depth >= config_.depth || !n.expanded()) return;
  const Node* kids = tree_.children(n);
  for (int i = 0; i < n.num_children; ++i) {
    if (kids[i].n() >= config_.min_visits) collect(kids[i], path.child(kids[i].move), out);
  }
}

Node* TreeSharing::find(const Path& path) {
  Node* n = &tree_.root();
  for (int d = 0; d < path.depth; ++d) {
    if (!n->expanded()) return nullptr;
    Node* kids = tree_.children(*n);
    Node* end = kids + n->num_children;
    Node* next = std::find_if(kids, end, [&](const Node& k) { return k.move == path.moves[d]; });
    if (next == end) return nullptr;
    n = next;
  }
  return n;
}

std::int64_t TreeSharing::add_remote(const StatsDelta& delta) {
  constexpr auto r = std::memory_order_relaxed;
  std::int64_t at_root = 0;
  for (const SharedNode& s : delta) {
    if (s.path.depth > config_.depth) continue;
    Node* n = find(s.path);
    if (!n) continue;
    Entry& e = entry(*n);
    n->visits.fetch_add(units(s.stats.visits), r);
    n->wins.fetch_add(units(s.stats.wins), r);
    n->outcomes.fetch_add(units(s.stats.outcomes), r);
    n->rave_visits.fetch_add(units(s.stats.rave_visits), r);
    n->rave_wins.fetch_add(units(s.stats.rave_wins), r);
    e.remote += s.stats;
    if (s.path.depth == 0) at_root += s.stats.visits;
  }
  remote_root_visits_ += at_root;
  return at_root;
}

}  // namespace tengen::cluster
