#pragma once
// The score-bounded solver at work in play: the capturing races and seki
// candidates on the board, each solved twice (either side moving first).
// genmove plays a proven winning move in an urgent fight, and the final
// judgement takes proven fates (dead, seki) over playout statistics.

#include <cstdint>
#include <vector>

#include "tengen/board/board.h"
#include "tengen/engine/scoring.h"
#include "tengen/solver/go_local.h"

namespace tengen {

struct Fight {
  Point ours = kNoPoint;    // a stone of c's target string
  Point theirs = kNoPoint;  // a stone of the opponent's target string
  LocalOutcome we_first = LocalOutcome::kUnknown;    // c to move, c's view
  LocalOutcome they_first = LocalOutcome::kUnknown;  // the opponent to move, c's view
  Point our_move = kPass;   // proven to keep we_first, when it is known
  int stones = 0;           // in both targets

  // Moving first does better than letting the opponent move first (won
  // against draw or lost, draw against lost): a move here is worth the
  // strings at stake. LocalOutcome orders won < draw < lost.
  bool urgent() const {
    return we_first != LocalOutcome::kUnknown && they_first != LocalOutcome::kUnknown && we_first < they_first;
  }
  // The same result whoever moves: the fight is decided.
  bool settled() const { return we_first != LocalOutcome::kUnknown && we_first == they_first; }
};

// Strings of either colour with at most `max_liberties` liberties that touch
// an opposing string make fight candidates (the largest first); at most
// `max_fights` distinct fights are solved, each side to move with
// `budget` playouts. With max_seconds > 0, a fight is begun only while the
// time spent so far plus the mean time of a fight read so far stays within
// max_seconds (the first is always read). With `ownership` (per point,
// Black's share minus White's, as a search reports it), the candidates the
// playouts are least sure of come first: size times 1 - |ownership|.
std::vector<Fight> read_fights(const Board& board, Color c, std::uint64_t budget, int max_fights,
                               int max_liberties, std::uint64_t seed, double max_seconds = 0,
                               const std::vector<float>* ownership = nullptr);

// The fates the settled fights prove, as (stone, status) pairs for judge():
// the loser of each decided fight is dead.
std::vector<std::pair<Point, StoneStatus>> proven_fates(const std::vector<Fight>& fights);

}  // namespace tengen
