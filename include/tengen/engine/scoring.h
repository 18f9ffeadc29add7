#pragma once
// End-of-game judgement: which stones are dead, which are in seki, and the
// area score once dead stones are removed. Life and death comes from
// ownership statistics of playouts run from the position.

#include <string>
#include <utility>
#include <vector>

#include "tengen/board/board.h"
#include "tengen/util/random.h"

namespace tengen {

enum class StoneStatus { Alive, Dead, Seki };

// Per point index: share of playouts Black owned the point minus the share
// White did, in [-1, 1]; playouts start with the board's side to move.
// keep_seki_eyes: careful_playout's.
std::vector<float> playout_ownership(const Board& board, int playouts, Rng& rng, bool keep_seki_eyes = false);

struct Judgement {
  std::vector<StoneStatus> status;  // per point index; Alive for empty points
  double score = 0;                 // Black minus White, komi included
  // The same, but with every empty region both colours touch as dame, as
  // the rules count a game that ends now; score counts the points of a large
  // one (an unfinished game) by the playouts' ownership.
  double score_if_ended = 0;
  std::vector<float> ownership;     // what the judgement was made from
  // Stones of strings the playouts neither keep nor capture surely (see
  // judge): a game ended with any of these is scored on a guess.
  int unsettled_stones = 0;
};

// A string is dead when its points belong to the opponent by more than
// dead_threshold on average (ownership from its own colour's view below
// -dead_threshold). Alive strings touching a shared liberty that neither
// side can fill without self-atari are in seki.
// `proven` gives strings (by a stone) whose fate a solver proved: it
// overrides the statistics. A string is unsettled when no fate is proven
// and its mean ownership lies strictly between -settled_ownership and
// settled_ownership (the playouts could call it either way), or when it is
// among `contested` (by a stone: a fight that goes to whoever moves first,
// however sure the playouts begun by one side are of it).
Judgement judge(const Board& board, const std::vector<float>& ownership, double komi, double dead_threshold,
                const std::vector<std::pair<Point, StoneStatus>>& proven = {}, double settled_ownership = 0,
                const std::vector<Point>& contested = {});

// The empty points of the small regions (under 5 points) that both colours
// border once j's dead stones are off: dame, nobody's if the game ends now
// and a point for whoever fills one. The playouts fill them all, so their
// ownership gives each to a side and sees no gain in playing there.
std::vector<Point> dame_points(const Board& board, const Judgement& j);

// "B+3.5", "W+0.5" or "0".
std::string score_string(double score);

}  // namespace tengen
