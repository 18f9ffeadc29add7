// The 3x3 pattern table: the shipped file, closure under the 8 symmetries
// and the colour swap, the 'to-play X' rule, neighbourhood codes, and clear
// errors for a missing or malformed pattern file.

#include "tengen/playout/patterns3x3.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "support/diagram.h"
#include "tengen/playout/heavy.h"

namespace tengen {
namespace {

const Pattern3Table& shipped() {
  static const Pattern3Table table = Pattern3Table::load(default_pattern_file());
  return table;
}

TEST(Patterns3x3, ShippedFileHoldsMoGosPatterns) {
  std::vector<std::string> names;
  for (const auto& p : shipped().patterns()) names.push_back(p.name);
  const std::vector<std::string> expected = {"hane-enclosing", "hane-non-cutting", "hane-magari", "hane-thin",
                                             "cut1",           "cut2",             "edge-chase",  "edge-block",
                                             "edge-sagari",    "edge-cut"};
  EXPECT_EQ(names, expected);
  EXPECT_GT(shipped().count_matches(Color::Black), 0);
  EXPECT_EQ(shipped().count_matches(Color::Black), shipped().count_matches(Color::White));
}

TEST(Patterns3x3, SymmetriesFormAGroupOnCodes) {
  const std::uint16_t code = 0x1B2D;  // all 8 neighbours differ from their images under some symmetry
  std::set<std::uint16_t> images;
  for (int t = 0; t < 8; ++t) images.insert(transform_code(code, t));
  EXPECT_EQ(images.size(), 8u);
  EXPECT_EQ(transform_code(code, 0), code);
  for (int t = 0; t < 8; ++t) {
    // Applying a symmetry to every image permutes the images.
    std::set<std::uint16_t> again;
    for (auto c : images) again.insert(transform_code(c, t));
    EXPECT_EQ(again, images) << t;
  }
  EXPECT_EQ(swap_code_colors(swap_code_colors(code)), code);
  // Empty (0) and edge (3) stay, black (1) and white (2) swap.
  EXPECT_EQ(swap_code_colors(0b11'10'01'00), 0b11'01'10'00);
}

TEST(Patterns3x3, TableIsClosedUnderSymmetriesAndColourSwap) {
  const Pattern3Table& t = shipped();
  for (int code = 0; code < kNeighborhoodCodes; ++code) {
    const auto c = static_cast<std::uint16_t>(code);
    for (Color to_play : {Color::Black, Color::White}) {
      const bool m = t.matches(c, to_play);
      for (int s = 1; s < 8; ++s) ASSERT_EQ(t.matches(transform_code(c, s), to_play), m) << code << " " << s;
      ASSERT_EQ(t.matches(swap_code_colors(c), opponent(to_play)), m) << code;
    }
  }
}

TEST(Patterns3x3, NeighborhoodCodeReadsNorthWestFirst) {
  const Board b = test::board_from_rows({
      "X O .",
      ". . X",
      ". . O",
  });
  // NW=X N=O NE=. W=. E=X SW=. S=. SE=O
  const std::uint16_t expected = 1 | 2 << 2 | 0 << 4 | 0 << 6 | 1 << 8 | 0 << 10 | 0 << 12 | 2 << 14;
  EXPECT_EQ(b.neighborhood_code(b.point(1, 1)), expected);
  // A corner sees the edge (3) on five sides.
  const std::uint16_t corner = b.neighborhood_code(b.point(0, 0));
  EXPECT_EQ(corner & 0x3F, 0x3F);           // NW N NE
  EXPECT_EQ((corner >> 6) & 3, 3);          // W
  EXPECT_EQ((corner >> 10) & 3, 3);         // SW
}

TEST(Patterns3x3, ToPlayXMatchesOnlyForXsColour) {
  const Pattern3Table thin = Pattern3Table::parse("pattern thin\nX O O\n. . .\n? . ?\nto-play X\n", "test");
  const Board b = test::board_from_rows({
      ". . . . .",
      ". X O O .",
      ". . . . .",
      ". . . . .",
      ". . . . .",
  });
  const Point move = b.point(2, 2);  // below the first O
  EXPECT_TRUE(thin.matches_at(b, move, Color::Black));
  EXPECT_FALSE(thin.matches_at(b, move, Color::White));
  const Pattern3Table any = Pattern3Table::parse("pattern thin\nX O O\n. . .\n? . ?\n", "test");
  EXPECT_TRUE(any.matches_at(b, move, Color::Black));
  EXPECT_TRUE(any.matches_at(b, move, Color::White));
}

TEST(Patterns3x3, EdgePatternsMatchOnEveryEdgeOnly) {
  const Pattern3Table chase = Pattern3Table::parse("pattern chase\nX . ?\nO . ?\n- - -\n", "test");
  // The shape of edge-chase on the bottom, top, left and right edges.
  const std::vector<std::vector<std::string>> boards = {
      {". . . . .", ". . . . .", ". . . . .", "X . . . .", "O . . . ."},
      {"O . . . .", "X . . . .", ". . . . .", ". . . . .", ". . . . ."},
      {"O X . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."},
      {". . . X O", ". . . . .", ". . . . .", ". . . . .", ". . . . ."},
  };
  const std::vector<std::pair<int, int>> moves = {{1, 4}, {1, 0}, {0, 1}, {4, 1}};
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const Board b = test::board_from_rows(boards[i]);
    const Point p = b.point(moves[i].first, moves[i].second);
    EXPECT_TRUE(chase.matches_at(b, p, Color::Black)) << i;
    EXPECT_TRUE(chase.matches_at(b, p, Color::White)) << i;
  }
  // The same stones one line in from the edge: no match.
  const Board inside = test::board_from_rows({". . . . .", ". . . . .", "X . . . .", "O . . . .", ". . . . ."});
  EXPECT_FALSE(chase.matches_at(inside, inside.point(1, 3), Color::Black));
}

TEST(Patterns3x3, ShippedHaneMatchesAroundTheLastMove) {
  const Board b = test::board_from_rows({
      ". . . . .",
      ". . . . .",
      ". X O X .",
      ". . . . .",
      ". . . . .",
  });
  for (Color c : {Color::Black, Color::White}) {
    EXPECT_TRUE(shipped().matches_at(b, b.point(2, 3), c));  // hane-enclosing under O
    EXPECT_TRUE(shipped().matches_at(b, b.point(2, 1), c));  // and over it
    EXPECT_FALSE(shipped().matches_at(b, b.point(0, 0), c));
  }
}

// --- Errors ---

std::string error_of(const std::string& text) {
  try {
    Pattern3Table::parse(text, "bad.txt");
  } catch (const PatternFileError& e) {
    return e.what();
  }
  return "";
}

TEST(Patterns3x3, MalformedFilesGiveClearErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "bad.txt:0: no patterns"},
      {"# only a comment\n", "bad.txt:1: no patterns"},
      {"pattern a\nX O\n. . .\n? ? ?\n", "bad.txt:2: pattern 'a': a row is 3 cells"},
      {"pattern a\nX O Z\n. . .\n? ? ?\n", "bad.txt:2: pattern 'a': a row is 3 cells"},
      {"pattern a\nX O X\n. X .\n? ? ?\n", "bad.txt:4: pattern 'a': the centre is the move and must be '.'"},
      {"pattern a\nX O X\n. . .\n", "bad.txt:3: pattern 'a' has 2 rows, needs 3"},
      {"pattern a\nX O X\n. . .\npattern b\n", "bad.txt:4: pattern 'a' has 2 rows, needs 3"},
      {"pattern a\nX O X\n. . .\n? ? ?\npattern a\nX O X\n. . .\n? ? ?\n",
       "bad.txt:5: pattern 'a' is defined twice (first at line 1)"},
      {"pattern\nX O X\n. . .\n? ? ?\n", "bad.txt:1: a pattern name is one word"},
      {"pattern two words\n", "bad.txt:1: a pattern name is one word"},
      {"X O X\n", "bad.txt:1: expected 'pattern NAME'"},
      {"pattern a\nX O X\n. . .\n? ? ?\nX X X\n", "bad.txt:5: expected 'pattern NAME'"},
      {"to-play X\n", "bad.txt:1: 'to-play' belongs right after"},
      {"pattern a\nX O X\n. . .\n? ? ?\nto-play O\n", "bad.txt:5: only 'to-play X' is allowed"},
      {"pattern a\n. . .\n. . .\n? ? ?\n", "bad.txt:4: pattern 'a' has no stone"},
      {"pattern a\n- - -\nX . O\n- - -\n", "bad.txt:4: pattern 'a' can never match"},
      {"pattern a\nX - X\n. . .\n? ? ?\n", "bad.txt:4: pattern 'a' can never match"},
  };
  for (const auto& [text, message] : cases) {
    const std::string e = error_of(text);
    EXPECT_EQ(e.substr(0, message.size()), message) << "for:\n" << text;
  }
}

TEST(Patterns3x3, MissingFileIsAClearError) {
  try {
    Pattern3Table::load("/nonexistent/patterns.txt");
    FAIL() << "no error";
  } catch (const PatternFileError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot read pattern file '/nonexistent/patterns.txt'"), std::string::npos);
  }
  EXPECT_THROW(Pattern3Table::load(TENGEN_SOURCE_DIR "/patterns"), PatternFileError);  // a directory
  Settings s;
  s.heavy_pattern_file = "/nonexistent/patterns.txt";
  EXPECT_THROW(HeavyConfig::from_settings(s), PatternFileError);
}

}  // namespace
}  // namespace tengen
