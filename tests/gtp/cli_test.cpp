// The command line of the real binary: options, config files, exit codes,
// stdout holding nothing but GTP, and `tengen bench`. Each test runs
// TENGEN_BINARY through the shell with stdin, stdout and stderr redirected
// to files in a scratch directory.

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/scratch.h"

namespace tengen {
namespace {

namespace fs = std::filesystem;

using test_support::Outcome;
const auto quote = test_support::shell_quote;

// Splits GTP output into responses, each ending with its blank line; fails
// the test when the text is not a sequence of well-formed responses.
std::vector<std::string> responses(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find("\n\n", start);
    if (end == std::string::npos) {
      ADD_FAILURE() << "unterminated response: '" << text.substr(start) << "'";
      break;
    }
    const std::string r = text.substr(start, end + 2 - start);
    EXPECT_TRUE(r[0] == '=' || r[0] == '?') << "not a GTP response: '" << r << "'";
    out.push_back(r);
    start = end + 2;
  }
  return out;
}

// Digits, with at most one '.' between digits where fraction allows it.
bool is_number(const std::string& s, bool fraction) {
  const std::size_t dot = fraction ? s.find('.') : std::string::npos;
  auto digits = [](const std::string& d) {
    return !d.empty() && d.find_first_not_of("0123456789") == std::string::npos;
  };
  return dot == std::string::npos ? digits(s) : digits(s.substr(0, dot)) && digits(s.substr(dot + 1));
}

class Cli : public test_support::ScratchTest {
 protected:
  std::string file(const std::string& name, const std::string& contents) const { return write(name, contents).string(); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // A usage error: non-zero exit, nothing on stdout, a message on stderr
  // that names `mention`.
  void expect_usage_error(const std::string& args, const std::string& mention) const {
    const Outcome r = tengen(args, "name\n");
    EXPECT_NE(r.code, 0) << args;
    EXPECT_NE(r.code, -1) << args << ": killed by a signal";
    EXPECT_EQ(r.out, "") << args;
    EXPECT_NE(r.err.find("error"), std::string::npos) << args << ": " << r.err;
    EXPECT_NE(r.err.find(mention), std::string::npos) << args << ": '" << mention << "' not in " << r.err;
  }

  // Quick engine options for sessions.
  static std::string quick() { return "--playouts 50 --memory 16 --seed 3 --threads 1 "; }

 private:
};

// Every Tengen parameter file shipped in configs/ loads and runs a session.
TEST_F(Cli, ShippedConfigsAreValid) {
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(TENGEN_SOURCE_DIR "/configs")) {
    if (entry.path().extension() != ".cfg") continue;
    const Outcome r = tengen("--config " + quote(entry.path().string()) + " --playouts 20 --threads 1 --ponder false",
                             "boardsize 9\ngenmove b\nquit\n");
    EXPECT_EQ(r.code, 0) << entry.path() << ": " << r.err;
    EXPECT_EQ(r.out.rfind("=\n\n= ", 0), 0u) << entry.path() << ": " << r.out;
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

TEST_F(Cli, HelpAndVersionExitZero) {
  for (const std::string flag : {"--help", "-h", "gtp --help", "bench --help"}) {
    const Outcome r = tengen(flag);
    EXPECT_EQ(r.code, 0) << flag;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << flag;
    EXPECT_NE(r.out.find("--threads"), std::string::npos) << flag;
    EXPECT_EQ(r.err, "") << flag;
  }
  const Outcome v = tengen("--version");
  EXPECT_EQ(v.code, 0);
  EXPECT_EQ(v.out, "Tengen " TENGEN_VERSION "\n");
  EXPECT_EQ(v.err, "");
}

TEST_F(Cli, UnknownOptionsFail) {
  expect_usage_error("--bogus", "bogus");
  expect_usage_error("--threadz 2", "threadz");
  expect_usage_error("--size 9", "size");        // a bench option outside bench
  expect_usage_error("gtp --seconds 1", "seconds");
  expect_usage_error("extra", "extra");          // a stray word
  expect_usage_error("--threads 2 bench", "bench");  // the subcommand must come first
  expect_usage_error("--threads 2 3", "3");
}

TEST_F(Cli, MalformedValuesFail) {
  expect_usage_error("--threads abc", "threads");
  expect_usage_error("--threads abc", "abc");
  expect_usage_error("--threads 1.5", "threads");
  expect_usage_error("--playouts -5", "playouts");
  expect_usage_error("--komi lots", "komi");
  expect_usage_error("--komi nan", "komi");
  expect_usage_error("--superko maybe", "superko");
  expect_usage_error("--policy medium", "policy");
  expect_usage_error("--log-level loud", "log-level");
  expect_usage_error("--threads", "threads");  // no value at all
  expect_usage_error("--config", "config");
}

TEST_F(Cli, OutOfRangeValuesFail) {
  expect_usage_error("--threads 0", "threads");
  expect_usage_error("--threads 100000", "threads");
  expect_usage_error("--board-size 1", "board-size");
  expect_usage_error("--board-size 20", "board-size");
  expect_usage_error("--resign-threshold 2", "resign-threshold");
  expect_usage_error("--komi 5000", "komi");
  expect_usage_error("--memory 0", "memory");
}

TEST_F(Cli, ConfigFileErrorsFail) {
  expect_usage_error("--config " + quote(path("missing.cfg")), "missing.cfg");
  expect_usage_error("--config " + quote(path("")), "config");  // a directory
  expect_usage_error("--config " + quote(file("unknown.cfg", "threads = 1\nbogus-key = 3\n")), "bogus-key");
  expect_usage_error("--config " + quote(file("badvalue.cfg", "threads = abc\n")), "threads");
  expect_usage_error("--config " + quote(file("range.cfg", "board-size = 30\n")), "board-size");
  expect_usage_error("--config " + quote(file("general.cfg", "config = other.cfg\n")), "config");
  expect_usage_error("--config " + quote(file("garbage.cfg", "this is not a config line\n")), "garbage.cfg");
}

TEST_F(Cli, ValidConfigFileIsUsed) {
  const std::string cfg = file("good.cfg",
                               "# A comment line\n"
                               "\n"
                               "board-size = 9\n"
                               "komi = 5.5\n"
                               "playouts = 50\n"
                               "memory = 16\n"
                               "seed = 7\n"
                               "threads = 1\n"
                               "superko = false\n");
  const Outcome r = tengen("--config " + quote(cfg), "1 showboard\n2 genmove b\n3 final_score\n4 quit\n");
  EXPECT_EQ(r.code, 0) << r.err;
  const auto rs = responses(r.out);
  ASSERT_EQ(rs.size(), 4u) << r.out;
  EXPECT_EQ(rs[0].substr(0, 4), "=1 \n");
  EXPECT_NE(rs[0].find("    A B C D E F G H J\n"), std::string::npos) << rs[0];  // 9x9 from the file
  EXPECT_NE(rs[0].find("  9 "), std::string::npos);
  EXPECT_EQ(rs[0].find(" K "), std::string::npos);
  EXPECT_NE(rs[0].find("komi 5.5"), std::string::npos) << rs[0];
  // A move on 9x9 (column A..J without I, row 1..9), a pass or a resignation.
  const std::string move = rs[1].substr(0, 3) == "=2 " ? rs[1].substr(3, rs[1].size() - 5) : "";
  const bool on_9x9 = move.size() == 2 && move[0] >= 'A' && move[0] <= 'J' && move[0] != 'I' && move[1] >= '1' &&
                      move[1] <= '9';
  EXPECT_TRUE(on_9x9 || move == "pass" || move == "resign") << rs[1];
  EXPECT_EQ(rs[3], "=4 \n\n");

  // The command line wins over the file.
  const Outcome o = tengen("--komi 3.5 --config " + quote(cfg) + " --board-size 7", "showboard\n");
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("komi 3.5"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("    A B C D E F G\n"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find(" H "), std::string::npos) << o.out;
}

TEST_F(Cli, StdoutHoldsOnlyGtp) {
  const std::string session =
      "# setting up\n"
      "1 boardsize 9\r\n"
      "\n"
      "2 clear_board\n"
      "3 komi 6.5\n"
      "4 genmove b\n"
      "5 genmove w\n"
      "6 bogus_command\n"
      "7 play b z99\n"
      "\t\n"
      "8 showboard\n"
      "9 list_commands\n"
      "10 final_score\n"
      "11 final_status_list alive\n"
      "12 printsgf\n"
      "13 reg_genmove b\n"
      "14 kgs-genmove_cleanup b\n"
      "15 loadsgf /nonexistent/file.sgf\n"
      "16 undo\n"
      "17 quit\n";
  const Outcome r = tengen("--log-level debug " + quick(), session);
  EXPECT_EQ(r.code, 0) << r.err;
  // Every line on stdout belongs to a response: the text splits into
  // exactly one response per command, in order, and nothing else.
  const auto rs = responses(r.out);
  ASSERT_EQ(rs.size(), 17u) << r.out;
  for (std::size_t i = 0; i < rs.size(); ++i) {
    const std::string id = std::to_string(i + 1);
    EXPECT_EQ(rs[i].substr(1, id.size()), id) << rs[i];
    EXPECT_TRUE(rs[i][1 + id.size()] == ' ' || rs[i][1 + id.size()] == '\n') << rs[i];
    EXPECT_EQ(rs[i].find("\n\n"), rs[i].size() - 2) << rs[i];
  }
  EXPECT_EQ(rs[5], "?6 unknown command\n\n");
  EXPECT_EQ(rs[6].substr(0, 3), "?7 ");
  EXPECT_EQ(rs[14], "?15 cannot load file\n\n");
  EXPECT_EQ(r.out.find("[debug]"), std::string::npos);
  EXPECT_EQ(r.out.find("[info]"), std::string::npos);
  EXPECT_EQ(r.out.find('\r'), std::string::npos);
  // The logs went to stderr instead.
  EXPECT_NE(r.err.find("[info]"), std::string::npos) << r.err;
}

TEST_F(Cli, EndOfInputWithoutQuitExitsZero) {
  const Outcome r = tengen(quick(), "1 name\n2 play b d4\n");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "=1 Tengen\n\n=2 \n\n");
  // No final newline.
  const Outcome partial = tengen(quick(), "name");
  EXPECT_EQ(partial.code, 0);
  EXPECT_EQ(partial.out, "= Tengen\n\n");
  // Nothing at all.
  const Outcome empty = tengen(quick(), "");
  EXPECT_EQ(empty.code, 0);
  EXPECT_EQ(empty.out, "");
  // Windows line endings.
  const Outcome crlf = tengen(quick(), "1 name\r\n2 protocol_version\r\n");
  EXPECT_EQ(crlf.code, 0);
  EXPECT_EQ(crlf.out, "=1 Tengen\n\n=2 2\n\n");
}

TEST_F(Cli, QuitExitsZeroAndStopsReading) {
  const Outcome r = tengen("gtp " + quick(), "name\nquit\nname\n");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "= Tengen\n\n=\n\n");
  const Outcome with_id = tengen(quick(), "9 quit\n");
  EXPECT_EQ(with_id.code, 0);
  EXPECT_EQ(with_id.out, "=9 \n\n");
}

TEST_F(Cli, BenchPrintsPlayoutRate) {
  const Outcome r = tengen("bench --size 9 --seconds 0.2");
  EXPECT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string last;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) last = line;
  }
  // "<count> playouts in <seconds> s: <rate> playouts/s"
  std::istringstream words(last);
  std::vector<std::string> w;
  for (std::string x; words >> x;) w.push_back(x);
  ASSERT_EQ(w.size(), 7u) << "last line: '" << last << "' of\n" << r.out;
  EXPECT_EQ(w[1], "playouts");
  EXPECT_EQ(w[2], "in");
  EXPECT_EQ(w[4], "s:");
  EXPECT_EQ(w[6], "playouts/s");
  EXPECT_EQ(last, w[0] + " playouts in " + w[3] + " s: " + w[5] + " playouts/s");  // single spaces
  EXPECT_TRUE(is_number(w[0], false)) << w[0];
  EXPECT_TRUE(is_number(w[3], true)) << w[3];
  EXPECT_TRUE(is_number(w[5], true)) << w[5];
  EXPECT_GT(std::stoll(w[0]), 0);
  EXPECT_GT(std::stod(w[3]), 0);
  EXPECT_GT(std::stod(w[5]), 0);
}

TEST_F(Cli, BenchRejectsBadArguments) {
  for (const std::string args : {"bench --size 1", "bench --size 0", "bench --size 20", "bench --size abc",
                                 "bench --seconds 0", "bench --seconds -1", "bench --seconds abc",
                                 "bench --seconds inf", "bench --threads 0", "bench extra"}) {
    const Outcome r = tengen(args);
    EXPECT_NE(r.code, 0) << args;
    EXPECT_NE(r.code, -1) << args;
    EXPECT_NE(r.err.find("error"), std::string::npos) << args << ": " << r.err;
  }
  const Outcome size = tengen("bench --size 1 --seconds 0.1");
  EXPECT_NE(size.err.find("size"), std::string::npos) << size.err;
}

}  // namespace
}  // namespace tengen
