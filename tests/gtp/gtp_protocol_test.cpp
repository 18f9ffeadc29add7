// The GTP v2 front end, in process: the protocol to the letter (ids, blank
// lines, preprocessing, colours, vertices, run), the administrative
// commands, and malformed or random input (a "? reason" reply and an
// unchanged game). The other commands: gtp_moves_test.cpp,
// gtp_handicap_sgf_test.cpp, gtp_time_test.cpp, gtp_scoring_test.cpp; the
// session they share: support/gtp_session.h.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/gtp_session.h"

namespace tengen {
namespace {

using namespace test_support;  // support/gtp_session.h

// ---------------------------------------------------------------------------
// The protocol

TEST_F(Gtp, IdsAreEchoedOnSuccessAndFailure) {
  Session s;
  EXPECT_EQ(s.raw("12 protocol_version"), "=12 2\n\n");
  EXPECT_EQ(s.raw("protocol_version"), "= 2\n\n");
  EXPECT_EQ(s.raw("1 name"), "=1 Tengen\n\n");
  EXPECT_EQ(s.raw("0 version"), "=0 " TENGEN_VERSION "\n\n");
  EXPECT_EQ(s.raw("99 no_such_command"), "?99 unknown command\n\n");
  EXPECT_EQ(s.raw("no_such_command"), "? unknown command\n\n");
  EXPECT_EQ(s.raw("3 play b d4"), "=3 \n\n");
  EXPECT_EQ(s.raw("4 play w D4"), "?4 illegal move\n\n");
  EXPECT_EQ(s.raw("5 boardsize 99"), "?5 unacceptable size\n\n");
  EXPECT_EQ(s.raw("6 clear_board"), "=6 \n\n");
  const std::string g = s.raw("12 genmove b");
  EXPECT_EQ(g.substr(0, 4), "=12 ") << g;
  EXPECT_TRUE(is_vertex_or_resign(Session::body(g))) << g;
  // Multi-line replies keep the id on their first line.
  const std::string board = s.raw("77 showboard");
  EXPECT_EQ(board.substr(0, 5), "=77 \n") << board;
  // A line holding only an id is not a command: a failure, with the id.
  EXPECT_EQ(s.raw("8").substr(0, 3), "?8 ");
}

TEST_F(Gtp, EveryResponseHasExactlyOneBlankLineAtTheEnd) {
  TempDir dir;
  Session s;
  const std::vector<std::string> commands = {
      "protocol_version", "name", "version", "known_command play", "known_command nothing", "list_commands",
      "boardsize 9", "clear_board", "komi 6.5", "play b e5", "genmove w", "reg_genmove b", "undo", "genmove w",
      "kgs-genmove_cleanup b", "showboard", "final_score", "final_status_list alive", "final_status_list dead",
      "final_status_list seki", "time_settings 300 30 5", "time_left b 200 0", "kgs-time_settings byoyomi 300 30 5",
      "kgs-time_settings none", "printsgf", "printsgf " + dir.path("x.sgf"), "loadsgf " + dir.path("x.sgf"),
      "kgs-rules chinese", "kgs-game_over", "clear_board", "fixed_handicap 4", "clear_board",
      "place_free_handicap 3", "clear_board", "set_free_handicap c3 g7", "undo", "bogus", "play", "boardsize 0",
      "quit"};
  for (const auto& c : commands) {
    for (const bool with_id : {false, true}) {
      auto r = s.server().handle_line((with_id ? "42 " : "") + c);
      ASSERT_TRUE(r.has_value()) << c;
      EXPECT_TRUE(well_formed(*r)) << c;
      if (with_id) {
        EXPECT_EQ(r->substr(1, 2), "42") << c;
      } else {
        EXPECT_TRUE((*r)[1] == ' ' || (*r)[1] == '\n') << c << ": " << *r;
      }
    }
  }
}

TEST_F(Gtp, ColoursInAnyCaseAndSpelling) {
  Session s;
  const std::vector<std::pair<std::string, Color>> colours = {
      {"b", Color::Black}, {"B", Color::Black}, {"black", Color::Black}, {"Black", Color::Black},
      {"BLACK", Color::Black}, {"w", Color::White}, {"W", Color::White}, {"white", Color::White},
      {"White", Color::White}, {"WHITE", Color::White}};
  const std::vector<std::string> points = {"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "j9", "a9"};
  for (std::size_t i = 0; i < colours.size(); ++i) {
    s.ok("play " + colours[i].first + " " + points[i]);
    EXPECT_EQ(s.at(points[i]), colours[i].second) << colours[i].first;
    EXPECT_EQ(s.game().moves().back().color, colours[i].second);
  }
  for (const std::string bad : {"x", "bl", "blackk", "wh", "0", "1", "empty", "e", "bw", "-", "pass"}) {
    s.rejected("play " + bad + " c5");
    s.rejected("genmove " + bad);
    s.rejected("reg_genmove " + bad);
    s.rejected("time_left " + bad + " 10 0");
  }
  // Genmove answers for either colour, in any spelling.
  for (const std::string c : {"B", "white", "BLACK", "w"}) {
    const std::string v = s.ok("genmove " + c);
    EXPECT_TRUE(is_vertex_or_resign(v)) << v;
  }
}

TEST_F(Gtp, VerticesInEitherCaseWithoutTheLetterI) {
  Session s;  // 9x9: columns A..H, J
  s.ok("play b j9");
  EXPECT_EQ(s.game().board().at(point_at(8, 0, 9)), Color::Black);  // the 9th column, top row
  s.ok("play w J1");
  EXPECT_EQ(s.game().board().at(point_at(8, 8, 9)), Color::White);
  s.ok("play b A9");
  EXPECT_EQ(s.game().board().at(point_at(0, 0, 9)), Color::Black);
  s.ok("play w a1");
  EXPECT_EQ(s.game().board().at(point_at(0, 8, 9)), Color::White);
  s.ok("play b H8");
  EXPECT_EQ(s.game().board().at(point_at(7, 1, 9)), Color::Black);
  s.ok("play w e5");
  EXPECT_EQ(s.game().board().at(point_at(4, 4, 9)), Color::White);
  for (const std::string bad :
       {"i5", "I5", "k1", "K9", "j10", "a10", "z99", "Z1", "a0", "A0", "a00", "a05", "a-1", "5a", "aa", "a", "11",
        "d4d", "d 4", "passs", "pas", "resign", "RESIGN", "t19", "@1", "a1.", "d4,", "ä4"}) {
    s.rejected("play b " + bad);
    s.rejected("play w " + bad);
  }
  // Pass in any case.
  for (const std::string pass : {"pass", "PASS", "Pass", "pAsS"}) {
    const std::size_t n = s.game().moves().size();
    s.ok("play b " + pass);
    ASSERT_EQ(s.game().moves().size(), n + 1);
    EXPECT_EQ(s.game().moves().back(), (Move{Color::Black, kPass}));
  }
  // On 19x19 T19 is the far corner and U is off the board.
  s.ok("boardsize 19");
  s.ok("clear_board");
  s.ok("play b t19");
  EXPECT_EQ(s.game().board().at(point_at(18, 0, 19)), Color::Black);
  s.ok("play w T1");
  s.ok("play b j10");
  EXPECT_EQ(s.game().board().at(point_at(8, 9, 19)), Color::Black);
  s.rejected("play w u1");
  s.rejected("play w a20");
  s.rejected("play w i10");
}

TEST_F(Gtp, PreprocessingAsTheSpecSays) {
  Session s;
  // Empty, white-space-only and comment-only lines get no response at all.
  for (const std::string line : {"", " ", "   ", "\t", " \t \t", "\r", "\r\n", "# a comment", "#", "   # indented",
                                 "\t# tabbed", "#12 name", "# play b d4", "\x01", "\x01\x02\x7f", " \x1b \r"}) {
    EXPECT_EQ(s.raw(line), "<ignored>") << "'" << line << "'";
  }
  EXPECT_TRUE(s.game().moves().empty());  // "# play b d4" played nothing
  // CR (Windows line endings) is dropped.
  EXPECT_EQ(s.raw("name\r"), "= Tengen\n\n");
  EXPECT_EQ(s.raw("12 name\r"), "=12 Tengen\n\n");
  EXPECT_EQ(s.raw("13 known_command name\r"), "=13 true\n\n");
  // CR is removed, not read as a separator.
  EXPECT_EQ(s.raw("13 known_command\rname"), "?13 unknown command\n\n");
  // Tabs are spaces.
  EXPECT_EQ(s.raw("\tname\t"), "= Tengen\n\n");
  EXPECT_EQ(s.raw("14\tknown_command\tplay"), "=14 true\n\n");
  EXPECT_EQ(s.raw("15\tplay\tb\td4\t"), "=15 \n\n");
  EXPECT_EQ(s.at("d4"), Color::Black);
  // Extra spaces anywhere.
  EXPECT_EQ(s.raw("   16    play    w     e5   "), "=16 \n\n");
  EXPECT_EQ(s.at("e5"), Color::White);
  // Other control characters are removed wherever they are.
  EXPECT_EQ(s.raw("na\x01me"), "= Tengen\n\n");
  EXPECT_EQ(s.raw("\x7f" "17 name\x1b"), "=17 Tengen\n\n");
  EXPECT_EQ(s.raw("18 pla\x02y b c\x03" "3"), "=18 \n\n");
  EXPECT_EQ(s.at("c3"), Color::Black);
  // Comments end a command line.
  EXPECT_EQ(s.raw("name # what is your name"), "= Tengen\n\n");
  EXPECT_EQ(s.raw("19 protocol_version#no space before"), "=19 2\n\n");
  EXPECT_EQ(s.raw("20 play w f6 # and a comment with play b g7"), "=20 \n\n");
  EXPECT_EQ(s.at("f6"), Color::White);
  EXPECT_EQ(s.game().board().at(*parse_vertex("g7", 9)), Color::Empty);
  EXPECT_EQ(s.raw("21 play # w g7").substr(0, 4), "?21 ");  // the arguments were cut off
  // Command names are case sensitive.
  EXPECT_EQ(s.raw("NAME"), "? unknown command\n\n");
}

TEST_F(Gtp, RunAnswersManyCommandsInOrder) {
  Session s;
  std::istringstream in(
      "1 protocol_version\r\n"
      "\r\n"
      "# a comment line\n"
      "2 name\n"
      "   \n"
      "3 boardsize 7\n"
      "komi 0.5\n"
      "4 clear_board\r\n"
      "5 play b d4\t# centre\n"
      "6 play w d4\n"
      "7 play w C3\n"
      "8 bogus\n"
      "known_command genmove\n"
      "9 undo\n"
      "10 undo\n"
      "11 undo\n"
      "12 fixed_handicap 3\n"
      "13 showboard\n"
      "14 quit\n"
      "15 name\n"
      "16 play b a1\n");
  std::ostringstream out;
  s.server().run(in, out);
  EXPECT_EQ(out.str(),
            "=1 2\n\n"
            "=2 Tengen\n\n"
            "=3 \n\n"
            "=\n\n"
            "=4 \n\n"
            "=5 \n\n"
            "?6 illegal move\n\n"
            "=7 \n\n"
            "?8 unknown command\n\n"
            "= true\n\n"
            "=9 \n\n"
            "=10 \n\n"
            "?11 cannot undo\n\n"
            "=12 C3 E5 C5\n\n"
            "=13 \n"
            "    A B C D E F G\n"
            "  7 . . . . . . .  7\n"
            "  6 . . . . . . .  6\n"
            "  5 . . X . X . .  5\n"
            "  4 . . . . . . .  4\n"
            "  3 . . X . . . .  3\n"
            "  2 . . . . . . .  2\n"
            "  1 . . . . . . .  1\n"
            "    A B C D E F G\n"
            "Black prisoners 0, White prisoners 0, komi 0.5, white to move\n\n"
            "=14 \n\n");
  EXPECT_TRUE(s.server().quit_requested());
  // Nothing after quit was executed.
  EXPECT_TRUE(s.game().moves().empty());
}

TEST_F(Gtp, RunUntilEndOfInputAnswersEveryCommand) {
  Session s;
  std::string input;
  std::vector<std::string> ids;
  for (int i = 1; i <= 30; ++i) {
    const std::string id = std::to_string(100 + i);
    ids.push_back(id);
    input += id + (i % 3 == 0 ? " genmove b\n" : i % 3 == 1 ? " genmove w\n" : " showboard\r\n");
    input += "\n# noise\n";
  }
  std::istringstream in(input);
  std::ostringstream out;
  s.server().run(in, out);
  EXPECT_FALSE(s.server().quit_requested());
  // Split the output into responses and check they come in order.
  const std::string text = out.str();
  std::vector<std::string> responses;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find("\n\n", start);
    ASSERT_NE(end, std::string::npos) << text.substr(start);
    responses.push_back(text.substr(start, end + 2 - start));
    start = end + 2;
  }
  ASSERT_EQ(responses.size(), ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    EXPECT_TRUE(well_formed(responses[i]));
    EXPECT_EQ(responses[i].substr(0, 1 + ids[i].size()), "=" + ids[i]) << responses[i];
  }
  EXPECT_EQ(s.game().moves().size(), 20u);
}

// ---------------------------------------------------------------------------
// Administrative commands

TEST_F(Gtp, AdministrativeCommands) {
  Session s;
  EXPECT_EQ(s.ok("protocol_version"), "2");
  EXPECT_EQ(s.ok("name"), "Tengen");
  EXPECT_EQ(s.ok("version"), TENGEN_VERSION);
  const std::vector<std::string> expected = {
      "protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
      "clear_board", "komi", "play", "genmove", "undo", "fixed_handicap", "place_free_handicap",
      "set_free_handicap", "time_settings", "time_left", "final_score", "final_status_list", "showboard",
      "loadsgf", "reg_genmove", "printsgf", "kgs-genmove_cleanup", "kgs-time_settings", "kgs-game_over",
      "kgs-rules"};
  const std::vector<std::string> listed = lines(s.ok("list_commands"));
  EXPECT_EQ(listed, s.server().command_names());
  for (const auto& name : expected) {
    EXPECT_NE(std::find(listed.begin(), listed.end(), name), listed.end()) << name;
  }
  for (const auto& name : listed) {
    EXPECT_EQ(s.ok("known_command " + name), "true") << name;
    EXPECT_EQ(name.find_first_of(" \t"), std::string::npos) << name;
  }
  for (const std::string name : {"bogus", "PLAY", "genmove_black", "help", "gogui-analyze", "known"}) {
    EXPECT_EQ(s.ok("known_command " + name), "false") << name;
  }
  s.rejected("known_command");
}

TEST_F(Gtp, QuitAnswersAndThenStops) {
  Session s;
  EXPECT_FALSE(s.server().quit_requested());
  EXPECT_EQ(s.raw("7 quit"), "=7 \n\n");
  EXPECT_TRUE(s.server().quit_requested());

  Session t;
  std::istringstream in("name\nquit\nname\nplay b d4\n");
  std::ostringstream out;
  t.server().run(in, out);
  EXPECT_EQ(out.str(), "= Tengen\n\n=\n\n");
  EXPECT_TRUE(t.game().moves().empty());
}

// ---------------------------------------------------------------------------
// Robustness

TEST_F(Gtp, MalformedInputLeavesTheGameUnchanged) {
  Session s;
  for (const char* m : {"komi 6.5", "play b e5", "play w c3", "play b g7"}) s.ok(m);
  const std::vector<std::string> bad = {
      "bogus", "PLAY b d4", "genmove_black", "play_b d4", "boardsize", "boardsize 0", "boardsize 1", "boardsize 20",
      "boardsize abc", "clear_board 9", "komi", "komi abc", "komi nan", "komi inf", "komi 6.5 7.5", "play",
      "play b", "play b e5", "play w e5", "play b i5", "play b z99", "play b a0", "play b k1", "play q d4",
      "play b d4 e4", "genmove", "genmove b w", "genmove q", "reg_genmove", "undo 1", "fixed_handicap 2",
      "fixed_handicap abc", "fixed_handicap", "place_free_handicap 2", "place_free_handicap",
      "set_free_handicap d4 e4", "set_free_handicap", "time_settings -1 0 0", "time_settings 1 2",
      "time_settings 1 2 3 4", "time_left b", "time_left b -5 -5", "kgs-time_settings", "kgs-time_settings x",
      "final_score x", "final_status_list", "final_status_list bogus", "loadsgf", "loadsgf /nonexistent.sgf",
      "printsgf a b", "known_command", "known_command a b", "kgs-rules", "kgs-genmove_cleanup",
      "=", "?", "= 1", "-1 name", "1.5 name"};
  for (const auto& line : bad) s.rejected(line);
}

TEST_F(Gtp, RandomInputNeverBreaksTheProtocol) {
  Session s(fast_settings(5));
  std::mt19937 rng(7);
  const std::vector<std::string> vocabulary = {
      "play", "genmove", "reg_genmove", "undo", "boardsize", "clear_board", "komi", "fixed_handicap",
      "place_free_handicap", "set_free_handicap", "time_settings", "time_left", "kgs-time_settings",
      "final_score", "final_status_list", "showboard", "known_command", "list_commands", "name", "kgs-rules",
      "kgs-genmove_cleanup", "loadsgf", "b", "w", "B", "WHITE", "black", "pass", "a1", "e5", "c3", "j9",
      "i5", "z99", "a0", "0", "1", "2", "3", "5", "7", "9", "-1", "1e9", "nan", "inf", "abc", "alive",
      "dead", "seki", "none", "absolute", "byoyomi", "canadian", "#", "\t", "\r", "\x01", "12", "  ", "+6.5",
      "-0.5", "1234567890123456789012345678901234567890123456789012345678901", "4294967296", "361", "-362"};
  int answered = 0;
  for (int i = 0; i < 20000; ++i) {  // as many lines as the fuzzing of issue 19
    std::string line;
    const int n = static_cast<int>(rng() % 5);
    for (int k = 0; k < n; ++k) {
      if (rng() % 10 == 0) {
        line += static_cast<char>(rng() % 256);  // any byte at all
      } else {
        line += vocabulary[rng() % vocabulary.size()];
      }
      line += rng() % 4 ? " " : "";
    }
    const std::optional<std::string> r = s.server().handle_line(line);
    if (!r) continue;
    ++answered;
    ASSERT_TRUE(well_formed(*r)) << "for '" << line << "'";
    // A score is a number of points: never an overflow, an exponent, or
    // beyond komi plus the board.
    if (line.rfind("final_score ", 0) == 0 && (*r)[0] == '=') {
      const std::string score = Session::body(*r);
      ASSERT_TRUE(is_score(score)) << score << " for '" << line << "'";
      ASSERT_LE(score == "0" ? 0.0 : std::stod(score.substr(2)), 361 + 25) << score;
    }
    std::string why;
    ASSERT_TRUE(s.game().board().check_invariants(&why)) << why << " after '" << line << "'";
  }
  EXPECT_GT(answered, 13000);
}

}  // namespace
}  // namespace tengen
