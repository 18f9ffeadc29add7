#pragma once
// Small tactical readings for the heavy playout policy, as free functions
// over the Board (plus two helpers that keep scratch state): nakade vital
// points, open space for "fill board", the liberty left after a self-atari,
// MoGo's approach connection, ladders, and the strings in atari.

#include "tengen/board/board.h"

namespace tengen {

// If x lies in a hole of exactly 3 empty points whose every neighbour is a
// stone of `owner` or the edge, the hole's centre (its vital point);
// kNoPoint otherwise.
Point nakade_vital_point(const Board& b, Point x, Color owner);

// p and its 8 neighbours are all empty (the edge is not empty).
inline bool is_open_space(const Board& b, Point p) {
  if (b.neighbor_count(p, Color::Empty) != 4) return false;
  bool open = true;
  b.for_each_diagonal(p, [&](Point d) { open &= b.at(d) == Color::Empty; });
  return open;
}

// Stones in the string c would form by playing at the empty point p.
int string_size_after(const Board& b, Point p, Color c);

// The one liberty of the string c would form at p when the move is a
// self-atari that captures nothing; kNoPoint otherwise.
Point self_atari_liberty(const Board& b, Point p, Color c);

// MoGo's approach move: when c's move at p is a self-atari, the point to
// play instead if it connects to another of c's strings (one the stone at p
// would not join) and is itself legal and no self-atari; kNoPoint otherwise.
Point approach_connection(const Board& b, Point p, Color c);

// Reads ladders on a private scratch board, so that the position it is
// asked about stays untouched. One per playout thread.
class LadderReader {
 public:
  // c plays `escape`, a legal move whose string then has exactly two
  // liberties. True when the opponent catches that string by ataris from
  // the side that leaves it fewest liberties, until it has three liberties
  // or can capture a chasing string (escaped) or is left in atari after
  // extending (caught).
  bool escape_is_caught(const Board& b, Point escape, Color c);

 private:
  Point chasing_atari(Point chased, Color c) const;
  bool can_capture_a_chaser(Point chased, Color c) const;

  Board board_;
};

// The strings in atari, kept up to date move by move: a string's liberties
// only drop when a stone lands next to it, so after a move only the strings
// around that move can join the list. This makes "capture anywhere on the
// board" cost a few checks a move instead of a scan.
class AtariWatch {
 public:
  // Lists every string in atari from scratch.
  void rebuild(const Board& b);
  // After `move` was played (not a pass).
  void note_move(const Board& b, Point move);
  // Calls f(stone) once for each string of colour c in atari now.
  template <typename F>
  void for_each(const Board& b, Color c, F&& f) const {
    for (int i = 0; i < count_; ++i) {
      const Point s = stones_[i];
      if (b.at(s) == c && b.liberties(s) == 1) f(s);
    }
  }
  int size() const { return count_; }

 private:
  void prune(const Board& b);
  void add_if_in_atari(const Board& b, Point stone);

  int count_ = 0;
  Point stones_[kMaxPoints];  // string roots when listed
};

}  // namespace tengen
