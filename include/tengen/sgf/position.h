#pragma once
// From an SGF record to a position on the board: the one place that turns
// setup properties, handicap and PL into a Game, for loadsgf, the pattern
// learner's replays and the benchmark positions.

#include "tengen/board/game.h"
#include "tengen/sgf/sgf.h"

namespace tengen::sgf {

// The record's starting position: its size, its komi (default_komi without
// KM), the setup stones applied in order (AE takes back an earlier AB/AW),
// the handicap and the side to move. Throws std::runtime_error for a size
// Tengen does not play or setup stones without liberties.
tengen::Game start_position(const Game& record, double default_komi);

// A record's move as a board point (kPass for a pass).
Point move_point(const Move& move, int size);

}  // namespace tengen::sgf
