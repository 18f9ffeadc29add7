#pragma once
// Playouts: play a board copy to the end with a simulation policy and score
// it by area. The hot loop: no allocation, no locks, no virtual calls.

#include <cstdint>

#include "tengen/board/board.h"
#include "tengen/util/random.h"

namespace tengen {

// What one playout leaves behind for the search: the score, and the moves in
// order (for AMAF/RAVE statistics), written into caller-owned storage.
struct PlayoutResult {
  int score = 0;        // Black area minus White area, komi not included
  int moves_played = 0;
  bool hit_move_limit = false;
};

// Uniformly random legal moves that do not fill an own true eye; pass when
// none is left. Stops after two passes or max_moves moves; moves (if not
// null, with room for max_moves entries) receives every move played.
PlayoutResult light_playout(Board& board, Rng& rng, int max_moves, Point* moves = nullptr);

// The move the light policy would choose for the side to move.
Point light_policy_move(Board& board, Rng& rng);

// The light policy without self-ataris of strings of two or more stones, so
// that groups in a settled position are not thrown away at random, except
// the sacrifices that leave the opponent a dead eye shape as its only eye
// (is_nakade_sacrifice), which kill: used to judge life and death at the end
// of the game. With keep_seki_eyes, no false eye is filled that is a
// seki's eye (fills_seki_false_eye).
PlayoutResult careful_playout(Board& board, Rng& rng, int max_moves, bool keep_seki_eyes = false);

// A generous bound on playout length (ko fights can cycle under simple ko).
constexpr int playout_move_limit(int size) { return 3 * size * size + 50; }

}  // namespace tengen
