// Dead eye shapes and the sacrifices whose capture leaves one: what lets the
// scoring playouts kill a group with a small eye space.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/diagram.h"
#include "tengen/engine/scoring.h"
#include "tengen/playout/playout.h"
#include "tengen/tactics/eyes.h"

namespace tengen {
namespace {

// The points marked 'x' in a 7x7 diagram, as an eye shape.
bool dead_shape(const std::vector<std::string>& rows) {
  const Board b = test::board_from_rows(std::vector<std::string>(7, ". . . . . . ."), Color::Black);
  std::vector<Point> points;
  for (int y = 0; y < 7; ++y) {
    for (int x = 0; x < 7; ++x) {
      if (2 * x < static_cast<int>(rows[y].size()) && rows[y][2 * x] == 'x') points.push_back(b.point(x, y));
    }
  }
  return is_dead_eye_shape(b, points.data(), static_cast<int>(points.size()));
}

TEST(Tactics, DeadEyeShapes) {
  auto shape = [&](std::vector<std::string> top) {
    top.resize(7, ". . . . . . .");
    return top;
  };
  EXPECT_TRUE(dead_shape(shape({"x x x"})));                          // straight three
  EXPECT_TRUE(dead_shape(shape({"x x", ". x"})));                     // bent three
  EXPECT_TRUE(dead_shape(shape({"x x", "x x"})));                     // square four
  EXPECT_TRUE(dead_shape(shape({"x x x", ". x ."})));                 // pyramid four
  EXPECT_FALSE(dead_shape(shape({"x x x x"})));                       // straight four
  EXPECT_FALSE(dead_shape(shape({"x x x", "x . ."})));                // bent four
  EXPECT_TRUE(dead_shape(shape({"x x x", "x x ."})));                 // bulky five
  EXPECT_TRUE(dead_shape(shape({". x .", "x x x", ". x ."})));        // crossed five
  EXPECT_FALSE(dead_shape(shape({"x x x", ". x .", ". x ."})));       // a T of five
  EXPECT_FALSE(dead_shape(shape({"x x x x x"})));                     // straight five
  EXPECT_TRUE(dead_shape(shape({". x .", "x x x", ". x x"})));        // rabbity six
  EXPECT_FALSE(dead_shape(shape({"x x x", "x x x"})));                // rectangular six
  EXPECT_FALSE(dead_shape(shape({". x .", "x x x", ". x .", ". x ."})));  // a cross with a tail
}

// White's corner group holds A9 and C9 as its last liberties, around the
// black stone B9. Black A9 puts B9-A9 in atari, but once captured the two
// points make one eye: the sacrifice kills.
const std::vector<std::string> kCorner = {". X . O X . . . .", "O O O O X . . . .", "X X X X X . . . .",
                                          ". . . X X . . . .", ". . . . . . . . .", ". . . . . . . . .",
                                          ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . ."};

// Black's move at `vertex` on a 9x9 diagram: a self-atari, and whether it
// is a nakade sacrifice.
bool black_sacrifice_kills(const std::vector<std::string>& rows, const char* vertex) {
  const Board b = test::board_from_rows(rows, Color::Black);
  const Point p = *parse_vertex(vertex, 9);
  EXPECT_TRUE(b.is_self_atari(p, Color::Black)) << vertex;
  return is_nakade_sacrifice(b, p, Color::Black);
}

TEST(Tactics, ASacrificeLeavingADeadShapeIsANakadeSacrifice) {
  EXPECT_TRUE(black_sacrifice_kills(kCorner, "A9"));
  const Board b = test::board_from_rows(kCorner, Color::Black);
  EXPECT_FALSE(is_nakade_sacrifice(b, *parse_vertex("C9", 9), Color::White));  // not a self-atari of White's
  EXPECT_FALSE(is_nakade_sacrifice(b, *parse_vertex("F5", 9), Color::Black));  // no self-atari at all
}

TEST(Tactics, ASacrificeLeavingALivingShapeIsNone) {
  // Black A9 joins B9-F9 into a string of six in a row with G9 its last
  // liberty, which is also White's last: captured, it leaves White a
  // straight six, two eyes.
  EXPECT_FALSE(black_sacrifice_kills({". X X X X X . O O", "O O O O O O O O O", "X X X X X X X X X",
                                      ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
                                      ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . ."},
                                     "A9"));
}

TEST(Tactics, NoSacrificeAgainstAGroupWithAnotherEye) {
  // From a game against GNU Go: White's bottom group D1-H2 has an eye at
  // G2 and its other liberty at J1. Black J1 puts J1-J2 in atari; captured
  // at J3, the two points would make White a second eye. Black must play
  // J3 first, and the scoring playouts must not play J1.
  EXPECT_FALSE(black_sacrifice_kills({". . . . . . . . .", ". . . . . . . . .", "O O O O . O . . .",
                                      "X O X O O O O O O", "X O X O X X X X O", "X X X X X O X X X",
                                      "X O X O O O O X .", "O O X X O O . O X", ". X X O O O O O ."},
                                     "J1"));
}

TEST(Tactics, CarefulPlayoutsKillTheCornerBySacrifice) {
  // White's corner group A8-D9 has no eye but the hole around B9: the
  // scoring playouts, which otherwise never give up a string of two
  // stones, now play A9 (or C9) and kill it.
  const Board b = test::board_from_rows(kCorner, Color::White);
  Rng rng(7);
  const std::vector<float> ownership = playout_ownership(b, 400, rng);
  EXPECT_GT(ownership[*parse_vertex("B8", 9)], 0.6f);  // Black's
}

// A seki from a 19x19 game against GNU Go, moved to a 7x7 corner. White's
// group C7-G4 has two liberties, E7 and G5; its stone F7 has E7 and G7; the
// black stones F6, G6 and F5 inside have G7 and G5. Neither side can fill
// G7 or G5 without being captured, so both live, but E7 is eyelike for
// White with Black's F6 on its diagonal: a false eye by the diagonal rule.
// If White fills it, Black G5 is a sacrifice that leaves White a square
// four, and White dies.
const std::vector<std::string> kFalseEyeSeki = {". X O O . O .",  //
                                                ". X X O O X X",  //
                                                ". . X X O X .",  //
                                                ". . . X O O O",  //
                                                ". . . X X X X",  //
                                                ". . . . . . .",  //
                                                ". . . . . . ."};

TEST(Tactics, FalseEyesThatNeedNoFilling) {
  const Board b = test::board_from_rows(kFalseEyeSeki, Color::White);
  const auto at = [](const char* v) { return *parse_vertex(v, 7); };
  EXPECT_TRUE(fills_own_false_eye(b, at("E7"), Color::White));
  EXPECT_FALSE(fills_own_false_eye(b, at("E7"), Color::Black));  // not eyelike for Black
  EXPECT_FALSE(fills_own_false_eye(b, at("G7"), Color::White));
  // A true eye is not a false one.
  const Board eye = test::board_from_rows({". X . X . . .", "X X X X . . .", ". . . . . . .", ". . . . . . .",
                                           ". . . . . . .", ". . . . . . .", ". . . . . . ."},
                                          Color::Black);
  EXPECT_FALSE(fills_own_false_eye(eye, at("C7"), Color::Black));
  // With F7 in atari (Black has played G7), filling E7 connects it: allowed.
  const Board atari = test::board_from_rows({". X O O . O X", ". X X O O X X", ". . X X O X .", ". . . X O O O",
                                             ". . . X X X X", ". . . . . . .", ". . . . . . ."},
                                            Color::White);
  EXPECT_FALSE(fills_own_false_eye(atari, at("E7"), Color::White));
}

TEST(Tactics, ASekisFalseEyeIsOneWhoseFillLeavesOnlySharedLiberties) {
  const auto at = [](const char* v) { return *parse_vertex(v, 7); };
  // Filled, E7 would leave White's string the liberties G5 and G7, both
  // also Black's (F6-G6-F5 has two): the seki's eye.
  const Board seki = test::board_from_rows(kFalseEyeSeki, Color::White);
  EXPECT_TRUE(fills_seki_false_eye(seki, at("E7"), Color::White));
  // With G3 empty the filled string also has G3, next only to Black's wall
  // of many liberties: a connection that may be the one that lives.
  const Board open = test::board_from_rows({". X O O . O .", ". X X O O X X", ". . X X O X .", ". . . X O O O",
                                            ". . . X X X .", ". . . . . . .", ". . . . . . ."},
                                           Color::White);
  EXPECT_TRUE(fills_own_false_eye(open, at("E7"), Color::White));
  EXPECT_FALSE(fills_seki_false_eye(open, at("E7"), Color::White));
}

TEST(Tactics, CarefulPlayoutsKeepingSekiEyesKeepTheSeki) {
  const Board b = test::board_from_rows(kFalseEyeSeki, Color::White);
  const Point white_group = *parse_vertex("D6", 7);
  Rng rng(7);
  const std::vector<float> filling = playout_ownership(b, 400, rng);
  const std::vector<float> keeping = playout_ownership(b, 400, rng, true);
  EXPECT_GT(filling[white_group], -0.5f);   // White fills E7 and dies in most playouts
  EXPECT_LT(keeping[white_group], -0.95f);  // White's in (nearly) all
}

}  // namespace
}  // namespace tengen
