// The heavy policy from the command line of the real binary: a missing or
// malformed pattern file stops Tengen at start-up with a clear message and
// exit status 2, and `tengen bench --policy heavy` runs from the empty board
// and from an SGF position, ending with the light bench's last line.

#include <gtest/gtest.h>

#include <string>

#include "support/scratch.h"

namespace tengen {
namespace {

using test_support::Outcome;
using HeavyCli = test_support::ScratchTest;

TEST_F(HeavyCli, MissingPatternFileStopsStartUp) {
  for (const char* mode : {"", "bench --count 1 "}) {
    const Outcome r = tengen(std::string(mode) + "--policy heavy --heavy-pattern-file /nonexistent/mogo.txt");
    EXPECT_EQ(r.code, 2) << mode;
    EXPECT_NE(r.err.find("cannot read pattern file '/nonexistent/mogo.txt'"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "") << mode;
  }
}

TEST_F(HeavyCli, MalformedPatternFileNamesTheLine) {
  const auto bad = write("bad.txt", "# a comment\npattern hane\nX O X\n. X .\n? ? ?\n");
  const Outcome r = tengen("--policy heavy --heavy-pattern-file " + bad.string());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(bad.string() + ":5: pattern 'hane': the centre is the move and must be '.'"),
            std::string::npos)
      << r.err;
}

TEST_F(HeavyCli, LightPolicyNeedsNoPatternFile) {
  const Outcome r = tengen("--policy light --heavy-pattern-file /nonexistent/mogo.txt --memory 16 --log-level off");
  EXPECT_EQ(r.code, 0) << r.err;
}

// "<count> playouts in <seconds> s: <rate> playouts/s", as the light bench ends.
bool ends_with_bench_line(const std::string& out) {
  const std::size_t start = out.rfind('\n', out.size() - 2) + 1;
  std::istringstream line(out.substr(start));
  long long count = 0;
  double seconds = 0;
  double rate = 0;
  std::string playouts, in, s_colon, per_second;
  line >> count >> playouts >> in >> seconds >> s_colon >> rate >> per_second;
  return line && count > 0 && playouts == "playouts" && in == "in" && s_colon == "s:" && per_second == "playouts/s" &&
         out.back() == '\n';
}

TEST_F(HeavyCli, BenchRunsHeavyFromTheEmptyBoardAndFromAPosition) {
  const Outcome empty = tengen("bench --policy heavy --size 9 --count 20");
  EXPECT_EQ(empty.code, 0) << empty.err;
  EXPECT_TRUE(ends_with_bench_line(empty.out)) << empty.out;
  EXPECT_NE(empty.out.find("rules: atari-save"), std::string::npos) << empty.out;
  const Outcome mid = tengen(std::string("bench --policy heavy --count 5 --position ") + TENGEN_TEST_DATA +
                         "/playout/midgame-19x19.sgf");
  EXPECT_EQ(mid.code, 0) << mid.err;
  EXPECT_NE(mid.out.find("size 19"), std::string::npos) << mid.out;
  EXPECT_NE(mid.out.find("from a position with"), std::string::npos) << mid.out;
  EXPECT_TRUE(ends_with_bench_line(mid.out)) << mid.out;
  const Outcome cut = tengen(std::string("bench --count 5 --position-moves 3 --position ") + TENGEN_TEST_DATA +
                         "/playout/midgame-9x9.sgf");
  EXPECT_EQ(cut.code, 0) << cut.err;
  const Outcome wrong = tengen(std::string("bench --size 13 --count 1 --position ") + TENGEN_TEST_DATA +
                           "/playout/midgame-9x9.sgf");
  EXPECT_EQ(wrong.code, 2);
  EXPECT_NE(wrong.err.find("--size differs"), std::string::npos) << wrong.err;
}

TEST_F(HeavyCli, BenchWatchesAStringOfThePosition) {
  const std::string seki = std::string(" --position ") + TENGEN_TEST_DATA + "/seki/seki-b1-w1.sgf";
  const Outcome watched = tengen("bench --count 20 --watch B6" + seki);
  EXPECT_EQ(watched.code, 0) << watched.err;
  EXPECT_NE(watched.out.find("the black string at B6 (10 stones) lives in"), std::string::npos) << watched.out;
  EXPECT_TRUE(ends_with_bench_line(watched.out)) << watched.out;
  for (const char* bad : {"A1", "Z9", "pass", "B66"}) {  // an eye, off the board, no point, no vertex
    const Outcome refused = tengen(std::string("bench --count 1 --watch ") + bad + seki);
    EXPECT_EQ(refused.code, 2) << bad;
    EXPECT_NE(refused.err.find("--watch must name a stone"), std::string::npos) << refused.err;
  }
}

}  // namespace
}  // namespace tengen
