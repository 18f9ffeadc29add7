// The one flood fill of empty regions (board/regions.h): which points make
// a region, which colours border it, and the cut at max_points.

#include "tengen/board/regions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/diagram.h"

namespace tengen {
namespace {

// Four regions: a Black eye (A5), a White corner (D5 E5), a row both
// colours touch (row 3) and a row only Black touches (row 1).
const std::vector<std::string> kRows = {
    ". X O . .",  //
    "X X O O O",  //
    ". . . . .",  //
    "X X X X X",  //
    ". . . . .",  //
};

struct Seen {
  std::vector<std::string> points;  // sorted vertices
  bool black, white;
  Color owner;
};

Seen summary(const EmptyRegion& region, int size) {
  Seen s{{}, region.borders(Color::Black), region.borders(Color::White), region.owner()};
  for (Point p : region.points()) s.points.push_back(vertex_string(p, size));
  std::sort(s.points.begin(), s.points.end());
  return s;
}

TEST(EmptyRegions, FindsEveryRegionAndTheColoursAroundIt) {
  const Board board = test::board_from_rows(kRows);
  std::vector<Seen> found;
  for_each_empty_region(board, [&](const EmptyRegion& r) { found.push_back(summary(r, board.size())); });
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].points, (std::vector<std::string>{"A5"}));
  EXPECT_TRUE(found[0].black && !found[0].white);
  EXPECT_EQ(found[0].owner, Color::Black);
  EXPECT_EQ(found[1].points, (std::vector<std::string>{"D5", "E5"}));
  EXPECT_TRUE(!found[1].black && found[1].white);
  EXPECT_EQ(found[1].owner, Color::White);
  EXPECT_EQ(found[2].points, (std::vector<std::string>{"A3", "B3", "C3", "D3", "E3"}));
  EXPECT_TRUE(found[2].black && found[2].white);
  EXPECT_EQ(found[2].owner, Color::Empty);
  EXPECT_EQ(found[3].points, (std::vector<std::string>{"A1", "B1", "C1", "D1", "E1"}));
  EXPECT_TRUE(found[3].black && !found[3].white);
  EXPECT_EQ(found[3].owner, Color::Black);
  // Area scoring reads the same regions: Black 8 stones + 1 + 5, White 4 + 2.
  EXPECT_EQ(board.area_score(0), 14 - 6);
}

TEST(EmptyRegions, AnEmptyBoardIsOneRegionNobodyBorders) {
  const Board board(3);
  int regions = 0;
  for_each_empty_region(board, [&](const EmptyRegion& r) {
    ++regions;
    EXPECT_EQ(r.size(), 9);
    EXPECT_FALSE(r.borders(Color::Black) || r.borders(Color::White));
    EXPECT_EQ(r.owner(), Color::Empty);
  });
  EXPECT_EQ(regions, 1);
}

TEST(EmptyRegions, StonesColouredEmptyJoinTheRegion) {
  // The White string taken as dead: its points join the corner and row 3,
  // which then touch Black only (as judge counts area).
  const Board board = test::board_from_rows(kRows);
  const auto without_white = [&](Point p) { return board.at(p) == Color::White ? Color::Empty : board.at(p); };
  std::vector<Seen> found;
  for_each_empty_region(board, without_white, [&](const EmptyRegion& r) { found.push_back(summary(r, board.size())); });
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[1].points.size(), 11u);
  EXPECT_EQ(found[1].owner, Color::Black);
  EXPECT_FALSE(found[1].white);
  EXPECT_EQ(found[2].points.size(), 5u);
}

TEST(EmptyRegions, FloodStopsPastMaxPoints) {
  const Board board = test::board_from_rows(kRows);
  const auto colour = [&](Point p) { return board.at(p); };
  const Point a1 = *parse_vertex("A1", board.size());
  EmptyRegion region;
  Bitboard seen{};
  EXPECT_FALSE(region.flood(board, a1, colour, seen, 4));
  EXPECT_EQ(region.size(), 4);
  seen = Bitboard{};
  EXPECT_TRUE(region.flood(board, a1, colour, seen, 5));
  EXPECT_EQ(region.size(), 5);
  EXPECT_EQ(seen.count(), 5);
  // Points already seen are not entered again.
  seen = Bitboard{};
  seen.set(*parse_vertex("C1", board.size()));
  EXPECT_TRUE(region.flood(board, a1, colour, seen));
  EXPECT_EQ(region.size(), 2);
}

}  // namespace
}  // namespace tengen
