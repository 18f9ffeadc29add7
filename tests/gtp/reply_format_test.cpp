// Every reply of every command in list_commands, read the way GoGui's
// GtpClient reads it: the status is the first character, and the text is
// what follows the first space, less the final blank line (no space: the
// text is everything after the status). A reply whose text follows "=" on
// the next line, with no space, loses its first word to the status.

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/quick_settings.h"
#include "tengen/gtp/gtp.h"

namespace tengen {
namespace {

namespace fs = std::filesystem;

// GoGui's GtpClient.readResponse, word for word.
std::string gogui_text(const std::string& response) {
  const std::size_t space = response.find(' ');
  const std::size_t length = response.size();
  if (space == std::string::npos) return response.substr(1, length - 3);
  return response.substr(space + 1, length - 2 - (space + 1));
}

// What the reply means by GTP: status, id, and the text after the
// separating space (or newline), less the final blank line.
struct Parsed {
  bool ok = false;
  std::string id;
  std::string text;
};

::testing::AssertionResult parse(const std::string& r, Parsed* out) {
  if (r.size() < 3 || (r[0] != '=' && r[0] != '?') || r.compare(r.size() - 2, 2, "\n\n") != 0) {
    return ::testing::AssertionFailure() << "not a GTP reply: '" << r << "'";
  }
  std::size_t i = 1;
  while (i < r.size() && std::isdigit(static_cast<unsigned char>(r[i]))) ++i;
  out->ok = r[0] == '=';
  out->id = r.substr(1, i - 1);
  std::string rest = r.substr(i, r.size() - 2 - i);
  if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
  if (!rest.empty() && rest[0] == '\n') rest.erase(0, 1);  // a multi-line text
  out->text = rest;
  return ::testing::AssertionSuccess();
}

// The reply GoGui reads must carry the same text as the reply means.
::testing::AssertionResult gogui_reads(const std::string& r, const std::string& expected_id) {
  Parsed p;
  if (auto ok = parse(r, &p); !ok) return ok;
  if (p.id != expected_id) return ::testing::AssertionFailure() << "id '" << p.id << "' in '" << r << "'";
  const std::string seen = gogui_text(r);
  // GoGui keeps a leading newline of a multi-line text; a newline at the
  // start of the text means nothing either way.
  const std::string trimmed = !seen.empty() && seen[0] == '\n' ? seen.substr(1) : seen;
  if (trimmed != p.text) {
    return ::testing::AssertionFailure() << "GoGui reads '" << seen << "' where the reply says '" << p.text
                                         << "': '" << r << "'";
  }
  return ::testing::AssertionSuccess();
}

class ReplyFormat : public ::testing::Test {
 protected:
  void SetUp() override { spdlog::set_level(spdlog::level::err); }
};

TEST_F(ReplyFormat, EveryCommandAsGoguiReadsIt) {
  const fs::path sgf = fs::temp_directory_path() / "tengen_reply_format.sgf";
  // Arguments each command is tried with, besides none at all; a command
  // missing here fails the test, so a new command gets checked too.
  const std::map<std::string, std::vector<std::string>> args = {
      {"protocol_version", {}},
      {"name", {}},
      {"version", {}},
      {"known_command", {"play", "bogus"}},
      {"list_commands", {}},
      {"quit", {}},
      {"boardsize", {"9", "99"}},
      {"clear_board", {}},
      {"komi", {"7", "+6.5", "x"}},
      {"play", {"b e5", "w c3", "b e5"}},
      {"genmove", {"b"}},
      {"reg_genmove", {"w"}},
      {"kgs-genmove_cleanup", {"w"}},
      {"undo", {}},
      {"fixed_handicap", {"2"}},
      {"place_free_handicap", {"2"}},
      {"set_free_handicap", {"c3 g7"}},
      {"time_settings", {"30 10 5"}},
      {"kgs-time_settings", {"byoyomi 30 10 5", "none"}},
      {"time_left", {"b 20 0"}},
      {"final_score", {}},
      {"final_status_list", {"dead", "alive"}},
      {"showboard", {}},
      {"loadsgf", {sgf.string(), "/nonexistent.sgf"}},
      {"printsgf", {sgf.string()}},
      {"kgs-game_over", {}},
      {"kgs-rules", {"chinese"}},
      {"tengen-playout_stats", {"20"}},
      {"tengen-solve", {"e5 1000", "a1"}},
      {"lz-analyze", {"b 10"}},
      {"kata-analyze", {"w 10 ownership true"}},
      {"lz-genmove_analyze", {"b 10"}},
      {"kata-genmove_analyze", {"w 10 ownership true"}},
      {"genmove_analyze", {"b 10"}},
      {"gogui-analyze_commands", {}},
      {"gogui-interrupt", {}},
      {"tengen-param", {"search", "threads 1", "bogus 1"}},
      {"tengen-visits", {"b"}},
      {"tengen-pv", {}},
      {"tengen-ownership", {}},
      {"cgos-opponent_name", {"Bob"}},
      {"cgos-opponent_rating", {"1800"}},
      {"cgos-gameover", {"B+Resign"}},
      {"cputime", {}},
  };
  Engine engine(test_support::quick_settings());
  GtpServer gtp(engine);
  int checked = 0;
  const auto send = [&](const std::string& line, const std::string& id) {
    const auto r = gtp.handle_line(id.empty() ? line : id + " " + line);
    ASSERT_TRUE(r.has_value()) << line;
    EXPECT_TRUE(gogui_reads(*r, id)) << "for '" << line << "'";
    ++checked;
  };
  const auto listed = gtp.handle_line("list_commands");
  ASSERT_TRUE(listed.has_value());
  Parsed list;
  ASSERT_TRUE(parse(*listed, &list));
  std::istringstream names(list.text);
  int commands = 0;
  for (std::string name; std::getline(names, name); ++commands) {
    const auto it = args.find(name);
    ASSERT_NE(it, args.end()) << name << " has no arguments to try in this test";
    for (const std::string id : {"", "7"}) {
      send(name, id);
      for (const std::string& a : it->second) send(name + " " + a, id);
      // Every command again in a game under way: a position, then back.
      send("play b d4", id);
      send(name, id);
      send("clear_board", id);
    }
  }
  EXPECT_EQ(commands, static_cast<int>(gtp.command_names().size()));
  EXPECT_GT(checked, 300);
  fs::remove(sgf);
}

// Every view of GoGui's Analyze list, its reply read as GoGui reads the
// view's type (GuiBoardUtil, AnalyzeShow): a dboard of exactly one value a
// point ("Incomplete string board" otherwise), gfx lines that start with a
// gfx keyword, plist and var of vertices, param lines "[type] key value".
TEST_F(ReplyFormat, EveryGoguiViewAsGoguiShowsIt) {
  Engine engine(test_support::quick_settings());
  GtpServer gtp(engine);
  const auto text = [&](const std::string& command) {
    const auto r = gtp.handle_line(command);
    EXPECT_TRUE(r && (*r)[0] == '=') << command << ": " << r.value_or("");
    return r ? gogui_text(*r) : std::string();
  };
  // A position with a small fight in the corner for the solver's view.
  for (const char* m : {"play b e5", "play w c3", "play b a1", "play w b1", "play b a2", "play w b2"}) text(m);
  const std::set<std::string> gfx = {"BLACK", "CIRCLE", "CLEAR", "COLOR", "INFLUENCE", "LABEL", "MARK",
                                     "SQUARE", "TEXT", "TRIANGLE", "VAR", "WHITE"};
  const std::regex vertex("[A-HJ-Ta-hj-t]([1-9]|1[0-9])|pass|PASS");
  std::istringstream entries(text("gogui-analyze_commands"));
  int views = 0;
  for (std::string entry; std::getline(entries, entry);) {
    if (entry.empty()) continue;
    ++views;
    const std::string type = entry.substr(0, entry.find('/'));
    std::string command = entry.substr(entry.rfind('/') + 1);
    if (const auto at = command.find("%p"); at != std::string::npos) command.replace(at, 2, "A1");
    const std::string reply = text(command);
    std::istringstream words(reply);
    std::vector<std::string> w;
    for (std::string x; words >> x;) w.push_back(x);
    if (type == "dboard") {
      EXPECT_EQ(w.size(), 81u) << entry << ": " << reply;
      for (const std::string& v : w) EXPECT_NO_THROW((void)std::stod(v)) << entry << ": " << v;
    } else if (type == "gfx") {
      std::istringstream lines(reply);
      for (std::string line; std::getline(lines, line);) {
        if (line.empty()) continue;
        EXPECT_TRUE(gfx.count(line.substr(0, line.find(' ')))) << entry << ": '" << line << "'";
      }
    } else if (type == "plist") {
      for (const std::string& v : w) EXPECT_TRUE(std::regex_match(v, vertex)) << entry << ": " << v;
    } else if (type == "var") {
      ASSERT_EQ(w.size() % 2, 0u) << entry << ": " << reply;
      for (std::size_t i = 0; i < w.size(); i += 2) {
        EXPECT_TRUE(w[i] == "b" || w[i] == "w") << entry << ": " << reply;
        EXPECT_TRUE(std::regex_match(w[i + 1], vertex)) << entry << ": " << reply;
      }
    } else if (type == "param") {
      std::istringstream lines(reply);
      for (std::string line; std::getline(lines, line);) {
        EXPECT_TRUE(std::regex_match(line, std::regex("\\[[a-z/]+\\] [a-z0-9-]+ \\S*"))) << entry << ": " << line;
      }
    } else {
      EXPECT_EQ(type, "string") << entry;
    }
  }
  EXPECT_GE(views, 11);
}

// The streaming replies (analysis) go out through run() as they are made.
TEST_F(ReplyFormat, StreamedRepliesAsGoguiReadsThem) {
  Engine engine(test_support::quick_settings());
  GtpServer gtp(engine);
  std::istringstream in("3 lz-analyze b 10\n4 kata-genmove_analyze b 10 ownership true\nquit\n");
  std::ostringstream out;
  gtp.run(in, out);
  const std::string all = out.str();
  const std::size_t first_end = all.find("\n\n") + 2;
  EXPECT_TRUE(gogui_reads(all.substr(0, first_end), "3")) << all;
  const std::size_t second_end = all.find("\n\n", first_end) + 2;
  EXPECT_TRUE(gogui_reads(all.substr(first_end, second_end - first_end), "4")) << all;
}

}  // namespace
}  // namespace tengen
