#pragma once
// The strings in atari, kept move by move, so that the heavy playouts'
// capture rule finds every string it can take without scanning the board.

#include "tengen/board/board.h"

namespace tengen {

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
  void add(const Board& b, Point stone_in_atari);

  int count_ = 0;
  Point stones_[kMaxPoints];  // string roots when listed
};

}  // namespace tengen
