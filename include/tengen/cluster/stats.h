#pragma once
// The statistics the ranks of a cluster share: for nodes near the root,
// named by their moves from the root, the simulations one rank added since
// it last shared (a delta, as in MoGo's cluster: Gelly et al., "The
// parallelization of Monte-Carlo planning", 2008). Plain values and pure
// functions: summing the deltas of several ranks and taking one rank's
// share back out are the whole merge, testable without MPI.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tengen/search/tree.h"

namespace tengen::cluster {

// Deepest node shared: the root is depth 0.
inline constexpr int kMaxShareDepth = 8;

// A node named by the moves that lead to it from the root.
struct Path {
  std::uint8_t depth = 0;
  std::array<TreeMove, kMaxShareDepth> moves{};

  Path child(TreeMove m) const {
    Path p = *this;
    p.moves[p.depth++] = m;
    return p;
  }
  bool operator==(const Path& o) const;
  bool operator<(const Path& o) const;
};

// A node's counters, as the tree keeps them (tree.h: results in kWinUnits).
struct NodeStats {
  std::int64_t visits = 0;
  std::int64_t wins = 0;      // value
  std::int64_t outcomes = 0;  // outcome alone
  std::int64_t rave_visits = 0;
  std::int64_t rave_wins = 0;

  bool empty() const { return visits == 0 && wins == 0 && outcomes == 0 && rave_visits == 0 && rave_wins == 0; }
  NodeStats& operator+=(const NodeStats& o);
  NodeStats& operator-=(const NodeStats& o);
  bool operator==(const NodeStats&) const = default;
};
NodeStats operator+(NodeStats a, const NodeStats& b);
NodeStats operator-(NodeStats a, const NodeStats& b);
// Each counter at least 0.
NodeStats clamped(const NodeStats& s);
// Each counter the larger of the two.
NodeStats larger(const NodeStats& a, const NodeStats& b);

struct SharedNode {
  Path path;
  NodeStats stats;
  bool operator==(const SharedNode&) const = default;
};

// What one rank (or several, summed) adds to the shared nodes: sorted by
// path, one entry a path, no empty entry.
using StatsDelta = std::vector<SharedNode>;

// The sum of several deltas.
StatsDelta sum(const std::vector<const StatsDelta*>& parts);
// total minus part, node by node; part must be one of total's summands, so
// no counter goes below 0 (one that would is dropped to 0).
StatsDelta minus(const StatsDelta& total, const StatsDelta& part);
// The visits a delta adds at the root (simulations, for playout counts).
std::int64_t root_visits(const StatsDelta& d);

// Compact bytes: varints, a path as its depth and moves.
void encode(const StatsDelta& d, std::string& out);
// Reads a delta at `pos` and moves past it; nullopt if malformed.
std::optional<StatsDelta> decode(const std::string& in, std::size_t& pos);

}  // namespace tengen::cluster
