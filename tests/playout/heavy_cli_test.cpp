// The heavy policy from the command line of the real binary: a missing or
// malformed pattern file stops Tengen at start-up with a clear message and
// exit status 2, and `tengen bench --policy heavy` runs from the empty board
// and from an SGF position, ending with the light bench's last line.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tengen {
namespace {

namespace fs = std::filesystem;

struct Outcome {
  int code = -1;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class HeavyCli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "tengen_heavy_cli_XXXXXX").string();
    ASSERT_NE(mkdtemp(templ.data()), nullptr);
    dir_ = templ;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // Runs the binary with these arguments (already shell-safe), stdin empty.
  Outcome tengen(const std::string& args) {
    const fs::path out = dir_ / "out";
    const fs::path err = dir_ / "err";
    const std::string cmd = std::string(TENGEN_BINARY) + " " + args + " < /dev/null > " + out.string() + " 2> " +
                            err.string();
    const int status = std::system(cmd.c_str());
    Outcome r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  fs::path write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p;
  }

  fs::path dir_;
};

TEST_F(HeavyCli, MissingPatternFileStopsStartUp) {
  for (const char* mode : {"", "bench --count 1 "}) {
    const Outcome r = tengen(std::string(mode) + "--policy heavy --heavy-pattern-file /nonexistent/mogo.txt");
    EXPECT_EQ(r.code, 2) << mode;
    EXPECT_NE(r.err.find("cannot read pattern file '/nonexistent/mogo.txt'"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "") << mode;
  }
}

TEST_F(HeavyCli, MalformedPatternFileNamesTheLine) {
  const fs::path bad = write("bad.txt", "# a comment\npattern hane\nX O X\n. X .\n? ? ?\n");
  const Outcome r = tengen("--policy heavy --heavy-pattern-file " + bad.string());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(bad.string() + ":5: pattern 'hane': the centre is the move and must be '.'"),
            std::string::npos)
      << r.err;
}

TEST_F(HeavyCli, LightPolicyNeedsNoPatternFile) {
  const Outcome r = tengen("--heavy-pattern-file /nonexistent/mogo.txt --memory 16 --log-level off");
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

}  // namespace
}  // namespace tengen
