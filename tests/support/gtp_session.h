#pragma once
// The GTP tests' session (tests/gtp/gtp_*_test.cpp): an engine and its GTP
// server driven line by line, every reply checked for the protocol's shape,
// and the checks and positions more than one of those files uses.

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/quick_settings.h"
#include "tengen/board/game.h"
#include "tengen/engine/engine.h"
#include "tengen/gtp/gtp.h"

namespace tengen::test_support {

namespace fs = std::filesystem;

// Small, seeded and quick: genmove on 9x9 takes milliseconds.
inline Settings fast_settings(int size = 9) {
  return quick_settings({.playouts = 100, .score_playouts = 300, .seed = 20240611, .board_size = size});
}

// A GTP line's response must be one of these, and nothing else.
inline ::testing::AssertionResult well_formed(const std::string& r) {
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

inline std::ostream& operator<<(std::ostream& out, const State& s) {
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

inline std::vector<std::string> lines(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

inline bool is_unsigned_number(std::string_view s, bool fraction) {
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
inline bool is_vertex_or_resign(std::string_view v) {
  if (v == "pass" || v == "resign") return true;
  if (v.size() < 2 || v.size() > 3 || v[0] < 'A' || v[0] > 'T' || v[0] == 'I' || v[1] == '0') return false;
  if (!is_unsigned_number(v.substr(1), false)) return false;
  const int row = std::stoi(std::string(v.substr(1)));
  return row >= 1 && row <= 19;
}

// A GTP score: "B+3.5", "W+12", "0".
inline bool is_score(std::string_view s) {
  if (s == "0") return true;
  return s.size() > 2 && (s[0] == 'B' || s[0] == 'W') && s[1] == '+' && is_unsigned_number(s.substr(2), true);
}

// On 2x2: B A2, W B2, B A1, W B1 (takes A1-A2), B A2, W A1 (takes A2), and
// now B A2 would take three stones and bring back the position after move 1.
// Not a simple ko (three stones are taken): only superko forbids it.
inline const std::vector<std::string> kSuperkoSequence = {"play b a2", "play w b2", "play b a1", "play w b1",
                                                          "play b a2", "play w a1"};

// Black wall on one column, White wall on the next, both full height.
inline void walls(Session& s, int size, char black_column, char white_column, const std::string& komi) {
  s.ok("boardsize " + std::to_string(size));
  s.ok("clear_board");
  s.ok("komi " + komi);
  for (int row = 1; row <= size; ++row) {
    s.ok(std::string("play b ") + black_column + std::to_string(row));
    s.ok(std::string("play w ") + white_column + std::to_string(row));
  }
}

}  // namespace tengen::test_support
