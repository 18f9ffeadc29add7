// The GTP command tengen-playout_stats: per-rule counts and shares for the
// configured policy, a tagged sample playout, argument checks, the same
// answer for the same seed, and a clear failure when the pattern file is
// missing.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "support/quick_settings.h"
#include "tengen/gtp/gtp.h"
#include "tengen/playout/heavy.h"

namespace tengen {
namespace {

Settings stats_settings(Policy policy) {
  return test_support::quick_settings({.playouts = 50, .score_playouts = {}, .seed = 99, .policy = policy});
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The count in the rule's line of the table ("pattern   123  12.3%").
long long count_of(const std::vector<std::string>& lines, Rule rule) {
  for (const auto& l : lines) {
    std::istringstream words(l);
    std::string name;
    long long n = -1;
    if (words >> name >> n && name == rule_name(rule)) return n;
  }
  return -1;
}

class PlayoutStatsGtp : public ::testing::Test {
 protected:
  std::string reply(GtpServer& server, const std::string& line) { return server.handle_line(line).value(); }
};

TEST_F(PlayoutStatsGtp, HeavyPolicyCountsEveryRuleAndTagsASample) {
  Engine engine(stats_settings(Policy::Heavy));
  GtpServer server(engine);
  for (const char* m : {"play b e5", "play w e6", "play b d6"}) ASSERT_EQ(reply(server, m), "=\n\n");
  const std::string r = reply(server, "tengen-playout_stats 40");
  ASSERT_EQ(r.substr(0, 3), "= \n") << r;
  const auto lines = lines_of(r);
  EXPECT_EQ(lines.at(1).rfind("policy heavy, 40 playouts", 0), 0u) << r;
  long long total = 0;
  for (int i = 0; i < kRuleCount; ++i) {
    const long long n = count_of(lines, static_cast<Rule>(i));
    ASSERT_GE(n, 0) << rule_name(static_cast<Rule>(i)) << " missing in\n" << r;
    total += n;
  }
  EXPECT_GT(count_of(lines, Rule::Pattern), 0);
  EXPECT_NE(r.find(" moves, Black wins"), std::string::npos);
  EXPECT_NE(r.find(std::to_string(total) + " moves"), std::string::npos) << r;
  // The sample starts with White (Black played last) and names a rule per move.
  const auto sample = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.rfind("sample playout", 0) == 0;
  });
  ASSERT_NE(sample, lines.end());
  ASSERT_NE(sample + 1, lines.end());
  EXPECT_EQ(sample[1].rfind("1 W ", 0), 0u) << sample[1];
  bool tagged = true;
  for (auto it = sample + 1; it != lines.end() && !it->empty(); ++it) {
    std::istringstream words(*it);
    std::string number, color, vertex, rule;
    tagged &= static_cast<bool>(words >> number >> color >> vertex >> rule);
    bool known = false;
    for (int i = 0; i < kRuleCount; ++i) known |= rule == rule_name(static_cast<Rule>(i));
    tagged &= known;
  }
  EXPECT_TRUE(tagged) << r;
}

TEST_F(PlayoutStatsGtp, LightPolicyIsAllRandomAndPasses) {
  Engine engine(stats_settings(Policy::Light));
  GtpServer server(engine);
  const auto lines = lines_of(reply(server, "tengen-playout_stats 20"));
  EXPECT_EQ(lines.at(1).rfind("policy light, 20 playouts", 0), 0u);
  EXPECT_GT(count_of(lines, Rule::Random), 0);
  EXPECT_GE(count_of(lines, Rule::Pass), 40);  // two passes end each playout
  EXPECT_EQ(count_of(lines, Rule::Pattern), 0);
}

TEST_F(PlayoutStatsGtp, SameSeedSameAnswer) {
  Engine a(stats_settings(Policy::Heavy));
  Engine b(stats_settings(Policy::Heavy));
  GtpServer sa(a);
  GtpServer sb(b);
  EXPECT_EQ(reply(sa, "tengen-playout_stats 10"), reply(sb, "tengen-playout_stats 10"));
}

TEST_F(PlayoutStatsGtp, RefusesBadArgumentsAndAMissingPatternFile) {
  Engine engine(stats_settings(Policy::Heavy));
  GtpServer server(engine);
  EXPECT_EQ(reply(server, "known_command tengen-playout_stats"), "= true\n\n");
  for (const char* bad : {"tengen-playout_stats 0", "tengen-playout_stats -3", "tengen-playout_stats x",
                          "tengen-playout_stats 1 2", "tengen-playout_stats 1000001"}) {
    EXPECT_EQ(reply(server, bad), "? syntax error\n\n") << bad;
  }
  // A bad pattern file is refused where it is given: an engine is not built
  // with it, and setting it through GTP leaves the old one in place.
  Settings broken = stats_settings(Policy::Heavy);
  broken.heavy_pattern_file = "/nonexistent/mogo.txt";
  EXPECT_THROW(Engine{broken}, PatternFileError);
  const std::string r = reply(server, "tengen-param heavy-pattern-file /nonexistent/mogo.txt");
  EXPECT_EQ(r.rfind("? cannot read pattern file '/nonexistent/mogo.txt'", 0), 0u) << r;
  EXPECT_EQ(reply(server, "tengen-playout_stats 5").rfind("= \npolicy heavy", 0), 0u);
}

}  // namespace
}  // namespace tengen
