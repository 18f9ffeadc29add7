#pragma once
// Reading a self-atari before it is played: the size of the string it would
// make, its one liberty left, and MoGo's approach move that connects
// instead. Used by the heavy playouts (the self-atari and approach rules),
// the pattern features (self-atari size), the nakade sacrifice
// (tactics/eyes.h), and the search's pass (engine/).

#include <algorithm>

#include "tengen/board/board.h"

namespace tengen {

// Roots of the strings of colour c around p, each once; returns how many.
// Here and not hidden in self_atari.cpp because the nakade sacrifice
// (tactics/eyes.cpp) collects the same strings.
inline int own_strings_around(const Board& b, Point p, Color c, Point (&roots)[4]) {
  int n = 0;
  b.for_each_neighbor(p, [&](Point q) {
    if (b.at(q) != c) return;
    const Point r = b.root(q);
    if (std::find(roots, roots + n, r) == roots + n) roots[n++] = r;
  });
  return n;
}

// Stones in the string c would form by playing at the empty point p.
int string_size_after(const Board& b, Point p, Color c);

// A self-atari of more than max_stones stones: what the heavy playouts never
// play (heavy-self-atari-max), and what the tree and the pass decision take
// for no move.
inline bool is_big_self_atari(const Board& b, Point p, Color c, int max_stones) {
  return b.is_self_atari(p, c) && string_size_after(b, p, c) > max_stones;
}

// The one liberty of the string c would form at p when the move is a
// self-atari that captures nothing; kNoPoint otherwise.
Point self_atari_liberty(const Board& b, Point p, Color c);

// MoGo's approach move: when c's move at p is a self-atari, the point to
// play instead if it connects to another of c's strings (one the stone at p
// would not join) and is itself legal and no self-atari; kNoPoint otherwise.
Point approach_connection(const Board& b, Point p, Color c);

}  // namespace tengen
