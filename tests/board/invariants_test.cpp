// check_invariants catches every kind of damage it claims to recompute, and
// the sanitizer build (TENGEN_CHECK_INVARIANTS) aborts a game on a broken
// board instead of playing on: the checks the differential tests rely on
// can fail.

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "support/diagram.h"
#include "tengen/board/board.h"

namespace tengen {

// Reaches into the board to break one invariant at a time.
struct BoardTestAccess {
  static std::uint64_t& hash(Board& b) { return b.hash_; }
  static Bitboard& empty_points(Board& b) { return b.empty_bb_; }
  static std::uint16_t& liberty_count(Board& b, Point root) { return b.lib_count_[root]; }
  static std::uint16_t& stone_count(Board& b, Point root) { return b.stone_count_[root]; }
  static Point& parent(Board& b, Point p) { return b.parent_[p]; }
  static Bitboard& liberties(Board& b, Point root) { return b.libs_[root]; }
  static int& stone_total(Board& b, Color c) { return b.stone_total_[Board::index(c)]; }
  static Point& ko_point(Board& b) { return b.ko_point_; }
  static std::uint16_t& neighborhood_code(Board& b, Point p) { return b.codes_[p]; }
};

namespace {

Board a_position() {
  return test::board_from_rows({".........",
                                "..XX.....",
                                "..XO.....",
                                "...O.....",
                                ".........",
                                ".....XX..",
                                "......O..",
                                ".........",
                                "........."},
                               Color::Black);
}

struct Damage {
  const char* expected;  // the start of check_invariants' reason
  std::function<void(Board&)> apply;
};

TEST(BoardInvariants, EveryKindOfDamageIsCaught) {
  const Board intact = a_position();
  ASSERT_TRUE(intact.check_invariants());
  const Point black = intact.point(2, 1);  // C8, in a two-stone string
  const Point white = intact.point(3, 2);  // D7
  const Point empty = intact.point(7, 7);
  const Point root = intact.root(black);
  const Damage damages[] = {
      {"hash", [](Board& b) { BoardTestAccess::hash(b) ^= 1; }},
      {"empty bitboard", [&](Board& b) { BoardTestAccess::empty_points(b).reset(empty); }},
      {"liberty count", [&](Board& b) { ++BoardTestAccess::liberty_count(b, root); }},
      {"stone count", [&](Board& b) { ++BoardTestAccess::stone_count(b, root); }},
      {"liberty set", [&](Board& b) { BoardTestAccess::liberties(b, root).set(empty); }},
      {"string root", [&](Board& b) { BoardTestAccess::parent(b, black) = white; }},
      {"stone totals", [](Board& b) { ++BoardTestAccess::stone_total(b, Color::Black); }},
      {"ko point", [&](Board& b) { BoardTestAccess::ko_point(b) = white; }},
      {"neighbourhood code", [&](Board& b) { BoardTestAccess::neighborhood_code(b, empty) ^= 1; }},
  };
  for (const Damage& d : damages) {
    Board b = intact;
    d.apply(b);
    std::string why;
    EXPECT_FALSE(b.check_invariants(&why)) << d.expected;
    EXPECT_EQ(why.rfind(d.expected, 0), 0u) << "expected '" << d.expected << "', got '" << why << "'";
  }
}

#ifdef TENGEN_CHECK_INVARIANTS
TEST(BoardInvariantsDeathTest, PlayingOnABrokenBoardAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        Board b = a_position();
        BoardTestAccess::hash(b) ^= 1;
        // One move in 16 is checked (per thread): 16 moves reach a check.
        for (int x = 0; x < 9; ++x) {
          b.play(b.point(x, 8), Color::Black);
          b.play(b.point(x, 4), Color::White);
        }
      },
      "board invariant broken after .*: hash");
}
#else
TEST(BoardInvariantsDeathTest, PlayingOnABrokenBoardAborts) {
  GTEST_SKIP() << "built without TENGEN_CHECK_INVARIANTS (the sanitizer build of .ci/run has it)";
}
#endif

}  // namespace
}  // namespace tengen
