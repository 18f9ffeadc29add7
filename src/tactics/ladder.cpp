#include "tengen/tactics/ladder.h"

#include <algorithm>

namespace tengen {

namespace {

template <int N>
bool listed(const Point (&list)[N], int n, Point p) {
  return std::find(list, list + n, p) != list + n;
}

}  // namespace

bool LadderReader::escape_is_caught(const Board& b, Point escape, Color c) {
  // A capturing escape changes liberties the overlay cannot follow.
  if (b.capture_size_if_played(escape, c) > 0) return false;
  b_ = &b;
  chased_color_ = c;
  empty_ = b.empty_bitboard();
  placed_[0].clear();
  placed_[1].clear();
  chased_libs_.clear();
  n_chased_roots_ = n_chased_placed_ = n_chaser_placed_ = 0;
  place(escape, c);
  join_chased(escape);
  ataris_left_ = kMaxAtaris;
  // Each round is an atari and an extension; a ladder crosses the board in
  // fewer than 2 * size rounds.
  return caught_after_extension(2 * b.size());
}

bool LadderReader::caught_after_extension(int rounds) {
  const int libs = chased_libs_.count();
  if (libs >= 3) return false;
  if (libs <= 1 || rounds == 0) return true;
  // The greedy side alone misread a 19x19 ladder of eleven moves as broken,
  // and Tengen ran it out (docs/strength.md): the other side is tried too.
  Point ataris[2];
  const int n = chasing_ataris(ataris);
  for (int i = 0; i < n; ++i) {
    if (ataris_left_-- <= 0) return false;
    // An atari that captures one of the chased side's strings is not
    // followed (the overlay cannot free its points).
    if (atari_captures(ataris[i])) continue;
    const Undo undo = save();
    place(ataris[i], opponent(chased_color_));
    const Point run = chased_libs_.first();
    bool caught;
    if (chaser_in_atari()) {
      caught = false;  // the chased string takes a chasing string and is out
    } else if (run_captures(run)) {
      // Still in atari after taking: caught. Otherwise the overlay cannot
      // follow the freed points any further: counted as out.
      caught = liberties_after_capturing_run(run) <= 1;
    } else if (run_liberties(run, kNoPoint).count() == 0) {
      caught = true;  // the extension would be suicide
    } else {
      place(run, chased_color_);
      join_chased(run);
      caught = caught_after_extension(rounds - 1);
    }
    restore(undo);
    if (caught) return true;
  }
  return false;
}

void LadderReader::restore(const Undo& u) {
  const int chaser = chased_color_ == Color::Black ? 1 : 0;
  for (int i = u.n_chaser_placed; i < n_chaser_placed_; ++i) {
    placed_[chaser].reset(chaser_placed_[i]);
    empty_.set(chaser_placed_[i]);
  }
  for (int i = u.n_chased_placed; i < n_chased_placed_; ++i) {
    placed_[1 - chaser].reset(chased_placed_[i]);
    empty_.set(chased_placed_[i]);
  }
  chased_libs_ = u.chased_libs;
  n_chased_roots_ = u.n_chased_roots;
  n_chased_placed_ = u.n_chased_placed;
  n_chaser_placed_ = u.n_chaser_placed;
}

bool LadderReader::is_chaser(Point p) const {
  const Color o = opponent(chased_color_);
  return b_->at(p) == o || placed_[o == Color::Black ? 0 : 1].test(p);
}

void LadderReader::place(Point p, Color color) {
  placed_[color == Color::Black ? 0 : 1].set(p);
  empty_.reset(p);
  chased_libs_.reset(p);
  if (color == chased_color_) {
    if (n_chased_placed_ < kMaxList) chased_placed_[n_chased_placed_++] = p;
  } else if (n_chaser_placed_ < kMaxList) {
    chaser_placed_[n_chaser_placed_++] = p;
  }
}

// The chased side's stone just placed at p joins the chased string, with
// every string of its colour next to it.
void LadderReader::join_chased(Point p) {
  b_->for_each_neighbor(p, [&](Point q) {
    if (overlay_empty(q)) chased_libs_.set(q);
    if (b_->at(q) != chased_color_) return;
    const Point r = b_->root(q);
    if (listed(chased_roots_, n_chased_roots_, r) || n_chased_roots_ >= kMaxList) return;
    chased_roots_[n_chased_roots_++] = r;
    Bitboard libs = b_->liberty_set(r);
    libs &= empty_;
    chased_libs_ |= libs;
  });
}

// The chasing string through `stone`, in the overlay: the board's strings
// and the stones placed here, joined where they touch (two of the board's
// strings only ever touch through a placed stone), with its liberties. With
// `enough`, the collection stops as soon as the string is known to have
// that many liberties: every part's liberties are the whole string's too.
void LadderReader::collect_chaser(Point stone, ChaserString& s, int enough) const {
  const Color o = opponent(chased_color_);
  s.n_roots = s.n_placed = 0;
  s.libs.clear();
  auto add_root = [&](Point r) {
    s.roots[s.n_roots++] = r;
    s.libs |= b_->liberty_set(r);
  };
  auto join = [&](Point p) {  // a placed stone and the board's strings next to it
    if (s.n_placed < kMaxList) s.placed[s.n_placed++] = p;
    b_->for_each_neighbor(p, [&](Point q) {
      s.libs.set(q);  // kept only if empty, by the mask below
      if (b_->at(q) == o && !listed(s.roots, s.n_roots, b_->root(q)) && s.n_roots < kMaxList) add_root(b_->root(q));
    });
  };
  auto known = [&] {
    s.libs &= empty_;
    return enough > 0 && s.libs.count() >= enough;
  };
  if (b_->at(stone) == o) {
    add_root(b_->root(stone));
  } else {
    join(stone);
  }
  if (known()) return;
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < n_chaser_placed_; ++i) {
      const Point p = chaser_placed_[i];
      if (listed(s.placed, s.n_placed, p)) continue;
      bool touches = false;
      b_->for_each_neighbor(p, [&](Point q) {
        touches |= listed(s.placed, s.n_placed, q) || (b_->at(q) == o && listed(s.roots, s.n_roots, b_->root(q)));
      });
      if (touches) {
        join(p);
        if (known()) return;
        grew = true;
      }
    }
  }
}

bool LadderReader::chaser_in_atari_at(Point stone) const {
  ChaserString s;
  collect_chaser(stone, s, 2);
  return s.libs.count() == 1;
}

// Liberties a chasing stone placed at the empty point p would have; any
// count from 2 up may stand for more (only 0, 1 and "2 or more" matter).
int LadderReader::chaser_liberties_if_placed(Point p) const {
  int empty_around = 0;
  b_->for_each_neighbor(p, [&](Point q) { empty_around += overlay_empty(q); });
  if (empty_around >= 2) return empty_around;  // enough to know: at least two
  Bitboard libs{};
  b_->for_each_neighbor(p, [&](Point q) {
    if (overlay_empty(q)) {
      libs.set(q);
    } else if (is_chaser(q)) {
      ChaserString s;
      collect_chaser(q, s, 3);  // three with p give two without it
      libs |= s.libs;
    }
  });
  libs.reset(p);
  return libs.count();
}

bool LadderReader::chaser_in_atari() const {
  Point seen[kMaxList];  // the board's strings already looked at, by root
  int n_seen = 0;
  bool found = false;
  auto check = [&](Point s) {
    b_->for_each_neighbor(s, [&](Point q) {
      if (found || !is_chaser(q)) return;
      if (b_->at(q) == opponent(chased_color_)) {  // a string of the board, not a placed stone
        const Point r = b_->root(q);
        // Each stone placed here takes at most one liberty: a string with
        // enough of them on the board cannot be in atari yet.
        if (b_->liberties(r) > 1 + n_chased_placed_ + n_chaser_placed_ || listed(seen, n_seen, r)) return;
        if (n_seen < kMaxList) seen[n_seen++] = r;
      }
      found = chaser_in_atari_at(q);
    });
  };
  for (int i = 0; i < n_chased_roots_ && !found; ++i) b_->for_each_stone(chased_roots_[i], check);
  for (int i = 0; i < n_chased_placed_ && !found; ++i) check(chased_placed_[i]);
  return found;
}

// Would the chased side's extension at `run` capture a chaser string?
bool LadderReader::run_captures(Point run) const {
  bool captures = false;
  b_->for_each_neighbor(run, [&](Point q) { captures = captures || (is_chaser(q) && chaser_in_atari_at(q)); });
  return captures;
}

// Would the atari capture one of the chased side's other strings?
bool LadderReader::atari_captures(Point atari) const {
  bool captures = false;
  b_->for_each_neighbor(atari, [&](Point q) {
    if (b_->at(q) != chased_color_ || listed(chased_roots_, n_chased_roots_, b_->root(q))) return;
    Bitboard libs = b_->liberty_set(q);
    libs &= empty_;
    captures = captures || libs.count() == 1;
  });
  return captures;
}

// Liberties of the chased string once it extends at `run` (and the chaser
// has taken `atari`, if not yet placed), captures left aside.
Bitboard LadderReader::run_liberties(Point run, Point atari) const {
  Bitboard libs = chased_libs_;
  b_->for_each_neighbor(run, [&](Point q) {
    libs.set(q);
    if (b_->at(q) == chased_color_ && !listed(chased_roots_, n_chased_roots_, b_->root(q))) {
      libs |= b_->liberty_set(q);
    }
  });
  libs &= empty_;
  libs.reset(run);
  if (atari != kNoPoint) libs.reset(atari);
  return libs;
}

// The same when the extension captures chasing strings: their stones next
// to the extended string become liberties.
int LadderReader::liberties_after_capturing_run(Point run) const {
  Bitboard libs = run_liberties(run, kNoPoint);
  const Color c = chased_color_;
  const int ci = c == Color::Black ? 0 : 1;
  auto in_extended_string = [&](Point n) {
    if (n == run || placed_[ci].test(n)) return true;
    if (b_->at(n) != c) return false;
    const Point r = b_->root(n);
    bool next_to_run = false;
    b_->for_each_neighbor(run, [&](Point q) { next_to_run |= b_->at(q) == c && b_->root(q) == r; });
    return next_to_run || listed(chased_roots_, n_chased_roots_, r);
  };
  auto free_if_touching = [&](Point x) {
    bool touches = false;
    b_->for_each_neighbor(x, [&](Point n) { touches |= in_extended_string(n); });
    if (touches) libs.set(x);
  };
  b_->for_each_neighbor(run, [&](Point q) {
    if (!is_chaser(q)) return;
    ChaserString s;
    collect_chaser(q, s);
    if (s.libs.count() != 1) return;
    for (int i = 0; i < s.n_roots; ++i) b_->for_each_stone(s.roots[i], free_if_touching);
    for (int i = 0; i < s.n_placed; ++i) free_if_touching(s.placed[i]);
  });
  return libs.count();
}

// The two ataris ordered by the liberties the extension would have after
// each, fewer first; an atari that leaves the chasing stone itself in atari
// comes last, and one that would be suicide is left out.
int LadderReader::chasing_ataris(Point out[2]) const {
  Point libs[2] = {kNoPoint, kNoPoint};
  int n = 0;
  chased_libs_.for_each([&](Point l) {
    if (n < 2) libs[n++] = l;
  });
  int scores[2];
  int found = 0;
  for (int i = 0; i < n; ++i) {
    const Point atari = libs[i];
    const int own = chaser_liberties_if_placed(atari);
    if (own == 0) continue;
    scores[found] = run_liberties(libs[1 - i], atari).count() + (own == 1 ? 100 : 0);
    out[found++] = atari;
  }
  // A tie keeps the lower point first, as the single greedy choice did.
  if (found == 2 && scores[1] < scores[0]) std::swap(out[0], out[1]);
  return found;
}

}  // namespace tengen
