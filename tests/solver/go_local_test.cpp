// Go local games for the score-bounded solver: the rules (terminal
// positions, scores, passes, superko, twins, playouts), local_game_at's
// choice of targets and region, Table 2 of Cazenave & Saffidine on the 36
// seki problems of tests/data/seki, and the classic shapes of
// tests/data/solver/local_fights.txt.

#include "tengen/solver/go_local.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/diagram.h"
#include "tengen/sgf/sgf.h"

namespace tengen {
namespace {

Board load_seki(int black_libs, int white_libs) {
  const std::string path = std::string(TENGEN_TEST_DATA) + "/seki/seki-b" + std::to_string(black_libs) + "-w" +
                           std::to_string(white_libs) + ".sgf";
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << file.rdbuf();
  return setup_position(sgf::parse(text.str()));
}

Point at(const Board& board, const char* vertex) { return *parse_vertex(vertex, board.size()); }

GoLocalGame seki_game(int black_libs, int white_libs) {
  const Board board = load_seki(black_libs, white_libs);
  std::string why;
  const std::optional<GoLocalGame> game = local_game_at(board, at(board, "B6"), &why);
  if (!game) throw std::runtime_error(why);
  return *game;
}

// Table 2, Black (Max) to play.
int table2(int black_libs, int white_libs) {
  if (black_libs > white_libs) return GoLocalGame::kWon;
  return black_libs >= white_libs - 1 ? GoLocalGame::kDraw : GoLocalGame::kLost;
}

LocalOutcome outcome_of(int value) {
  return value > 0 ? LocalOutcome::kWon : value < 0 ? LocalOutcome::kLost : LocalOutcome::kDraw;
}

// --- The seki problems ---

TEST(SekiProblems, LayoutAsDocumented) {
  for (int b = 1; b <= 6; ++b) {
    for (int w = 1; w <= 6; ++w) {
      SCOPED_TRACE("b" + std::to_string(b) + " w" + std::to_string(w));
      const Board board = load_seki(b, w);
      EXPECT_EQ(board.to_move(), Color::Black);
      EXPECT_EQ(board.liberties(at(board, "B6")), b + 2);
      EXPECT_EQ(board.liberties(at(board, "A5")), w + 2);
      const GoLocalGame game = seki_game(b, w);
      EXPECT_EQ(game.max_target(), at(board, "B6"));
      EXPECT_EQ(game.board().root(game.min_target()), board.root(at(board, "A5")));
      EXPECT_EQ(static_cast<int>(game.region().size()), b + w + 2);
      EXPECT_TRUE(game.in_region(at(board, "A6")) && game.in_region(at(board, "J5")));
    }
  }
}

// All 36 cells of Table 2 with the default settings (guided cuts, twins
// merged). 200 seeds never needed more than 9,400 playouts (docs/solver.md).
TEST(SekiProblems, Table2Reproduced) {
  for (int b = 1; b <= 6; ++b) {
    for (int w = 1; w <= 6; ++w) {
      SCOPED_TRACE("b" + std::to_string(b) + " w" + std::to_string(w));
      const LocalSolve r = solve_local(seki_game(b, w), 20'000, 1);
      EXPECT_EQ(r.outcome, outcome_of(table2(b, w)));
    }
  }
}

// Merging twins changes the tree, never the value: the small cells give the
// same values move by move, in every mode.
TEST(SekiProblems, SameValuesWithoutTwins) {
  for (const SolverMode mode : {SolverMode::kPlain, SolverMode::kCuts, SolverMode::kGuidedCuts}) {
    SolverConfig config = go_local_solver_config();
    config.mode = mode;
    for (int b = 1; b <= 3; ++b) {
      for (int w = 1; w <= 3; ++w) {
        SCOPED_TRACE("mode " + std::to_string(static_cast<int>(mode)) + " b" + std::to_string(b) + " w" +
                     std::to_string(w));
        GoLocalGame game = seki_game(b, w);
        game.set_merge_twins(false);
        EXPECT_EQ(solve_local(game, 300'000, 2, config).outcome, outcome_of(table2(b, w)));
      }
    }
  }
}

// --- Rules ---

TEST(GoLocalGame, TwinsLeaveOneMoveAClass) {
  GoLocalGame game = seki_game(3, 4);
  std::vector<Point> moves(GoLocalGame::kMaxMoves);
  // Black's outside liberties, White's, the shared ones, and pass.
  EXPECT_EQ(game.legal_moves(moves.data()), 4);
  EXPECT_EQ(moves[3], kPass);
  game.set_merge_twins(false);
  EXPECT_EQ(game.legal_moves(moves.data()), 3 + 4 + 2 + 1);
  // The rest of a class stays one move once one of its points is played.
  game.set_merge_twins(true);
  game.play(at(game.board(), "A4"));
  EXPECT_EQ(game.legal_moves(moves.data()), 4);
}

TEST(GoLocalGame, TwoPassesDraw) {
  GoLocalGame game = seki_game(1, 1);
  EXPECT_FALSE(game.is_terminal());
  EXPECT_TRUE(game.max_to_move());
  game.play(kPass);
  EXPECT_FALSE(game.is_terminal());
  EXPECT_FALSE(game.max_to_move());
  game.play(kPass);
  ASSERT_TRUE(game.is_terminal());
  EXPECT_EQ(game.score(), GoLocalGame::kDraw);
}

// Black fills White's outside liberty, White Black's, then Black a shared
// one: both targets are left with J5 and White, to move, takes Black's.
TEST(GoLocalGame, CaptureAtHandEndsTheGame) {
  GoLocalGame game = seki_game(1, 1);
  const Board& b = game.board();
  game.play(at(b, "A4"));
  game.play(at(b, "C7"));
  EXPECT_FALSE(game.is_terminal());
  game.play(at(b, "A6"));
  ASSERT_TRUE(game.is_terminal());
  EXPECT_EQ(game.score(), GoLocalGame::kLost);
  EXPECT_EQ(game.winning_capture(), at(b, "J5"));
  EXPECT_EQ(solve_local(game, 10, 1).best_move, at(b, "J5"));
}

// White's B4 has one liberty, C5, the only region point: with Black (Max)
// to move the game is over before it starts.
TEST(GoLocalGame, CaptureAtHandForMaxScoresWon) {
  Board board = test::board_from_rows({
      ". . . . .",
      ". X O X .",
      ". . X . .",
      ". . . . .",
      ". . . . .",
  });
  const Point lib = board.point(2, 0);
  const std::vector<Point> region = {lib};
  const GoLocalGame game(board, region, board.point(1, 1), board.point(2, 1));
  ASSERT_TRUE(game.is_terminal());
  EXPECT_EQ(game.score(), GoLocalGame::kWon);
  const LocalSolve r = solve_local(game, 10, 1);
  EXPECT_EQ(r.outcome, LocalOutcome::kWon);
  EXPECT_EQ(r.best_move, lib);
  EXPECT_EQ(r.playouts, 0u);
  // With White to move nothing is decided until White passes.
  board.set_to_move(Color::White);
  GoLocalGame white_first(board, region, board.point(1, 1), board.point(2, 1));
  EXPECT_FALSE(white_first.is_terminal());
  EXPECT_FALSE(white_first.max_to_move());
  white_first.play(kPass);
  ASSERT_TRUE(white_first.is_terminal());
  EXPECT_EQ(white_first.score(), GoLocalGame::kWon);
}

TEST(GoLocalGame, SuperkoForbidsReturningToAnEarlierPosition) {
  // Two kos: Black can take the upper one (C6 captures B6), White the lower
  // one (C2 captures B2). Every string around them has liberties outside
  // the region, so only the kos are in play.
  const Board board = test::board_from_rows({
      ". X O . . . .",
      "X O . O . . .",
      ". X O . . . .",
      ". . . . . . .",
      ". O X . . . .",
      "O X . X . . .",
      ". O X . . . .",
  });
  const auto p = [&](const char* v) { return at(board, v); };
  const std::vector<Point> region = {p("B6"), p("C6"), p("B2"), p("C2")};
  GoLocalGame game(board, region, p("B7"), p("C7"));
  game.play(p("C6"));  // Black takes the upper ko
  game.play(p("C2"));  // White takes the lower one
  EXPECT_FALSE(game.is_legal(p("B2")));  // simple ko
  game.play(kPass);
  game.play(p("B6"));  // White retakes the upper ko
  // Retaking the lower ko would bring back the starting position.
  EXPECT_TRUE(game.board().is_legal(p("B2"), Color::Black));
  EXPECT_FALSE(game.is_legal(p("B2")));
  std::vector<Point> moves(GoLocalGame::kMaxMoves);
  const int n = game.legal_moves(moves.data());
  EXPECT_EQ(std::count(moves.begin(), moves.begin() + n, p("B2")), 0);
  // Nothing can be captured for good, so the fight is a draw, and superko
  // makes it finite.
  EXPECT_EQ(solve_local(GoLocalGame(board, region, p("B7"), p("C7")), 200'000, 1).outcome, LocalOutcome::kDraw);
}

// With no move that is not a self-atari of the target, every playout of a
// pure seki ends in two passes.
TEST(GoLocalGame, PlayoutsOfASekiAreDraws) {
  const Board board = test::board_from_rows({
      ". O O O O O O O .",
      "O O O O O O O O O",
      "X X O O O O O O O",
      ". X X X X X X X X",
      "O O O O O O O O .",
      "X X X X X X X O O",
      "X X X X X X X X X",
      "X X X X X X X X X",
      ". X X X X X X X .",
  });
  const std::optional<GoLocalGame> root = local_game_at(board, at(board, "B6"));
  ASSERT_TRUE(root);
  Rng rng(3);
  for (int i = 0; i < 100; ++i) {
    GoLocalGame game = *root;
    EXPECT_EQ(game.playout(rng), GoLocalGame::kDraw);
  }
}

TEST(GoLocalGame, PlayoutsEndAndAreReproducible) {
  const GoLocalGame root = seki_game(3, 4);
  std::vector<int> first, second;
  for (std::vector<int>* out : {&first, &second}) {
    Rng rng(7);
    for (int i = 0; i < 300; ++i) {
      GoLocalGame game = root;
      const int score = game.playout(rng);
      EXPECT_TRUE(score >= GoLocalGame::kLost && score <= GoLocalGame::kWon);
      out->push_back(score);
    }
  }
  EXPECT_EQ(first, second);
  EXPECT_EQ(std::set<int>(first.begin(), first.end()).size(), 3u);  // wins, draws and losses all occur
}

TEST(GoLocalGame, RejectsBadTargetsAndRegions) {
  const Board board = load_seki(3, 4);
  const std::vector<Point> none;
  EXPECT_THROW(GoLocalGame(board, none, at(board, "B6"), at(board, "C6")), std::invalid_argument);  // same colour
  EXPECT_THROW(GoLocalGame(board, none, at(board, "B6"), at(board, "C7")), std::invalid_argument);  // empty
  std::vector<Point> big;
  for (int i = 0; i < board.num_points() && big.size() <= GoLocalGame::kMaxRegion; ++i) {
    if (board.on_board(static_cast<Point>(i))) big.push_back(static_cast<Point>(i));
  }
  EXPECT_THROW(GoLocalGame(board, big, at(board, "B6"), at(board, "A5")), std::invalid_argument);
}

// --- local_game_at ---

TEST(LocalGameAt, SameFightFromEitherTarget) {
  Board board = load_seki(3, 4);
  board.set_to_move(Color::White);
  const std::optional<GoLocalGame> from_black = local_game_at(board, at(board, "B6"));
  const std::optional<GoLocalGame> from_white = local_game_at(board, at(board, "D5"));
  ASSERT_TRUE(from_black && from_white);
  EXPECT_EQ(from_black->max_color(), Color::White);  // the side to move is Max
  EXPECT_EQ(from_white->max_target(), at(board, "D5"));
  EXPECT_EQ(from_black->board().root(from_black->max_target()), board.root(at(board, "A5")));
  const auto region = [](const GoLocalGame& g) { return std::set<Point>(g.region().begin(), g.region().end()); };
  EXPECT_EQ(region(*from_black), region(*from_white));
}

TEST(LocalGameAt, Refusals) {
  const Board seki = load_seki(3, 4);
  std::string why;
  EXPECT_FALSE(local_game_at(seki, at(seki, "C7"), &why));
  EXPECT_EQ(why, "no stone at C7");
  Board lone(9);
  lone.add_stone(lone.point(4, 4), Color::Black);
  EXPECT_FALSE(local_game_at(lone, lone.point(4, 4), &why));
  EXPECT_EQ(why, "no opposing string touches E5");
  // Two long strings side by side with all their liberties open.
  Board wide(19);
  for (int x = 0; x < 19; ++x) {
    wide.add_stone(wide.point(x, 9), Color::Black);
    wide.add_stone(wide.point(x, 10), Color::White);
  }
  for (int y = 0; y < 9; ++y) wide.add_stone(wide.point(9, y), Color::Black);
  EXPECT_FALSE(local_game_at(wide, wide.point(0, 9), &why));
  EXPECT_EQ(why.rfind("fight too large: ", 0), 0u) << why;
}

// --- Classic shapes (tests/data/solver/local_fights.txt) ---

class LocalFights : public ::testing::TestWithParam<test::DiagramCase> {};

// The "region <n>" line of a case, or -1.
int expected_region(const test::DiagramCase& c) {
  for (const std::vector<std::string>& e : c.expectations) {
    if (e.size() == 2 && e[0] == "region") return std::stoi(e[1]);
  }
  return -1;
}

TEST_P(LocalFights, SolvedAsExpected) {
  const test::DiagramCase& c = GetParam();
  int solves = 0;
  for (const std::vector<std::string>& e : c.expectations) {
    if (e[0] == "region") continue;
    ASSERT_EQ(e.size(), 4u) << "line " << c.line << ": " << e[0];
    SCOPED_TRACE(e[0] + " to move, " + e[1]);
    ++solves;
    Board board = test::board_from_rows(c.rows, e[0] == "black" ? Color::Black : Color::White);
    std::string why;
    const std::optional<GoLocalGame> game = local_game_at(board, at(board, e[1].c_str()), &why);
    ASSERT_TRUE(game) << why;
    EXPECT_EQ(static_cast<int>(game->region().size()), expected_region(c));
    const LocalSolve r = solve_local(*game, 200'000, 1);
    EXPECT_STREQ(outcome_name(r.outcome), e[2].c_str()) << r.playouts << " playouts";
    if (e[3] == "any") continue;
    const std::string move = vertex_string(r.best_move, board.size());
    EXPECT_NE(("|" + e[3] + "|").find("|" + move + "|"), std::string::npos) << "best move " << move;
  }
  EXPECT_GT(solves, 0);
}

INSTANTIATE_TEST_SUITE_P(Data, LocalFights,
                         ::testing::ValuesIn(test::read_diagram_file(TENGEN_TEST_DATA "/solver/local_fights.txt")));

}  // namespace
}  // namespace tengen
