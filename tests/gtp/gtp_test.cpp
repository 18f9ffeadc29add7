// The GTP v2 front end, in process: the protocol to the letter (ids, blank
// lines, preprocessing, colours, vertices), every command, every malformed or
// illegal input (a "? reason" reply and an unchanged game), scoring of
// hand-made positions, handicap placement, SGF load/print and complete games.

#include "tengen/gtp/gtp.h"

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/quick_settings.h"
#include "tengen/board/game.h"
#include "tengen/engine/engine.h"

namespace tengen {
namespace {

namespace fs = std::filesystem;

// Small, seeded and quick: genmove on 9x9 takes milliseconds.
Settings fast_settings(int size = 9) {
  return test_support::quick_settings({.playouts = 100, .score_playouts = 300, .seed = 20240611, .board_size = size});
}

// A GTP line's response must be one of these, and nothing else.
::testing::AssertionResult well_formed(const std::string& r) {
  if (r.size() < 3) return ::testing::AssertionFailure() << "too short: '" << r << "'";
  if (r[0] != '=' && r[0] != '?') return ::testing::AssertionFailure() << "starts with neither = nor ?: '" << r << "'";
  if (r.compare(r.size() - 2, 2, "\n\n") != 0) {
    return ::testing::AssertionFailure() << "does not end with an empty line: '" << r << "'";
  }
  // Exactly one blank line, at the end: none inside, no third newline.
  if (r.find("\n\n") != r.size() - 2) {
    return ::testing::AssertionFailure() << "blank line inside or more than one at the end: '" << r << "'";
  }
  for (char c : r) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 32 && c != '\n') || u == 127) {
      return ::testing::AssertionFailure() << "control character " << int(u) << " in '" << r << "'";
    }
  }
  // The id, if any, is digits right after the status character.
  std::size_t i = 1;
  while (i < r.size() && std::isdigit(static_cast<unsigned char>(r[i]))) ++i;
  // Then a space before any text (GoGui cuts the status off at the first
  // space); only a bare "=" or "?" may end there.
  if (r[i] != ' ' && !(i == 1 && r.size() == 3)) {
    return ::testing::AssertionFailure() << "no space after the status and id: '" << r << "'";
  }
  if (r[0] == '?') {
    // A failure always says why.
    const std::string reason = r.substr(i, r.size() - 2 - i);
    if (reason.find_first_not_of(" \n") == std::string::npos) {
      return ::testing::AssertionFailure() << "failure without a reason: '" << r << "'";
    }
  }
  return ::testing::AssertionSuccess();
}

// Everything a command could change, for "rejected and unchanged" checks.
struct State {
  std::string board;  // showboard: stones, prisoners, komi, side to move
  int size;
  double komi;
  int handicap;
  Color to_move;
  std::vector<Move> setup;
  std::vector<Move> moves;
  std::string clock;
  bool operator==(const State&) const = default;
};

std::ostream& operator<<(std::ostream& out, const State& s) {
  return out << s.board << "\n(" << s.moves.size() << " moves, " << s.setup.size() << " setup stones, clock "
             << s.clock << ")";
}

class Session {
 public:
  explicit Session(const Settings& settings = fast_settings()) : engine_(settings), server_(engine_) {}

  Engine& engine() { return engine_; }
  GtpServer& server() { return server_; }
  const Game& game() const { return engine_.game(); }

  // The raw response, or "<ignored>" where GTP asks for no response.
  std::string raw(std::string_view line) {
    auto r = server_.handle_line(line);
    if (!r) return "<ignored>";
    EXPECT_TRUE(well_formed(*r)) << "for '" << line << "'";
    return *r;
  }

  // A command that must succeed; returns the response text without "=id",
  // its separator and the final blank line.
  std::string ok(std::string_view line) {
    const std::string r = raw(line);
    EXPECT_EQ(r.substr(0, 1), "=") << "for '" << line << "': " << r;
    return body(r);
  }

  // A command that must fail, leaving the game as it was; returns the reason.
  std::string rejected(std::string_view line) {
    const State before = state();
    const std::string r = raw(line);
    EXPECT_EQ(r.substr(0, 2), "? ") << "for '" << line << "': " << r;
    EXPECT_EQ(state(), before) << "for '" << line << "'";
    return body(r);
  }

  State state() {
    auto board = server_.handle_line("showboard");
    const Game& g = engine_.game();
    // Setup stones are a set: an SGF record may list them in another order.
    std::vector<Move> setup = g.setup();
    std::sort(setup.begin(), setup.end(), [](const Move& a, const Move& b) {
      return std::pair(a.color, a.point) < std::pair(b.color, b.point);
    });
    return State{board.value_or("<none>"), g.size(), g.komi(),  g.handicap(),
                 g.to_move(),              setup,    g.moves(), engine_.clock().describe()};
  }

  Color at(std::string_view vertex) {
    const auto p = parse_vertex(vertex, game().size());
    EXPECT_TRUE(p && *p != kPass) << vertex;
    return p ? game().board().at(*p) : Color::Border;
  }

  int stones(Color c) const { return game().board().stones(c); }

  static std::string body(const std::string& r) {
    std::size_t i = 1;
    while (i < r.size() && std::isdigit(static_cast<unsigned char>(r[i]))) ++i;
    if (i < r.size() && r[i] == ' ') ++i;
    if (i < r.size() && r[i] == '\n' && r.size() > i + 2) ++i;  // a multi-line text
    return r.size() >= i + 2 ? r.substr(i, r.size() - 2 - i) : std::string();
  }

 private:
  Engine engine_;
  GtpServer server_;
};

// Every reply of the session tests is checked for the protocol's shape by
// Session::raw; the fixture also keeps the engine's logs quiet.
class Gtp : public ::testing::Test {
 protected:
  void SetUp() override { spdlog::set_level(spdlog::level::err); }
};

// A scratch directory, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    std::string templ = (fs::temp_directory_path() / "tengen_gtp_XXXXXX").string();
    if (mkdtemp(templ.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = templ;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string file(const std::string& name, const std::string& contents) const {
    const fs::path p = path_ / name;
    std::ofstream(p, std::ios::binary) << contents;
    return p.string();
  }
  std::string path(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::vector<std::string> lines(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

bool is_unsigned_number(std::string_view s, bool fraction) {
  const std::size_t dot = fraction ? s.find('.') : std::string_view::npos;
  const std::string_view whole = s.substr(0, dot);
  const std::string_view part = dot == std::string_view::npos ? std::string_view("0") : s.substr(dot + 1);
  auto digits = [](std::string_view d) {
    return !d.empty() && std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  return digits(whole) && digits(part);
}

// What genmove may answer: "pass", "resign" or an upper-case vertex
// (A..T without I, row 1..19 without a leading zero).
bool is_vertex_or_resign(std::string_view v) {
  if (v == "pass" || v == "resign") return true;
  if (v.size() < 2 || v.size() > 3 || v[0] < 'A' || v[0] > 'T' || v[0] == 'I' || v[1] == '0') return false;
  if (!is_unsigned_number(v.substr(1), false)) return false;
  const int row = std::stoi(std::string(v.substr(1)));
  return row >= 1 && row <= 19;
}

// A GTP score: "B+3.5", "W+12", "0".
bool is_score(std::string_view s) {
  if (s == "0") return true;
  return s.size() > 2 && (s[0] == 'B' || s[0] == 'W') && s[1] == '+' && is_unsigned_number(s.substr(2), true);
}

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

// On 2x2: B A2, W B2, B A1, W B1 (takes A1-A2), B A2, W A1 (takes A2), and
// now B A2 would take three stones and bring back the position after move 1.
// Not a simple ko (three stones are taken): only superko forbids it.
const std::vector<std::string> kSuperkoSequence = {"play b a2", "play w b2", "play b a1", "play w b1",
                                                   "play b a2", "play w a1"};

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

// Black wall on one column, White wall on the next, both full height.
void walls(Session& s, int size, char black_column, char white_column, const std::string& komi) {
  s.ok("boardsize " + std::to_string(size));
  s.ok("clear_board");
  s.ok("komi " + komi);
  for (int row = 1; row <= size; ++row) {
    s.ok(std::string("play b ") + black_column + std::to_string(row));
    s.ok(std::string("play w ") + white_column + std::to_string(row));
  }
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
// Time

TEST_F(Gtp, TimeSettingsAndTimeLeft) {
  Session s;
  s.ok("time_settings 300 30 5");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Canadian);
  s.ok("time_settings 600 0 0");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Absolute);
  s.ok("time_settings 0 1 0");  // byo-yomi time without stones: no limit
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::None);
  s.ok("time_settings 60 10 1");
  for (const std::string bad : {"-1 30 5", "300 -30 5", "300 30 -5", "300 30", "300", "", "300 30 5 1", "abc 30 5",
                                "300 abc 5", "300 30 abc", "nan 30 5", "300 inf 5", "300 30 5.5"}) {
    EXPECT_EQ(s.rejected("time_settings " + bad), "syntax error") << bad;
  }
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Canadian);

  s.ok("time_left b 100 0");
  s.ok("time_left WHITE 25 3");
  s.ok("time_left black 0 0");
  for (const std::string bad : {"x 10 0", "b", "b 10", "b abc 0", "b 10 abc", "b 10 -1", "b 10 0 1", "10 0 b",
                                "b nan 0"}) {
    EXPECT_EQ(s.rejected("time_left " + bad), "syntax error") << bad;
  }
  // Genmove still answers under a clock (the playout cap keeps it short).
  s.ok("time_settings 10 0 0");
  s.ok("time_left b 5 0");
  EXPECT_TRUE(is_vertex_or_resign(s.ok("genmove b")));
}

TEST_F(Gtp, KgsTimeSettings) {
  Session s;
  s.ok("kgs-time_settings absolute 300");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Absolute);
  s.ok("kgs-time_settings byoyomi 300 30 5");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Byoyomi);
  s.ok("kgs-time_settings canadian 300 30 10");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Canadian);
  s.ok("kgs-time_settings none");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::None);
  s.ok("kgs-time_settings BYOYOMI 0 10 3");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Byoyomi);
  for (const std::string bad :
       {"", "bogus", "bogus 1 2 3", "none 5", "absolute", "absolute 1 2", "absolute -1", "byoyomi 300 30",
        "byoyomi 300 30 5 1", "byoyomi -300 30 5", "byoyomi 300 30 -5", "byoyomi 300 30 2.5", "byoyomi 300 30 1e20",
        "byoyomi 300 30 99999999999", "canadian 300 30", "canadian 300 -30 10", "canadian 300 30 abc",
        "canadian 300 30 10 10", "canadian nan 30 10"}) {
    EXPECT_EQ(s.rejected("kgs-time_settings " + bad), "syntax error") << bad;
  }
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Byoyomi);
}

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
// Board and records

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
