#include "tengen/playout/playout_stats.h"

#include <cstdio>
#include <optional>

namespace tengen {

namespace {

// The light policy, tagged the way the heavy one tags its fallback.
PlayoutResult tagged_light_playout(Board& board, Rng& rng, int max_moves, Point* moves, Rule* tags,
                                   RuleCounters& counters) {
  PlayoutResult result;
  while (board.consecutive_passes() < 2) {
    if (result.moves_played >= max_moves) {
      result.hit_move_limit = true;
      break;
    }
    const Point p = light_policy_move(board, rng);
    const Rule rule = p == kPass ? Rule::Pass : Rule::Random;
    moves[result.moves_played] = p;
    tags[result.moves_played] = rule;
    counters.add(rule);
    ++result.moves_played;
    board.play(p, board.to_move());
  }
  result.score = board.playout_score();
  return result;
}

std::string percent(std::int64_t part, std::int64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%5.1f%%", whole > 0 ? 100.0 * static_cast<double>(part) / whole : 0.0);
  return text;
}

}  // namespace

PlayoutStats collect_playout_stats(const Board& root, const HeavyConfig* heavy, int playouts, double komi,
                                   Rng& rng) {
  PlayoutStats stats;
  stats.policy = heavy ? Policy::Heavy : Policy::Light;
  stats.sample_first = root.to_move();
  const int limit = playout_move_limit(root.size());
  std::vector<Point> moves(limit);
  std::vector<Rule> tags(limit);
  std::optional<HeavyPolicy> policy;
  if (heavy) policy.emplace(*heavy);
  for (int i = 0; i < playouts; ++i) {
    Board board = root;
    board.reset_pass_count();
    const PlayoutResult r = policy ? policy->playout(board, rng, limit, moves.data(), &stats.counters, tags.data())
                                   : tagged_light_playout(board, rng, limit, moves.data(), tags.data(), stats.counters);
    ++stats.playouts;
    stats.moves += r.moves_played;
    stats.black_area_wins += r.score - komi > 0;
    if (i == 0) {
      stats.sample_moves.assign(moves.begin(), moves.begin() + r.moves_played);
      stats.sample_tags.assign(tags.begin(), tags.begin() + r.moves_played);
    }
  }
  return stats;
}

std::string format_playout_stats(const PlayoutStats& s, int board_size) {
  std::string out = "policy " + std::string(policy_name(s.policy)) + ", " + std::to_string(s.playouts) + " playouts, " +
                    std::to_string(s.moves) + " moves, Black wins " + percent(s.black_area_wins, s.playouts) + "\n";
  out += "rule           moves  share\n";
  for (int i = 0; i < kRuleCount; ++i) {
    const Rule rule = static_cast<Rule>(i);
    char line[80];
    std::snprintf(line, sizeof line, "%-12s %7lld %s\n", std::string(rule_name(rule)).c_str(),
                  static_cast<long long>(s.counters[rule]), percent(s.counters[rule], s.counters.total()).c_str());
    out += line;
  }
  out += "sample playout, " + std::to_string(s.sample_moves.size()) + " moves:\n";
  Color c = s.sample_first;
  for (std::size_t i = 0; i < s.sample_moves.size(); ++i) {
    out += std::to_string(i + 1) + " " + (c == Color::Black ? "B " : "W ") +
           vertex_string(s.sample_moves[i], board_size) + " " + std::string(rule_name(s.sample_tags[i])) + "\n";
    c = opponent(c);
  }
  if (!out.empty()) out.pop_back();
  return out;
}

}  // namespace tengen
