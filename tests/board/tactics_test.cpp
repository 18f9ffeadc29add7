// The board's tactical queries on the positions of tests/data/board/tactics.txt.

#include <gtest/gtest.h>

#include "support/diagram.h"

namespace tengen {
namespace {

Color color_of(const std::string& word) {
  if (word == "black") return Color::Black;
  if (word == "white") return Color::White;
  throw std::runtime_error("bad colour " + word);
}

class BoardTactics : public ::testing::TestWithParam<test::DiagramCase> {};

TEST_P(BoardTactics, QueriesMatchTheDiagram) {
  const test::DiagramCase& tc = GetParam();
  const Board board = test::board_from_rows(tc.rows);
  const int size = board.size();
  auto vertex = [&](const std::string& v) {
    const auto p = parse_vertex(v, size);
    if (!p) throw std::runtime_error("bad vertex " + v);
    return *p;
  };
  for (const auto& e : tc.expectations) {
    SCOPED_TRACE("line of case '" + tc.title + "': " + e[0] + " " + (e.size() > 1 ? e[1] : ""));
    const std::string& what = e.at(0);
    if (what == "legal" || what == "illegal") {
      EXPECT_EQ(board.is_legal(vertex(e.at(1)), color_of(e.at(2))), what == "legal");
    } else if (what == "true_eye" || what == "not_true_eye") {
      EXPECT_EQ(board.is_true_eye(vertex(e.at(1)), color_of(e.at(2))), what == "true_eye");
    } else if (what == "self_atari" || what == "not_self_atari") {
      EXPECT_EQ(board.is_self_atari(vertex(e.at(1)), color_of(e.at(2))) ||
                    (!board.is_legal(vertex(e.at(1)), color_of(e.at(2))) && what == "self_atari"),
                what == "self_atari");
    } else if (what == "captures") {
      EXPECT_EQ(board.capture_size_if_played(vertex(e.at(1)), color_of(e.at(2))), std::stoi(e.at(3)));
    } else if (what == "liberties") {
      EXPECT_EQ(board.liberties(vertex(e.at(1))), std::stoi(e.at(2)));
    } else if (what == "last_liberty") {
      EXPECT_EQ(vertex_string(board.last_liberty(vertex(e.at(1))), size), e.at(2));
    } else if (what == "liberties_after") {
      EXPECT_EQ(board.liberties_after(vertex(e.at(1)), color_of(e.at(2))), std::stoi(e.at(3)));
    } else if (what == "score") {
      EXPECT_DOUBLE_EQ(board.area_score(std::stod(e.at(1))), std::stod(e.at(2)));
    } else {
      FAIL() << "unknown expectation " << what;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Data, BoardTactics,
                         ::testing::ValuesIn(test::read_diagram_file(TENGEN_TEST_DATA "/board/tactics.txt")),
                         [](const auto& info) { return "line" + std::to_string(info.param.line); });

}  // namespace
}  // namespace tengen
