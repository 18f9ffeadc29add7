#include "tengen/solver/solve_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "tengen/solver/connect_four.h"

namespace tengen {
namespace {

// Row keys for --modes and row names as in the paper's Table 6.
struct RowName {
  const char* key;
  SolveBenchRow row;
  const char* name;
};
constexpr RowName kRowNames[] = {
    {"plain", {SolverMode::kPlain, false}, "plain MCTS Solver"},
    {"cuts", {SolverMode::kCuts, false}, "MCTS Solver with cuts"},
    {"guided", {SolverMode::kGuidedCuts, false}, "MCTS Solver with guided cuts"},
    {"cuts+window", {SolverMode::kCuts, true}, "cuts, window (not in paper)"},
    {"guided+window", {SolverMode::kGuidedCuts, true}, "guided, window (not in paper)"},
};

const char* row_name(SolveBenchRow row) {
  for (const RowName& r : kRowNames) {
    if (r.row.mode == row.mode && r.row.window_cuts == row.window_cuts) return r.name;
  }
  return "?";
}

// Table 6 of Cazenave & Saffidine, by mode and by board (3x3, 3x4, 4x3, 4x4).
struct PaperRow {
  SolverMode mode;
  const char* cells[4];
};
constexpr PaperRow kPaperTable6[] = {
    {SolverMode::kPlain, {"2700.9", "26042.7", "227617.6", ">5000000"}},
    {SolverMode::kCuts, {"2529.2", "12496.7", "31772.9", "386324.3"}},
    {SolverMode::kGuidedCuts, {"1607.1", "9792.7", "24340.2", "351320.3"}},
};

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) parts.push_back(part);
  return parts;
}

std::string cell_text(const SolveBenchCell& cell) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%s%.1f", cell.unsolved > 0 ? ">" : "", cell.mean_playouts);
  return buf;
}

std::string value_text(int value) { return value > 0 ? "first wins" : value < 0 ? "second wins" : "draw"; }

void print_row(std::ostream& out, const std::string& name, const std::vector<std::string>& cells) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%-30s", name.c_str());
  out << buf;
  for (const std::string& c : cells) {
    std::snprintf(buf, sizeof buf, "%13s", c.c_str());
    out << buf;
  }
  out << std::endl;
}

std::string size_text(BoardSize s) { return std::to_string(s.width) + "x" + std::to_string(s.height); }

void print_paper_table(std::ostream& out) {
  out << "\nCazenave & Saffidine, Table 6 (mean of 30 runs):\n";
  print_row(out, "", {"3x3", "3x4", "4x3", "4x4"});
  for (const PaperRow& row : kPaperTable6) print_row(out, row_name({row.mode}), {row.cells, row.cells + 4});
}

}  // namespace

std::vector<BoardSize> parse_board_sizes(const std::string& text) {
  std::vector<BoardSize> sizes;
  for (const std::string& part : split(text)) {
    int w = 0, h = 0;
    char x = 0, extra = 0;
    if (std::sscanf(part.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || x != 'x' || w < 1 ||
        w > ConnectFour::kMaxWidth || h < 1 || h > ConnectFour::kMaxHeight)
      throw std::invalid_argument("bad board size '" + part + "' (want WxH, at most 7x6)");
    sizes.push_back({w, h});
  }
  if (sizes.empty()) throw std::invalid_argument("no board size given");
  return sizes;
}

std::vector<SolveBenchRow> parse_bench_rows(const std::string& text) {
  std::vector<SolveBenchRow> rows;
  for (const std::string& part : split(text)) {
    const auto it = std::find_if(std::begin(kRowNames), std::end(kRowNames),
                                 [&](const RowName& r) { return part == r.key; });
    if (it == std::end(kRowNames))
      throw std::invalid_argument("bad mode '" + part + "' (want plain, cuts, guided, cuts+window, guided+window)");
    rows.push_back(it->row);
  }
  if (rows.empty()) throw std::invalid_argument("no mode given");
  return rows;
}

SolveBenchCell run_solve_bench_cell(BoardSize size, const SolverConfig& config, const SolveBenchOptions& options) {
  using Solver = ScoreBoundedSolver<ConnectFour>;
  const auto start = std::chrono::steady_clock::now();
  const ConnectFour root(size.width, size.height);
  Solver solver(config, std::min<std::size_t>(Solver::nodes_for(options.max_playouts), kNoSolverNode - 1));
  SolveBenchCell cell;
  double total = 0;
  for (int run = 0; run < options.runs; ++run) {
    Rng rng(options.seed + static_cast<std::uint64_t>(run));
    const Solver::Result r = solver.solve(root, options.max_playouts, rng);
    total += static_cast<double>(r.playouts);
    if (!r.proven) {
      ++cell.unsolved;
      continue;
    }
    if (cell.proven_runs > 0 && r.value != cell.value) cell.values_agree = false;
    cell.value = r.value;
    ++cell.proven_runs;
  }
  cell.mean_playouts = options.runs > 0 ? total / options.runs : 0;
  cell.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return cell;
}

int run_connect_four_bench(const SolveBenchOptions& options, std::ostream& out) {
  out << "Connect Four (width x height), mean playouts to solve over " << options.runs << " run(s), seeds "
      << options.seed << ".." << options.seed + options.runs - 1 << ", at most " << options.max_playouts
      << " playouts a run (\">\": some runs unsolved, counted at the limit)\nexploration "
      << options.base.exploration << ", first play urgency " << options.base.first_play_urgency
      << "; guided: gamma " << options.base.gamma << ", delta " << options.base.delta << "\n";
  std::vector<std::string> header;
  for (const BoardSize s : options.sizes) header.push_back(size_text(s));
  print_row(out, "", header);
  std::vector<std::string> values(options.sizes.size(), "-");
  std::vector<double> seconds(options.sizes.size(), 0);
  for (const SolveBenchRow row : options.rows) {
    SolverConfig config = options.base;
    config.mode = row.mode;
    config.window_cuts = row.window_cuts;
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < options.sizes.size(); ++i) {
      const SolveBenchCell cell = run_solve_bench_cell(options.sizes[i], config, options);
      cells.push_back(cell_text(cell));
      seconds[i] += cell.seconds;
      if (cell.proven_runs == 0) continue;
      const std::string value = cell.values_agree ? value_text(cell.value) : "DISAGREE";
      values[i] = values[i] == "-" || values[i] == value ? value : "DISAGREE";
    }
    print_row(out, row_name(row), cells);
  }
  print_row(out, "proven value", values);
  std::vector<std::string> times;
  for (const double s : seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", s);
    times.push_back(buf);
  }
  print_row(out, "seconds (all rows)", times);
  print_paper_table(out);
  return 0;
}

}  // namespace tengen
