#include "tengen/tactics/eyes.h"

#include <algorithm>

#include "tengen/tactics/self_atari.h"

namespace tengen {

bool is_dead_eye_shape(const Board& b, const Point* points, int count) {
  if (count <= 3) return true;
  // The shapes of 4 to 6 points are told apart by their adjacencies: the
  // most neighbours one point has inside the shape, and the number of
  // adjacent pairs (more pairs than points less one means a 2x2 block).
  int degree_sum = 0;
  int max_degree = 0;
  for (int i = 0; i < count; ++i) {
    int degree = 0;
    b.for_each_neighbor(points[i], [&](Point q) { degree += std::find(points, points + count, q) != points + count; });
    degree_sum += degree;
    max_degree = std::max(max_degree, degree);
  }
  const int pairs = degree_sum / 2;
  switch (count) {
    case 4: return max_degree == 3 || pairs == 4;  // pyramid, square
    case 5: return max_degree == 4 || pairs == 5;  // crossed five, bulky five
    case 6: return max_degree == 4 && pairs == 6;  // rabbity six: a cross with a 2x2 block
    default: return false;
  }
}

bool is_nakade_sacrifice(const Board& b, Point p, Color c) {
  constexpr int kLargestDeadShape = 6;
  const Point last_liberty = self_atari_liberty(b, p, c);
  if (last_liberty == kNoPoint) return false;
  Point roots[4];
  const int n = own_strings_around(b, p, c, roots);
  int size = 1;
  for (int i = 0; i < n; ++i) size += b.string_size(roots[i]);
  if (size > kLargestDeadShape) return false;
  Point shape[kLargestDeadShape];
  int count = 0;
  shape[count++] = p;
  for (int i = 0; i < n; ++i) b.for_each_stone(roots[i], [&](Point s) { shape[count++] = s; });
  // The hole only kills if it is all the eye space the capturer has: every
  // opponent string around the sacrifice must be left with no liberty but
  // the sacrifice's last one (any other, an eye above all, is a liberty).
  const Color other = opponent(c);
  bool capturer_has_more = false;
  for (int i = 0; i < count && !capturer_has_more; ++i) {
    b.for_each_neighbor(shape[i], [&](Point q) {
      if (b.at(q) != other) return;
      Bitboard libs = b.liberty_set(q);
      libs.reset(p);
      libs.reset(last_liberty);
      capturer_has_more |= libs.count() > 0;
    });
  }
  return !capturer_has_more && is_dead_eye_shape(b, shape, count);
}

}  // namespace tengen
