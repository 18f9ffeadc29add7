#include "tengen/playout/tactics.h"

#include <algorithm>

namespace tengen {

namespace {

// Roots of the strings of colour c around p, each once; returns how many.
int own_strings_around(const Board& b, Point p, Color c, Point (&roots)[4]) {
  int n = 0;
  b.for_each_neighbor(p, [&](Point q) {
    if (b.at(q) != c) return;
    const Point r = b.root(q);
    if (std::find(roots, roots + n, r) == roots + n) roots[n++] = r;
  });
  return n;
}

}  // namespace

Point nakade_vital_point(const Board& b, Point x, Color owner) {
  // Flood the empty region from x, giving up as soon as it has a 4th point
  // or touches anything but the owner's stones and the edge.
  Point hole[3] = {x, kNoPoint, kNoPoint};
  int n = 1;
  bool closed = true;
  for (int i = 0; i < n && closed; ++i) {
    b.for_each_neighbor(hole[i], [&](Point q) {
      const Color qc = b.at(q);
      if (qc == Color::Empty) {
        if (std::find(hole, hole + n, q) != hole + n) return;
        if (n == 3) {
          closed = false;
        } else {
          hole[n++] = q;
        }
      } else if (qc != owner && qc != Color::Border) {
        closed = false;
      }
    });
  }
  if (!closed || n != 3) return kNoPoint;
  // Straight or bent, the centre is the point touching both others.
  for (Point h : hole) {
    int inside = 0;
    b.for_each_neighbor(h, [&](Point q) { inside += q == hole[0] || q == hole[1] || q == hole[2]; });
    if (inside == 2) return h;
  }
  return kNoPoint;
}

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
  if (!connects || !b.is_legal(r, c) || b.liberties_after(r, c) < 2) return kNoPoint;
  return r;
}

// --- Ladders ---

bool LadderReader::escape_is_caught(const Board& b, Point escape, Color c) {
  board_ = b;
  board_.play(escape, c);
  const Color o = opponent(c);
  // Each round is an atari and an extension; a ladder crosses the board in
  // fewer than 2 * size rounds.
  for (int round = 0; round < 2 * b.size(); ++round) {
    const int libs = board_.liberties(escape);
    if (libs >= 3) return false;
    if (libs <= 1) return true;
    const Point atari = chasing_atari(escape, c);
    if (atari == kNoPoint) return false;
    board_.play(atari, o);
    if (can_capture_a_chaser(escape, c)) return false;
    const Point run = board_.last_liberty(escape);
    if (!board_.is_legal(run, c)) return true;
    board_.play(run, c);
  }
  return true;
}

// Of the two ataris, the one after which c's extension has fewer liberties
// (an atari that is itself a self-atari comes last); kNoPoint if neither is
// legal.
Point LadderReader::chasing_atari(Point chased, Color c) const {
  Point libs[2] = {kNoPoint, kNoPoint};
  int n = 0;
  board_.liberty_set(chased).for_each([&](Point l) {
    if (n < 2) libs[n++] = l;
  });
  const Color o = opponent(c);
  Point best = kNoPoint;
  int best_score = 1 << 20;
  for (int i = 0; i < n; ++i) {
    const Point atari = libs[i];
    const Point run = libs[1 - i];
    if (!board_.is_legal(atari, o)) continue;
    // The chased string's liberties after extending at run, less the atari point.
    int score = board_.liberties_after(run, c) - 1;
    if (board_.is_self_atari(atari, o)) score += 100;
    if (score < best_score) {
      best_score = score;
      best = atari;
    }
  }
  return best;
}

bool LadderReader::can_capture_a_chaser(Point chased, Color c) const {
  const Color o = opponent(c);
  bool found = false;
  board_.for_each_stone(chased, [&](Point s) {
    board_.for_each_neighbor(s, [&](Point q) { found |= board_.at(q) == o && board_.liberties(q) == 1; });
  });
  return found;
}

// --- Strings in atari ---

void AtariWatch::rebuild(const Board& b) {
  count_ = 0;
  for (int i = 0; i < b.num_points(); ++i) {
    const Point p = static_cast<Point>(i);
    if (is_player(b.at(p)) && b.root(p) == p && b.liberties(p) == 1) stones_[count_++] = p;
  }
}

void AtariWatch::note_move(const Board& b, Point move) {
  prune(b);
  add_if_in_atari(b, move);
  b.for_each_neighbor(move, [&](Point q) {
    if (is_player(b.at(q))) add_if_in_atari(b, q);
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

void AtariWatch::add_if_in_atari(const Board& b, Point stone) {
  if (b.liberties(stone) != 1 || count_ >= kMaxPoints) return;
  const Point r = b.root(stone);
  if (std::find(stones_, stones_ + count_, r) == stones_ + count_) stones_[count_++] = r;
}

}  // namespace tengen
