#include "tengen/playout/playout.h"

namespace tengen {

Point light_policy_move(Board& board, Rng& rng) {
  const Color c = board.to_move();
  return board.random_empty(rng, [&](Point p) { return !board.is_true_eye(p, c) && board.is_legal(p, c); });
}

PlayoutResult light_playout(Board& board, Rng& rng, int max_moves, Point* moves) {
  PlayoutResult result;
  while (board.consecutive_passes() < 2) {
    if (result.moves_played >= max_moves) {
      result.hit_move_limit = true;
      break;
    }
    const Point p = light_policy_move(board, rng);
    if (moves) moves[result.moves_played] = p;
    ++result.moves_played;
    board.play(p, board.to_move());
  }
  result.score = board.playout_score();
  return result;
}

}  // namespace tengen
