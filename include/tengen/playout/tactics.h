#pragma once
// Small tactical readings for the heavy playout policy, as free functions
// over the Board (plus two helpers that keep scratch state): nakade vital
// points, open space for "fill board", the liberty left after a self-atari,
// MoGo's approach connection, ladders, and the strings in atari.

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
inline bool is_open_space(const Board& b, Point p) {
  if (b.neighbor_count(p, Color::Empty) != 4) return false;
  bool open = true;
  b.for_each_diagonal(p, [&](Point d) { open &= b.at(d) == Color::Empty; });
  return open;
}

// Stones in the string c would form by playing at the empty point p.
int string_size_after(const Board& b, Point p, Color c);

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

// The one liberty of the string c would form at p when the move is a
// self-atari that captures nothing; kNoPoint otherwise.
Point self_atari_liberty(const Board& b, Point p, Color c);

// MoGo's approach move: when c's move at p is a self-atari, the point to
// play instead if it connects to another of c's strings (one the stone at p
// would not join) and is itself legal and no self-atari; kNoPoint otherwise.
Point approach_connection(const Board& b, Point p, Color c);

// Reads ladders without copying the board: the stones the reading adds
// live in a small overlay (bitboards and lists), and liberties come from the
// board's liberty sets masked by the overlay's empty points. No captures are
// played out: a reading that would capture anything stops and counts as an
// escape, so "caught" is only ever said of a plain ladder. One per playout
// thread.
class LadderReader {
 public:
  // c plays `escape`, a legal move whose string then has exactly two
  // liberties. True when the opponent catches that string by ataris from
  // the side that leaves it fewest liberties, until it has three liberties
  // or can capture a chasing string (escaped) or is left in atari after
  // extending (caught).
  bool escape_is_caught(const Board& b, Point escape, Color c);

 private:
  static constexpr int kMaxList = 256;

  // A string of the chasing side in the overlay: board strings (by root)
  // and stones placed here.
  struct ChaserString {
    Point roots[kMaxList];
    int n_roots = 0;
    Point placed[kMaxList];
    int n_placed = 0;
  };

  bool overlay_empty(Point p) const { return empty_.test(p); }
  bool is_chaser(Point p) const;
  void place(Point p, Color color);
  void join_chased(Point p);
  void collect_chaser(Point stone, ChaserString& s) const;
  Bitboard liberty_set(const ChaserString& s) const;
  int chaser_liberties(Point stone) const;
  int chaser_liberties_if_placed(Point p) const;
  bool chaser_in_atari() const;
  bool run_captures(Point run) const;
  bool atari_captures(Point atari) const;
  Bitboard run_liberties(Point run, Point atari) const;
  int liberties_after_capturing_run(Point run) const;
  Point chasing_atari() const;

  const Board* b_ = nullptr;
  Color chased_color_ = Color::Black;
  Bitboard empty_;        // the board's empty points less the stones placed here
  Bitboard placed_[2];    // stones placed here, Black and White
  Bitboard chased_libs_;  // exact, in the overlay
  Point chased_roots_[kMaxList];  // the board's strings that are part of the chased string
  int n_chased_roots_ = 0;
  Point chased_placed_[kMaxList];  // its stones placed here
  int n_chased_placed_ = 0;
  Point chaser_placed_[kMaxList];
  int n_chaser_placed_ = 0;
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
  void add(const Board& b, Point stone_in_atari);

  int count_ = 0;
  Point stones_[kMaxPoints];  // string roots when listed
};

}  // namespace tengen
