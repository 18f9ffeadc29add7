// The exact solver behind the technique set (exact_area.h): its rules,
// scores and bounds on hand-checked positions, and its values and sets of
// right moves against plain alpha-beta (no table, no bounds) on every
// legal 2x2 position.

#include "technique/exact_area.h"

#include <gtest/gtest.h>

#include <cstdlib>
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

// Plain alpha-beta over the whole game tree, superko against the whole
// path: no table, no bounds, no ordering but pass first, so nothing in it
// can be wrong in the ways the solver's shortcuts could be. Each root move
// gets a full window, so its value is exact.
class Reference {
 public:
  long nodes = 0;

  int value(const Board& board, int to_move, bool passed, std::vector<Board>* path, int alpha, int beta) {
    if (++nodes > kMaxNodes) return 0;  // the caller drops the position
    const bool black = to_move == kBlack;
    int best = black ? -1000 : 1000;
    for (int m = -1; m < board.points() && alpha < beta; ++m) {
      int v;
      if (m == kPass) {
        v = passed ? board.area_score() : value(board, opponent(to_move), true, path, alpha, beta);
      } else {
        Board b = board;
        if (!b.play(m, to_move) || repeats(b, *path)) continue;
        path->push_back(b);
        v = value(b, opponent(to_move), false, path, alpha, beta);
        path->pop_back();
      }
      best = black ? std::max(best, v) : std::min(best, v);
      if (black) alpha = std::max(alpha, v);
      else beta = std::min(beta, v);
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
      values.push_back({m, value(b, opponent(to_move), m == kPass, &path, -1000, 1000)});
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

 static constexpr long kMaxNodes = 1'000'000;

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
  Solver solver(SolveOptions{.max_nodes = 1'000'000, .table_bits = 16, .all_values = false});
  const Solution s = solver.solve(b, kBlack);
  ASSERT_TRUE(s.solved);
  EXPECT_EQ(s.value, 10 - 15);
  EXPECT_TRUE(names(s.right, 5).count("pass"));
}

TEST(ExactArea, OneDameMustBeFilled) {
  // C3 is dame: Black to move fills it (+1); passing lets White take it (-1).
  const Board b = Board::from_rows({"XXO.O", ".XOOO", "XX.OO", "X.XO.", "XXXOO"});
  Solver solver(SolveOptions{.max_nodes = 1'000'000, .table_bits = 16, .all_values = false});
  const Solution s = solver.solve(b, kBlack);
  ASSERT_TRUE(s.solved);
  EXPECT_EQ(s.value, 1);
  EXPECT_EQ(names(s.right, 5), std::set<std::string>{"C3"});
}

// Every legal 2x2 position, both sides to move, against plain alpha-beta.
// Larger boards are out of the reference's reach: with no table its game
// tree under superko runs to millions of nodes already on 3x3 with a few
// empty points, because a capture reopens the board.
TEST(ExactArea, AgreesWithPlainAlphaBetaOnEvery2x2Position) {
  int checked = 0;
  for (int code = 0; code < 81; ++code) {
    std::vector<std::string> rows(2, std::string(2, '.'));
    for (int p = 0, c = code; p < 4; ++p, c /= 3) rows[p / 2][p % 2] = ".XO"[c % 3];
    Board b;
    try {
      b = Board::from_rows(rows);
    } catch (const std::runtime_error&) {
      continue;  // a string without liberties
    }
    for (int to_move : {kBlack, kWhite}) {
      Reference ref;
      const auto [value, right] = ref.solve(b, to_move);
      ASSERT_LE(ref.nodes, Reference::kMaxNodes);
      Solver solver(SolveOptions{.max_nodes = 1'000'000, .table_bits = 16, .all_values = false});
      const Solution s = solver.solve(b, to_move);
      ASSERT_TRUE(s.solved);
      const std::string diagram = rows[0] + "/" + rows[1] + (to_move == kBlack ? " B" : " W");
      EXPECT_EQ(s.value, value) << diagram;
      EXPECT_EQ(names(s.right, 2), names(right, 2)) << diagram;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 114);  // 57 legal positions
}

// The local game of a seki problem (SolveOptions::local) on four of
// Cazenave and Saffidine's problems (tests/data/seki, Black to play): no
// move in the walls' eyes, and the outcome their Table 2 gives. A draw
// keeps the seki, so the value stays within a few dame of the board's area
// as it stands; a win captures White's target, twenty points and more.
TEST(ExactArea, LocalGameOfTheSekiProblemsAgreesWithTheirTable) {
  struct Problem {
    const char* name;
    const char* rows;
    bool won;  // else a draw
  };
  const Problem problems[] = {
      {"b1-w1", ".OOOOOOO./OOOOOOOOO/XX.OOOOOO/.XXXXXXXX/OOOOOOOO./.XXXXXXOO/XXXXXXXXX/XXXXXXXXX/.XXXXXXX.", false},
      {"b1-w2", ".OOOOOOO./OOOOOOOOO/XX.OOOOOO/.XXXXXXXX/OOOOOOOO./..XXXXXOO/XXXXXXXXX/XXXXXXXXX/.XXXXXXX.", false},
      {"b2-w3", ".OOOOOOO./OOOOOOOOO/XX..OOOOO/.XXXXXXXX/OOOOOOOO./...XXXXOO/XXXXXXXXX/XXXXXXXXX/.XXXXXXX.", false},
      {"b2-w1", ".OOOOOOO./OOOOOOOOO/XX..OOOOO/.XXXXXXXX/OOOOOOOO./.XXXXXXOO/XXXXXXXXX/XXXXXXXXX/.XXXXXXX.", true},
  };
  for (const Problem& problem : problems) {
    std::vector<std::string> rows;
    for (std::string text = problem.rows; !text.empty();) {
      rows.push_back(text.substr(0, 9));
      text = text.size() > 9 ? text.substr(10) : "";
    }
    const Board b = Board::from_rows(rows);
    Solver solver(SolveOptions{.max_nodes = 2'000'000, .table_bits = 20, .all_values = false, .local = true});
    const Solution s = solver.solve(b, kBlack);
    ASSERT_TRUE(s.solved) << problem.name;
    const std::set<std::string> legal = names(s.legal, 9), right = names(s.right, 9);
    for (const char* eye : {"A9", "J9", "A1", "J1"}) EXPECT_FALSE(legal.count(eye)) << problem.name << ' ' << eye;
    if (problem.won) {
      EXPECT_GE(s.value, b.area_score() + 20) << problem.name;
    } else {
      EXPECT_LE(std::abs(s.value - b.area_score()), 3) << problem.name;
      // Filling a shared liberty gives the target away.
      EXPECT_FALSE(right.count("A6") || right.count("J5")) << problem.name;
    }
  }
}

}  // namespace
}  // namespace tengen::technique
