#pragma once
// Empty regions: the 4-connected areas of empty points, and which colours
// border them. Area scoring (Board::area_score), the end-of-game judgement
// (judge, where dead stones count as empty) and the local solver's eye
// spaces (local_game_at) all ask this; here is the one flood fill that
// answers it. It allocates nothing: a region lives in a fixed-size array.

#include <array>
#include <cstddef>
#include <span>
#include <utility>

#include "tengen/board/board.h"

namespace tengen {

class EmptyRegion {
 public:
  // Its points, the start first, then in the order the flood reached them.
  std::span<const Point> points() const { return {points_.data(), static_cast<std::size_t>(size_)}; }
  int size() const { return size_; }
  // A stone of colour c touches the region.
  bool borders(Color c) const { return c == Color::Black ? black_ : c == Color::White && white_; }
  // The one colour that borders the region: under area scoring, whose it
  // is. Empty when both or neither do.
  Color owner() const {
    if (black_ == white_) return Color::Empty;
    return black_ ? Color::Black : Color::White;
  }

  // Floods the region of `start`, a point color_of calls Empty. Points
  // color_of calls Empty join it (so a caller can count dead stones as
  // empty), Black and White ones border it, Border ones do neither. Its
  // points are marked in `seen`; points already marked are not entered.
  // Stops once the region would pass max_points points and returns false,
  // holding the first max_points found.
  template <typename ColorOf>
  bool flood(const Board& board, Point start, ColorOf&& color_of, Bitboard& seen, int max_points = kMaxPoints) {
    size_ = 0;
    black_ = white_ = false;
    seen.set(start);
    points_[size_++] = start;
    bool too_big = false;
    // points_ is its own queue: everything before `next` has been expanded.
    for (int next = 0; next < size_ && !too_big; ++next) {
      board.for_each_neighbor(points_[next], [&](Point n) {
        const Color c = color_of(n);
        if (c == Color::Black) {
          black_ = true;
        } else if (c == Color::White) {
          white_ = true;
        } else if (c == Color::Empty && !seen.test(n)) {
          if (size_ == max_points) {
            too_big = true;
            return;
          }
          seen.set(n);
          points_[size_++] = n;
        }
      });
    }
    return !too_big;
  }

 private:
  std::array<Point, kMaxPoints> points_;  // left uninitialised: only [0, size_) is read
  int size_ = 0;
  bool black_ = false;
  bool white_ = false;
};

// Calls f(region) for every empty region of the board, in the order of
// their lowest points, with the points coloured by color_of (Point ->
// Color; e.g. dead stones as Empty). The region passed is reused: copy
// what must outlive the call.
template <typename ColorOf, typename F>
void for_each_empty_region(const Board& board, ColorOf&& color_of, F&& f) {
  Bitboard seen{};
  EmptyRegion region;
  for (int q = 0; q < board.num_points(); ++q) {
    const Point p = static_cast<Point>(q);
    if (color_of(p) != Color::Empty || seen.test(p)) continue;
    region.flood(board, p, color_of, seen);
    f(std::as_const(region));
  }
}

// The same with the board's own colours.
template <typename F>
void for_each_empty_region(const Board& board, F&& f) {
  for_each_empty_region(board, [&](Point p) { return board.at(p); }, std::forward<F>(f));
}

}  // namespace tengen
