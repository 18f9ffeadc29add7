// GTP in process: handicap placement (fixed, free, set) and SGF records
// (loadsgf, printsgf).

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/gtp_session.h"

namespace tengen {
namespace {

using namespace test_support;  // support/gtp_session.h

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// ---------------------------------------------------------------------------
// Handicap

TEST_F(Gtp, FixedHandicapStandardPlacements) {
  const std::map<int, std::vector<std::string>> expected = {
      {19,
       {"D4 Q16", "D4 Q16 D16", "D4 Q16 D16 Q4", "D4 Q16 D16 Q4 K10", "D4 Q16 D16 Q4 D10 Q10",
        "D4 Q16 D16 Q4 D10 Q10 K10", "D4 Q16 D16 Q4 D10 Q10 K4 K16", "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"}},
      {13,
       {"D4 K10", "D4 K10 D10", "D4 K10 D10 K4", "D4 K10 D10 K4 G7", "D4 K10 D10 K4 D7 K7",
        "D4 K10 D10 K4 D7 K7 G7", "D4 K10 D10 K4 D7 K7 G4 G10", "D4 K10 D10 K4 D7 K7 G4 G10 G7"}},
      {9,
       {"C3 G7", "C3 G7 C7", "C3 G7 C7 G3", "C3 G7 C7 G3 E5", "C3 G7 C7 G3 C5 G5", "C3 G7 C7 G3 C5 G5 E5",
        "C3 G7 C7 G3 C5 G5 E3 E7", "C3 G7 C7 G3 C5 G5 E3 E7 E5"}},
  };
  for (const auto& [size, placements] : expected) {
    Session s(fast_settings(size));
    for (int n = 2; n <= 9; ++n) {
      s.ok("clear_board");
      const std::string reply = s.ok("fixed_handicap " + std::to_string(n));
      EXPECT_EQ(reply, placements[n - 2]) << size << "x" << size << ", " << n << " stones";
      EXPECT_EQ(s.stones(Color::Black), n);
      EXPECT_EQ(s.stones(Color::White), 0);
      for (const auto& v : words(reply)) EXPECT_EQ(s.at(v), Color::Black) << v;
      EXPECT_EQ(s.game().to_move(), Color::White) << "after a handicap White moves";
      EXPECT_EQ(s.game().handicap(), n);
      EXPECT_TRUE(s.game().moves().empty()) << "handicap stones are not moves";
    }
    // The game goes on with White's move.
    s.ok("clear_board");
    s.ok("fixed_handicap 4");
    const std::string v = s.ok("genmove w");
    EXPECT_TRUE(is_vertex_or_resign(v)) << v;
    if (v != "resign") {
      EXPECT_EQ(s.game().moves().back().color, Color::White);
      EXPECT_EQ(s.game().to_move(), Color::Black);
    }
  }
  // 7x7 and even sizes take at most four, on the third line.
  Session seven(fast_settings(7));
  EXPECT_EQ(seven.ok("fixed_handicap 4"), "C3 E5 C5 E3");
  Session eight(fast_settings(8));
  EXPECT_EQ(eight.ok("fixed_handicap 4"), "C3 F6 C6 F3");
}

TEST_F(Gtp, FixedHandicapRejects) {
  {
    Session s(fast_settings(19));
    for (const std::string n : {"10", "1", "0", "-1", "361"}) {
      EXPECT_EQ(s.rejected("fixed_handicap " + n), "invalid number of stones") << n;
    }
    for (const std::string n : {"abc", "2.5", "", "2 3"}) s.rejected("fixed_handicap " + n);
    // Only on an empty board.
    s.ok("play b d4");
    EXPECT_EQ(s.rejected("fixed_handicap 2"), "board not empty");
    s.ok("clear_board");
    s.ok("fixed_handicap 2");
    EXPECT_EQ(s.rejected("fixed_handicap 2"), "board not empty");
    s.rejected("fixed_handicap 3");
    s.ok("clear_board");
    s.ok("play b pass");  // a move was played, even if no stone
    s.rejected("fixed_handicap 2");
  }
  {
    Session s(fast_settings(7));
    EXPECT_EQ(s.rejected("fixed_handicap 5"), "invalid number of stones");
    s.rejected("fixed_handicap 9");
  }
  {
    Session s(fast_settings(8));
    s.rejected("fixed_handicap 5");
  }
  for (int size : {2, 3, 4, 5, 6}) {
    Session s(fast_settings(size));
    for (int n = 2; n <= 9; ++n) {
      EXPECT_EQ(s.rejected("fixed_handicap " + std::to_string(n)), "invalid number of stones") << size << " " << n;
    }
  }
}

TEST_F(Gtp, PlaceFreeHandicap) {
  for (const auto& [size, n] : std::vector<std::pair<int, int>>{
           {19, 2}, {19, 5}, {19, 9}, {19, 12}, {13, 6}, {9, 4}, {9, 9}, {5, 3}, {5, 24}, {3, 2}, {2, 3}}) {
    Session s(fast_settings(size));
    const std::vector<std::string> placed = words(s.ok("place_free_handicap " + std::to_string(n)));
    // The engine may place fewer, never more, and never 0 or 1.
    EXPECT_LE(static_cast<int>(placed.size()), n) << size << " " << n;
    EXPECT_GE(placed.size(), 2u);
    std::set<std::string> distinct(placed.begin(), placed.end());
    EXPECT_EQ(distinct.size(), placed.size());
    for (const auto& v : placed) {
      EXPECT_NE(v, "pass");
      EXPECT_EQ(s.at(v), Color::Black) << v;
    }
    EXPECT_EQ(s.stones(Color::Black), static_cast<int>(placed.size()));
    EXPECT_EQ(s.game().to_move(), Color::White);
    EXPECT_EQ(s.game().handicap(), static_cast<int>(placed.size()));
    EXPECT_TRUE(s.game().moves().empty());
    EXPECT_EQ(s.rejected("place_free_handicap 2"), "board not empty");
  }
  Session s(fast_settings(5));
  for (const std::string n : {"1", "0", "-3", "25", "26"}) {
    EXPECT_EQ(s.rejected("place_free_handicap " + n), "invalid number of stones") << n;
  }
  for (const std::string n : {"", "abc", "2 3", "2.0"}) s.rejected("place_free_handicap " + n);
  s.ok("play w c3");
  EXPECT_EQ(s.rejected("place_free_handicap 2"), "board not empty");
}

TEST_F(Gtp, SetFreeHandicap) {
  Session s(fast_settings(19));
  EXPECT_EQ(s.ok("set_free_handicap d4 Q16 k10"), "");
  for (const char* v : {"D4", "Q16", "K10"}) EXPECT_EQ(s.at(v), Color::Black);
  EXPECT_EQ(s.stones(Color::Black), 3);
  EXPECT_EQ(s.game().to_move(), Color::White);
  EXPECT_EQ(s.game().handicap(), 3);
  EXPECT_EQ(s.rejected("set_free_handicap c3 c4"), "board not empty");

  Session t(fast_settings(9));
  for (const std::string list : {"d4 d4", "d4 D4", "c3 g7 c3", "d4 pass", "pass pass", "PASS c3 g7"}) {
    EXPECT_EQ(t.rejected("set_free_handicap " + list), "bad vertex list") << list;
  }
  for (const std::string list : {"", "d4", "i5 c3", "c3 z99", "a0 c3", "c3 j10", "c3 black", "c3 g7 resign"}) {
    t.rejected("set_free_handicap " + list);
  }
  t.ok("play b e5");
  EXPECT_EQ(t.rejected("set_free_handicap c3 g7"), "board not empty");

  // At most one point fewer than the board has.
  Session two(fast_settings(2));
  two.rejected("set_free_handicap a1 a2 b1 b2");
  two.ok("set_free_handicap a1 a2 b1");
  EXPECT_EQ(two.stones(Color::Black), 3);
  EXPECT_EQ(two.game().to_move(), Color::White);
}

// ---------------------------------------------------------------------------
// SGF records

// A 9x9 record: B E5, W C7, B G7, W C3, B pass.
const char* kGameSgf = "(;FF[4]GM[1]SZ[9]KM[5.5]PB[a]PW[b];B[ee];W[cc];B[gc];W[cg];B[])";

TEST_F(Gtp, LoadsgfReplaysARecord) {
  TempDir dir;
  const std::string game = dir.file("game.sgf", kGameSgf);
  Session s(fast_settings(19));
  EXPECT_EQ(s.ok("loadsgf " + game), "");
  EXPECT_EQ(s.game().size(), 9);
  EXPECT_DOUBLE_EQ(s.game().komi(), 5.5);
  EXPECT_EQ(s.game().moves().size(), 5u);
  EXPECT_EQ(s.at("e5"), Color::Black);
  EXPECT_EQ(s.at("c7"), Color::White);
  EXPECT_EQ(s.at("g7"), Color::Black);
  EXPECT_EQ(s.at("c3"), Color::White);
  EXPECT_EQ(s.game().moves().back(), (Move{Color::Black, kPass}));
  EXPECT_EQ(s.game().to_move(), Color::White);

  // With a move number: the position before that move.
  s.ok("loadsgf " + game + " 3");
  EXPECT_EQ(s.game().moves().size(), 2u);
  EXPECT_EQ(s.at("c7"), Color::White);
  EXPECT_EQ(s.at("g7"), Color::Empty);
  EXPECT_EQ(s.game().to_move(), Color::Black);
  s.ok("loadsgf " + game + " 1");
  EXPECT_TRUE(s.game().moves().empty());
  EXPECT_EQ(s.stones(Color::Black) + s.stones(Color::White), 0);
  s.ok("loadsgf " + game + " 100");  // past the end: the whole record
  EXPECT_EQ(s.game().moves().size(), 5u);
  // The loaded game goes on.
  s.ok("play w d4");
  s.ok("undo");
  s.ok("undo");
  EXPECT_EQ(s.game().moves().size(), 4u);

  for (const std::string& bad : {game + " 0", game + " -1", game + " abc", game + " 2 3", std::string("")}) {
    EXPECT_EQ(s.rejected("loadsgf " + bad), "syntax error") << bad;
  }
}

// The record was played under its own ko rule: a repetition in it is kept,
// a move on an occupied point cuts the record there.
TEST_F(Gtp, LoadsgfKeepsARepetitionAndCutsAtAnIllegalMove) {
  TempDir dir;
  Session s;  // superko on
  // kSuperkoSequence, then B A2 repeating the position after move 1.
  s.ok("loadsgf " + dir.file("rep.sgf", "(;FF[4]SZ[2];B[aa];W[ba];B[ab];W[bb];B[aa];W[ab];B[aa])"));
  EXPECT_EQ(s.game().size(), 2);
  EXPECT_EQ(s.game().moves().size(), 7u);
  EXPECT_EQ(s.at("a2"), Color::Black);
  EXPECT_EQ(s.stones(Color::White), 0);
  s.ok("loadsgf " + dir.file("bad.sgf", "(;FF[4]SZ[9];B[ee];W[cc];B[cc];W[gg])"));
  EXPECT_EQ(s.game().moves().size(), 2u);
  EXPECT_EQ(s.at("c7"), Color::White);
}

TEST_F(Gtp, LoadsgfKeepsKomiWithoutKmAndReadsHandicap) {
  TempDir dir;
  Session s;
  s.ok("komi 3.5");
  s.ok("loadsgf " + dir.file("nokm.sgf", "(;FF[4]SZ[7];B[dd];W[cc])"));
  EXPECT_EQ(s.game().size(), 7);
  EXPECT_DOUBLE_EQ(s.game().komi(), 3.5);
  EXPECT_EQ(s.game().moves().size(), 2u);

  s.ok("loadsgf " + dir.file("ha.sgf", "(;FF[4]SZ[9]HA[2]KM[0.5]AB[cg][gc];W[ee];B[cc])"));
  EXPECT_EQ(s.game().handicap(), 2);
  EXPECT_EQ(s.at("c3"), Color::Black);
  EXPECT_EQ(s.at("g7"), Color::Black);
  EXPECT_EQ(s.at("e5"), Color::White);
  EXPECT_EQ(s.game().moves().size(), 2u);
  EXPECT_EQ(s.game().to_move(), Color::White);
  s.ok("undo");
  s.ok("undo");
  EXPECT_EQ(s.rejected("undo"), "cannot undo");
  EXPECT_EQ(s.stones(Color::Black), 2);
}

// After Black's handicap stones White moves first, however the handicap got
// on the board: a record loaded with or without moves, taken back to its
// start, or a free handicap printed and loaded back.
TEST_F(Gtp, HandicapRecordsGiveWhiteTheFirstMove) {
  TempDir dir;
  Session s;
  const std::string start = dir.file("start.sgf", "(;FF[4]SZ[9]HA[2]KM[0.5]AB[cg][gc])");
  s.ok("loadsgf " + start);
  EXPECT_EQ(s.stones(Color::Black), 2);
  EXPECT_EQ(s.game().to_move(), Color::White) << "loaded handicap record without moves";

  s.ok("loadsgf " + dir.file("moves.sgf", "(;FF[4]SZ[9]HA[2]KM[0.5]AB[cg][gc];W[ee];B[cc])"));
  s.ok("undo");
  s.ok("undo");
  EXPECT_EQ(s.game().to_move(), Color::White) << "handicap record taken back to its start";

  s.ok("loadsgf " + dir.file("moves.sgf", "(;FF[4]SZ[9]HA[2]KM[0.5]AB[cg][gc];W[ee];B[cc])") + " 1");
  EXPECT_EQ(s.game().to_move(), Color::White) << "handicap record loaded up to move 1";

  Session t;
  t.ok("set_free_handicap a1 j9 e5 c7");
  const State handicap = t.state();
  EXPECT_EQ(handicap.to_move, Color::White);
  const std::string path = dir.path("free.sgf");
  t.ok("printsgf " + path);
  t.ok("clear_board");
  t.ok("loadsgf " + path);
  EXPECT_EQ(t.state(), handicap) << "free handicap printed and loaded back";
}

TEST_F(Gtp, LoadsgfRefusesMissingBrokenAndUnsupportedFiles) {
  TempDir dir;
  Session s;
  s.ok("komi 6.5");
  s.ok("play b e5");
  s.ok("play w c3");
  const std::vector<std::pair<std::string, std::string>> broken = {
      {"truncated.sgf", "(;FF[4]SZ[9];B[ee];W[cc"},
      {"unclosed.sgf", "(;FF[4]SZ[9];B[ee];W[cc]"},
      {"garbage.sgf", "this is not an sgf file"},
      {"empty.sgf", ""},
      {"binary.sgf", std::string("\x00\x01\x02(;\xff", 6)},
      {"offboard.sgf", "(;FF[4]SZ[9];B[zz])"},
      {"toobig.sgf", "(;FF[4]SZ[25];B[aa])"},
      {"toosmall.sgf", "(;FF[4]SZ[1])"},
      {"othergame.sgf", "(;FF[4]GM[2]SZ[8])"},
  };
  for (const auto& [name, text] : broken) {
    EXPECT_EQ(s.rejected("loadsgf " + dir.file(name, text)), "cannot load file") << name;
  }
  EXPECT_EQ(s.rejected("loadsgf " + dir.path("missing.sgf")), "cannot load file");
  EXPECT_EQ(s.rejected("loadsgf " + dir.path("")), "cannot load file");  // a directory
  EXPECT_EQ(s.rejected("loadsgf /nonexistent/dir/x.sgf 3"), "cannot load file");
  EXPECT_DOUBLE_EQ(s.game().komi(), 6.5);
  EXPECT_EQ(s.game().moves().size(), 2u);
}

TEST_F(Gtp, LoadsgfCutsTheRecordAtAnIllegalMove) {
  TempDir dir;
  Session s;
  // The third move is on an occupied point.
  s.ok("loadsgf " + dir.file("illegal.sgf", "(;FF[4]SZ[9];B[ee];W[cc];B[cc];W[gg])"));
  EXPECT_EQ(s.game().moves().size(), 2u);
  EXPECT_EQ(s.at("c7"), Color::White);
  EXPECT_EQ(s.game().to_move(), Color::Black);
}

TEST_F(Gtp, LoadsgfReadsTheSharedTestRecords) {
  Session s;
  const std::string data = std::string(TENGEN_TEST_DATA) + "/sgf/";
  s.ok("loadsgf " + data + "handicap_variations.sgf");
  EXPECT_EQ(s.game().size(), 19);
  EXPECT_EQ(s.game().handicap(), 4);
  EXPECT_DOUBLE_EQ(s.game().komi(), 0.5);
  for (const char* v : {"D16", "Q16", "D4", "Q4"}) EXPECT_EQ(s.at(v), Color::Black) << v;
  ASSERT_FALSE(s.game().moves().empty());
  EXPECT_EQ(s.game().moves().front(), (Move{Color::White, *parse_vertex("r14", 19)}));
  s.ok("loadsgf " + data + "ff3_crlf.sgf");
  s.ok("loadsgf " + data + "bom_latin1_collection.sgf");
  EXPECT_EQ(s.rejected("loadsgf " + data + "truncated.sgf"), "cannot load file");
}

TEST_F(Gtp, PrintsgfRoundTrip) {
  TempDir dir;
  Session s;
  s.ok("komi 6.5");
  // Moves with a capture, a pass and two moves of one colour in a row.
  for (const char* m : {"play b e5", "play w d5", "play b c5", "play w e4", "play b d4", "play w d6", "play b e6",
                        "play w pass", "play b d3", "play w f5", "play w c6", "play b e3"}) {
    s.ok(m);
  }
  s.ok("genmove w");
  s.ok("genmove b");
  const State before = s.state();
  const std::string record = s.ok("printsgf");
  EXPECT_EQ(record.substr(0, 2), "(;") << record;
  EXPECT_NE(record.find("SZ[9]"), std::string::npos);
  EXPECT_NE(record.find("KM[6.5]"), std::string::npos);
  const std::string path = dir.path("round.sgf");
  EXPECT_EQ(s.ok("printsgf " + path), "");
  EXPECT_EQ(s.state(), before);
  s.ok("boardsize 13");
  s.ok("komi 0");
  s.ok("loadsgf " + path);
  EXPECT_EQ(s.state(), before);
  // Once more, the text from the response this time.
  s.ok("clear_board");
  s.ok("loadsgf " + dir.file("printed.sgf", record));
  EXPECT_EQ(s.state(), before);
}

TEST_F(Gtp, PrintsgfRoundTripWithHandicap) {
  TempDir dir;
  Session s;
  s.ok("fixed_handicap 3");
  s.ok("play w e5");
  s.ok("play b d4");
  const State before = s.state();
  const std::string path = dir.path("ha.sgf");
  s.ok("printsgf " + path);
  s.ok("clear_board");
  s.ok("loadsgf " + path);
  EXPECT_EQ(s.state(), before);
  EXPECT_EQ(s.game().handicap(), 3);
  s.ok("undo");
  s.ok("undo");
  EXPECT_EQ(s.rejected("undo"), "cannot undo");
  EXPECT_EQ(s.stones(Color::Black), 3);
}

TEST_F(Gtp, PrintsgfFailures) {
  TempDir dir;
  Session s;
  s.ok("play b e5");
  EXPECT_EQ(s.rejected("printsgf " + dir.path("no/such/dir/x.sgf")), "cannot write file");
  EXPECT_EQ(s.rejected("printsgf " + dir.path("")), "cannot write file");  // a directory
  s.rejected("printsgf a.sgf b.sgf");
}

}  // namespace
}  // namespace tengen
