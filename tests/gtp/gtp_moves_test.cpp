// GTP in process, the board and the moves: boardsize, clear_board, komi,
// play (suicide, ko, superko), genmove and its variants, undo, showboard;
// an illegal move is refused with a reason and the game unchanged.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/gtp_session.h"

namespace tengen {
namespace {

using namespace test_support;  // support/gtp_session.h

// ---------------------------------------------------------------------------
// Setup commands

TEST_F(Gtp, Boardsize) {
  Session s;
  for (int size : {2, 3, 5, 7, 9, 13, 19, 9}) {
    s.ok("play b a1");
    EXPECT_EQ(s.ok("boardsize " + std::to_string(size)), "");
    EXPECT_EQ(s.game().size(), size);
    EXPECT_TRUE(s.game().moves().empty());
    EXPECT_EQ(s.stones(Color::Black) + s.stones(Color::White), 0);
    EXPECT_EQ(s.game().to_move(), Color::Black);
    // The diagram: the two letter rows plus one line per row plus the summary.
    EXPECT_EQ(lines(s.ok("showboard")).size(), static_cast<std::size_t>(size + 3));
  }
  s.ok("play b e5");
  EXPECT_EQ(s.rejected("boardsize 0"), "unacceptable size");
  EXPECT_EQ(s.rejected("boardsize 1"), "unacceptable size");
  EXPECT_EQ(s.rejected("boardsize 20"), "unacceptable size");
  EXPECT_EQ(s.rejected("boardsize 25"), "unacceptable size");
  EXPECT_EQ(s.rejected("boardsize -9"), "unacceptable size");
  EXPECT_EQ(s.rejected("boardsize 2147483648"), "syntax error");
  EXPECT_EQ(s.rejected("boardsize abc"), "syntax error");
  EXPECT_EQ(s.rejected("boardsize 9.5"), "syntax error");
  EXPECT_EQ(s.rejected("boardsize 9x9"), "syntax error");
  EXPECT_EQ(s.rejected("boardsize"), "syntax error");
  EXPECT_EQ(s.rejected("boardsize 9 9"), "syntax error");
}

TEST_F(Gtp, KomiSurvivesBoardsizeAndClearBoard) {
  Session s;
  // Sabaki sends komi before boardsize.
  s.ok("komi 6.5");
  s.ok("boardsize 13");
  s.ok("clear_board");
  EXPECT_DOUBLE_EQ(s.game().komi(), 6.5);
  EXPECT_NE(s.ok("showboard").find("komi 6.5"), std::string::npos);
  s.ok("komi -3");
  s.ok("play b d4");
  s.ok("boardsize 13");
  EXPECT_DOUBLE_EQ(s.game().komi(), -3);
  s.ok("clear_board");
  EXPECT_DOUBLE_EQ(s.game().komi(), -3);
  s.rejected("boardsize 30");
  EXPECT_DOUBLE_EQ(s.game().komi(), -3);
}

TEST_F(Gtp, ClearBoard) {
  Session s(fast_settings(5));
  s.ok("play b a2");
  s.ok("play w a1");
  s.ok("play b b1");  // captures A1
  EXPECT_EQ(s.game().board().prisoners(Color::Black), 1);
  s.ok("clear_board");
  EXPECT_EQ(s.stones(Color::Black) + s.stones(Color::White), 0);
  EXPECT_EQ(s.game().board().prisoners(Color::Black), 0);
  EXPECT_TRUE(s.game().moves().empty());
  EXPECT_EQ(s.game().to_move(), Color::Black);
  EXPECT_EQ(s.game().size(), 5);
  s.ok("set_free_handicap a1 e5");
  EXPECT_EQ(s.game().handicap(), 2);
  s.ok("clear_board");
  EXPECT_EQ(s.game().handicap(), 0);
  EXPECT_TRUE(s.game().setup().empty());
  s.ok("play b c3");
  s.rejected("clear_board now");
}

TEST_F(Gtp, Komi) {
  Session s;
  for (const auto& [text, value] : std::vector<std::pair<std::string, double>>{
           {"6.5", 6.5}, {"0", 0}, {"-3", -3}, {"7", 7}, {"0.25", 0.25}, {"1e2", 100}, {"+6.5", 6.5},
           {"361", 361}, {"-361", -361}, {"-12.5", -12.5}}) {
    EXPECT_EQ(s.ok("komi " + text), "");
    EXPECT_DOUBLE_EQ(s.game().komi(), value) << text;
  }
  s.ok("komi 5.5");
  s.ok("play b d4");
  for (const std::string bad :
       {"abc", "nan", "NaN", "-nan", "inf", "-inf", "infinity", "INF", "1e400", "6,5", "6.5.5", "5.5x", "", "6.5 7",
        "0x10"}) {
    EXPECT_EQ(s.rejected("komi " + bad), "syntax error") << bad;
  }
  // Beyond any score: refused, whatever the board (komi survives boardsize).
  for (const std::string beyond : {"1e3", "5000", "361.5", "-362", "1e60"}) s.rejected("komi " + beyond);
  EXPECT_DOUBLE_EQ(s.game().komi(), 5.5);
}

// ---------------------------------------------------------------------------
// Play, genmove, undo

TEST_F(Gtp, PlayMalformedArguments) {
  Session s;
  s.ok("play b d4");
  s.ok("play w e5");
  for (const std::string bad : {"play", "play b", "play w", "play d4", "play b d4 d5", "play b c3 extra",
                                "play c3 b", "play x c3", "play black white", "play b b c3", "play 1 c3",
                                "play b -", "play b ''", "play b c3c3"}) {
    s.rejected(bad);
  }
  EXPECT_EQ(s.game().moves().size(), 2u);
}

TEST_F(Gtp, PlayRejectsOccupiedAndSuicide) {
  Session s(fast_settings(5));
  s.ok("play b c3");
  EXPECT_EQ(s.rejected("play w c3"), "illegal move");
  EXPECT_EQ(s.rejected("play b C3"), "illegal move");
  // Consecutive moves of one colour are not illegal for the protocol.
  s.ok("play b c4");
  s.ok("play b c5");
  EXPECT_EQ(s.game().moves().size(), 3u);
  // Single-stone suicide in a corner.
  s.ok("play w d1");
  s.ok("play w e2");
  EXPECT_EQ(s.rejected("play b e1"), "illegal move");
  // Multi-stone suicide: B1 would take the last liberty of A1-A2.
  s.ok("play b a1");
  s.ok("play b a2");
  s.ok("play w a3");
  s.ok("play w b2");
  s.ok("play w c1");
  EXPECT_EQ(s.rejected("play b b1"), "illegal move");
  // The same point is fine for White (it captures A1-A2).
  s.ok("play w b1");
  EXPECT_EQ(s.at("a1"), Color::Empty);
  EXPECT_EQ(s.at("a2"), Color::Empty);
  EXPECT_EQ(s.game().board().prisoners(Color::White), 2);
}

TEST_F(Gtp, PlayWithoutLibertiesIsLegalWhenItCaptures) {
  Session s(fast_settings(5));
  s.ok("play w a2");
  s.ok("play w b1");
  s.ok("play b a3");
  s.ok("play b b2");
  s.ok("play b c1");
  s.ok("play b a1");  // no liberty of its own, but takes A2 and B1
  EXPECT_EQ(s.at("a1"), Color::Black);
  EXPECT_EQ(s.at("a2"), Color::Empty);
  EXPECT_EQ(s.at("b1"), Color::Empty);
  EXPECT_EQ(s.game().board().prisoners(Color::Black), 2);
}

// Black: B3 A2 B1; White: C3 B2 D2 C1. Black C2 takes B2, and White may not
// take back at once.
void make_ko(Session& s) {
  for (const char* m : {"play b b3", "play w c3", "play b a2", "play w b2", "play b b1", "play w d2", "play b e5",
                        "play w c1", "play b c2"}) {
    s.ok(m);
  }
  ASSERT_EQ(s.at("b2"), Color::Empty);
  ASSERT_EQ(s.game().board().prisoners(Color::Black), 1);
}

TEST_F(Gtp, SimpleKoRecaptureIsIllegalUntilAThreatIsPlayed) {
  for (const bool superko : {true, false}) {
    Settings settings = fast_settings(5);
    settings.superko = superko;
    Session s(settings);
    make_ko(s);
    EXPECT_EQ(s.rejected("play w b2"), "illegal move") << "superko " << superko;
    // After a pass simple ko allows the capture, but it brings back the
    // position of two moves before: only superko forbids that, and only for
    // Tengen's own moves (play takes the controller's word).
    s.ok("play b pass");
    EXPECT_EQ(s.game().is_legal(*parse_vertex("b2", 5), Color::White), !superko);
    s.ok("play w b2");
    EXPECT_EQ(s.at("b2"), Color::White);
    s.ok("undo");
    s.ok("undo");
    // A ko threat and its answer; now White may take back.
    s.ok("play w e3");
    s.ok("play b e4");
    s.ok("play w b2");
    EXPECT_EQ(s.at("c2"), Color::Empty);
    EXPECT_EQ(s.at("b2"), Color::White);
    // And Black may not retake at once.
    EXPECT_EQ(s.rejected("play b c2"), "illegal move");
  }
}

TEST_F(Gtp, PositionalSuperkoOnlyWhenTheParameterIsOn) {
  {
    Settings settings = fast_settings(2);
    settings.superko = true;
    Session s(settings);
    for (const auto& m : kSuperkoSequence) s.ok(m);
    EXPECT_EQ(s.game().illegal_reason(*parse_vertex("a2", 2), Color::Black), Game::Illegality::Superko);
    // Tengen never repeats a position itself.
    for (int i = 0; i < 5; ++i) {
      const std::string v = s.ok("reg_genmove b");
      EXPECT_NE(v, "A2");
    }
    // The opponent's repetition comes through a controller whose ko rule
    // allowed it (GNU Go's simple ko, a server's situational superko): play
    // accepts it rather than fall out of step with the game.
    s.ok("play b a2");
    EXPECT_EQ(s.at("a2"), Color::Black);
    EXPECT_EQ(s.stones(Color::White), 0);
    // Other faults are still refused, and leave the game as it was.
    EXPECT_EQ(s.rejected("play w a2"), "illegal move");
    EXPECT_EQ(s.game().moves().size(), kSuperkoSequence.size() + 1);
  }
  {
    Settings settings = fast_settings(2);
    settings.superko = false;
    Session s(settings);
    for (const auto& m : kSuperkoSequence) s.ok(m);
    s.ok("play b a2");
    EXPECT_EQ(s.at("a2"), Color::Black);
    EXPECT_EQ(s.stones(Color::White), 0);
    EXPECT_EQ(s.game().board().prisoners(Color::Black), 3);
  }
  {
    // The parameter can be changed on a live engine as well.
    Settings settings = fast_settings(2);
    Session s(settings);
    ASSERT_FALSE(s.engine().set_param("superko", "false").has_value());
    for (const auto& m : kSuperkoSequence) s.ok(m);
    EXPECT_TRUE(s.game().is_legal(*parse_vertex("a2", 2), Color::Black));
    ASSERT_FALSE(s.engine().set_param("superko", "true").has_value());
    EXPECT_FALSE(s.game().is_legal(*parse_vertex("a2", 2), Color::Black));
  }
}

TEST_F(Gtp, GenmovePlaysALegalMoveForEitherColour) {
  Session s;
  Game shadow(9, 7.5);
  for (int i = 0; i < 12; ++i) {
    const Color c = i % 3 == 2 ? Color::Black : (i % 2 ? Color::White : Color::Black);  // not strictly alternating
    const std::string v = s.ok(std::string("genmove ") + (c == Color::Black ? "black" : "W"));
    ASSERT_TRUE(is_vertex_or_resign(v)) << v;
    ASSERT_NE(v, "resign");
    const auto p = parse_vertex(v, 9);
    ASSERT_TRUE(p.has_value()) << v;
    EXPECT_TRUE(shadow.play(*p, c)) << v << " is illegal for " << color_name(c);
    ASSERT_EQ(s.game().moves().back(), (Move{c, *p}));
    if (*p != kPass) {
      EXPECT_EQ(s.game().board().at(*p), c);
    }
  }
  EXPECT_EQ(s.game().moves(), shadow.moves());
  EXPECT_EQ(s.game().board().hash(), shadow.board().hash());
  for (const std::string bad : {"genmove", "genmove b w", "genmove x", "genmove d4", "genmove pass"}) {
    s.rejected(bad);
  }
}

TEST_F(Gtp, GenmovePassesWhenNothingIsLegal) {
  Session s(fast_settings(2));
  s.ok("play b a1");
  s.ok("play b b2");
  // Both empty points are suicide for White.
  EXPECT_FALSE(s.game().is_legal(*parse_vertex("a2", 2), Color::White));
  EXPECT_FALSE(s.game().is_legal(*parse_vertex("b1", 2), Color::White));
  EXPECT_EQ(s.ok("genmove w"), "pass");
  EXPECT_EQ(s.game().moves().back(), (Move{Color::White, kPass}));
}

TEST_F(Gtp, GenmoveResignsWhenLosing) {
  Settings settings = fast_settings(5);
  settings.resign_threshold = 0.9;
  settings.resign_min_moves = 0;
  settings.resign_after_searches = 1;
  Session s(settings);
  s.ok("komi 30");  // more than the whole board: Black cannot win
  s.ok("play b c3");
  s.ok("play w pass");
  const State before = s.state();
  EXPECT_EQ(s.ok("genmove b"), "resign");
  // A resignation is not a move.
  EXPECT_EQ(s.state(), before);
  // reg_genmove gives the best move instead (Clients.RegGenmove...).
  EXPECT_NE(s.ok("reg_genmove black"), "resign");
  EXPECT_EQ(s.state(), before);
  // White is winning and plays on.
  EXPECT_NE(s.ok("genmove w"), "resign");

  // With resignation off the engine never resigns.
  settings.resign_threshold = 0;
  Session t(settings);
  t.ok("komi 30");
  for (int i = 0; i < 3; ++i) EXPECT_NE(t.ok("genmove b"), "resign");
}

TEST_F(Gtp, RegGenmoveDoesNotChangeTheBoard) {
  Session s;
  for (const char* m : {"play b e5", "play w c3", "play b g7", "play w pass"}) s.ok(m);
  const State before = s.state();
  for (const std::string c : {"b", "w", "BLACK", "White"}) {
    const std::string v = s.ok("reg_genmove " + c);
    ASSERT_TRUE(is_vertex_or_resign(v)) << v;
    const Color colour = c[0] == 'b' || c[0] == 'B' ? Color::Black : Color::White;
    if (v != "resign") {
      EXPECT_TRUE(s.game().is_legal(*parse_vertex(v, 9), colour)) << v;
    }
    EXPECT_EQ(s.state(), before) << "after reg_genmove " << c;
  }
  s.rejected("reg_genmove");
  s.rejected("reg_genmove b w");
  s.rejected("reg_genmove purple");
}

TEST_F(Gtp, KgsGenmoveCleanupCapturesDeadStonesInsteadOfPassing) {
  Session s;
  // 7x7, Black owns A-D (28 points), White E-G (21); komi 2.5: B+4.5. A
  // White stone at A4 is dead in Black's area.
  walls(s, 7, 'd', 'e', "2.5");
  s.ok("play b f4");
  s.ok("play w a4");
  s.ok("play w pass");
  // With play-on after a pass switched off (the playouts on this open board
  // leave A4 unsettled), Black, ahead, answers the pass with a pass...
  s.ok("tengen-param settled-ownership 0");
  EXPECT_EQ(s.ok("reg_genmove b"), "pass");
  // ...but in the cleanup phase it must not pass while A4 is on the board.
  const std::size_t n = s.game().moves().size();
  const std::string v = s.ok("kgs-genmove_cleanup b");
  EXPECT_NE(v, "pass");
  EXPECT_NE(v, "resign");
  ASSERT_EQ(s.game().moves().size(), n + 1);  // and the move is played
  EXPECT_EQ(vertex_string(s.game().moves().back().point, 7), v);
  s.rejected("kgs-genmove_cleanup");
  s.rejected("kgs-genmove_cleanup z");
}

TEST_F(Gtp, Undo) {
  Session s(fast_settings(5));
  EXPECT_EQ(s.rejected("undo"), "cannot undo");
  const State empty = s.state();
  s.ok("play b a2");
  const State one = s.state();
  s.ok("play w a1");
  const State two = s.state();
  s.ok("play b b1");  // takes A1
  EXPECT_EQ(s.game().board().prisoners(Color::Black), 1);
  s.ok("play w pass");
  s.ok("undo");
  EXPECT_EQ(s.game().moves().size(), 3u);
  s.ok("undo");
  EXPECT_EQ(s.state(), two);
  EXPECT_EQ(s.at("a1"), Color::White);
  EXPECT_EQ(s.game().board().prisoners(Color::Black), 0);
  s.ok("undo");
  EXPECT_EQ(s.state(), one);
  s.ok("undo");
  EXPECT_EQ(s.state(), empty);
  EXPECT_EQ(s.rejected("undo"), "cannot undo");
  s.ok("play b c3");
  s.rejected("undo 1");
  s.rejected("undo all");

  // Handicap stones cannot be taken back.
  Session h;
  h.ok("fixed_handicap 2");
  const State handicap = h.state();
  EXPECT_EQ(h.rejected("undo"), "cannot undo");
  h.ok("play w e5");
  h.ok("undo");
  EXPECT_EQ(h.state(), handicap);
  EXPECT_EQ(h.game().to_move(), Color::White);
  EXPECT_EQ(h.rejected("undo"), "cannot undo");
}

// ---------------------------------------------------------------------------
// Showboard

TEST_F(Gtp, ShowboardDrawsTheBoardWithGtpCoordinates) {
  Session s(fast_settings(5));
  s.ok("komi 6.5");
  for (const char* m : {"play b a2", "play w a1", "play b b1", "play w e5"}) s.ok(m);
  EXPECT_EQ(s.ok("showboard"),
            "    A B C D E\n"
            "  5 . . . . O  5\n"
            "  4 . . . . .  4\n"
            "  3 . . . . .  3\n"
            "  2 X . . . .  2\n"
            "  1 . X . . .  1\n"
            "    A B C D E\n"
            "Black prisoners 1, White prisoners 0, komi 6.5, black to move");
  // The letters skip I.
  Session big(fast_settings(19));
  const std::string board = big.ok("showboard");
  EXPECT_EQ(lines(board).front(), "    A B C D E F G H J K L M N O P Q R S T");
  EXPECT_EQ(board.find('I'), std::string::npos);
}

}  // namespace
}  // namespace tengen
