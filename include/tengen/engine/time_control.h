#pragma once
// The game clock as the controller describes it (GTP time_settings and
// time_left, KGS kgs-time_settings), and how much of it one move may spend.

#include <limits>
#include <string>

#include "tengen/board/color.h"

namespace tengen {

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
  // closer than margin to the end of the clock. Infinity if untimed.
  double budget(Color c, int empty_points, double moves_per_empty, double margin) const;

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
