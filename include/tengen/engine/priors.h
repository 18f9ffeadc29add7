#pragma once
// H(d), the prior of a move for MoGo's formula, from expert rules: captures,
// escapes from atari, ataris, the self-atari penalty, the line from the edge
// and the distance to the last two moves. A number in [0, 1]; also the seed
// of a child's RAVE statistics. The learned patterns' prior (patterns/) is
// mixed with it by learned-prior-mix.

#include "tengen/board/board.h"
#include "tengen/util/params.h"

namespace tengen {

// The terms of H, added to a base; defaults in util/params.h.
struct PriorWeights {
  double base;
  double capture;
  double capture_last_move;  // extra, for taking the stones just played
  double escape;             // saving an own string in atari
  double atari;
  double self_atari;
  double first_line;
  double second_line;
  double third_line;
  double fourth_line;
  double near_last;         // within distance 2 of the last move
  double near_second_last;  // within distance 2 of the move before
};

// The weights the parameter registry holds (prior-* parameters).
PriorWeights prior_weights(const Settings& settings);

// The prior of c playing the legal move p (not a pass).
float expert_prior(const Board& board, Point p, Color c, const PriorWeights& w);

}  // namespace tengen
