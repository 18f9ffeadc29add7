#pragma once
// Points of a padded board and their coordinates.
//
// A board of size N is stored row by row with stride N+1: column 0 of every
// row is a border point shared by the right edge of the row above and the left
// edge of its own row, and a full border row lies above and below. So the four
// neighbours of a point are p±1 and p±stride, all diagonals stay in range,
// and a 19x19 board needs 21*20+1 = 421 points.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tengen {

using Point = std::uint16_t;

inline constexpr int kMinSize = 2;
inline constexpr int kMaxSize = 19;
inline constexpr int kMaxPoints = (kMaxSize + 2) * (kMaxSize + 1) + 1;
// "between 2 and 19", for messages about a size out of range.
inline std::string supported_sizes() {
  return "between " + std::to_string(kMinSize) + " and " + std::to_string(kMaxSize);
}

// Sentinels, all above any real point index.
inline constexpr Point kNoPoint = 0xFFFF;
inline constexpr Point kPass = 0xFFFE;
inline constexpr Point kResign = 0xFFFD;

constexpr int stride_of(int size) { return size + 1; }
constexpr int num_points_of(int size) { return (size + 2) * (size + 1) + 1; }

// x: column from the left, y: row from the top, both 0-based.
constexpr Point point_at(int x, int y, int size) {
  return static_cast<Point>((y + 1) * stride_of(size) + x + 1);
}
constexpr int column_of(Point p, int size) { return p % stride_of(size) - 1; }
constexpr int row_of(Point p, int size) { return p / stride_of(size) - 1; }

// The line a point lies on: 1 on the edge, 2 next to it, and so on.
constexpr int line_of(Point p, int size) {
  const int x = column_of(p, size), y = row_of(p, size);
  const int from_low = x < y ? x : y;
  const int from_high = size - 1 - (x > y ? x : y);
  return (from_low < from_high ? from_low : from_high) + 1;
}

constexpr bool is_on_board(Point p, int size) {
  if (p >= num_points_of(size)) return false;
  const int x = column_of(p, size);
  const int y = row_of(p, size);
  return x >= 0 && x < size && y >= 0 && y < size;
}

// GTP vertices: a letter for the column (A..T without I), the row counted from
// the bottom; case-insensitive; "pass" (any case). Returns nullopt when the
// text is not a vertex of a board of this size. "resign" is not a vertex.
std::optional<Point> parse_vertex(std::string_view text, int size);

// "D4", "pass", "resign"; upper case.
std::string vertex_string(Point p, int size);

}  // namespace tengen
