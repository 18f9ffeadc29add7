// Connect Four: the rules (checked by hand and against a plain reference),
// the exact values of the small boards by exhaustive search, and the
// score-bounded solver proving those values in every mode.

#include "tengen/solver/connect_four.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/connect_four_reference.h"
#include "tengen/solver/score_bounded.h"

namespace tengen {
namespace {

using Solver = ScoreBoundedSolver<ConnectFour>;
// Pool size per playout of budget: Connect Four solves use 1.1 to 1.4 nodes
// a playout. Reserving for the worst case (7) would cost sanitizer builds
// dearly; a pool that fills makes the proof fail, not pass.
constexpr std::size_t kNodesPerPlayout = 2;

// Plays columns given as digits; the game must not be over before the last.
ConnectFour play_columns(int width, int height, const std::string& columns) {
  ConnectFour g(width, height);
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const int c = columns[i] - '0';
    EXPECT_FALSE(g.is_terminal()) << "over before move " << i;
    EXPECT_TRUE(g.is_legal(c)) << "move " << i;
    g.play(static_cast<ConnectFour::Move>(c));
  }
  return g;
}

void expect_win_only_at_the_end(const std::string& columns, int score) {
  SCOPED_TRACE(columns);
  const ConnectFour before = play_columns(7, 6, columns.substr(0, columns.size() - 1));
  EXPECT_FALSE(before.is_terminal());  // three in a row is not enough
  const ConnectFour after = play_columns(7, 6, columns);
  EXPECT_TRUE(after.is_terminal());
  EXPECT_EQ(after.score(), score);
  ConnectFour::Move moves[ConnectFour::kMaxMoves];
  EXPECT_EQ(after.legal_moves(moves), 0);
}

TEST(ConnectFour, FourInAColumnWins) { expect_win_only_at_the_end("0101010", 1); }

TEST(ConnectFour, FourInARowWinsForEitherPlayer) {
  expect_win_only_at_the_end("0011223", 1);
  expect_win_only_at_the_end("60615253", -1);  // the second player's bottom row
}

TEST(ConnectFour, FourOnARisingDiagonalWins) { expect_win_only_at_the_end("01122323363", 1); }

TEST(ConnectFour, FourOnAFallingDiagonalWins) { expect_win_only_at_the_end("65544343303", 1); }

TEST(ConnectFour, FullBoardWithoutFourIsADraw) {
  const ConnectFour g = play_columns(3, 3, "012012012");
  EXPECT_TRUE(g.is_terminal());
  EXPECT_EQ(g.score(), 0);
  EXPECT_EQ(g.to_string(), "XOX\nOXO\nXOX\n");
}

TEST(ConnectFour, AFullColumnIsIllegal) {
  const ConnectFour g = play_columns(7, 6, "000000");
  EXPECT_FALSE(g.is_terminal());
  EXPECT_FALSE(g.is_legal(0));
  EXPECT_FALSE(g.is_legal(-1));
  EXPECT_FALSE(g.is_legal(7));
  EXPECT_TRUE(g.is_legal(1));
  ConnectFour::Move moves[ConnectFour::kMaxMoves];
  ASSERT_EQ(g.legal_moves(moves), 6);
  EXPECT_EQ(moves[0], 1);
  EXPECT_TRUE(g.max_to_move());
}

TEST(ConnectFour, BoardSizeIsChecked) {
  EXPECT_THROW(ConnectFour(0, 4), std::invalid_argument);
  EXPECT_THROW(ConnectFour(8, 6), std::invalid_argument);
  EXPECT_THROW(ConnectFour(7, 7), std::invalid_argument);
  EXPECT_NO_THROW(ConnectFour(1, 1));
}

// Random games on every board size, move by move against the reference:
// same legal moves, same end, same score. This also catches a four that
// would wrap from the top of one column to the bottom of the next.
TEST(ConnectFour, AgreesWithTheReferenceOnRandomGames) {
  Rng rng(21);
  for (int game = 0; game < 3000; ++game) {
    const int w = 1 + static_cast<int>(rng.below(7)), h = 1 + static_cast<int>(rng.below(6));
    ConnectFour g(w, h);
    test::ReferenceConnectFour ref(w, h);
    for (;;) {
      ConnectFour::Move moves[ConnectFour::kMaxMoves];
      const int n = g.legal_moves(moves);
      int ref_n = 0;
      for (int c = 0; c < w; ++c) {
        ASSERT_EQ(g.is_legal(c), ref.can_play(c));
        ref_n += ref.can_play(c);
      }
      ASSERT_EQ(n, ref_n);
      ASSERT_EQ(g.is_terminal(), ref.over());
      if (g.is_terminal()) break;
      const ConnectFour::Move m = moves[rng.below(static_cast<std::uint32_t>(n))];
      g.play(m);
      ref.play(m);
    }
    ASSERT_EQ(g.score(), ref.score());
    for (int c = 0; c < w; ++c) {
      for (int r = 0; r < h; ++r) ASSERT_EQ(g.at(c, r), ref.cell(c, r));
    }
  }
}

TEST(ConnectFour, PlayoutsEndTheGame) {
  Rng rng(3);
  for (int i = 0; i < 200; ++i) {
    ConnectFour g(7, 6);
    const int score = g.playout(rng);
    EXPECT_TRUE(g.is_terminal());
    EXPECT_EQ(score, g.score());
    EXPECT_GE(g.moves_played(), 7);
  }
}

// Exact values of the paper's boards (width x height), by exhaustive search.
struct Board {
  int width;
  int height;
  int value;
};
constexpr Board kSmallBoards[] = {{3, 3, 0}, {3, 4, 0}, {4, 3, 0}, {4, 4, 0}};

TEST(ConnectFourExact, SmallBoardsHaveTheseValues) {
  for (const Board& b : kSmallBoards) {
    test::ExhaustiveConnectFour exhaustive;
    EXPECT_EQ(exhaustive.value(test::ReferenceConnectFour(b.width, b.height)), b.value)
        << b.width << "x" << b.height;
  }
}

std::vector<SolverConfig> solver_configs() {
  std::vector<SolverConfig> configs;
  for (const auto& [mode, window] : {std::pair{SolverMode::kPlain, false}, {SolverMode::kCuts, false},
                                     {SolverMode::kGuidedCuts, false}, {SolverMode::kCuts, true},
                                     {SolverMode::kGuidedCuts, true}}) {
    SolverConfig c;
    c.mode = mode;
    c.window_cuts = window;
    configs.push_back(c);
  }
  return configs;
}

// Every mode, several seeds. The plain solver does not solve 4x4 within
// millions of playouts (nor did the paper's), so 4x4 runs only with cuts.
TEST(ConnectFourSolver, ProvesTheSmallBoardsInEveryMode) {
  const std::uint64_t budget = 2'000'000;
  for (const SolverConfig& config : solver_configs()) {
    Solver solver(config, kNodesPerPlayout * budget);
    for (const Board& b : kSmallBoards) {
      const bool big = b.width * b.height == 16;
      if (big && config.mode == SolverMode::kPlain) continue;
      for (std::uint64_t seed = 1; seed <= (big ? 1u : 3u); ++seed) {
        SCOPED_TRACE(std::to_string(b.width) + "x" + std::to_string(b.height) + " mode " +
                     std::to_string(static_cast<int>(config.mode)) + (config.window_cuts ? "+window" : "") +
                     " seed " + std::to_string(seed));
        Rng rng(seed);
        const Solver::Result r = solver.solve(ConnectFour(b.width, b.height), budget, rng);
        ASSERT_TRUE(r.proven);
        EXPECT_EQ(r.value, b.value);
      }
    }
  }
}

// The empty boards are all draws: positions a few random moves in bring
// wins and losses for either side, checked against the exhaustive values.
TEST(ConnectFourSolver, ProvesWinsAndLossesFromRandomPositions) {
  const std::uint64_t budget = 1'000'000;
  std::vector<Solver> solvers;
  for (const SolverConfig& config : solver_configs()) solvers.emplace_back(config, kNodesPerPlayout * budget);
  Rng rng(33);
  test::ExhaustiveConnectFour exhaustive;
  int seen[3] = {0, 0, 0};
  for (int i = 0; i < 24; ++i) {
    const int w = 4 + static_cast<int>(rng.below(2)), h = 4;
    ConnectFour g(w, h);
    test::ReferenceConnectFour ref(w, h);
    const int moves = 6 + static_cast<int>(rng.below(5));
    for (int m = 0; m < moves && !g.is_terminal(); ++m) {
      ConnectFour::Move legal[ConnectFour::kMaxMoves];
      const ConnectFour::Move c = legal[rng.below(static_cast<std::uint32_t>(g.legal_moves(legal)))];
      g.play(c);
      ref.play(c);
    }
    if (g.is_terminal()) continue;
    const int real = exhaustive.value(ref);
    ++seen[real + 1];
    for (Solver& solver : solvers) {
      const SolverConfig& config = solver.config();
      if (w > 4 && config.mode == SolverMode::kPlain) continue;  // too slow without cuts
      SCOPED_TRACE(g.to_string() + "mode " + std::to_string(static_cast<int>(config.mode)));
      Rng solver_rng(static_cast<std::uint64_t>(i));
      const Solver::Result r = solver.solve(g, budget, solver_rng);
      ASSERT_TRUE(r.proven);
      EXPECT_EQ(r.value, real);
      ConnectFour after = g;
      after.play(r.best_move);
      test::ReferenceConnectFour ref_after = ref;
      ref_after.play(r.best_move);
      EXPECT_EQ(exhaustive.value(ref_after), real);  // the move keeps the value
    }
  }
  EXPECT_GT(seen[0], 0);  // some losses, draws and wins for the first player
  EXPECT_GT(seen[1], 0);
  EXPECT_GT(seen[2], 0);
}

// Window cuts (beyond the paper) need fewer playouts than the paper's cuts.
TEST(ConnectFourSolver, WindowCutsNeedFewerPlayouts) {
  for (const SolverMode mode : {SolverMode::kCuts, SolverMode::kGuidedCuts}) {
    std::uint64_t total[2] = {0, 0};
    for (const bool window : {false, true}) {
      SolverConfig config;
      config.mode = mode;
      config.window_cuts = window;
      Solver solver(config, kNodesPerPlayout * 1'000'000);
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        Rng rng(seed);
        total[window] += solver.solve(ConnectFour(3, 4), 1'000'000, rng).playouts;
      }
    }
    EXPECT_LT(total[1], total[0]);
  }
}

}  // namespace
}  // namespace tengen
