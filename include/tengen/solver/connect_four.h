#pragma once
// Connect Four on a width x height board (w columns, h rows; "3x4" is three
// columns of four), four in a row to win, for checking the solver against
// the paper. Implements SolverGame: the first player is Max; a win for the
// first player scores +1, a draw 0, a win for the second player -1.
//
// Bitboards in John Tromp's layout: column c, row r is bit c * (h + 1) + r.
// The spare bit on top of each column stays empty, so the shift tests for
// four in a row never wrap from one column into the next.

#include <array>
#include <cstdint>
#include <string>

#include "tengen/util/random.h"

namespace tengen {

class ConnectFour {
 public:
  using Move = std::uint8_t;  // a column, 0 = leftmost
  static constexpr int kMaxWidth = 7;
  static constexpr int kMaxHeight = 6;
  static constexpr int kMaxMoves = kMaxWidth;

  // Throws std::invalid_argument outside 1..kMaxWidth x 1..kMaxHeight.
  ConnectFour(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  int moves_played() const { return moves_; }

  bool max_to_move() const { return (moves_ & 1) == 0; }
  bool is_terminal() const { return winner_ != 0 || moves_ == width_ * height_; }
  int score() const { return winner_; }
  int min_score() const { return -1; }
  int max_score() const { return 1; }

  bool is_legal(int column) const {
    return !is_terminal() && column >= 0 && column < width_ && heights_[column] < height_;
  }
  int legal_moves(Move* out) const;

  // Plays a legal move (is_legal(column)).
  void play(Move column) {
    const int mover = moves_ & 1;
    stones_[mover] |= std::uint64_t{1} << (column * (height_ + 1) + heights_[column]);
    ++heights_[column];
    ++moves_;
    if (has_four(stones_[mover])) winner_ = static_cast<std::int8_t>(mover == 0 ? 1 : -1);
  }

  // Uniformly random legal columns to the end; returns score().
  int playout(Rng& rng);

  // 0 empty, 1 first player, 2 second player; row 0 is the bottom.
  int at(int column, int row) const;
  // Rows top first, '.' empty, 'X' first player, 'O' second.
  std::string to_string() const;

 private:
  bool has_four(std::uint64_t b) const {
    const int h = height_ + 1;
    for (const int shift : {1, h, h - 1, h + 1}) {  // vertical, horizontal, both diagonals
      const std::uint64_t pairs = b & (b >> shift);
      if (pairs & (pairs >> (2 * shift))) return true;
    }
    return false;
  }

  std::array<std::uint64_t, 2> stones_{};  // by player: 0 first, 1 second
  std::array<std::uint8_t, kMaxWidth> heights_{};
  std::uint8_t width_;
  std::uint8_t height_;
  std::uint8_t moves_ = 0;
  std::int8_t winner_ = 0;  // +1 / -1 once a four is made
};

}  // namespace tengen
