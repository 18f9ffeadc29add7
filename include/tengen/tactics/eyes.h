#pragma once
// Eye shapes: the vital point of a hole of three, open space, the eye shapes
// that cannot make two eyes, and the self-atari sacrifices that leave one.
// The heavy playouts ask for the nakade vital point and open space ("fill
// board"); the careful playouts that judge life and death at the end allow
// the nakade sacrifices among self-ataris.

#include "tengen/board/board.h"

namespace tengen {

// If x lies in a hole of exactly 3 empty points whose every neighbour is a
// stone of `owner` or the edge, the hole's centre (its vital point);
// kNoPoint otherwise. Inline: it is asked about every empty point next to
// every move.
inline Point nakade_vital_point(const Board& b, Point x, Color owner) {
  // A hole of 3 is a centre with two empty neighbours and two ends with one
  // each (two neighbours of a point never touch), none of them next to an
  // attacker's stone: then everything else around it is the owner's or the
  // edge. The neighbour counts answer that without a flood fill.
  const Color attacker = opponent(owner);
  auto walled = [&](Point p, int empty) {
    return b.neighbor_count(p, Color::Empty) == empty && b.neighbor_count(p, attacker) == 0;
  };
  const int empty = b.neighbor_count(x, Color::Empty);
  if (empty == 0 || empty > 2 || b.neighbor_count(x, attacker) != 0) return kNoPoint;  // most points stop here
  Point centre = x;
  if (empty == 1) {
    b.for_each_neighbor(x, [&](Point q) {
      if (b.at(q) == Color::Empty) centre = q;
    });
  }
  if (!walled(centre, 2)) return kNoPoint;
  bool ends = true;
  b.for_each_neighbor(centre, [&](Point q) {
    if (b.at(q) == Color::Empty) ends &= walled(q, 1);
  });
  return ends ? centre : kNoPoint;
}

// p and its 8 neighbours are all empty (the edge is not empty).
inline bool is_open_space(const Board& b, Point p) { return b.neighborhood_code(p) == 0; }

// True when the points form an eye shape its owner cannot make two eyes of
// if the attacker moves first (a nakade shape): any 1 to 3 points, the
// square and the pyramid of 4, the bulky and the crossed five, the rabbity
// six.
bool is_dead_eye_shape(const Board& b, const Point* points, int count);

// c's self-atari at p (capturing nothing) makes a string that, once
// captured, leaves the capturer exactly that string's points as an eye, a
// dead shape, and its only one: the opponent strings around it have no
// liberty left but the string's last. That sacrifice kills a group with a
// small eye space; with an eye elsewhere, it would only hand over stones.
bool is_nakade_sacrifice(const Board& b, Point p, Color c);

// p is eyelike for c but no true eye (an opponent stone on its diagonals),
// and no string of c around it is in atari: filling it connects nothing
// that needs connecting yet. Where the diagonal opponent cannot be taken,
// as in a seki, the point is a real eye or the liberty that keeps both
// sides alive, and filling it kills its owner (docs/strength.md, "A seki
// the playouts break").
inline bool fills_own_false_eye(const Board& b, Point p, Color c) {
  if (!b.is_eyelike(p, c) || b.is_true_eye(p, c)) return false;
  bool atari = false;
  b.for_each_neighbor(p, [&](Point n) { atari |= b.at(n) == c && b.liberties(n) == 1; });
  return !atari;
}

// A false-eye fill as above whose joined string would have only liberties
// that are also liberties of opponent strings with two or fewer: the fill
// spends the eye of a seki (or of a race), and the opponent's next stone
// there is a sacrifice that kills. A false eye whose fill gives the string
// a liberty of its own (an eye elsewhere, open space) stays playable: that
// connection may be the one that lives.
inline bool fills_seki_false_eye(const Board& b, Point p, Color c) {
  if (!fills_own_false_eye(b, p, c)) return false;
  Bitboard libs{};
  b.for_each_neighbor(p, [&](Point n) {
    if (b.at(n) == c) libs |= b.liberty_set(n);
  });
  libs.reset(p);
  const Color o = opponent(c);
  bool all_shared = true;
  libs.for_each([&](Point l) {
    bool shared = false;
    b.for_each_neighbor(l, [&](Point n) { shared |= b.at(n) == o && b.liberties(n) <= 2; });
    all_shared &= shared;
  });
  return all_shared;
}

}  // namespace tengen
