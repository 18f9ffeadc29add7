#pragma once
// The game clock as the controller describes it (GTP time_settings and
// time_left, KGS kgs-time_settings), and how much of it one move may spend.

#include <limits>
#include <string>

#include "tengen/board/color.h"

namespace tengen {

// How much thinking a move deserves at this stage of a game, relative to
// the others; progress is the plies played over the board's points. The
// opening and the middle game decide more than the endgame, whose moves the
// playouts read well; the very first moves are the learned prior's.
double phase_weight(double progress);

// The share of the main time left that the next move deserves when
// own_moves of c's own moves are still expected, after `plies` plies on a
// board of `points` points: its phase weight over the sum of the weights of
// the moves ahead (one every other ply).
double phase_share(int plies, int points, double own_moves);

class TimeControl {
 public:
  enum class Kind { None, Absolute, Byoyomi, Canadian };

  // GTP time_settings: main time, then byo-yomi periods of byo_time seconds
  // for byo_stones stones (Canadian). byo_time > 0 with byo_stones == 0 means
  // no time limit, as the GTP spec says.
  void set_gtp(double main, double byo_time, int byo_stones);
  // kgs-time_settings byoyomi: `periods` Japanese periods of byo_time each.
  void set_japanese(double main, double byo_time, int periods);
  void set_none() { *this = TimeControl(); }

  // GTP time_left: seconds left, and stones left in the current byo-yomi
  // period (0 while in main time; KGS sends periods left for Japanese byo-yomi).
  void set_time_left(Color c, double seconds, int stones);

  Kind kind() const { return kind_; }
  bool limited() const { return kind_ != Kind::None; }

  // Seconds to think about the next move of c: the remaining time spread
  // over the moves still expected (empty_points * moves_per_empty), never
  // closer than margin to the end of the clock. Infinity if untimed. With
  // the board's points and the plies played so far, main time is spread by
  // phase_weight rather than evenly.
  double budget(Color c, int empty_points, double moves_per_empty, double margin, int plies = 0,
                int points = 0) const;

  std::string describe() const;

 private:
  struct Clock {
    double left = 0;
    int stones = 0;      // stones (Canadian) or periods (Japanese) left; 0 in main time
    bool reported = false;
  };

  Kind kind_ = Kind::None;
  double main_ = 0;
  double byo_time_ = 0;
  int byo_stones_ = 0;  // Canadian: stones per period; Japanese: number of periods
  Clock clock_[2];
};

}  // namespace tengen
