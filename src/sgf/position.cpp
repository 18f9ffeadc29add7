#include "tengen/sgf/position.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace tengen::sgf {

tengen::Game start_position(const Game& record, double default_komi) {
  if (record.size < kMinSize || record.size > kMaxSize) {
    throw std::runtime_error("board size " + std::to_string(record.size) + " is not supported");
  }
  tengen::Game g(record.size, record.komi.value_or(default_komi));
  std::vector<Color> setup(num_points_of(record.size), Color::Empty);
  for (const Setup& s : record.setup) setup[point_at(s.x, s.y, record.size)] = s.color;
  std::vector<Point> stones[2];
  for (std::size_t i = 0; i < setup.size(); ++i) {
    if (is_player(setup[i])) stones[setup[i] == Color::White].push_back(static_cast<Point>(i));
  }
  if (!g.add_setup_stones(stones[0], Color::Black) || !g.add_setup_stones(stones[1], Color::White)) {
    throw std::runtime_error("setup stones overlap or have no liberties");
  }
  g.set_handicap(record.handicap);
  if (record.to_move) g.set_initial_to_move(*record.to_move);
  return g;
}

Point move_point(const Move& move, int size) { return move.is_pass() ? kPass : point_at(move.x, move.y, size); }

tengen::Game replay(const Game& record, int moves, double default_komi, bool superko, int* illegal) {
  tengen::Game g = start_position(record, default_komi);
  g.set_superko(superko);
  if (illegal) *illegal = -1;
  for (int i = 0; i < moves && i < static_cast<int>(record.moves.size()); ++i) {
    const Move& m = record.moves[i];
    if (!g.play(move_point(m, record.size), m.color, tengen::Game::Repetition::Accepted)) {
      if (illegal) *illegal = i;
      break;
    }
  }
  return g;
}

Game to_record(const tengen::Game& game) {
  Game out;
  out.size = game.size();
  out.komi = game.komi();
  out.handicap = game.handicap();
  out.rules = "Chinese";
  for (const tengen::Move& m : game.setup()) {
    out.setup.push_back({m.color, column_of(m.point, out.size), row_of(m.point, out.size)});
  }
  for (const tengen::Move& m : game.moves()) {
    if (m.point == kPass) {
      out.moves.push_back({m.color, -1, -1});
    } else {
      out.moves.push_back({m.color, column_of(m.point, out.size), row_of(m.point, out.size)});
    }
  }
  return out;
}

}  // namespace tengen::sgf
