#include "tengen/tactics/atari_watch.h"

#include <algorithm>

namespace tengen {

void AtariWatch::rebuild(const Board& b) {
  count_ = 0;
  for (int i = 0; i < b.num_points(); ++i) {
    const Point p = static_cast<Point>(i);
    if (is_player(b.at(p)) && b.root(p) == p && b.liberties(p) == 1) stones_[count_++] = p;
  }
}

void AtariWatch::note_move(const Board& b, Point move) {
  if (count_ > 0) prune(b);
  if (b.liberties(move) == 1) add(b, move);
  b.for_each_neighbor(move, [&](Point q) {
    if (is_player(b.at(q)) && b.liberties(q) == 1) add(b, q);
  });
}

// Keeps the strings still in atari, each once, by their current roots
// (captures and merges change both).
void AtariWatch::prune(const Board& b) {
  int kept = 0;
  for (int i = 0; i < count_; ++i) {
    const Point s = stones_[i];
    if (!is_player(b.at(s)) || b.liberties(s) != 1) continue;
    const Point r = b.root(s);
    if (std::find(stones_, stones_ + kept, r) == stones_ + kept) stones_[kept++] = r;
  }
  count_ = kept;
}

void AtariWatch::add(const Board& b, Point stone) {
  if (count_ >= kMaxPoints) return;
  const Point r = b.root(stone);
  if (std::find(stones_, stones_ + count_, r) == stones_ + count_) stones_[count_++] = r;
}

}  // namespace tengen
