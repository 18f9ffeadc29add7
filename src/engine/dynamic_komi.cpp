// Dynamic komi: the handicap bonus and the ratchet (see dynamic_komi.h).

#include "tengen/engine/dynamic_komi.h"

#include <algorithm>

namespace tengen {

double handicap_bonus(const Settings& settings, const Game& game) {
  if (!settings.dynamic_komi || game.handicap() == 0) return 0;
  const double area = game.size() * game.size() / 361.0;
  const double fade_moves = std::max(1.0, settings.dynamic_komi_moves * area);
  const double left = std::max(0.0, 1.0 - static_cast<double>(game.moves().size()) / fade_moves);
  return settings.handicap_stone_value * game.handicap() * left;
}

// Early in a handicap game the stones count for White, fading out, so that
// both searches still tell good moves from bad ones; and a side far ahead
// plays for a point more each move it stays far ahead (the ratchet), so it
// does not drift into slack moves.
double DynamicKomi::search_komi(const Settings& settings, const Game& game, Color c) const {
  if (!settings.dynamic_komi) return game.komi();
  const double ratchet = c == Color::Black ? ratchet_[0] : -ratchet_[1];
  return game.komi() + handicap_bonus(settings, game) + ratchet;
}

void DynamicKomi::update(const Settings& settings, const Game& game, Color c, double win_rate) {
  // Off by default in an even game (9x9 above all, where a handful of
  // points is the game): playing for extra points also invites risks, and
  // 400 games against GNU Go with a cap of 3 showed no gain
  // (docs/strength.md).
  const double cap = game.handicap() > 0 ? settings.handicap_stone_value * game.handicap()
                                         : settings.ratchet_even_points;
  if (!settings.dynamic_komi || settings.ratchet_win_rate >= 1 || cap <= 0) return;
  double& r = ratchet_[c == Color::Black ? 0 : 1];
  if (win_rate > settings.ratchet_win_rate && r + 1 <= cap) r += 1;
  // Step back when the stricter target looks out of reach.
  if (win_rate < settings.ratchet_back_win_rate && r > 0) r -= 1;
}

}  // namespace tengen
