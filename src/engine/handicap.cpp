// Handicap placement: GTP's fixed star points and the engine's free
// placement (GTP place_free_handicap).

#include "tengen/engine/handicap.h"

#include <algorithm>
#include <cstdlib>

namespace tengen {

std::optional<std::vector<Point>> fixed_handicap(int size, int n) {
  // GTP 2 section 4.1.1: star points on the third line (fourth from 13x13),
  // at most 4 stones on 7x7 and on even sizes, none below 7x7.
  if (size < 7 || n < 2 || n > 9) return std::nullopt;
  if ((size % 2 == 0 || size == 7) && n > 4) return std::nullopt;
  const int lo = size >= 13 ? 3 : 2;
  const int hi = size - 1 - lo;
  const int mid = size / 2;
  auto at = [&](int x, int row_from_bottom) { return point_at(x, size - 1 - row_from_bottom, size); };
  const Point corners[4] = {at(lo, lo), at(hi, hi), at(lo, hi), at(hi, lo)};  // D4 Q16 D16 Q4 on 19x19
  std::vector<Point> points(corners, corners + std::min(n, 4));
  if (n >= 6) {
    points.push_back(at(lo, mid));
    points.push_back(at(hi, mid));
  }
  if (n >= 8) {
    points.push_back(at(mid, lo));
    points.push_back(at(mid, hi));
  }
  if (n % 2 == 1 && n >= 5) points.push_back(at(mid, mid));
  return points;
}

std::vector<Point> free_handicap(int size, int n) {
  std::vector<Point> points;
  const int fixed = (size % 2 == 0 || size == 7) ? std::min(n, 4) : std::min(n, 9);
  if (auto f = fixed_handicap(size, fixed)) points = *f;
  // Beyond the star points (or on small boards): spread the rest over the
  // points farthest from the stones already placed.
  while (static_cast<int>(points.size()) < n) {
    Point best = kNoPoint;
    int best_distance = -1;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        const Point p = point_at(x, y, size);
        if (std::find(points.begin(), points.end(), p) != points.end()) continue;
        const int edge = line_of(p, size) - 1;
        int nearest = 2 * size;
        for (Point q : points) {
          nearest = std::min(nearest, std::abs(column_of(q, size) - x) + std::abs(row_of(q, size) - y));
        }
        const int distance = 4 * std::min(nearest, 6) + std::min(edge, 3);
        if (distance > best_distance) {
          best_distance = distance;
          best = p;
        }
      }
    }
    if (best == kNoPoint) break;
    points.push_back(best);
  }
  return points;
}

}  // namespace tengen
