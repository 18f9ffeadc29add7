// Each rule of the heavy playout policy on the positions of
// tests/data/playout/heavy_rules.txt: where it must fire and where it must
// not. Every case is drawn 200 times with different seeds.

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/diagram.h"
#include "tengen/playout/heavy.h"

namespace tengen {
namespace {

constexpr int kDraws = 200;

Rule rule_from(const std::string& word) {
  for (int i = 0; i < kRuleCount; ++i) {
    if (rule_name(static_cast<Rule>(i)) == word) return static_cast<Rule>(i);
  }
  throw std::runtime_error("unknown rule " + word);
}

Color color_from(const std::string& word) {
  if (word == "black") return Color::Black;
  if (word == "white") return Color::White;
  throw std::runtime_error("bad colour " + word);
}

// `rules A B ...` switches every other rule off (random is the fallback and
// stays); `set NAME VALUE` sets any parameter.
HeavyConfig config_for(const test::DiagramCase& tc) {
  Settings s;
  for (const auto& e : tc.expectations) {
    if (e.at(0) == "set") {
      if (auto err = set_param(s, e.at(1), e.at(2))) throw std::runtime_error(*err);
    } else if (e.at(0) == "rules") {
      const std::set<std::string> on(e.begin() + 1, e.end());
      s.heavy_atari_save = on.count("atari-save") > 0;
      s.heavy_nakade = on.count("nakade") > 0;
      s.heavy_race_atari = s.heavy_race_atari_19 = on.count("race-atari") > 0;
      s.heavy_two_liberties = on.count("two-liberties") > 0;
      s.heavy_fill_board = on.count("fill-board") > 0;
      s.heavy_pattern = on.count("pattern") > 0;
      s.heavy_approach = on.count("approach") > 0;
      s.heavy_capture = s.heavy_capture_19 = on.count("capture") > 0;
    }
  }
  return HeavyConfig::from_settings(s);
}

// The diagram shows the position after the last move (`last V`), which is
// taken off and played again so that the board knows it; `captured V` puts
// back a stone that move captured (for ko). Without a last move, `to-move`
// says who plays.
Board board_for(const test::DiagramCase& tc) {
  std::vector<std::string> rows = tc.rows;
  const int size = static_cast<int>(rows.size());
  std::string last;
  std::string captured;
  Color to_move = Color::Black;
  for (const auto& e : tc.expectations) {
    if (e.at(0) == "last") last = e.at(1);
    if (e.at(0) == "captured") captured = e.at(1);
    if (e.at(0) == "to-move") to_move = color_from(e.at(1));
  }
  // Cell (x, y) of the diagram, spaces skipped.
  auto cell = [&](const std::string& vertex) -> char& {
    const auto p = parse_vertex(vertex, size);
    if (!p || *p == kPass) throw std::runtime_error("bad vertex " + vertex);
    std::string& row = rows[row_of(*p, size)];
    int x = -1;
    for (char& ch : row) {
      if (ch != ' ' && ++x == column_of(*p, size)) return ch;
    }
    throw std::runtime_error("vertex off the diagram " + vertex);
  };
  if (last.empty()) return test::board_from_rows(rows, to_move);
  const char mover = cell(last);
  if (mover != 'X' && mover != 'O') throw std::runtime_error("no stone at the last move " + last);
  cell(last) = '.';
  if (!captured.empty()) cell(captured) = mover == 'X' ? 'O' : 'X';
  const Color c = mover == 'X' ? Color::Black : Color::White;
  Board board = test::board_from_rows(rows, c);
  board.play(*parse_vertex(last, size), c);
  return board;
}

class HeavyRules : public ::testing::TestWithParam<test::DiagramCase> {};

TEST_P(HeavyRules, FireWhereTheyMustAndNowhereElse) {
  const test::DiagramCase& tc = GetParam();
  const Board board = board_for(tc);
  const int size = board.size();
  HeavyPolicy policy(config_for(tc));
  std::map<std::pair<Rule, Point>, int> seen;
  for (int seed = 1; seed <= kDraws; ++seed) {
    Board b = board;
    Rng rng(static_cast<std::uint64_t>(seed));
    Rule rule = Rule::Pass;
    const Point p = policy.choose_move(b, rng, &rule);
    ++seen[{rule, p}];
  }
  std::string drawn;
  for (const auto& [key, n] : seen) {
    drawn += " " + std::string(rule_name(key.first)) + " " + vertex_string(key.second, size) + " x" +
             std::to_string(n) + ";";
  }
  SCOPED_TRACE("case '" + tc.title + "' drew:" + drawn + "\n" + board.to_string());
  auto point = [&](const std::string& v) { return *parse_vertex(v, size); };
  std::set<std::pair<Rule, Point>> allowed;
  for (const auto& e : tc.expectations) {
    const std::string& what = e.at(0);
    if (what == "plays") {
      const Rule rule = rule_from(e.at(1));
      for (std::size_t i = 2; i < e.size(); ++i) {
        allowed.insert({rule, point(e[i])});
        EXPECT_TRUE(seen.count({rule, point(e[i])})) << "never drawn: " << e[1] << " " << e[i];
      }
    } else if (what == "never" || what == "sometimes") {
      for (std::size_t i = 1; i < e.size(); ++i) {
        int n = 0;
        for (const auto& [key, count] : seen) n += key.second == point(e[i]) ? count : 0;
        EXPECT_EQ(n > 0, what == "sometimes") << what << " " << e[i];
      }
    } else if (what == "never-rule") {
      for (const auto& [key, count] : seen) {
        EXPECT_NE(key.first, rule_from(e.at(1))) << "drawn: " << e[1] << " " << vertex_string(key.second, size);
      }
    } else if (what != "last" && what != "captured" && what != "to-move" && what != "rules" && what != "set") {
      FAIL() << "unknown expectation " << what;
    }
  }
  if (!allowed.empty()) {
    for (const auto& [key, count] : seen) {
      EXPECT_TRUE(allowed.count(key)) << "drawn but not listed: " << rule_name(key.first) << " "
                                      << vertex_string(key.second, size);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Data, HeavyRules,
                         ::testing::ValuesIn(test::read_diagram_file(TENGEN_TEST_DATA "/playout/heavy_rules.txt")),
                         [](const auto& info) { return "line" + std::to_string(info.param.line); });

}  // namespace
}  // namespace tengen
