#include "tengen/sgf/sgf.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tengen::sgf {
namespace {

// Not "Setup" in test bodies: there it names testing::Test::Setup.
using Stones = std::vector<Setup>;

Move B(int x, int y) { return {Color::Black, x, y}; }
Move W(int x, int y) { return {Color::White, x, y}; }
Move BPass() { return {Color::Black, -1, -1}; }
Move WPass() { return {Color::White, -1, -1}; }

std::string read_data(const std::string& name) {
  const std::string path = std::string(TENGEN_TEST_DATA) + "/sgf/" + name;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The Error a parse throws, or a failure when it throws none.
template <typename F>
Error error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no sgf::Error thrown";
  return Error(-1, -1, "none");
}

TEST(SgfRead, BasicGameInfoAndMoves) {
  const Game g = parse(
      "(;FF[4]GM[1]SZ[19]KM[6.5]HA[0]PB[Black Player]PW[White Player]RE[B+R]RU[Chinese]"
      "DT[2024-01-02];B[pd];W[dc];B[dp])");
  EXPECT_EQ(g.size, 19);
  ASSERT_TRUE(g.komi.has_value());
  EXPECT_DOUBLE_EQ(*g.komi, 6.5);
  EXPECT_EQ(g.handicap, 0);
  EXPECT_EQ(g.black_name, "Black Player");
  EXPECT_EQ(g.white_name, "White Player");
  EXPECT_EQ(g.result, "B+R");
  EXPECT_EQ(g.rules, "Chinese");
  EXPECT_EQ(g.date, "2024-01-02");
  // "dc": column d (3) from the left, row c (2) from the top.
  EXPECT_EQ(g.moves, (std::vector<Move>{B(15, 3), W(3, 2), B(3, 15)}));
  EXPECT_TRUE(g.setup.empty());
  EXPECT_FALSE(g.to_move.has_value());
  EXPECT_TRUE(g.truncated.empty());
}

TEST(SgfRead, DefaultsWhenPropertiesAreMissing) {
  const Game g = parse("(;B[aa])");
  EXPECT_EQ(g.size, 19);
  EXPECT_FALSE(g.komi.has_value());
  EXPECT_EQ(g.handicap, 0);
  EXPECT_EQ(g.moves, std::vector<Move>{B(0, 0)});
  const Game empty = parse("(;)");
  EXPECT_TRUE(empty.moves.empty());
  EXPECT_EQ(empty.size, 19);
  // Empty values mean "not given".
  const Game blank = parse("(;SZ[]KM[]HA[]GM[];B[ss])");
  EXPECT_EQ(blank.size, 19);
  EXPECT_FALSE(blank.komi.has_value());
  EXPECT_EQ(blank.handicap, 0);
}

TEST(SgfRead, SizeKomiHandicap) {
  const Game g = parse("(;SZ[9]KM[-3.25]HA[2];B[ii])");
  EXPECT_EQ(g.size, 9);
  EXPECT_DOUBLE_EQ(*g.komi, -3.25);
  EXPECT_EQ(g.handicap, 2);
  EXPECT_EQ(g.moves, std::vector<Move>{B(8, 8)});
  EXPECT_EQ(parse("(;SZ[13:13])").size, 13);  // FF[4] compose form, square
  EXPECT_EQ(parse("(;SZ[ 7 ])").size, 7);
  EXPECT_EQ(parse("(;SZ[1];B[aa])").size, 1);
  EXPECT_EQ(parse("(;SZ[25];B[yy])").moves, std::vector<Move>{B(24, 24)});
  // SZ after a move in the same root node still decides the board.
  EXPECT_EQ(parse("(;B[ii]SZ[9])").moves, std::vector<Move>{B(8, 8)});
}

TEST(SgfRead, FileFormatsOneToFour) {
  for (const char* ff : {"1", "2", "3", "4"}) {
    const Game g = parse(std::string("(;FF[") + ff + "]SZ[19];B[pd];W[dd])");
    EXPECT_EQ(g.moves, (std::vector<Move>{B(15, 3), W(3, 3)})) << "FF" << ff;
  }
}

TEST(SgfRead, VariationsFollowTheFirstChild) {
  const Game g = parse(
      "(;SZ[9];B[aa]"
      "  (;W[bb](;B[cc];W[dd])(;B[ee](;W[ff])(;W[gg])))"
      "  (;W[hh](;B[ii])(;B[ab]))"
      "  (;W[ac]))");
  EXPECT_EQ(g.moves, (std::vector<Move>{B(0, 0), W(1, 1), B(2, 2), W(3, 3)}));
}

TEST(SgfRead, VariationAtTheRoot) {
  const Game g = parse("(;SZ[9](;B[aa];W[bb])(;B[cc]))");
  EXPECT_EQ(g.moves, (std::vector<Move>{B(0, 0), W(1, 1)}));
}

TEST(SgfRead, VariationsMayHoldAnything) {
  // Side lines are checked for syntax only: their setup stones, odd sizes
  // and off-board points do not matter.
  const Game g = parse("(;SZ[9];B[aa](;W[bb])(;AB[cc]W[zz]SZ[5]))");
  EXPECT_EQ(g.moves, (std::vector<Move>{B(0, 0), W(1, 1)}));
  EXPECT_TRUE(g.setup.empty());
  EXPECT_TRUE(g.truncated.empty());
}

TEST(SgfRead, DeepNestingDoesNotOverflowTheStack) {
  constexpr int kDepth = 200000;
  std::string text = "(;SZ[9]";
  for (int i = 0; i < kDepth; ++i) text += i % 2 == 0 ? "(;B[aa]" : "(;W[bb]";
  text += std::string(kDepth + 1, ')');
  const Game g = parse(text);
  EXPECT_EQ(g.moves.size(), static_cast<std::size_t>(kDepth));
}

TEST(SgfRead, SetupStones) {
  const Game g = parse("(;SZ[9]AB[aa][bb]AW[cc]AE[dd]PL[W];W[ee])");
  EXPECT_EQ(g.setup, (Stones{{Color::Black, 0, 0},
                                         {Color::Black, 1, 1},
                                         {Color::White, 2, 2},
                                         {Color::Empty, 3, 3}}));
  EXPECT_EQ(g.to_move, Color::White);
  EXPECT_EQ(g.moves, std::vector<Move>{W(4, 4)});
}

TEST(SgfRead, CompressedPointLists) {
  const Game g = parse("(;SZ[9]AB[aa:cb]AW[ih:hi][ee:ee])");
  EXPECT_EQ(g.setup, (Stones{{Color::Black, 0, 0},
                                         {Color::Black, 1, 0},
                                         {Color::Black, 2, 0},
                                         {Color::Black, 0, 1},
                                         {Color::Black, 1, 1},
                                         {Color::Black, 2, 1},
                                         // corners in any order give the rectangle
                                         {Color::White, 7, 7},
                                         {Color::White, 8, 7},
                                         {Color::White, 7, 8},
                                         {Color::White, 8, 8},
                                         {Color::White, 4, 4}}));
  EXPECT_EQ(parse("(;SZ[19]AB[aa:ss])").setup.size(), 361u);
}

TEST(SgfRead, SetupInNodesBeforeTheFirstMove) {
  const Game g = parse("(;SZ[9]AB[aa];AW[bb]PL[B];AB[cc];B[dd];W[ee])");
  EXPECT_EQ(g.setup, (Stones{
                         {Color::Black, 0, 0}, {Color::White, 1, 1}, {Color::Black, 2, 2}}));
  EXPECT_EQ(g.to_move, Color::Black);
  EXPECT_EQ(g.moves, (std::vector<Move>{B(3, 3), W(4, 4)}));
  // Setup and move in one node: the stones come first.
  const Game same = parse("(;SZ[9]B[dd]AB[aa])");
  EXPECT_EQ(same.setup, (Stones{{Color::Black, 0, 0}}));
  EXPECT_EQ(same.moves, std::vector<Move>{B(3, 3)});
  // An empty list places nothing.
  EXPECT_TRUE(parse("(;AB[];B[aa];AW[])").setup.empty());
}

TEST(SgfRead, SetupAfterTheFirstMoveCutsTheMainLine) {
  const Game g = parse("(;SZ[9];B[aa];W[bb]\n;AB[cc];W[dd];B[ee])");
  EXPECT_EQ(g.moves, (std::vector<Move>{B(0, 0), W(1, 1)}));
  EXPECT_TRUE(g.setup.empty());
  EXPECT_NE(g.truncated.find("after move 2"), std::string::npos) << g.truncated;
  EXPECT_NE(g.truncated.find("line 2"), std::string::npos) << g.truncated;
  // A PL after the first move is ignored: moves carry their colour.
  const Game pl = parse("(;B[aa];PL[B]W[bb])");
  EXPECT_EQ(pl.moves.size(), 2u);
  EXPECT_FALSE(pl.to_move.has_value());
  EXPECT_TRUE(pl.truncated.empty());
}

TEST(SgfRead, PassesBothWays) {
  const Game g = parse("(;SZ[19];B[];W[tt];B[ tt ];W[pd])");
  EXPECT_EQ(g.moves, (std::vector<Move>{BPass(), WPass(), BPass(), W(15, 3)}));
  EXPECT_TRUE(g.moves[0].is_pass());
  EXPECT_TRUE(parse("(;SZ[9];B[tt])").moves[0].is_pass());
  // On boards larger than 19x19 "tt" is the point (19, 19).
  EXPECT_EQ(parse("(;SZ[21];B[tt];W[])").moves, (std::vector<Move>{B(19, 19), WPass()}));
}

TEST(SgfRead, LowercaseLettersInIdentifiersAreDropped) {
  const Game g = parse(
      "(;GaMe[1]SiZe[9]KoMi[5.5]HAndicap[2]PlayerBlack[Kuro]PlayerWhite[Shiro]"
      "AddBlack[aa]AddWhite[bb]Black[cc];White[dd];Comment[hi]Black[ee])");
  EXPECT_EQ(g.size, 9);
  EXPECT_DOUBLE_EQ(*g.komi, 5.5);
  EXPECT_EQ(g.handicap, 2);
  EXPECT_EQ(g.black_name, "Kuro");
  EXPECT_EQ(g.white_name, "Shiro");
  EXPECT_EQ(g.setup, (Stones{{Color::Black, 0, 0}, {Color::White, 1, 1}}));
  EXPECT_EQ(g.moves, (std::vector<Move>{B(2, 2), W(3, 3), B(4, 4)}));
}

TEST(SgfRead, UnknownPropertiesAreIgnored) {
  const Game g = parse(
      "(;FF[4]AP[CGoban:3]ST[2]XYZZY[1]zz[lower only]MN[3]TR[aa][bb]LB[cc:label]"
      ";B[aa]BL[300]OB[5]CR[dd];W[bb]WL[299.5])");
  EXPECT_EQ(g.moves, (std::vector<Move>{B(0, 0), W(1, 1)}));
}

TEST(SgfRead, EscapesAndSoftLineBreaks) {
  const Game g = parse(
      "(;PB[a\\]b\\\\c]PW[soft \\\nbreak \\\r\nand \\\rCR]RE[W+R\\:x]"
      "C[brackets ( ; ) \\] are text] ;B[aa])");
  EXPECT_EQ(g.black_name, "a]b\\c");
  EXPECT_EQ(g.white_name, "soft break and CR");
  EXPECT_EQ(g.result, "W+R:x");
  EXPECT_EQ(g.moves, std::vector<Move>{B(0, 0)});
  // SimpleText: a hard line break or tab becomes a space.
  EXPECT_EQ(parse("(;PB[two\r\nlines\tand tab])").black_name, "two lines and tab");
}

TEST(SgfRead, WhitespaceAndCarriageReturnsBetweenTokens) {
  const Game g = parse(
      " \r\n\t(\r\n ;\r\n SZ \t[9]\r\n KM\n[ 0.5 ]\r\n\r\n;\rB\r[cc]\r\n ;  W [ dd ] \r\n"
      "( ;B[ee] ) ( ;B[ff] ) \r\n) \r\n");
  EXPECT_EQ(g.size, 9);
  EXPECT_DOUBLE_EQ(*g.komi, 0.5);
  EXPECT_EQ(g.moves, (std::vector<Move>{B(2, 2), W(3, 3), B(4, 4)}));
}

TEST(SgfRead, Utf8ByteOrderMark) {
  const Game g = parse("\xEF\xBB\xBF(;SZ[9];B[aa])");
  EXPECT_EQ(g.size, 9);
  EXPECT_EQ(g.moves.size(), 1u);
}

TEST(SgfRead, NonUtf8BytesAreKeptAsTheyAre) {
  const Game g = parse("(;CA[ISO-8859-1]PB[J\xF6rg]PW[\xFF\xFE\x80]C[\x01\x02];B[aa])");
  EXPECT_EQ(g.black_name, "J\xF6rg");
  EXPECT_EQ(g.white_name, "\xFF\xFE\x80");
}

TEST(SgfRead, UpperCaseCoordinatesOnLargeBoards) {
  // FF[4]: A..Z continue the letters after z, so they are off any board
  // the engine accepts (at most 25x25).
  EXPECT_THROW(parse("(;SZ[25];B[Aa])"), Error);
  EXPECT_EQ(parse("(;SZ[25];B[ya])").moves, std::vector<Move>{B(24, 0)});
}

TEST(SgfRead, SeveralGamesInOneFile) {
  const std::string text = "(;SZ[9];B[aa])\n(;SZ[13];W[bb];B[cc])\r\n(;B[dd])\n";
  const std::vector<Game> games = parse_collection(text);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].size, 9);
  EXPECT_EQ(games[1].size, 13);
  EXPECT_EQ(games[1].moves, (std::vector<Move>{W(1, 1), B(2, 2)}));
  EXPECT_EQ(games[2].size, 19);
  // parse() gives the first game and does not read what follows.
  EXPECT_EQ(parse(text), games[0]);
  EXPECT_EQ(parse("(;B[aa]) trailing garbage ((("), parse("(;B[aa])"));
}

TEST(SgfRead, GameLineFormat) {
  const Game g = parse_game_line("354460\t;B[qd];W[dd];B[];W[tt];B[pq]\r\n");
  EXPECT_EQ(g.size, 19);
  EXPECT_EQ(g.moves, (std::vector<Move>{B(16, 3), W(3, 3), BPass(), WPass(), B(15, 16)}));
  EXPECT_EQ(parse_game_line(";B[qd];W[dd]"), parse_game_line("1\t;B[qd];W[dd]"));
  EXPECT_EQ(parse_game_line("x\t;B[qd];W[dd]\r").moves.size(), 2u);
  // A whole game tree on the line is accepted too.
  EXPECT_EQ(parse_game_line("7\t(;B[qd];W[dd])").moves.size(), 2u);
}

TEST(SgfRead, GameLineErrorsCountColumnsOfTheLine) {
  const Error off = error_of([] { parse_game_line("123\t;B[qd];W[zz]"); });
  EXPECT_EQ(off.line, 1);
  EXPECT_EQ(off.column, 14);
  const Error junk = error_of([] { parse_game_line("123\t;B[qd] 5;W[dd]"); });
  EXPECT_EQ(junk.column, 12);
  const Error open = error_of([] { parse_game_line("123\t;B[qd];W[dd"); });
  EXPECT_EQ(open.column, 13);
  EXPECT_NE(std::string(open.what()).find("unterminated"), std::string::npos);
  EXPECT_THROW(parse_game_line("123\t"), Error);
  EXPECT_THROW(parse_game_line(""), Error);
  EXPECT_THROW(parse_game_line("1\t(;B[aa]) ;W[bb]"), Error);
}

TEST(SgfRead, DataFileFF3WithCrLf) {
  const Game g = parse(read_data("ff3_crlf.sgf"));
  EXPECT_EQ(g.black_name, "Honinbo Shusai");
  EXPECT_EQ(g.white_name, "Kitani Minoru");
  EXPECT_EQ(g.result, "W+5");
  EXPECT_EQ(g.date, "1938-06-26");
  EXPECT_DOUBLE_EQ(*g.komi, 0.0);
  EXPECT_EQ(g.moves, (std::vector<Move>{B(16, 3), W(3, 2), B(15, 16), W(14, 2), BPass(),
                                        WPass()}));
}

TEST(SgfRead, DataFileHandicapWithVariations) {
  const Game g = parse(read_data("handicap_variations.sgf"));
  EXPECT_EQ(g.handicap, 4);
  EXPECT_DOUBLE_EQ(*g.komi, 0.5);
  EXPECT_EQ(g.rules, "Japanese");
  EXPECT_EQ(g.setup, (Stones{{Color::Black, 3, 3},
                                         {Color::Black, 15, 3},
                                         {Color::Black, 3, 15},
                                         {Color::Black, 15, 15}}));
  EXPECT_EQ(g.to_move, Color::White);
  EXPECT_EQ(g.moves, (std::vector<Move>{W(16, 5), B(13, 2), W(15, 9), B(16, 7)}));
}

TEST(SgfRead, DataFileBomLatin1Collection) {
  const std::vector<Game> games = parse_collection(read_data("bom_latin1_collection.sgf"));
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].size, 13);
  EXPECT_EQ(games[0].black_name, "J\xF6rg");
  EXPECT_EQ(games[0].white_name, "Fran\xE7ois");
  EXPECT_EQ(games[0].moves, (std::vector<Move>{B(6, 6), W(3, 3), B(9, 9)}));
  EXPECT_EQ(games[1].setup.size(), 9u + 1u + 1u);
  EXPECT_EQ(games[1].moves, std::vector<Move>{W(6, 6)});
}

TEST(SgfRead, DataFileTruncatedRecord) {
  const Error e = error_of([] { parse(read_data("truncated.sgf")); });
  EXPECT_EQ(e.line, 3);
  EXPECT_EQ(e.column, 3);
  EXPECT_STREQ(e.what(), "sgf: line 3, column 3: unterminated property value");
}

TEST(SgfPoint, ParsesPointsAndPasses) {
  EXPECT_EQ(parse_point("dd", 19), (std::pair{3, 3}));
  EXPECT_EQ(parse_point("ab", 19), (std::pair{0, 1}));
  EXPECT_EQ(parse_point(" sa ", 19), (std::pair{18, 0}));
  EXPECT_EQ(parse_point("", 19), std::nullopt);
  EXPECT_EQ(parse_point("tt", 19), std::nullopt);
  EXPECT_EQ(parse_point("tt", 9), std::nullopt);
  EXPECT_EQ(parse_point("tt", 20), (std::pair{19, 19}));
  EXPECT_THROW(parse_point("jj", 9), Error);
  EXPECT_THROW(parse_point("a", 19), Error);
  EXPECT_THROW(parse_point("abc", 19), Error);
  EXPECT_THROW(parse_point("a1", 19), Error);
  EXPECT_THROW(parse_point("aa", 0), Error);
  EXPECT_THROW(parse_point("aa", 26), Error);
  const Error e = error_of([] { parse_point("zz", 19); });
  EXPECT_EQ(e.line, 0);
  EXPECT_EQ(std::string(e.what()).rfind("sgf: ", 0), 0u);
}

struct Malformed {
  const char* text;
  int line;
  int column;
  const char* reason;  // a piece of what()
};

TEST(SgfErrors, MalformedRecordsReportLineAndColumn) {
  const Malformed cases[] = {
      {"", 1, 1, "no game found"},
      {"  \n\t ", 2, 3, "no game found"},
      {"B[aa]", 1, 1, "expected '('"},
      {"(B[aa])", 1, 2, "expected ';' after '('"},
      {"((;B[aa]))", 1, 2, "expected ';' after '('"},
      {"(;B[aa", 1, 4, "unterminated property value"},
      {"(;C[escaped \\])", 1, 4, "unterminated property value"},
      {"(;B[aa];W[bb]", 1, 14, "missing ')'"},
      {"(;B[aa];W[bb](;B[cc])", 1, 22, "missing ')'"},
      {"\n\n(;SZ[9]\n;B[aa];W[jj])", 4, 10, "move 'jj' is not a point of the 9x9 board"},
      {"(;FF[4]\r\n\r\nC[x]\r\n;B[zz])", 4, 4, "move 'zz'"},
      {"(;\r\r;B[zz])", 3, 4, "move 'zz'"},
      {"\xEF\xBB\xBF(;B[zz])", 1, 5, "move 'zz'"},
      {"(;B[abc])", 1, 5, "not a point"},
      {"(;B[aa][bb])", 1, 9, "more than one value"},
      {"(;SZ[9:13])", 1, 6, "non-square"},
      {"(;SZ[30])", 1, 6, "not supported"},
      {"(;SZ[0])", 1, 6, "not supported"},
      {"(;SZ[x])", 1, 6, "bad board size"},
      {"(;SZ[19:x])", 1, 6, "bad board size"},
      {"(;AB[aa:zz])", 1, 6, "setup point 'zz'"},
      {"(;AW[tt])", 1, 6, "setup point 'tt'"},
      {"(;B[aa]123)", 1, 8, "unexpected '1'"},
      {"(;B[aa]\x01)", 1, 8, "unexpected byte 0x01"},
      {"(;B)", 1, 4, "expected '['"},
      {"(;B", 1, 4, "unexpected end of file"},
      {"(;KM[abc])", 1, 6, "bad komi"},
      {"(;KM[inf])", 1, 6, "bad komi"},
      {"(;HA[-1])", 1, 6, "bad handicap"},
      {"(;GM[2])", 1, 6, "not a game of Go"},
      {"(;PL[x])", 1, 6, "bad player"},
      {"(;SZ[9];B[aa];SZ[13])", 1, 18, "changes the board size"},
      {"(;B[aa]\n;W[bb]\n;B[cc];C[oops\n", 3, 9, "unterminated property value"},
  };
  for (const Malformed& c : cases) {
    SCOPED_TRACE(testing::Message() << "input: " << testing::PrintToString(std::string(c.text)));
    const Error e = error_of([&] { parse(c.text); });
    EXPECT_EQ(e.line, c.line);
    EXPECT_EQ(e.column, c.column);
    const std::string what = e.what();
    EXPECT_NE(what.find(c.reason), std::string::npos) << what;
    const std::string where =
        "sgf: line " + std::to_string(c.line) + ", column " + std::to_string(c.column) + ": ";
    EXPECT_EQ(what.rfind(where, 0), 0u) << what;
  }
}

TEST(SgfErrors, CollectionRejectsGarbageBetweenGames) {
  const Error e = error_of([] { parse_collection("(;B[aa])\n x(;B[bb])"); });
  EXPECT_EQ(e.line, 2);
  EXPECT_EQ(e.column, 2);
  EXPECT_THROW(parse_collection("(;B[aa])(;B[zz])"), Error);  // the second game is read too
  EXPECT_THROW(parse_collection(""), Error);
}

TEST(SgfWrite, WritesTheDocumentedLayout) {
  Game g;
  g.size = 9;
  g.komi = 7.5;
  g.handicap = 2;
  g.black_name = "B]lack\\";
  g.white_name = "White";
  g.result = "W+0.5";
  g.setup = {{Color::Black, 2, 2}, {Color::Black, 6, 6}};
  g.to_move = Color::White;
  g.moves = {W(4, 4), BPass()};
  EXPECT_EQ(write(g),
            "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7.5]HA[2]PB[B\\]lack\\\\]PW[White]RE[W+0.5]PL[W]"
            "AB[cc][gg]\n;W[ee];B[])\n");
}

TEST(SgfWrite, RoundTripsThroughParse) {
  Game g;
  g.size = 19;
  g.komi = 6.5;
  g.handicap = 3;
  g.black_name = "Name with ] and \\ and (;)";
  g.white_name = "J\xF6rg";
  g.result = "B+R";
  g.rules = "Japanese";
  g.date = "2001-02-03";
  g.to_move = Color::White;
  // Colours that come back need extra setup nodes to keep the order.
  g.setup = {{Color::Black, 3, 3},  {Color::Black, 15, 15}, {Color::White, 9, 9},
             {Color::Black, 15, 3}, {Color::Empty, 3, 3},   {Color::White, 0, 18}};
  g.moves = {W(16, 16), B(18, 0), WPass(), BPass(), W(0, 0)};
  for (int i = 0; i < 30; ++i) g.moves.push_back(i % 2 ? B(i % 19, i / 19) : W(i % 19, 5));
  EXPECT_EQ(parse(write(g)), g);
  EXPECT_EQ(parse(write(Game{})), Game{});
  Game big;
  big.size = 25;
  big.komi = -0.5;
  big.moves = {B(24, 24), W(19, 19), BPass()};
  EXPECT_EQ(parse(write(big)), big);
}

TEST(SgfWrite, RandomGamesRoundTrip) {
  std::mt19937 rng(12345);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int iter = 0; iter < 500; ++iter) {
    Game g;
    g.size = uniform(kMinSize, kMaxSize);
    if (uniform(0, 1)) g.komi = uniform(-40, 40) * 0.25 + (uniform(0, 3) == 0 ? 1e-7 : 0);
    g.handicap = uniform(0, 9);
    const char* names[] = {"", "a", "x]y", "back\\slash", "\xE4\xB8\xAD", "sp ace"};
    g.black_name = names[uniform(0, 5)];
    g.white_name = names[uniform(0, 5)];
    g.result = names[uniform(0, 5)];
    if (uniform(0, 1)) g.to_move = uniform(0, 1) ? Color::Black : Color::White;
    const Color setup_colors[] = {Color::Empty, Color::Black, Color::White};
    for (int i = uniform(0, 8); i > 0; --i) {
      g.setup.push_back({setup_colors[uniform(0, 2)], uniform(0, g.size - 1),
                         uniform(0, g.size - 1)});
    }
    for (int i = uniform(0, 60); i > 0; --i) {
      const Color c = uniform(0, 1) ? Color::Black : Color::White;
      g.moves.push_back(uniform(0, 9) == 0 ? Move{c, -1, -1}
                                           : Move{c, uniform(0, g.size - 1),
                                                  uniform(0, g.size - 1)});
    }
    const std::string text = write(g);
    ASSERT_EQ(parse(text), g) << text;
  }
}

TEST(SgfWrite, RejectsGamesItCannotWrite) {
  Game g;
  g.moves = {B(19, 0)};
  EXPECT_THROW(write(g), std::invalid_argument);
  g.moves = {{Color::Empty, 1, 1}};
  EXPECT_THROW(write(g), std::invalid_argument);
  g.moves.clear();
  g.setup = {{Color::Border, 0, 0}};
  EXPECT_THROW(write(g), std::invalid_argument);
  g.setup.clear();
  g.size = 26;
  EXPECT_THROW(write(g), std::invalid_argument);
}

// Every input must either parse or throw sgf::Error: no crash, no hang, no
// other exception; a parsed game must be consistent.
void expect_parses_or_throws_error(const std::string& text, int& parsed) {
  auto check = [&](const Game& g) {
    ASSERT_GE(g.size, kMinSize);
    ASSERT_LE(g.size, kMaxSize);
    for (const Move& m : g.moves) {
      ASSERT_TRUE(m.is_pass() || (m.x >= 0 && m.x < g.size && m.y >= 0 && m.y < g.size));
      ASSERT_TRUE(m.color == Color::Black || m.color == Color::White);
    }
    for (const Setup& s : g.setup) {
      ASSERT_TRUE(s.x >= 0 && s.x < g.size && s.y >= 0 && s.y < g.size);
    }
  };
  try {
    check(parse(text));
    ++parsed;
  } catch (const Error& e) {
    ASSERT_GE(e.line, 1);
    ASSERT_GE(e.column, 1);
  }
  try {
    for (const Game& g : parse_collection(text)) check(g);
  } catch (const Error&) {
  }
  try {
    check(parse_game_line(text));
  } catch (const Error&) {
  }
}

TEST(SgfFuzz, RandomMutationsParseOrThrowError) {
  const std::string base =
      "\xEF\xBB\xBF(;FF[4]GM[1]SZ[19]KM[6.5]HA[2]PB[A \\] b]PW[c\\\\d]RE[B+R]\r\n"
      "AB[dd][pp]AW[aa:cc]AE[bb]PL[W]C[comment ( ; ) \\]\n]\n"
      ";W[qd];B[];W[tt](;B[dp];W[ss](;B[ab])(;B[ba]))(;B[jj]AB[kk])\n)"
      "(;SZ[9];B[ee])";
  constexpr char kSpecials[] = "()[];\\:ABWEGMSZKHPLtTa \r\n\t\xEF\xBB\xBF\xFF\x00";
  const std::string specials(kSpecials, sizeof kSpecials - 1);  // the NUL byte included
  std::mt19937 rng(20240601);
  auto uniform = [&](std::size_t lo, std::size_t hi) {
    return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
  };
  int parsed = 0;
  constexpr int kTries = 20000;
  for (int iter = 0; iter < kTries; ++iter) {
    std::string text = base;
    for (std::size_t ops = uniform(1, 4); ops > 0 && !text.empty(); --ops) {
      const std::size_t at = uniform(0, text.size() - 1);
      const char byte = uniform(0, 1) ? specials[uniform(0, specials.size() - 1)]
                                      : static_cast<char>(uniform(0, 255));
      switch (uniform(0, 4)) {
        case 0: text.resize(at); break;                           // truncate
        case 1: text[at] = byte; break;                           // replace
        case 2: text.insert(text.begin() + at, byte); break;      // insert
        case 3: text.erase(at, uniform(1, 8)); break;             // delete a run
        default: text.insert(at, text.substr(uniform(0, at), 12)); break;  // duplicate
      }
    }
    SCOPED_TRACE(testing::PrintToString(text));
    expect_parses_or_throws_error(text, parsed);
    if (HasFatalFailure()) return;
  }
  // Both outcomes must be common, or the mutations test little.
  EXPECT_GT(parsed, kTries / 10);
  EXPECT_GT(kTries - parsed, kTries / 10);
}

TEST(SgfFuzz, RandomBytesParseOrThrowError) {
  std::mt19937 rng(7);
  const std::string alphabet = "();[]\\:BWAEtaz \n";
  int parsed = 0;
  for (int iter = 0; iter < 5000; ++iter) {
    std::string text(std::uniform_int_distribution<int>(0, 64)(rng), ' ');
    for (char& c : text) {
      c = alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
    }
    text.insert(0, "(;");
    SCOPED_TRACE(testing::PrintToString(text));
    expect_parses_or_throws_error(text, parsed);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(parsed, 0);
}

}  // namespace
}  // namespace tengen::sgf
