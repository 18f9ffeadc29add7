// The exact solver behind the technique set (exact_area.h): its rules,
// scores and bounds on hand-checked positions, and its values and sets of
// right moves against a plain minimax with no table and no bounds, on
// random small positions.

#include "technique/exact_area.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

namespace tengen::technique {
namespace {

std::set<std::string> names(const std::vector<int>& moves, int size) {
  std::set<std::string> out;
  for (int m : moves) out.insert(vertex_name(m, size));
  return out;
}

// Plain minimax over the whole game tree, superko against the whole path.
class Reference {
 public:
  long nodes = 0;

  int value(const Board& board, int to_move, bool passed, std::vector<Board>* path) {
    if (++nodes > kMaxNodes) return 0;  // the caller drops the position
    const bool black = to_move == kBlack;
    int best = black ? -1000 : 1000;
    for (int m = -1; m < board.points(); ++m) {
      int v;
      if (m == kPass) {
        v = passed ? board.area_score() : value(board, opponent(to_move), true, path);
      } else {
        Board b = board;
        if (!b.play(m, to_move) || repeats(b, *path)) continue;
        path->push_back(b);
        v = value(b, opponent(to_move), false, path);
        path->pop_back();
      }
      best = black ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }

  // (value, right moves) at the root.
  std::pair<int, std::vector<int>> solve(const Board& board, int to_move) {
    std::vector<Board> path{board};
    std::vector<std::pair<int, int>> values;
    for (int m = -1; m < board.points(); ++m) {
      Board b = board;
      if (m != kPass && !b.play(m, to_move)) continue;
      if (m != kPass) path.push_back(b);
      values.push_back({m, value(b, opponent(to_move), m == kPass, &path)});
      if (m != kPass) path.pop_back();
    }
    int best = values[0].second;
    for (auto [m, v] : values) best = to_move == kBlack ? std::max(best, v) : std::min(best, v);
    std::vector<int> right;
    for (auto [m, v] : values) {
      if (v == best) right.push_back(m);
    }
    return {best, right};
  }

 static constexpr long kMaxNodes = 3'000'000;

 private:
  static bool repeats(const Board& b, const std::vector<Board>& path) {
    for (const Board& old : path) {
      bool same = true;
      for (int p = 0; p < b.points() && same; ++p) same = b.at(p) == old.at(p);
      if (same) return true;
    }
    return false;
  }
};

TEST(ExactArea, CapturesSuicideAndScore) {
  Board b = Board::from_rows({".X.", "XO.", ".X."});
  EXPECT_FALSE(b.play(0, kWhite));  // suicide
  int captured = 0;
  ASSERT_TRUE(b.play(5, kBlack, &captured));
  EXPECT_EQ(captured, 1);
  EXPECT_EQ(b.at(4), kEmpty);
  EXPECT_EQ(b.area_score(), 9);
  EXPECT_FALSE(b.play(1, kWhite));  // occupied
  EXPECT_EQ(Board::from_rows({"X.O", "X.O", "X.O"}).area_score(), 0);  // the empty column touches both
  EXPECT_EQ(Board::from_rows({"OO.", "O..", "..."}).area_score(), -9);  // the rest touches White only
}

TEST(ExactArea, VertexNames) {
  EXPECT_EQ(vertex_name(0, 9), "A9");
  EXPECT_EQ(vertex_name(80, 9), "J1");
  EXPECT_EQ(vertex_name(kPass, 9), "pass");
  EXPECT_EQ(parse_vertex_name("j1", 9), 80);
  EXPECT_EQ(parse_vertex_name("C7", 9), 20);
  EXPECT_EQ(parse_vertex_name("pass", 9), kPass);
  EXPECT_THROW(parse_vertex_name("I5", 9), std::runtime_error);
  EXPECT_THROW(parse_vertex_name("A10", 9), std::runtime_error);
}

TEST(ExactArea, PassAliveStrings) {
  // Black has three eyes, White two: both alive whatever the other plays.
  const Board b = Board::from_rows({".X.X.", "XXXXX", "OOOOO", "O.O.O", "OOOOO"});
  const Mask black = b.pass_alive(kBlack), white = b.pass_alive(kWhite);
  EXPECT_EQ(black.count(), 7);
  EXPECT_EQ(white.count(), 13);
  EXPECT_EQ(b.enclosed_points(white), 2);
  // One eye is not enough.
  const Board one = Board::from_rows({".XO..", "XXO..", "OOO..", ".....", "....."});
  EXPECT_EQ(one.pass_alive(kBlack).count(), 0);
}

TEST(ExactArea, FinishedBoardPassesOrFillsNothingUseful) {
  // Every point settled, no dame: passing keeps the value, and so does
  // filling an own eye of a group with three (area scoring).
  const Board b = Board::from_rows({".X.X.", "XXXXX", "OOOOO", "O.O.O", "OOOOO"});
  Solver solver;
  const Solution s = solver.solve(b, kBlack);
  ASSERT_TRUE(s.solved);
  EXPECT_EQ(s.value, 10 - 15);
  EXPECT_TRUE(names(s.right, 5).count("pass"));
}

TEST(ExactArea, OneDameMustBeFilled) {
  // C3 is dame: Black to move fills it (+1); passing lets White take it (-1).
  const Board b = Board::from_rows({"XXO.O", ".XOOO", "XX.OO", "X.XO.", "XXXOO"});
  Solver solver;
  const Solution s = solver.solve(b, kBlack);
  ASSERT_TRUE(s.solved);
  EXPECT_EQ(s.value, 1);
  EXPECT_EQ(names(s.right, 5), std::set<std::string>{"C3"});
}

TEST(ExactArea, ThreeByThreeEmptyBoardIsAWholeBoardWin) {
  // The known result (van der Werf et al.): Black wins 3x3 by 9 points,
  // playing the centre first.
  Solver solver(SolveOptions{.max_nodes = 50'000'000, .table_bits = 20, .all_values = false});
  const Solution s = solver.solve(Board::from_rows({"...", "...", "..."}), kBlack);
  ASSERT_TRUE(s.solved);
  EXPECT_EQ(s.value, 9);
  EXPECT_EQ(names(s.right, 3), std::set<std::string>{"B2"});
}

// Random small positions with a few empty points, against plain minimax.
TEST(ExactArea, AgreesWithPlainMinimaxOnRandomPositions) {
  std::mt19937 rng(7);
  int checked = 0, with_capture_lines = 0;
  for (int attempt = 0; checked < 60 && attempt < 5000; ++attempt) {
    const int size = 3 + static_cast<int>(rng() % 2);
    const int empties = size == 3 ? 4 + static_cast<int>(rng() % 2) : 5 + static_cast<int>(rng() % 2);
    std::vector<std::string> rows(size, std::string(size, '.'));
    std::vector<int> points(size * size);
    for (int i = 0; i < size * size; ++i) points[i] = i;
    std::shuffle(points.begin(), points.end(), rng);
    for (int i = empties; i < size * size; ++i) {
      rows[points[i] / size][points[i] % size] = rng() % 2 ? 'X' : 'O';
    }
    Board b;
    try {
      b = Board::from_rows(rows);
    } catch (const std::runtime_error&) {
      continue;  // a string without liberties
    }
    const int to_move = rng() % 2 ? kBlack : kWhite;
    Reference ref;
    const auto [value, right] = ref.solve(b, to_move);
    if (ref.nodes > Reference::kMaxNodes) continue;  // too big to check by plain minimax
    Solver solver(SolveOptions{.max_nodes = 5'000'000, .table_bits = 16, .all_values = true});
    const Solution s = solver.solve(b, to_move);
    ASSERT_TRUE(s.solved);
    std::string diagram;
    for (const auto& r : rows) diagram += r + "\n";
    EXPECT_EQ(s.value, value) << diagram;
    EXPECT_EQ(names(s.right, size), names(right, size)) << diagram;
    ++checked;
    with_capture_lines += s.nodes > 200;
  }
  EXPECT_EQ(checked, 60);
  EXPECT_GT(with_capture_lines, 5);  // not only trivial positions
}

}  // namespace
}  // namespace tengen::technique
