// `tengen learn`, `tengen predict` and the learned priors in play, through
// the real binary: a model learned from the small test games, the same
// model from the same data, predict's report format, and clear start-up
// errors for a missing or corrupt model.

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "support/scratch.h"

namespace tengen {
namespace {

using test_support::Outcome;
using test_support::slurp;

// Without the lines that change from run to run (the date, and the
// command, which names the output file).
std::string without_date(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("date ", 0) != 0 && line.rfind("command ", 0) != 0) out += line + "\n";
  }
  return out;
}

const std::string kGames = std::string(TENGEN_TEST_DATA) + "/patterns/games";

class PatternsCli : public test_support::ScratchTest {
 protected:
  std::string learn(const std::string& name) {
    const std::string path = (dir_ / name).string();
    const Outcome r = tengen("learn --games " + kGames + " --split all --iterations 3 --min-count 1 --out " + path);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("learn: iteration 3"), std::string::npos) << r.err;
    return path;
  }
};

TEST_F(PatternsCli, LearnWritesAModelAndIsDeterministic) {
  const std::string a = learn("a.txt"), b = learn("b.txt");
  const std::string text = slurp(a);
  EXPECT_EQ(text.rfind("# ", 0), 0u);
  EXPECT_NE(text.find("\ntengen-patterns 1\n"), std::string::npos);
  EXPECT_NE(text.find("\ncommand tengen learn --games "), std::string::npos);
  EXPECT_NE(text.find("\ndata split all, from "), std::string::npos);
  EXPECT_NE(text.find("\ntactical capture ko "), std::string::npos);
  EXPECT_NE(text.find("\n3x3 "), std::string::npos);
  EXPECT_NE(text.find("\nshape 4 "), std::string::npos);
  EXPECT_EQ(without_date(slurp(b)), without_date(text));
}

TEST_F(PatternsCli, PredictReportsTopRatesInTheDocumentedFormat) {
  const std::string model = learn("m.txt");
  const Outcome r = tengen("predict --games " + kGames + " --weights " + model);
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line, last;
  while (std::getline(lines, line)) last = line;
  EXPECT_TRUE(std::regex_match(last, std::regex(R"(positions \d+ top1 \d+\.\d\d% top5 \d+\.\d\d% top10 \d+\.\d\d%)")))
      << last;
  EXPECT_NE(r.out.find("us per 19x19 position"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mean log-likelihood"), std::string::npos);
  // A 9x9 game alone: no 19x19 speed line, still the last line.
  const Outcome small = tengen("predict --games " + kGames + "/gnugo-9-a.sgf --weights " + model);
  ASSERT_EQ(small.code, 0) << small.err;
  EXPECT_NE(small.out.find("\npositions "), std::string::npos);
}

TEST_F(PatternsCli, UsageErrors) {
  EXPECT_EQ(tengen("learn --games " + kGames).code, 2);  // no --out
  const Outcome missing = tengen("predict --games " + kGames + " --weights /nonexistent/m.txt");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("cannot read pattern model '/nonexistent/m.txt'"), std::string::npos) << missing.err;
  std::ofstream(dir_ / "plain.txt") << "tengen-patterns 1\nshape-hash 1\nend 0\n";
  const Outcome no_games = tengen("predict --games /nonexistent/games --weights " + (dir_ / "plain.txt").string());
  EXPECT_EQ(no_games.code, 2);
  EXPECT_NE(no_games.err.find("no such file or folder"), std::string::npos) << no_games.err;
  EXPECT_EQ(tengen("predict --games " + kGames + " --split sometimes").code, 2);
}

TEST_F(PatternsCli, EngineStopsAtStartUpOnAMissingOrCorruptModel) {
  const Outcome missing = tengen("--learned-priors true --prior-model-file /nonexistent/mm.txt", "name\n");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("cannot read pattern model '/nonexistent/mm.txt'"), std::string::npos) << missing.err;
  EXPECT_EQ(missing.out, "");
  const std::filesystem::path corrupt = dir_ / "corrupt.txt";
  std::ofstream(corrupt) << "tengen-patterns 1\nshape-hash 1\ntactical capture ko many\nend 1\n";
  const Outcome bad = tengen("--learned-priors true --prior-model-file " + corrupt.string(), "name\n");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find(corrupt.string() + ":3: bad gamma 'many'"), std::string::npos) << bad.err;
  // The expert rules need no file.
  EXPECT_EQ(tengen("--learned-priors false --prior-model-file /nonexistent/mm.txt", "name\n").code, 0);
}

TEST_F(PatternsCli, EnginePlaysWithLearnedPriors) {
  const std::string model = learn("m.txt");
  const Outcome r = tengen("--learned-priors true --prior-model-file " + model + " --playouts 300 --seed 3",
                           "boardsize 9\ngenmove b\ngenmove w\nboardsize 19\ngenmove b\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(^=\n\n= [A-HJ][1-9]\n\n= [A-HJ][1-9]\n\n=\n\n= [A-HJ-T]\d+\n)")))
      << r.out;
}

}  // namespace
}  // namespace tengen
