// The board and game record against the slow reference board, move by move.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "board/reference_board.h"
#include "tengen/board/game.h"
#include "tengen/util/random.h"

namespace tengen {
namespace {

struct DifferentialCase {
  int size;
  int steps;
};

void PrintTo(const DifferentialCase& c, std::ostream* out) { *out << c.size << "x" << c.size << ", " << c.steps << " steps"; }

int b_points(int size) { return size * size; }

class BoardDifferential : public ::testing::TestWithParam<DifferentialCase> {};

// Everything compared after each move: stones, prisoners,
// legality of every point for both colours (and is_playable against the
// tests it shortens), hash, score, liberties, the
// board's own invariants, and (every 16th step) the liberties and captures
// a move would make and the self-atari test.
void expect_same(const Game& game, const test::ReferenceBoard& ref, bool superko, int step) {
  // The tactical queries of every empty point (the playouts' self-atari
  // test among them) cost a flood fill each in the reference: every 16th step.
  const bool tactics = step % 16 == 0;
  const Board& b = game.board();
  std::string why;
  ASSERT_TRUE(b.check_invariants(&why)) << why << " at step " << step << "\n" << b.to_string();
  ASSERT_EQ(b.hash(), ref.hash()) << "step " << step;
  ASSERT_EQ(b.area_score(0.5), ref.area_score(0.5)) << "step " << step;
  ASSERT_EQ(b.prisoners(Color::Black), ref.prisoners(Color::Black)) << "step " << step;
  ASSERT_EQ(b.prisoners(Color::White), ref.prisoners(Color::White)) << "step " << step;
  const int n = b.size();
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x) {
      const Point p = b.point(x, y);
      ASSERT_EQ(b.at(p), ref.at(x, y)) << "step " << step << " at " << x << "," << y << "\n" << b.to_string();
      for (Color c : {Color::Black, Color::White}) {
        ASSERT_EQ(game.is_legal(p, c), ref.is_legal(x, y, c, superko))
            << "step " << step << " " << color_name(c) << " at " << vertex_string(p, n) << "\n"
            << b.to_string();
      }
      if (b.at(p) == Color::Empty) {
        // The playouts' shortcut against the two full tests it stands for.
        for (Color c : {Color::Black, Color::White}) {
          ASSERT_EQ(b.is_playable(p, c), b.is_legal(p, c) && !b.is_true_eye(p, c))
              << "step " << step << " " << color_name(c) << " at " << vertex_string(p, n) << "\n"
              << b.to_string();
        }
      }
      if (is_player(b.at(p))) {
        ASSERT_EQ(b.liberties(p), ref.liberties(x, y)) << "step " << step;
      } else if (tactics) {
        for (Color c : {Color::Black, Color::White}) {
          int captured = 0;
          const int libs = ref.liberties_after(x, y, c, &captured);
          const std::string where = "step " + std::to_string(step) + " " + std::string(color_name(c)) + " at " + vertex_string(p, n);
          ASSERT_EQ(b.liberties_after(p, c), libs) << where << "\n" << b.to_string();
          ASSERT_EQ(b.capture_size_if_played(p, c), captured) << where;
          ASSERT_EQ(b.is_self_atari(p, c), b.is_legal(p, c) && libs == 1) << where << "\n" << b.to_string();
        }
      }
    }
  }
}

// Mostly legal moves (so games get long and full of captures and kos), some
// random points (occupied, suicide, ko, superko attempts), passes, undos, and
// now and then a move by the side not to move.
TEST_P(BoardDifferential, MatchesReferenceMoveByMove) {
  const auto [size, steps] = GetParam();
  Rng rng(1000 + size);
  int step = 0;
  int illegal_attempts = 0;
  int captures_seen = 0;
  while (step < steps) {
    const bool superko = rng.below(2) == 0;
    Game game(size, 0.5);
    game.set_superko(superko);
    test::ReferenceBoard ref(size);
    const int game_length = static_cast<int>(rng.below(4 * size * size + 20)) + 10;
    for (int move = 0; move < game_length && step < steps; ++move, ++step) {
      const double r = rng.uniform();
      Color c = game.to_move();
      if (rng.below(10) == 0) c = opponent(c);
      if (r < 0.02) {
        ASSERT_EQ(game.undo(), ref.undo()) << "step " << step;
      } else if (r < 0.05) {
        ASSERT_TRUE(game.play(kPass, c));
        ref.pass();
      } else {
        std::vector<Point> legal;
        if (r < 0.75) {
          for (int i = 0; i < b_points(size); ++i) {
            const int x = i % size, y = i / size;
            if (ref.is_legal(x, y, c, superko)) legal.push_back(point_at(x, y, size));
          }
        }
        const Point p = !legal.empty() ? legal[rng.below(static_cast<std::uint32_t>(legal.size()))]
                                       : point_at(static_cast<int>(rng.below(size)),
                                                  static_cast<int>(rng.below(size)), size);
        const int x = column_of(p, size), y = row_of(p, size);
        const bool expected = ref.is_legal(x, y, c, superko);
        illegal_attempts += !expected;
        const int before = game.board().prisoners(c);
        ASSERT_EQ(game.play(p, c), expected) << "step " << step << " " << vertex_string(p, size);
        ASSERT_EQ(ref.play(x, y, c, superko), expected);
        captures_seen += game.board().prisoners(c) > before;
      }
      expect_same(game, ref, superko, step);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(illegal_attempts, steps / 20);
  if (size >= 3) {
    EXPECT_GT(captures_seen, steps / 100);
  }
}

// Under a sanitizer (ten times slower) a quarter of the steps: the Release
// build runs them all, the sanitizers look for memory errors on the same paths.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int kStepShare = 4;
#else
constexpr int kStepShare = 1;
#endif

INSTANTIATE_TEST_SUITE_P(Sizes, BoardDifferential,
                         ::testing::Values(DifferentialCase{2, 15000 / kStepShare}, DifferentialCase{3, 25000 / kStepShare},
                                           DifferentialCase{5, 40000 / kStepShare}, DifferentialCase{7, 40000 / kStepShare},
                                           DifferentialCase{9, 40000 / kStepShare}, DifferentialCase{13, 25000 / kStepShare},
                                           DifferentialCase{19, 20000 / kStepShare}),
                         [](const auto& info) { return "size" + std::to_string(info.param.size); });

}  // namespace
}  // namespace tengen
