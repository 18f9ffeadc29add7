#pragma once
// Ladder reading: does a string that extends to two liberties get caught?
// Asked by the heavy playouts (atari-save does not run into a ladder), the
// pattern features (the ladder extension and atari features) and the search
// (GoDomain prunes escapes from working ladders).

#include "tengen/board/board.h"

namespace tengen {

// Reads ladders without copying the board: the stones the reading adds
// live in a small overlay (bitboards and lists), and liberties come from the
// board's liberty sets masked by the overlay's empty points. No captures are
// played out: a reading that would capture anything stops and counts as an
// escape, so "caught" is only ever said of a plain ladder. One per playout
// thread.
class LadderReader {
 public:
  // c plays `escape`, a legal move whose string then has exactly two
  // liberties. True when the opponent catches that string by ataris, the
  // side that leaves it fewest liberties tried first and the other when
  // that line fails, until it has three liberties or can capture a chasing
  // string (escaped) or is left in atari after extending (caught). A
  // reading that needs more than kMaxAtaris ataris counts as escaped.
  bool escape_is_caught(const Board& b, Point escape, Color c);

 private:
  static constexpr int kMaxList = 256;
  // Trying both sides can branch at every atari; most second tries end at
  // once (three liberties), so this bounds only pathological readings.
  static constexpr int kMaxAtaris = 96;

  // What a line of the reading changes, to take it back.
  struct Undo {
    Bitboard chased_libs;
    int n_chased_roots, n_chased_placed, n_chaser_placed;
  };
  Undo save() const { return {chased_libs_, n_chased_roots_, n_chased_placed_, n_chaser_placed_}; }
  void restore(const Undo& u);
  // The chased string, with two liberties, after an extension: caught
  // from here within `rounds` more ataris?
  bool caught_after_extension(int rounds);

  // A string of the chasing side in the overlay: board strings (by root)
  // and stones placed here.
  struct ChaserString {
    Point roots[kMaxList];
    int n_roots = 0;
    Point placed[kMaxList];
    int n_placed = 0;
    Bitboard libs;  // in the overlay (with `enough`, perhaps only some)
  };

  bool overlay_empty(Point p) const { return empty_.test(p); }
  bool is_chaser(Point p) const;
  void place(Point p, Color color);
  void join_chased(Point p);
  void collect_chaser(Point stone, ChaserString& s, int enough = 0) const;
  bool chaser_in_atari_at(Point stone) const;
  int chaser_liberties_if_placed(Point p) const;
  bool chaser_in_atari() const;
  bool run_captures(Point run) const;
  bool atari_captures(Point atari) const;
  Bitboard run_liberties(Point run, Point atari) const;
  int liberties_after_capturing_run(Point run) const;
  // The chaser's playable ataris, best first; how many (0 to 2).
  int chasing_ataris(Point out[2]) const;

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
  int ataris_left_ = 0;  // in this reading
};

}  // namespace tengen
