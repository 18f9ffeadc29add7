#pragma once
// Positions written as ASCII diagrams, for tests: rows from the top, 'X'
// Black, 'O' White, '.' empty, spaces ignored. A diagram file holds cases
// separated by blank lines ('//' lines are comments); a case is a title line starting with '#', the
// diagram, and then lines of expectations that each test file interprets.

#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tengen/board/board.h"
#include "tengen/board/game.h"

namespace tengen::test {

struct DiagramCase {
  std::string title;
  std::vector<std::string> rows;
  std::vector<std::vector<std::string>> expectations;  // each split into words
  int line = 0;                                        // where the case starts in its file
};

// Test names in ctest show the case title rather than its bytes.
inline void PrintTo(const DiagramCase& c, std::ostream* out) { *out << c.title; }

inline Board board_from_rows(const std::vector<std::string>& rows, Color to_move = Color::Black) {
  std::vector<std::string> cells;
  for (const auto& r : rows) {
    std::string row;
    for (char ch : r) {
      if (ch != ' ') row.push_back(ch);
    }
    cells.push_back(row);
  }
  const int size = static_cast<int>(cells.size());
  Board board(size);
  for (int y = 0; y < size; ++y) {
    if (static_cast<int>(cells[y].size()) != size) throw std::runtime_error("diagram row " + std::to_string(y) + " has the wrong width");
    for (int x = 0; x < size; ++x) {
      const char ch = cells[y][x];
      if (ch == '.') continue;
      if (ch != 'X' && ch != 'O') throw std::runtime_error(std::string("bad diagram character ") + ch);
      const Point p = board.point(x, y);
      const Color c = ch == 'X' ? Color::Black : Color::White;
      if (board.capture_size_if_played(p, c) > 0) throw std::runtime_error("diagram has a string without liberties");
      board.add_stone(p, c);
    }
  }
  // Strings are only complete once every stone is down.
  std::string why;
  if (!board.check_invariants(&why)) throw std::runtime_error("diagram: " + why);
  for (int q = 0; q < board.num_points(); ++q) {
    if (is_player(board.at(static_cast<Point>(q))) && board.liberties(static_cast<Point>(q)) == 0) {
      throw std::runtime_error("diagram has a string without liberties");
    }
  }
  board.set_to_move(to_move);
  return board;
}

// A game whose setup stones are the diagram's, with to_move to play.
inline Game game_from_rows(const std::vector<std::string>& rows, Color to_move, double komi) {
  const Board b = board_from_rows(rows, to_move);
  Game g(b.size(), komi);
  std::vector<Point> black, white;
  for (int q = 0; q < b.num_points(); ++q) {
    const Point p = static_cast<Point>(q);
    if (b.at(p) == Color::Black) black.push_back(p);
    if (b.at(p) == Color::White) white.push_back(p);
  }
  if (!g.add_setup_stones(black, Color::Black) || !g.add_setup_stones(white, Color::White)) {
    throw std::runtime_error("diagram: setup stones refused");
  }
  g.set_initial_to_move(to_move);
  return g;
}

inline std::vector<DiagramCase> read_diagram_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<DiagramCase> cases;
  DiagramCase current;
  bool in_case = false;
  int line_no = 0;
  auto flush = [&] {
    if (in_case) cases.push_back(current);
    current = DiagramCase();
    in_case = false;
  };
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("//", 0) == 0) continue;
    if (line.find_first_not_of(' ') == std::string::npos) {
      flush();
      continue;
    }
    if (line[0] == '#') {
      flush();
      current.title = line.substr(1);
      current.line = line_no;
      in_case = true;
      continue;
    }
    const char first = line[line.find_first_not_of(' ')];
    if (current.expectations.empty() && (first == 'X' || first == 'O' || first == '.')) {
      current.rows.push_back(line);
    } else {
      std::istringstream words(line);
      std::vector<std::string> w;
      for (std::string s; words >> s;) w.push_back(s);
      current.expectations.push_back(w);
    }
  }
  flush();
  return cases;
}

}  // namespace tengen::test
