#pragma once
// `tengen solve-bench connect4`: the paper's Table 6 (mean playouts to solve
// small Connect Four boards over several runs, for the plain MCTS Solver,
// cuts and guided cuts), with the paper's figures printed under it.
// `tengen solve-bench seki`: its Tables 3, 4 and 5 (the 36 seki problems of
// tests/data/seki, one table a mode) and the check of Table 2.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "tengen/solver/score_bounded.h"

namespace tengen {

struct BoardSize {
  int width;
  int height;
};

// A row of the table: a mode, with or without the window cuts extension.
struct SolveBenchRow {
  SolverMode mode;
  bool window_cuts = false;
};

struct SolveBenchOptions {
  int runs = 30;
  std::uint64_t seed = 1;  // run r uses seed + r
  std::uint64_t max_playouts = 5'000'000;
  std::vector<BoardSize> sizes = {{3, 3}, {3, 4}, {4, 3}, {4, 4}};
  std::vector<SolveBenchRow> rows = {{SolverMode::kPlain},
                                     {SolverMode::kCuts},
                                     {SolverMode::kGuidedCuts},
                                     {SolverMode::kCuts, true},
                                     {SolverMode::kGuidedCuts, true}};
  SolverConfig base;  // exploration, urgency, gamma, delta; mode and window_cuts are set per row
  // Seki only: where the problems are, and whether interchangeable points
  // count as one move (GoLocalGame::set_merge_twins).
  std::string problems_dir;
  bool merge_twins = true;
};

// The seki bench's defaults: 30 runs, 1,000,000 playouts, the paper's three
// modes, the Go local game solver settings (delta = 10000), the problems
// in the source tree.
SolveBenchOptions seki_bench_defaults();

// One cell of the table: one board, one mode, all runs.
struct SolveBenchCell {
  double mean_playouts = 0;  // unsolved runs count as max_playouts
  int unsolved = 0;
  int proven_runs = 0;
  bool values_agree = true;  // every proven run found the same value
  int value = 0;             // that value, first player's view
  double seconds = 0;
};

// "3x4,4x4" -> sizes; throws std::invalid_argument on a malformed list.
std::vector<BoardSize> parse_board_sizes(const std::string& text);
// "plain,cuts,guided,cuts+window,guided+window" -> rows; throws
// std::invalid_argument.
std::vector<SolveBenchRow> parse_bench_rows(const std::string& text);

SolveBenchCell run_solve_bench_cell(BoardSize size, const SolverConfig& config, const SolveBenchOptions& options);

// Runs every cell, printing the table as rows complete; returns 0.
int run_connect_four_bench(const SolveBenchOptions& options, std::ostream& out);

// One table a row of options.rows (rows: White's outside liberties, columns:
// Black's, as in the paper), each followed by the paper's; then the proven
// values against Table 2. Returns 0 when every proven value matches Table 2,
// 1 otherwise. Throws std::runtime_error when a problem file is missing or
// is not the documented layout.
int run_seki_bench(const SolveBenchOptions& options, std::ostream& out);

}  // namespace tengen
