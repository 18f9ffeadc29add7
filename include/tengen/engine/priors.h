#pragma once
// H(d), the prior of a move for MoGo's formula, from expert rules (until
// learned patterns arrive): captures, escapes from atari, ataris, the
// self-atari penalty, the line from the edge and the distance to the last
// two moves. A number in [0, 1]; also the seed of a child's RAVE statistics.

#include "tengen/board/board.h"

namespace tengen {

struct PriorWeights {
  double base = 0.4;
  double capture = 0.3;
  double capture_last_move = 0.1;  // extra, for taking the stones just played
  double escape = 0.25;            // saving an own string in atari
  double atari = 0.1;
  double self_atari = -0.3;
  double first_line = -0.15;
  double second_line = -0.03;
  double third_line = 0.05;
  double fourth_line = 0.03;
  double near_last = 0.08;         // within distance 2 of the last move
  double near_second_last = 0.04;  // within distance 2 of the move before
};

// The prior of c playing the legal move p (not a pass).
float expert_prior(const Board& board, Point p, Color c, const PriorWeights& w);

}  // namespace tengen
