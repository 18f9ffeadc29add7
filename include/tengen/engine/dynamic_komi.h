#pragma once
// Dynamic komi: the komi each side's search plays for, moved off the game's
// komi so that the search keeps telling good moves from bad ones when one
// side is far ahead. Two parts: a handicap game's stones count for White
// early on, fading out (handicap_bonus), and a side far ahead plays for a
// point more each move it stays far ahead (the ratchet).

#include "tengen/board/game.h"
#include "tengen/util/params.h"

namespace tengen {

// The points a handicap game's stones still count for White in the search:
// handicap-stone-value a stone at first, fading to 0 over
// dynamic-komi-moves moves (scaled to the board's area). 0 in an even game
// or without dynamic komi.
double handicap_bonus(const Settings& settings, const Game& game);

class DynamicKomi {
 public:
  // The komi the search of c plays for, as Black's debt: the game's, plus
  // the handicap bonus, plus c's ratchet.
  double search_komi(const Settings& settings, const Game& game, Color c) const;
  // After c's search: a point more for c to play for while its win rate
  // stays above ratchet-win-rate (at most the handicap's worth, or
  // ratchet-even-points in an even game), a point less below
  // ratchet-back-win-rate.
  void update(const Settings& settings, const Game& game, Color c, double win_rate);
  // A new game (or a loaded one) starts with no ratchet.
  void reset() { ratchet_[0] = ratchet_[1] = 0; }

 private:
  double ratchet_[2] = {0, 0};  // extra points each side's search plays for
};

}  // namespace tengen
