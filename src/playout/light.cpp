#include "tengen/playout/playout.h"

#include "tengen/tactics/eyes.h"

namespace tengen {

Point light_policy_move(Board& board, Rng& rng) {
  const Color c = board.to_move();
  return board.random_empty(rng, [&](Point p) { return board.is_playable(p, c); });
}

namespace {

// choose(local) draws from a copy of rng, written back at the end: the same
// draws, but with the generator's state in a local the compiler may keep in
// registers rather than reload it after every write to the board (3% fewer
// instructions in light playouts, docs/benchmarks.md).
template <typename ChooseMove>
PlayoutResult run_playout(Board& board, Rng& rng, int max_moves, Point* moves, ChooseMove&& choose) {
  Rng local = rng;
  PlayoutResult result;
  while (board.consecutive_passes() < 2) {
    if (result.moves_played >= max_moves) {
      result.hit_move_limit = true;
      break;
    }
    const Point p = choose(local);
    if (moves) moves[result.moves_played] = p;
    ++result.moves_played;
    board.play(p, board.to_move());
  }
  rng = local;
  result.score = board.playout_score();
  return result;
}

// A self-atari whose string would hold more than the new stone, unless its
// capture leaves the opponent a dead eye shape as its only eye: that
// sacrifice is how a group with a small eye space is killed, and without it
// such a group looks alive.
bool is_bad_group_self_atari(const Board& board, Point p, Color c) {
  if (!board.is_self_atari(p, c)) return false;
  bool joins = false;
  board.for_each_neighbor(p, [&](Point n) { joins |= board.at(n) == c; });
  return joins && !is_nakade_sacrifice(board, p, c);
}

}  // namespace

PlayoutResult light_playout(Board& board, Rng& rng, int max_moves, Point* moves) {
  return run_playout(board, rng, max_moves, moves, [&](Rng& r) { return light_policy_move(board, r); });
}

PlayoutResult careful_playout(Board& board, Rng& rng, int max_moves, bool keep_seki_eyes) {
  return run_playout(board, rng, max_moves, nullptr, [&](Rng& r) {
    const Color c = board.to_move();
    return board.random_empty(r, [&](Point p) {
      return board.is_playable(p, c) && !is_bad_group_self_atari(board, p, c) &&
             !(keep_seki_eyes && fills_seki_false_eye(board, p, c));
    });
  });
}

}  // namespace tengen
