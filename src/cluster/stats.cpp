#include "tengen/cluster/stats.h"

#include <algorithm>
#include <map>

#include "tengen/cluster/wire.h"

namespace tengen::cluster {

bool Path::operator==(const Path& o) const {
  return depth == o.depth && std::equal(moves.begin(), moves.begin() + depth, o.moves.begin());
}

bool Path::operator<(const Path& o) const {
  return std::lexicographical_compare(moves.begin(), moves.begin() + depth, o.moves.begin(), o.moves.begin() + o.depth);
}

NodeStats& NodeStats::operator+=(const NodeStats& o) {
  visits += o.visits;
  wins += o.wins;
  outcomes += o.outcomes;
  rave_visits += o.rave_visits;
  rave_wins += o.rave_wins;
  return *this;
}

NodeStats& NodeStats::operator-=(const NodeStats& o) {
  visits -= o.visits;
  wins -= o.wins;
  outcomes -= o.outcomes;
  rave_visits -= o.rave_visits;
  rave_wins -= o.rave_wins;
  return *this;
}

NodeStats operator+(NodeStats a, const NodeStats& b) { return a += b; }
NodeStats operator-(NodeStats a, const NodeStats& b) { return a -= b; }

NodeStats clamped(const NodeStats& s) {
  auto c = [](std::int64_t v) { return std::max<std::int64_t>(v, 0); };
  return {c(s.visits), c(s.wins), c(s.outcomes), c(s.rave_visits), c(s.rave_wins)};
}

NodeStats larger(const NodeStats& a, const NodeStats& b) {
  return {std::max(a.visits, b.visits), std::max(a.wins, b.wins), std::max(a.outcomes, b.outcomes),
          std::max(a.rave_visits, b.rave_visits), std::max(a.rave_wins, b.rave_wins)};
}

namespace {

StatsDelta from_map(const std::map<Path, NodeStats>& m) {
  StatsDelta out;
  out.reserve(m.size());
  for (const auto& [path, stats] : m) {
    if (!stats.empty()) out.push_back({path, stats});
  }
  return out;
}

}  // namespace

StatsDelta sum(const std::vector<const StatsDelta*>& parts) {
  std::map<Path, NodeStats> total;
  for (const StatsDelta* part : parts) {
    for (const SharedNode& n : *part) total[n.path] += n.stats;
  }
  return from_map(total);
}

StatsDelta minus(const StatsDelta& total, const StatsDelta& part) {
  std::map<Path, NodeStats> rest;
  for (const SharedNode& n : total) rest[n.path] += n.stats;
  for (const SharedNode& n : part) {
    auto it = rest.find(n.path);
    if (it != rest.end()) it->second = clamped(it->second - n.stats);
  }
  return from_map(rest);
}

std::int64_t root_visits(const StatsDelta& d) {
  for (const SharedNode& n : d) {
    if (n.path.depth == 0) return n.stats.visits;
  }
  return 0;
}

void encode(const StatsDelta& d, std::string& out) {
  Writer w(out);
  w.u(d.size());
  for (const SharedNode& n : d) {
    w.u(n.path.depth);
    for (int i = 0; i < n.path.depth; ++i) w.u(n.path.moves[i]);
    w.u(static_cast<std::uint64_t>(n.stats.visits));
    w.u(static_cast<std::uint64_t>(n.stats.wins));
    w.u(static_cast<std::uint64_t>(n.stats.outcomes));
    w.u(static_cast<std::uint64_t>(n.stats.rave_visits));
    w.u(static_cast<std::uint64_t>(n.stats.rave_wins));
  }
}

std::optional<StatsDelta> decode(const std::string& in, std::size_t& pos) {
  Reader r(in, pos);
  const std::uint64_t count = r.u();
  // Every entry takes at least 6 bytes: a count beyond that is corrupt.
  if (!r.ok() || count > (in.size() - pos) / 6) return std::nullopt;
  StatsDelta d(count);
  constexpr auto kMaxCount = static_cast<std::uint64_t>(INT64_MAX);
  for (SharedNode& n : d) {
    const std::uint64_t depth = r.u();
    if (depth > kMaxShareDepth) return std::nullopt;
    n.path.depth = static_cast<std::uint8_t>(depth);
    for (int i = 0; i < n.path.depth; ++i) {
      const std::uint64_t m = r.u();
      if (m > 0xFFFF) return std::nullopt;
      n.path.moves[i] = static_cast<TreeMove>(m);
    }
    std::int64_t* fields[] = {&n.stats.visits, &n.stats.wins, &n.stats.outcomes, &n.stats.rave_visits,
                              &n.stats.rave_wins};
    for (std::int64_t* f : fields) {
      const std::uint64_t v = r.u();
      if (v > kMaxCount) return std::nullopt;
      *f = static_cast<std::int64_t>(v);
    }
  }
  if (!r.ok()) return std::nullopt;
  return d;
}

}  // namespace tengen::cluster
