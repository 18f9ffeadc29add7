// technique_exact: solves Go positions exactly (exact_area.h), for
// scripts/make_technique_set.py and the check of tests/data/technique.
//
// Reads one position a line from stdin:
//   <id> <B|W> <row>/<row>/...      rows from the top: X Black, O White, . empty
// ('#' lines and blank lines are skipped) and writes one line each:
//   <id> solved <value> right <move,...> legal <n> nodes <n> seconds <s>
//   <id> unsolved nodes <n> seconds <s>
// where value is Black's area minus White's with best play (Tromp-Taylor,
// positional superko, no komi) and right lists every move that keeps it.
// --all-values adds `values <move>=<value>,...` for every legal move.
// --local solves the local game of a seki problem: no stone in the eyes of
// the root's pass-alive walls (exact_area.h, SolveOptions::local).

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "technique/exact_area.h"

using namespace tengen::technique;

namespace {

int usage() {
  std::cerr << "usage: technique_exact [--max-nodes N] [--table-bits B] [--all-values] [--local] < positions\n";
  return 2;
}

std::string join(const std::vector<int>& moves, int size) {
  std::string out;
  for (int m : moves) out += (out.empty() ? "" : ",") + vertex_name(m, size);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  SolveOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--all-values") {
      options.all_values = true;
    } else if (arg == "--local") {
      options.local = true;
    } else if (arg == "--max-nodes" && i + 1 < argc) {
      options.max_nodes = std::atoll(argv[++i]);
    } else if (arg == "--table-bits" && i + 1 < argc) {
      options.table_bits = std::atoi(argv[++i]);
      if (options.table_bits < 10 || options.table_bits > 28) return usage();
    } else {
      return usage();
    }
  }
  Solver solver(options);
  for (std::string line; std::getline(std::cin, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string id, colour, diagram;
    if (!(words >> id >> colour >> diagram) || (colour != "B" && colour != "W")) {
      std::cerr << "technique_exact: malformed line: " << line << '\n';
      return 2;
    }
    std::vector<std::string> rows;
    std::istringstream parts(diagram);
    for (std::string row; std::getline(parts, row, '/');) rows.push_back(row);
    Board board;
    try {
      board = Board::from_rows(rows);
    } catch (const std::exception& e) {
      std::cerr << "technique_exact: " << id << ": " << e.what() << '\n';
      return 2;
    }
    const Solution s = solver.solve(board, colour == "B" ? kBlack : kWhite);
    char timing[64];
    std::snprintf(timing, sizeof timing, "nodes %lld seconds %.2f", static_cast<long long>(s.nodes), s.seconds);
    if (!s.solved) {
      std::cout << id << " unsolved " << timing << std::endl;
      continue;
    }
    std::cout << id << " solved " << s.value << " right " << join(s.right, board.size()) << " legal "
              << s.legal.size() << ' ' << timing;
    if (options.all_values) {
      std::cout << " values ";
      for (std::size_t i = 0; i < s.legal.size(); ++i) {
        std::cout << (i ? "," : "") << vertex_name(s.legal[i], board.size()) << '=' << s.move_values[i];
      }
    }
    std::cout << std::endl;
  }
  return 0;
}
