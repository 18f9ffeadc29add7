#include "tengen/tactics/self_atari.h"

#include <algorithm>

namespace tengen {

int string_size_after(const Board& b, Point p, Color c) {
  Point roots[4];
  const int n = own_strings_around(b, p, c, roots);
  int size = 1;
  for (int i = 0; i < n; ++i) size += b.string_size(roots[i]);
  return size;
}

Point self_atari_liberty(const Board& b, Point p, Color c) {
  if (b.capture_size_if_played(p, c) > 0) return kNoPoint;
  Bitboard libs{};
  b.for_each_neighbor(p, [&](Point q) {
    if (b.at(q) == Color::Empty) libs.set(q);
    if (b.at(q) == c) libs |= b.liberty_set(q);
  });
  libs.reset(p);
  return libs.count() == 1 ? libs.first() : kNoPoint;
}

Point approach_connection(const Board& b, Point p, Color c) {
  const Point r = self_atari_liberty(b, p, c);
  if (r == kNoPoint) return kNoPoint;
  Point joined[4];
  const int n = own_strings_around(b, p, c, joined);
  bool connects = false;
  b.for_each_neighbor(r, [&](Point q) {
    connects |= b.at(q) == c && std::find(joined, joined + n, b.root(q)) == joined + n;
  });
  if (!connects || !b.is_legal(r, c) || !b.liberties_after_at_least(r, c, 2)) return kNoPoint;
  return r;
}

}  // namespace tengen
