#pragma once
// Between SGF records and games: the one place that turns setup
// properties, handicap and PL into a Game, for loadsgf, the pattern
// learner's replays and the benchmark positions; and a Game back into a
// record, for printsgf.

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

// The record's starting position with its first `moves` moves played (all
// of them if there are fewer), in a game whose rule is `superko`. A move of
// the record is played even where it repeats a position (the controller's
// ko rule allowed it: Game::Repetition). An illegal move ends the replay:
// *illegal (if given) is then its index, otherwise -1. Throws as
// start_position does.
tengen::Game replay(const Game& record, int moves, double default_komi, bool superko, int* illegal = nullptr);

// The game as a record: size, komi, handicap, Chinese rules, the setup
// stones and the moves.
Game to_record(const tengen::Game& game);

}  // namespace tengen::sgf
