// tengen-solve <vertex> [max_playouts], in process: the exact replies on the
// seki problems (the same answer as solve_local gives), the side to move's
// point of view, an exhausted budget, a capture at hand, and every malformed
// input refused with the game unchanged.

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "support/quick_settings.h"
#include "tengen/engine/engine.h"
#include "tengen/gtp/gtp.h"
#include "tengen/solver/go_local.h"

namespace tengen {
namespace {

std::string seki_file(int black_libs, int white_libs) {
  return std::string(TENGEN_TEST_DATA) + "/seki/seki-b" + std::to_string(black_libs) + "-w" +
         std::to_string(white_libs) + ".sgf";
}

class SolveCommand : public ::testing::Test {
 protected:
  SolveCommand() : engine_(test_support::quick_settings({.playouts = 100, .seed = 7})), server_(engine_) {}

  std::string send(std::string_view line) { return server_.handle_line(line).value_or("<ignored>"); }

  // What tengen-solve must answer: solve_local with the command's seed.
  std::string expected(const char* vertex, std::uint64_t budget, const std::string& id = "") {
    const Board& board = engine_.game().board();
    const std::optional<GoLocalGame> game = local_game_at(board, *parse_vertex(vertex, board.size()));
    EXPECT_TRUE(game);
    const LocalSolve r = solve_local(*game, budget, 1);
    return "=" + id + " " + outcome_name(r.outcome) + " " + vertex_string(r.best_move, board.size()) + " " +
           std::to_string(r.playouts) + "\n\n";
  }

  // The reply's words after "= ".
  static std::string word(const std::string& reply, int n) {
    std::size_t start = reply.find(' ') + 1;
    for (int i = 0; i < n; ++i) start = reply.find(' ', start) + 1;
    return reply.substr(start, reply.find_first_of(" \n", start) - start);
  }

  // A refused command: "? reason", nothing changed.
  std::string refused(std::string_view line) {
    const std::string board = send("showboard");
    const std::size_t moves = engine_.game().moves().size();
    const std::string r = send(line);
    EXPECT_EQ(r.substr(0, 2), "? ") << line;
    EXPECT_EQ(r.substr(r.size() - 2), "\n\n") << line;
    EXPECT_EQ(send("showboard"), board) << line;
    EXPECT_EQ(engine_.game().moves().size(), moves) << line;
    return r.substr(2, r.size() - 4);
  }

  Engine engine_;
  GtpServer server_;
};

TEST_F(SolveCommand, DrawWithTheDefaultBudget) {
  ASSERT_EQ(send("loadsgf " + seki_file(3, 4)), "=\n\n");
  const std::string r = send("tengen-solve B6");
  EXPECT_EQ(r, expected("B6", 1'000'000));
  EXPECT_EQ(word(r, 0), "draw");
  // Only filling one of White's outside liberties keeps the draw.
  EXPECT_NE(std::string("A4 B4 C4 D4").find(word(r, 1)), std::string::npos) << r;
  // Asking from White's string is the same question.
  EXPECT_EQ(word(send("tengen-solve D5"), 0), "draw");
}

TEST_F(SolveCommand, IdAndBudget) {
  ASSERT_EQ(send("loadsgf " + seki_file(4, 2)), "=\n\n");
  EXPECT_EQ(send("12 tengen-solve B6 50000"), expected("B6", 50'000, "12"));
  EXPECT_EQ(word(send("tengen-solve B6 50000"), 0), "won");
}

TEST_F(SolveCommand, FromTheSideToMove) {
  ASSERT_EQ(send("loadsgf " + seki_file(3, 4)), "=\n\n");
  ASSERT_EQ(send("play b pass"), "=\n\n");
  // White to move, one outside liberty ahead: White wins, by filling one
  // of Black's.
  const std::string r = send("tengen-solve B6");
  EXPECT_EQ(r, expected("B6", 1'000'000));
  EXPECT_EQ(word(r, 0), "won");
  EXPECT_NE(std::string("C7 D7 E7").find(word(r, 1)), std::string::npos) << r;
}

TEST_F(SolveCommand, UnknownWhenTheBudgetRunsOut) {
  ASSERT_EQ(send("loadsgf " + seki_file(6, 6)), "=\n\n");
  const std::string r = send("tengen-solve B6 3");
  EXPECT_EQ(r, expected("B6", 3));
  EXPECT_EQ(word(r, 0), "unknown");
  EXPECT_EQ(word(r, 2), "3");
}

TEST_F(SolveCommand, CaptureAtHand) {
  ASSERT_EQ(send("loadsgf " + seki_file(1, 1)), "=\n\n");
  for (const char* move : {"play b A4", "play w C7", "play b A6"}) ASSERT_EQ(send(move), "=\n\n");
  EXPECT_EQ(send("tengen-solve A5"), "= won J5 0\n\n");
  EXPECT_EQ(send("tengen-solve B6 10"), "= won J5 0\n\n");
}

TEST_F(SolveCommand, MalformedInputIsRefused) {
  ASSERT_EQ(send("loadsgf " + seki_file(3, 4)), "=\n\n");
  EXPECT_EQ(refused("tengen-solve"), "syntax error");
  EXPECT_EQ(refused("tengen-solve B6 100 100"), "syntax error");
  EXPECT_EQ(refused("tengen-solve Z9"), "invalid vertex");
  EXPECT_EQ(refused("tengen-solve K5"), "invalid vertex");  // off a 9x9 board
  EXPECT_EQ(refused("tengen-solve pass"), "invalid vertex");
  EXPECT_EQ(refused("tengen-solve C7"), "no stone at C7");
  for (const char* budget : {"0", "-5", "abc", "1e3", "12x", "100000001", "99999999999999999999999"}) {
    EXPECT_EQ(refused(std::string("tengen-solve B6 ") + budget), "invalid playout budget (1 to 100000000)")
        << budget;
  }
}

TEST_F(SolveCommand, NoFightOrTooLarge) {
  ASSERT_EQ(send("boardsize 9"), "=\n\n");
  ASSERT_EQ(send("clear_board"), "=\n\n");
  ASSERT_EQ(send("play b E5"), "=\n\n");
  EXPECT_EQ(refused("tengen-solve E5"), "no opposing string touches E5");
  ASSERT_EQ(send("boardsize 19"), "=\n\n");
  for (const char* column : {"A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T"}) {
    ASSERT_EQ(send(std::string("play b ") + column + "10"), "=\n\n");
    ASSERT_EQ(send(std::string("play w ") + column + "11"), "=\n\n");
  }
  for (int row = 1; row <= 9; ++row) ASSERT_EQ(send("play b K" + std::to_string(row)), "=\n\n");
  const std::string why = refused("tengen-solve A10");
  EXPECT_EQ(why.rfind("fight too large: ", 0), 0u) << why;
}

TEST_F(SolveCommand, ListedForGoGui) {
  EXPECT_EQ(send("known_command tengen-solve"), "= true\n\n");
  EXPECT_NE(send("list_commands").find("\ntengen-solve\n"), std::string::npos);
  EXPECT_NE(send("gogui-analyze_commands").find("string/Solve the fight at a point/tengen-solve %p"), std::string::npos);
}

}  // namespace
}  // namespace tengen
