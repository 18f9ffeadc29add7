// Features of candidate moves: tactical values on diagram positions
// (tests/data/patterns/features.txt), and the 3x3 and shape patterns'
// invariance under the 8 symmetries and a swap of colours.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "support/diagram.h"
#include "tengen/patterns/features.h"
#include "tengen/util/random.h"

namespace tengen::patterns {
namespace {

using test::DiagramCase;

std::vector<DiagramCase> feature_cases() {
  return test::read_diagram_file(std::string(TENGEN_TEST_DATA) + "/patterns/features.txt");
}

class FeatureDiagram : public ::testing::TestWithParam<DiagramCase> {};

Color color_word(const std::string& w) {
  if (w == "X") return Color::Black;
  if (w == "O") return Color::White;
  throw std::runtime_error("expected X or O, got " + w);
}

TEST_P(FeatureDiagram, TacticalValues) {
  const DiagramCase& c = GetParam();
  Board b = test::board_from_rows(c.rows);
  FeatureExtractor fx;
  int checks = 0;
  for (const auto& w : c.expectations) {
    ASSERT_GE(w.size(), 3u) << "line of case at " << c.line;
    const Color color = color_word(w[1]);
    const auto p = parse_vertex(w[2], b.size());
    ASSERT_TRUE(p && *p != kPass) << w[2];
    if (w[0] == "play") {
      ASSERT_TRUE(b.is_legal(*p, color)) << w[2];
      b.play(*p, color);
      continue;
    }
    ASSERT_EQ(w[0], "at") << "case at line " << c.line;
    ASSERT_TRUE(b.is_legal(*p, color)) << w[2];
    const Tactics t = fx.tactics(b, *p, color);
    for (std::size_t k = 3; k < w.size(); ++k) {
      const auto eq = w[k].find('=');
      ASSERT_NE(eq, std::string::npos) << w[k];
      const std::string group = w[k].substr(0, eq), value = w[k].substr(eq + 1);
      int g = -1;
      for (int i = 0; i < kTacticalGroups; ++i) {
        if (group_name(i) == group) g = i;
      }
      ASSERT_GE(g, 0) << "unknown group " << group;
      const int want = value == "-" ? 0 : value_from_name(g, value);
      ASSERT_TRUE(value == "-" || want > 0) << "unknown value " << w[k];
      EXPECT_EQ(static_cast<int>(t.value[g]), want) << c.title << ": " << w[1] << " " << w[2] << " " << group << " is "
                                  << (t.value[g] ? value_name(g, t.value[g]) : "-") << ", expected " << value;
      ++checks;
    }
  }
  EXPECT_GT(checks, 0);
}

INSTANTIATE_TEST_SUITE_P(Diagrams, FeatureDiagram, ::testing::ValuesIn(feature_cases()),
                         [](const ::testing::TestParamInfo<DiagramCase>& info) {
                           std::string name = "line" + std::to_string(info.param.line);
                           return name;
                         });

TEST(Features, ValueNamesRoundTrip) {
  for (int g = 0; g < kTacticalGroups; ++g) {
    std::set<std::string> names;
    for (int v = 1; v <= kGroupValues[g]; ++v) {
      const std::string name = value_name(g, v);
      EXPECT_EQ(value_from_name(g, name), v) << group_name(g) << " " << name;
      EXPECT_TRUE(names.insert(name).second) << name;
      EXPECT_EQ(name.find(' '), std::string::npos);
    }
    EXPECT_EQ(value_from_name(g, "nonsense"), 0);
  }
}

// A position of random legal moves (no own-eye fills), with strings in
// atari and ko shapes here and there.
Board random_position(int size, int moves, std::uint64_t seed) {
  Board b(size);
  Rng rng(seed);
  for (int i = 0; i < moves; ++i) {
    const Color c = b.to_move();
    const Point p = b.random_empty(rng, [&](Point q) { return b.is_legal(q, c) && !b.is_eyelike(q, c); });
    b.play(p, c);
  }
  return b;
}

// The same stones moved by symmetry s (as transform_code: quarter turns,
// then a mirror), colours swapped if asked.
Board transformed(const Board& b, int s, bool swap) {
  const int n = b.size();
  Board out(n);
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x) {
      const Color c = b.at(b.point(x, y));
      if (!is_player(c)) continue;
      // Centre-relative coordinates, doubled to stay integral.
      int u = 2 * x - (n - 1), v = 2 * y - (n - 1);
      for (int r = 0; r < (s & 3); ++r) {
        const int t = u;
        u = -v;
        v = t;
      }
      if (s & 4) u = -u;
      out.add_stone(out.point((u + n - 1) / 2, (v + n - 1) / 2), swap ? opponent(c) : c);
    }
  }
  return out;
}

Point transformed_point(const Board& b, Point p, int s) {
  const int n = b.size();
  int u = 2 * column_of(p, n) - (n - 1), v = 2 * row_of(p, n) - (n - 1);
  for (int r = 0; r < (s & 3); ++r) {
    const int t = u;
    u = -v;
    v = t;
  }
  if (s & 4) u = -u;
  return b.point((u + n - 1) / 2, (v + n - 1) / 2);
}

TEST(Features, PatternsAreInvariantUnderSymmetryAndColourSwap) {
  for (int size : {9, 13, 19}) {
    const Board b = random_position(size, size * size / 2, 100 + size);
    ASSERT_GT(b.stones(Color::Black), 0);
    for (int s = 0; s < 8; ++s) {
      for (bool swap : {false, true}) {
        const Board t = transformed(b, s, swap);
        for (int i = 0; i < b.empty_count(); ++i) {
          const Point p = b.empty_point(i);
          const Point q = transformed_point(b, p, s);
          for (Color c : {Color::Black, Color::White}) {
            const Color tc = swap ? opponent(c) : c;
            EXPECT_EQ(canonical_pattern3(pattern3_code(b, p, c)), canonical_pattern3(pattern3_code(t, q, tc)))
                << "size " << size << " symmetry " << s << " swap " << swap;
            std::uint64_t k1[kShapeSizes], k2[kShapeSizes];
            shape_keys(b, p, c, k1);
            shape_keys(t, q, tc, k2);
            for (int d = 0; d < kShapeSizes; ++d) ASSERT_EQ(k1[d], k2[d]) << "size " << size << " symmetry " << s;
          }
        }
      }
    }
  }
}

TEST(Features, DifferentNeighbourhoodsGetDifferentPatterns) {
  const Board b = random_position(19, 150, 7);
  std::set<std::uint32_t> codes;
  std::set<std::uint64_t> shapes[kShapeSizes];
  for (int i = 0; i < b.empty_count(); ++i) {
    std::uint64_t k[kShapeSizes];
    shape_keys(b, b.empty_point(i), Color::Black, k);
    for (int d = 0; d < kShapeSizes; ++d) {
      shapes[d].insert(k[d]);
      EXPECT_EQ(shape_size_of(k[d]), kMinShapeSize + d);
    }
    codes.insert(canonical_pattern3(pattern3_code(b, b.empty_point(i), Color::Black)));
  }
  EXPECT_GT(codes.size(), 20u);
  // Larger shapes tell more points apart; the largest nearly all of them.
  for (int d = 1; d < kShapeSizes; ++d) EXPECT_GE(shapes[d].size(), shapes[d - 1].size());
  EXPECT_GT(shapes[kShapeSizes - 1].size(), static_cast<std::size_t>(b.empty_count()) * 9 / 10);
}

// The key of a shape computed the slow way: every point's state read from
// the board with bounds checks, the 8 symmetries' hashes in plain integers.
std::uint64_t slow_shape_key(const Board& b, Point p, Color c, int size) {
  const detail::ShapeTables& t = detail::shape_tables();
  const int n = b.size(), x = column_of(p, n), y = row_of(p, n);
  std::uint64_t h[8] = {};
  for (int j = 0; j < t.level_end[size]; ++j) {
    const int px = x + t.dx[j], py = y + t.dy[j];
    unsigned state = 3;
    if (px >= 0 && px < n && py >= 0 && py < n) {
      const Color s = b.at(point_at(px, py, n));
      state = s == Color::Empty ? 0 : s == c ? 1 : 2;
    }
    for (int s = 0; s < 8; ++s) h[s] ^= t.keys[j][state][s];
  }
  return (*std::min_element(h, h + 8) & ~std::uint64_t{0xF}) | static_cast<std::uint64_t>(size);
}

TEST(Features, ShapeKeysEqualASlowReadingOfTheBoard) {
  int checked = 0;
  for (int size : {5, 9, 13, 19}) {
    const Board b = random_position(size, size * size / 2, 40 + size);
    for (Color c : {Color::Black, Color::White}) {
      const ShapeView view(b, c);
      for (int i = 0; i < b.empty_count(); i += 3) {
        const Point p = b.empty_point(i);
        std::uint64_t k[kShapeSizes];
        shape_keys(view, p, k);
        for (int d = 0; d < kShapeSizes; ++d) {
          ASSERT_EQ(k[d], slow_shape_key(b, p, c, kMinShapeSize + d)) << size << " " << i << " " << d;
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(Features, Pattern3TextRoundTrips) {
  const Board b = random_position(19, 200, 3);
  int checked = 0;
  for (int i = 0; i < b.empty_count(); ++i) {
    for (Color c : {Color::Black, Color::White}) {
      const std::uint32_t code = pattern3_code(b, b.empty_point(i), c);
      std::uint32_t back = 0;
      ASSERT_TRUE(parse_pattern3(pattern3_text(code), &back)) << pattern3_text(code);
      EXPECT_EQ(back, code);
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
  std::uint32_t code = 0;
  EXPECT_TRUE(parse_pattern3("X.O..#x.", &code));
  EXPECT_FALSE(parse_pattern3("x.O..#.X", &code));  // liberty marks only on N W E S
  EXPECT_FALSE(parse_pattern3("X.O..#.", &code));
  EXPECT_FALSE(parse_pattern3("X.O..#.Z", &code));
}

TEST(Features, Pattern3SeesLibertiesOfOrthogonalStrings) {
  // Around C3: X to the north with 1 liberty, O to the east with 2, X to
  // the south with 5; the diagonal stones carry no liberty mark.
  const Board b = test::board_from_rows({". . O . .",   //
                                         ". O X O X",   //
                                         ". . . O X",   //
                                         ". . X X .",   //
                                         ". . . . ."});
  const Point centre = b.point(2, 2);
  EXPECT_EQ(pattern3_text(pattern3_code(b, centre, Color::Black)), "OxO.Q.XX");
  EXPECT_EQ(pattern3_text(pattern3_code(b, centre, Color::White)), "XoX.Y.OO");
}

TEST(Features, LargestKnownShapeStopsAtTheFirstUnknownSize) {
  const Board b = random_position(19, 60, 11);
  const Point p = b.empty_point(0);
  std::uint64_t k[kShapeSizes];
  shape_keys(b, p, Color::Black, k);
  std::set<std::uint64_t> known(k, k + 4);  // sizes 4..7
  auto in = [&](std::uint64_t key) { return known.count(key) > 0; };
  EXPECT_EQ(largest_known_shape(b, p, Color::Black, in), k[3]);
  known.insert(k[6]);  // size 10 alone does not count: 8 is missing
  EXPECT_EQ(largest_known_shape(b, p, Color::Black, in), k[3]);
  known.clear();
  EXPECT_EQ(largest_known_shape(b, p, Color::Black, in), 0u);
  known.insert(k, k + kShapeSizes);
  EXPECT_EQ(largest_known_shape(b, p, Color::Black, in), k[kShapeSizes - 1]);
}

}  // namespace
}  // namespace tengen::patterns
