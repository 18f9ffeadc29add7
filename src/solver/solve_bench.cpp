#include "tengen/solver/solve_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "tengen/sgf/sgf.h"
#include "tengen/solver/connect_four.h"
#include "tengen/solver/go_local.h"

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

// All runs of one cell: seeds seed..seed+runs-1, one solver (its pool
// reserved once) for all of them.
template <class Game>
SolveBenchCell run_cell(const Game& root, const SolverConfig& config, const SolveBenchOptions& options) {
  using Solver = ScoreBoundedSolver<Game>;
  const auto start = std::chrono::steady_clock::now();
  Solver solver(config, std::min<std::size_t>(Solver::nodes_for(options.max_playouts), kNoSolverNode - 1));
  SolveBenchCell cell;
  double total = 0;
  for (int run = 0; run < options.runs; ++run) {
    Rng rng(options.seed + static_cast<std::uint64_t>(run));
    const typename Solver::Result r = solver.solve(root, options.max_playouts, rng);
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
  return run_cell(ConnectFour(size.width, size.height), config, options);
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

// --- Seki (Tables 2 to 5) ---

namespace {

constexpr int kSekiLibs = 6;  // outside liberties 1..6 for each side
using SekiGrid = const char* [kSekiLibs][kSekiLibs];  // [White's liberties - 1][Black's - 1]

// Cazenave & Saffidine, Tables 3 (plain), 4 (cuts) and 5 (guided cuts,
// delta = 10000): mean playouts over 30 runs, 1,000,000 at most.
constexpr SekiGrid kPaperTable3 = {
    {"359", "479", "1535", "2059", "10566", "25670"},
    {"1389", "11047", "12627", "68718", "98155", "289324"},
    {"7219", "60755", "541065", "283782", "516514", "791945"},
    {"41385", "422975", ">1000000", ">1000000", ">989407", ">999395"},
    {"275670", ">1000000", ">1000000", ">1000000", ">1000000", ">1000000"},
    {">1000000", ">1000000", ">1000000", ">1000000", ">1000000", ">1000000"}};
constexpr SekiGrid kPaperTable4 = {
    {"192", "421", "864", "2000", "4605", "14521"},
    {"786", "3665", "3427", "17902", "40364", "116749"},
    {"4232", "22021", "107353", "94844", "263485", "588912"},
    {"21581", "177693", ">964871", ">1000000", "878072", ">1000000"},
    {"125793", ">1000000", ">1000000", ">1000000", ">1000000", ">1000000"},
    {"825760", ">1000000", ">1000000", ">1000000", ">1000000", ">1000000"}};
constexpr SekiGrid kPaperTable5 = {
    {"137", "259", "391", "1135", "2808", "7164"},
    {"501", "1098", "1525", "3284", "13034", "29182"},
    {"1026", "5118", "9208", "19523", "31584", "141440"},
    {"2269", "10094", "58397", "102314", "224109", "412043"},
    {"6907", "27947", "127588", "737774", ">999587", ">1000000"},
    {"16461", "85542", "372366", ">1000000", ">1000000", ">1000000"}};

// Table 2, Black (Max) to play: a draw when Black has as many outside
// liberties as White or one fewer.
int paper_seki_value(int black_libs, int white_libs) {
  if (black_libs > white_libs) return GoLocalGame::kWon;
  return black_libs >= white_libs - 1 ? GoLocalGame::kDraw : GoLocalGame::kLost;
}

const char* seki_value_name(int value) { return value > 0 ? "Won" : value < 0 ? "Lost" : "Draw"; }

const SekiGrid* paper_seki_table(SolveBenchRow row, int* number) {
  if (row.window_cuts) return nullptr;
  *number = row.mode == SolverMode::kPlain ? 3 : row.mode == SolverMode::kCuts ? 4 : 5;
  return row.mode == SolverMode::kPlain ? &kPaperTable3 : row.mode == SolverMode::kCuts ? &kPaperTable4 : &kPaperTable5;
}

// The problem with the given outside liberties, as tests/data/seki/README.md
// lays it out: Black's target at B6, region = outside plus shared liberties.
GoLocalGame load_seki_problem(const std::string& dir, int black_libs, int white_libs, bool merge_twins) {
  const std::string path =
      dir + "/seki-b" + std::to_string(black_libs) + "-w" + std::to_string(white_libs) + ".sgf";
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot read seki problem '" + path + "'");
  std::ostringstream text;
  text << file.rdbuf();
  const Board board = setup_position(sgf::parse(text.str()));
  std::string why;
  std::optional<GoLocalGame> game = local_game_at(board, *parse_vertex("B6", board.size()), &why);
  if (!game || static_cast<int>(game->region().size()) != black_libs + white_libs + 2)
    throw std::runtime_error(path + ": not the seki layout (" + (game ? "region size" : why) + ")");
  game->set_merge_twins(merge_twins);
  return *game;
}

void print_seki_grid(std::ostream& out, const std::string& title, const std::vector<std::string>& cells) {
  out << title << "\n";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%-22s", "White libs \\ Black libs");
  out << buf;
  for (int b = 1; b <= kSekiLibs; ++b) {
    std::snprintf(buf, sizeof buf, "%11d", b);
    out << buf;
  }
  out << "\n";
  for (int w = 1; w <= kSekiLibs; ++w) {
    std::snprintf(buf, sizeof buf, "%-22d", w);
    out << buf;
    for (int b = 1; b <= kSekiLibs; ++b) {
      std::snprintf(buf, sizeof buf, "%11s", cells[(w - 1) * kSekiLibs + (b - 1)].c_str());
      out << buf;
    }
    out << "\n";
  }
  out << std::flush;  // a table can take minutes: show each as it completes
}

bool paper_solved(const char* cell) { return cell[0] != '>'; }

// "fewer playouts than the paper in N of the M cells it solved".
std::string comparison_line(const std::vector<SolveBenchCell>& cells, const SekiGrid& paper) {
  int solved = 0, paper_cells = 0, fewer = 0;
  for (int i = 0; i < kSekiLibs * kSekiLibs; ++i) {
    const SolveBenchCell& c = cells[i];
    solved += c.unsolved == 0;
    const char* p = paper[i / kSekiLibs][i % kSekiLibs];
    if (!paper_solved(p)) continue;
    ++paper_cells;
    fewer += c.unsolved == 0 && c.mean_playouts < std::stod(p);
  }
  return "all runs solved in " + std::to_string(solved) + " of 36 cells; fewer playouts than the paper in " +
         std::to_string(fewer) + " of the " + std::to_string(paper_cells) + " cells it solved";
}

}  // namespace

SolveBenchOptions seki_bench_defaults() {
  SolveBenchOptions options;
  options.max_playouts = 1'000'000;
  options.rows = {{SolverMode::kPlain}, {SolverMode::kCuts}, {SolverMode::kGuidedCuts}};
  options.base = go_local_solver_config();
  options.problems_dir = std::string(TENGEN_SOURCE_DIR) + "/tests/data/seki";
  return options;
}

int run_seki_bench(const SolveBenchOptions& options, std::ostream& out) {
  out << "Seki problems (" << options.problems_dir << "), mean playouts to solve over " << options.runs
      << " run(s), seeds " << options.seed << ".." << options.seed + options.runs - 1 << ", at most "
      << options.max_playouts << " playouts a run (\">\": some runs unsolved, counted at the limit)\n"
      << "exploration " << options.base.exploration << ", first play urgency " << options.base.first_play_urgency
      << "; guided: gamma " << options.base.gamma << ", delta " << options.base.delta << "; twins "
      << (options.merge_twins ? "merged" : "not merged") << "\n";
  std::vector<GoLocalGame> problems;
  for (int w = 1; w <= kSekiLibs; ++w) {
    for (int b = 1; b <= kSekiLibs; ++b) problems.push_back(load_seki_problem(options.problems_dir, b, w, options.merge_twins));
  }
  std::vector<std::string> values(problems.size(), "-");
  for (const SolveBenchRow row : options.rows) {
    SolverConfig config = options.base;
    config.mode = row.mode;
    config.window_cuts = row.window_cuts;
    std::vector<SolveBenchCell> cells;
    std::vector<std::string> texts;
    double seconds = 0;
    for (std::size_t i = 0; i < problems.size(); ++i) {
      cells.push_back(run_cell(problems[i], config, options));
      const SolveBenchCell& c = cells.back();
      texts.push_back(cell_text(c));
      seconds += c.seconds;
      if (c.proven_runs == 0) continue;
      const std::string value = c.values_agree ? seki_value_name(c.value) : "DISAGREE";
      values[i] = values[i] == "-" || values[i] == value ? value : "DISAGREE";
    }
    int number = 0;
    const SekiGrid* paper = paper_seki_table(row, &number);
    char title[160];
    const std::string table = paper ? "Table " + std::to_string(number) + ", measured: " : "";
    std::snprintf(title, sizeof title, "\n%s%s (%.1f s):", table.c_str(), row_name(row), seconds);
    print_seki_grid(out, title, texts);
    if (!paper) continue;
    out << comparison_line(cells, *paper) << "\n";
    print_seki_grid(out, "Cazenave & Saffidine, Table " + std::to_string(number) + ":",
                    {&(*paper)[0][0], &(*paper)[0][0] + kSekiLibs * kSekiLibs});
  }
  std::vector<std::string> expected;
  int mismatches = 0;
  for (int w = 1; w <= kSekiLibs; ++w) {
    for (int b = 1; b <= kSekiLibs; ++b) {
      const std::string want = seki_value_name(paper_seki_value(b, w));
      std::string& got = values[(w - 1) * kSekiLibs + (b - 1)];
      if (got != want && got != "-") {
        ++mismatches;
        got += "!";
      }
    }
  }
  print_seki_grid(out, "\nProven values, Black to play (\"!\": differs from Table 2, \"-\": never proven):", values);
  out << (mismatches == 0 ? "every proven value matches Table 2" : std::to_string(mismatches) + " value(s) differ from Table 2")
      << std::endl;
  return mismatches == 0 ? 0 : 1;
}

}  // namespace tengen
