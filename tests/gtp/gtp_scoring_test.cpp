// GTP in process: the end of a game (final_score and final_status_list of
// hand-made positions, kgs-game_over, kgs-rules) and complete games between
// engines.

#include <gtest/gtest.h>

#include <string>

#include "support/gtp_session.h"

namespace tengen {
namespace {

using namespace test_support;  // support/gtp_session.h

// ---------------------------------------------------------------------------
// End of game

// Both players pass: the game is over, and final_score is the area count of
// the board (before, it is the search's expected score: clients_test.cpp).
void both_pass(Session& s) {
  s.ok("play b pass");
  s.ok("play w pass");
}

TEST_F(Gtp, FinalScoreOnAnEmptyBoardIsKomi) {
  Session s(fast_settings(5));
  both_pass(s);
  EXPECT_EQ(s.ok("final_score"), "W+7.5");
  s.ok("komi 0");
  EXPECT_EQ(s.ok("final_score"), "0");
  s.ok("komi -2");
  EXPECT_EQ(s.ok("final_score"), "B+2");
  EXPECT_EQ(s.ok("final_status_list alive"), "");
  EXPECT_EQ(s.ok("final_status_list dead"), "");
  EXPECT_EQ(s.ok("final_status_list seki"), "");
  s.rejected("final_score now");
}

TEST_F(Gtp, FinalScoreOfAWalledBoard) {
  Session s;
  // 7x7: Black C1-C7 owns A-C (21 points), White D1-D7 owns D-G (28).
  // Area: 21 - 28 - 0.5 = W+7.5.
  walls(s, 7, 'c', 'd', "0.5");
  both_pass(s);
  const State before = s.state();
  EXPECT_EQ(s.ok("final_score"), "W+7.5");
  EXPECT_EQ(s.ok("final_status_list dead"), "");
  EXPECT_EQ(s.ok("final_status_list seki"), "");
  // One string per line, stones in reading order.
  EXPECT_EQ(s.ok("final_status_list alive"), "C7 C6 C5 C4 C3 C2 C1\nD7 D6 D5 D4 D3 D2 D1");
  EXPECT_EQ(s.state(), before) << "scoring changed the game";
  // Hand White the move: the score does not depend on it.
  s.ok("play b pass");
  s.ok("play w pass");
  s.ok("play b pass");
  EXPECT_EQ(s.ok("final_score"), "W+7.5");
}

TEST_F(Gtp, FinalScoreWithADeadStoneInsideATerritory) {
  Session s;
  // As above, plus a White stone at A4 inside Black's area: dead, so A4 is
  // Black's point and the score is unchanged.
  walls(s, 7, 'c', 'd', "0.5");
  s.ok("play w a4");
  both_pass(s);
  EXPECT_EQ(s.ok("final_score"), "W+7.5");
  EXPECT_EQ(s.ok("final_status_list dead"), "A4");
  EXPECT_EQ(s.ok("final_status_list alive"), "C7 C6 C5 C4 C3 C2 C1\nD7 D6 D5 D4 D3 D2 D1");
  EXPECT_EQ(s.ok("final_status_list DEAD"), "A4");
}

TEST_F(Gtp, FinalScoreWithDeadStonesOnBothSidesBlackWins) {
  Session s;
  // 7x7: Black D1-D7 owns A-D (28), White E1-E7 owns E-G (21); komi 2.5:
  // 28 - 21 - 2.5 = B+4.5, with a dead Black stone at F4 and a dead White
  // one at A4 (the dead stones' points go to the territory's owner).
  walls(s, 7, 'd', 'e', "2.5");
  s.ok("play b f4");
  both_pass(s);
  EXPECT_EQ(s.ok("final_score"), "B+4.5");
  EXPECT_EQ(s.ok("final_status_list dead"), "F4");
  s.ok("play w a4");
  both_pass(s);
  EXPECT_EQ(s.ok("final_score"), "B+4.5");
  EXPECT_EQ(s.ok("final_status_list dead"), "A4\nF4");
  EXPECT_EQ(s.ok("final_status_list alive"), "D7 D6 D5 D4 D3 D2 D1\nE7 E6 E5 E4 E3 E2 E1");
  // Komi moves the result exactly.
  s.ok("komi 7");
  EXPECT_EQ(s.ok("final_score"), "0");
  s.ok("komi 9.5");
  EXPECT_EQ(s.ok("final_score"), "W+2.5");
}

TEST_F(Gtp, FinalStatusListRejectsBogusStatuses) {
  Session s;
  s.ok("play b e5");
  for (const std::string bad : {"bogus", "", "alive dead", "dea", "alive2", "territory", "1"}) {
    EXPECT_EQ(s.rejected("final_status_list " + bad), "syntax error") << bad;
  }
}

TEST_F(Gtp, KgsGameOverAndRules) {
  Session s;
  s.ok("play b e5");
  const State before = s.state();
  EXPECT_EQ(s.ok("kgs-game_over"), "");
  for (const std::string rules : {"chinese", "japanese", "aga", "new_zealand"}) {
    EXPECT_EQ(s.ok("kgs-rules " + rules), "");
  }
  EXPECT_EQ(s.state(), before);
  s.rejected("kgs-rules");
  s.rejected("kgs-rules chinese japanese");
}

// ---------------------------------------------------------------------------
// Complete games

struct GameOutcome {
  int moves = 0;
  bool resigned = false;
  int passes = 0;
};

// Plays genmove for both colours until two passes in a row or a resignation,
// each move checked against an independent game record and relayed to the
// other engine.
GameOutcome play_out(Session& black, Session& white, int size, int cap) {
  Game shadow(size, black.game().komi());
  shadow.set_superko(black.game().superko());
  GameOutcome out;
  Color c = Color::Black;
  for (; out.moves < cap; ++out.moves) {
    Session& mover = c == Color::Black ? black : white;
    Session& other = c == Color::Black ? white : black;
    const std::string who = c == Color::Black ? "b" : "w";
    const std::string v = mover.ok("genmove " + who);
    EXPECT_TRUE(is_vertex_or_resign(v)) << v;
    if (v == "resign") {
      out.resigned = true;
      break;
    }
    const auto p = parse_vertex(v, size);
    EXPECT_TRUE(p.has_value()) << v;
    if (!p) break;
    EXPECT_TRUE(shadow.is_legal(*p, c)) << "move " << out.moves + 1 << ": " << who << " " << v << " is illegal\n"
                                        << shadow.board().to_string();
    if (!shadow.play(*p, c)) break;
    if (&other != &mover) {
      EXPECT_EQ(other.ok("play " + who + " " + v), "") << "move " << out.moves + 1;
    }
    out.passes = *p == kPass ? out.passes + 1 : 0;
    c = opponent(c);
    if (out.passes >= 2) {
      ++out.moves;
      break;
    }
  }
  EXPECT_EQ(black.game().moves(), shadow.moves());
  EXPECT_EQ(black.game().board().hash(), shadow.board().hash());
  EXPECT_EQ(white.game().board().hash(), shadow.board().hash());
  return out;
}

TEST_F(Gtp, CompleteGameOn9x9BetweenTwoEngines) {
  Settings b = fast_settings(9);
  Settings w = fast_settings(9);
  w.seed = b.seed + 1;
  Session black(b), white(w);
  black.ok("komi 7.5");
  white.ok("komi 7.5");
  const GameOutcome out = play_out(black, white, 9, 400);
  EXPECT_TRUE(out.resigned || out.passes >= 2) << "no end after " << out.moves << " moves";
  EXPECT_GT(out.moves, 10);
  for (Session* s : {&black, &white}) {
    const std::string score = s->ok("final_score");
    EXPECT_TRUE(is_score(score)) << score;
  }
  EXPECT_EQ(black.ok("showboard"), white.ok("showboard"));
}

TEST_F(Gtp, CompleteGameOn5x5WithOneEngineForBothColours) {
  for (std::uint64_t seed : {1, 2, 3}) {
    Settings settings = fast_settings(5);
    settings.seed = seed;
    Session s(settings);
    s.ok("komi 0.5");
    const GameOutcome out = play_out(s, s, 5, 400);
    EXPECT_TRUE(out.resigned || out.passes >= 2) << "no end after " << out.moves << " moves, seed " << seed;
    EXPECT_TRUE(is_score(s.ok("final_score")));
    // A record of the whole game loads back.
    TempDir dir;
    const State end = s.state();
    s.ok("printsgf " + dir.path("g.sgf"));
    s.ok("clear_board");
    s.ok("loadsgf " + dir.path("g.sgf"));
    EXPECT_EQ(s.state(), end);
  }
}

}  // namespace
}  // namespace tengen
