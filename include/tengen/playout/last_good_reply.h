#pragma once
// Last good reply with forgetting (Baier and Drake, "The Power of
// Forgetting", 2010; LGRF-2). After each simulation the winner's moves are
// stored as replies to the move before them and to the two moves before
// them; a stored reply that the loser played is forgotten. Inside playouts
// the heavy policy tries the reply to the last two moves, then to the last
// move, before its own rules (after saving a string in atari): what won
// against this move in recent simulations is likely a good answer again.
//
// One per search thread, learning from that thread's simulations only, so
// nothing is shared and nothing is locked. Tables are sized for 19x19.

#include <vector>

#include "tengen/board/color.h"
#include "tengen/board/point.h"

namespace tengen {

class LastGoodReply {
 public:
  LastGoodReply();

  // The stored reply of c to (second_last, last), else to last alone, else
  // kNoPoint. Either point may be kPass; a kNoPoint second_last skips the
  // two-move table.
  Point reply_to_two(Color c, Point second_last, Point last) const;
  Point reply_to_one(Color c, Point last) const;

  // c played `move` after second_last and last; `won`: c won the simulation.
  void learn(Color c, Point second_last, Point last, Point move, bool won);

 private:
  static int key(Point p) { return p == kPass ? 0 : p; }  // point 0 is a border point, never a move
  static int side(Color c) { return c == Color::Black ? 0 : 1; }
  std::size_t index_two(Color c, Point second_last, Point last) const {
    return (static_cast<std::size_t>(side(c)) * kMaxPoints + key(second_last)) * kMaxPoints + key(last);
  }
  std::size_t index_one(Color c, Point last) const {
    return static_cast<std::size_t>(side(c)) * kMaxPoints + key(last);
  }

  std::vector<Point> one_;  // [colour][last]
  std::vector<Point> two_;  // [colour][second_last][last]
};

}  // namespace tengen
