// `tengen solve-bench seki` in process: one quick run of the guided table
// prints the paper's layout and confirms Table 2; a wrong folder is refused.

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "tengen/solver/solve_bench.h"

namespace tengen {
namespace {

TEST(SekiBench, OneGuidedRunMatchesTable2) {
  SolveBenchOptions options = seki_bench_defaults();
  options.runs = 1;
  options.max_playouts = 50'000;
  options.rows = {{SolverMode::kGuidedCuts}};
  std::ostringstream out;
  EXPECT_EQ(run_seki_bench(options, out), 0);
  const std::string text = out.str();
  EXPECT_NE(text.find("Table 5, measured: MCTS Solver with guided cuts"), std::string::npos) << text;
  EXPECT_NE(text.find("White libs \\ Black libs"), std::string::npos);
  EXPECT_NE(text.find("Cazenave & Saffidine, Table 5:"), std::string::npos);
  EXPECT_NE(text.find("all runs solved in 36 of 36 cells; fewer playouts than the paper in 31 of the 31 cells"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("every proven value matches Table 2"), std::string::npos) << text;
}

TEST(SekiBench, MissingProblemsAreAnError) {
  SolveBenchOptions options = seki_bench_defaults();
  options.problems_dir = std::string(TENGEN_TEST_DATA) + "/no-such-folder";
  std::ostringstream out;
  EXPECT_THROW(run_seki_bench(options, out), std::runtime_error);
}

}  // namespace
}  // namespace tengen
