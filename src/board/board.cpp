#include "tengen/board/board.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "tengen/board/regions.h"
#include "tengen/board/zobrist.h"

namespace tengen {

Board::Board(int size) : size_(size), stride_(stride_of(size)), num_points_(num_points_of(size)) {
  if (size < kMinSize || size > kMaxSize) {
    throw std::invalid_argument("board size must be " + supported_sizes());
  }
  clear();
}

void Board::copy_from(const Board& o) {
  size_ = o.size_;
  stride_ = o.stride_;
  num_points_ = o.num_points_;
  to_move_ = o.to_move_;
  ko_point_ = o.ko_point_;
  ko_color_ = o.ko_color_;
  last_move_ = o.last_move_;
  second_last_move_ = o.second_last_move_;
  consecutive_passes_ = o.consecutive_passes_;
  empty_count_ = o.empty_count_;
  stone_total_[0] = o.stone_total_[0];
  stone_total_[1] = o.stone_total_[1];
  prisoners_[0] = o.prisoners_[0];
  prisoners_[1] = o.prisoners_[1];
  hash_ = o.hash_;
  stones_bb_[0] = o.stones_bb_[0];
  stones_bb_[1] = o.stones_bb_[1];
  empty_bb_ = o.empty_bb_;
  const int n = o.num_points_;
  std::copy_n(o.color_, n, color_);
  std::copy_n(o.parent_, n, parent_);
  std::copy_n(o.next_stone_, n, next_stone_);
  std::copy_n(o.empty_list_, o.empty_count_, empty_list_);
  std::copy_n(o.empty_index_, n, empty_index_);
  std::copy_n(o.nbr_counts_, n, nbr_counts_);
  std::copy_n(o.codes_, n + kCodeSlack, codes_);
  std::copy_n(o.lib_count_, n, lib_count_);
  std::copy_n(o.stone_count_, n, stone_count_);
  // Liberty sets are read at string roots only, and those are few: copying
  // just theirs moves a few KB per simulation instead of 25 KB on 19x19.
  (o.stones_bb_[0] | o.stones_bb_[1]).for_each([&](Point p) {
    if (o.parent_[p] == p) libs_[p] = o.libs_[p];
  });
}

void Board::clear() {
  to_move_ = Color::Black;
  ko_point_ = kNoPoint;
  ko_color_ = Color::Empty;
  last_move_ = kNoPoint;
  second_last_move_ = kNoPoint;
  consecutive_passes_ = 0;
  empty_count_ = 0;
  stone_total_[0] = stone_total_[1] = 0;
  prisoners_[0] = prisoners_[1] = 0;
  hash_ = 0;
  stones_bb_[0].clear();
  stones_bb_[1].clear();
  empty_bb_.clear();
  for (int i = 0; i < kMaxPoints; ++i) {
    const Point p = static_cast<Point>(i);
    color_[p] = is_on_board(p, size_) ? Color::Empty : Color::Border;
    parent_[p] = p;
    next_stone_[p] = p;
    lib_count_[p] = 0;
    stone_count_[p] = 0;
    libs_[p].clear();
    empty_index_[p] = kNoPoint;
    if (color_[p] == Color::Empty) insert_empty(p);
  }
  for (int i = 0; i < kMaxPoints; ++i) {
    const Point p = static_cast<Point>(i);
    nbr_counts_[p] = 0;
    codes_[p] = 0;
    if (color_[p] == Color::Border) continue;
    for_each_neighbor(p, [&](Point n) {
      if (color_[n] == Color::Empty) nbr_counts_[p] += kCountOne[kEmptyField];
    });
    codes_[p] = code_from_colors(p);
  }
  std::fill_n(codes_ + kMaxPoints, kCodeSlack, 0);
}

std::uint16_t Board::code_from_colors(Point p) const {
  const int s = stride_;
  auto at = [&](int offset) { return static_cast<unsigned>(color_[p + offset]); };
  return static_cast<std::uint16_t>(at(-s - 1) | at(-s) << 2 | at(-s + 1) << 4 | at(-1) << 6 | at(1) << 8 |
                                    at(s - 1) << 10 | at(s) << 12 | at(s + 1) << 14);
}

namespace {

// change_codes reads and writes each row of a point's neighbours as one
// 64-bit word of four 16-bit codes. A stone fills an empty 2-bit slot in
// each neighbour or empties it again, and no slot holds more than 3, so no
// lane carries into or borrows from the next: one add per row.
static_assert(std::endian::native == std::endian::little, "the code lanes assume little-endian words");
constexpr std::uint64_t code_lanes(unsigned first, unsigned second, unsigned third) {
  return first | std::uint64_t{second} << 16 | std::uint64_t{third} << 32;
}
// Each neighbour q of p holds p in the slot facing p: p is the SE neighbour
// of its NW neighbour, and so on. Rows start at the NW, W and SW neighbour;
// the lane of p itself and the fourth lane change by nothing.
constexpr std::uint64_t kCodesAbove = code_lanes(1u << 14, 1u << 12, 1u << 10);
constexpr std::uint64_t kCodesBeside = code_lanes(1u << 8, 0, 1u << 6);
constexpr std::uint64_t kCodesBelow = code_lanes(1u << 4, 1u << 2, 1u << 0);

}  // namespace

void Board::change_codes(Point p, int v) {
  // The last row written, from the SW neighbour of the largest board's last
  // point, ends inside the array.
  static_assert(point_at(kMaxSize - 1, kMaxSize - 1, kMaxSize) + stride_of(kMaxSize) - 1 + 4 <= kMaxPoints + kCodeSlack,
                "codes_ needs more slack");
  const int s = stride_;
  // A negative v wraps modulo 2^64, so one add also takes a stone away.
  const std::uint64_t scale = static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
  const auto step = [&](std::uint16_t* row, std::uint64_t lanes) {
    std::uint64_t word;
    std::memcpy(&word, row, sizeof word);
    word += lanes * scale;
    std::memcpy(row, &word, sizeof word);
  };
  step(codes_ + p - s - 1, kCodesAbove);
  step(codes_ + p - 1, kCodesBeside);
  step(codes_ + p + s - 1, kCodesBelow);
}

void Board::change_neighbor_counts(Point p, int from_field, int to_field) {
  const std::uint16_t delta = kCountOne[to_field] - kCountOne[from_field];
  for_each_neighbor(p, [&](Point n) { nbr_counts_[n] = static_cast<std::uint16_t>(nbr_counts_[n] + delta); });
}

void Board::play(Point p, Color c) {
  assert(is_legal(p, c));
  second_last_move_ = last_move_;
  last_move_ = p;
  to_move_ = opponent(c);
  ko_point_ = kNoPoint;
  ko_color_ = Color::Empty;
  if (p == kPass) {
    ++consecutive_passes_;
    return;
  }
  consecutive_passes_ = 0;

  place_stone(p, c);
  // Join the new stone to its friendly neighbours first, so that liberties
  // freed by captures below go straight to the final string.
  const Point r = join_friends(p, c);
  for_each_neighbor(p, [&](Point n) {
    if (color_[n] == Color::Empty) add_liberty(r, n);
  });
  const Color opp = opponent(c);
  int captured = 0;
  Point captured_point = kNoPoint;
  for_each_neighbor(p, [&](Point n) {
    if (color_[n] != opp) return;
    const Point o = parent_[n];
    remove_liberty(o, p);
    if (lib_count_[o] == 0) {
      captured += stone_count_[o];
      captured_point = o;
      capture_string(o);
    }
  });
  prisoners_[index(c)] += captured;
  if (captured == 1 && stone_count_[r] == 1 && lib_count_[r] == 1) {
    ko_point_ = captured_point;
    ko_color_ = opp;
  }
#ifdef TENGEN_CHECK_INVARIANTS
  // A full check costs a flood fill of the board: after every move it would
  // slow the sanitizer build's playouts a hundredfold, so one move in 16 (per
  // thread, the first one included) is checked.
  thread_local unsigned plays = 0;
  if (plays++ % 16 == 0) {
    std::string why;
    if (!check_invariants(&why)) {
      std::fprintf(stderr, "board invariant broken after %s plays %d: %s\n%s", c == Color::Black ? "black" : "white",
                   static_cast<int>(p), why.c_str(), to_string().c_str());
      std::abort();
    }
  }
#endif
}

void Board::add_stone(Point p, Color c) {
  const Color to_move = to_move_;
  const Point last = last_move_;
  const Point second_last = second_last_move_;
  const int passes = consecutive_passes_;
  play(p, c);
  to_move_ = to_move;
  last_move_ = last;
  second_last_move_ = second_last;
  consecutive_passes_ = passes;
}

Point Board::join_friends(Point p, Color c) {
  Point friends[4];
  int n_friends = 0;
  for_each_neighbor(p, [&](Point n) {
    if (color_[n] != c) return;
    const Point f = parent_[n];
    if (std::find(friends, friends + n_friends, f) == friends + n_friends) friends[n_friends++] = f;
  });
  if (n_friends == 0) {
    parent_[p] = p;
    next_stone_[p] = p;
    stone_count_[p] = 1;
    lib_count_[p] = 0;
    libs_[p].clear();
    return p;
  }
  // The largest friend keeps its root, so the fewest stones are re-pointed.
  Point r = friends[0];
  for (int i = 1; i < n_friends; ++i) {
    if (stone_count_[friends[i]] > stone_count_[r]) r = friends[i];
  }
  parent_[p] = r;
  next_stone_[p] = next_stone_[r];
  next_stone_[r] = p;
  ++stone_count_[r];
  for (int i = 0; i < n_friends; ++i) {
    if (friends[i] != r) absorb_string(r, friends[i]);
  }
  remove_liberty(r, p);
  return r;
}

void Board::place_stone(Point p, Color c) {
  remove_empty(p);
  color_[p] = c;
  stones_bb_[index(c)].set(p);
  empty_bb_.reset(p);
  ++stone_total_[index(c)];
  hash_ ^= Zobrist::key(c, p);
  change_neighbor_counts(p, kEmptyField, index(c));
  change_codes(p, static_cast<int>(c));
}

void Board::remove_liberty(Point root, Point lib) {
  if (libs_[root].test(lib)) {
    libs_[root].reset(lib);
    --lib_count_[root];
  }
}

void Board::add_liberty(Point root, Point lib) {
  if (!libs_[root].test(lib)) {
    libs_[root].set(lib);
    ++lib_count_[root];
  }
}

void Board::capture_string(Point root) {
  const Color c = color_[root];
  const int i = index(c);
  Point s = root;
  do {
    color_[s] = Color::Empty;
    stones_bb_[i].reset(s);
    empty_bb_.set(s);
    hash_ ^= Zobrist::key(c, s);
    change_neighbor_counts(s, i, kEmptyField);
    change_codes(s, -static_cast<int>(c));
    insert_empty(s);
    s = next_stone_[s];
  } while (s != root);
  stone_total_[i] -= stone_count_[root];
  // Second pass, once every stone is empty: each neighbouring string gains
  // the freed points as liberties.
  s = root;
  do {
    const Point freed = s;
    for_each_neighbor(freed, [&](Point n) {
      if (is_player(color_[n])) add_liberty(parent_[n], freed);
    });
    s = next_stone_[s];
  } while (s != root);
}

void Board::absorb_string(Point r, Point other) {
  Point s = other;
  do {
    parent_[s] = r;
    s = next_stone_[s];
  } while (s != other);
  std::swap(next_stone_[r], next_stone_[other]);
  stone_count_[r] = static_cast<std::uint16_t>(stone_count_[r] + stone_count_[other]);
  lib_count_[r] = static_cast<std::uint16_t>(libs_[r].merge_count(libs_[other]));
}

void Board::insert_empty(Point p) {
  empty_index_[p] = static_cast<Point>(empty_count_);
  empty_list_[empty_count_++] = p;
  empty_bb_.set(p);
}

void Board::remove_empty(Point p) {
  const int i = empty_index_[p];
  const Point last = empty_list_[--empty_count_];
  empty_list_[i] = last;
  empty_index_[last] = static_cast<Point>(i);
  empty_index_[p] = kNoPoint;
}


int Board::capture_size_if_played(Point p, Color c) const {
  const Color opp = opponent(c);
  Point seen[4];
  int n_seen = 0;
  int total = 0;
  for_each_neighbor(p, [&](Point n) {
    if (color_[n] != opp) return;
    const Point r = parent_[n];
    if (lib_count_[r] != 1 || std::find(seen, seen + n_seen, r) != seen + n_seen) return;
    seen[n_seen++] = r;
    total += stone_count_[r];
  });
  return total;
}

int Board::liberties_after(Point p, Color c) const {
  const Color opp = opponent(c);
  Point own[4];
  Point taken[4];
  int n_own = 0;
  int n_taken = 0;
  Bitboard libs{};
  for_each_neighbor(p, [&](Point n) {
    const Color nc = color_[n];
    if (nc == Color::Empty) {
      libs.set(n);
    } else if (nc == c) {
      const Point r = parent_[n];
      if (std::find(own, own + n_own, r) == own + n_own) {
        own[n_own++] = r;
        libs |= libs_[r];
      }
    } else if (nc == opp) {
      const Point r = parent_[n];
      if (lib_count_[r] == 1 && std::find(taken, taken + n_taken, r) == taken + n_taken) {
        taken[n_taken++] = r;
      }
    }
  });
  // A captured stone becomes a liberty if it touches the new string: the
  // stone at p itself or one of the strings it joins.
  for (int t = 0; t < n_taken; ++t) {
    for_each_stone(taken[t], [&](Point s) {
      bool touches = false;
      for_each_neighbor(s, [&](Point n) {
        touches |= n == p || (color_[n] == c && std::find(own, own + n_own, parent_[n]) != own + n_own);
      });
      if (touches) libs.set(s);
    });
  }
  libs.reset(p);
  return libs.count();
}

bool Board::is_self_atari(Point p, Color c) const {
  const int empties = neighbor_count(p, Color::Empty);
  if (empties >= 2) return false;
  // Two liberties are certain without counting them when a friend keeps
  // two besides p, or a capture frees a neighbour of p besides an empty
  // one: most calls end here, before the costly merge of liberty sets.
  const Color opp = opponent(c);
  int sure = empties;
  for_each_neighbor(p, [&](Point n) {
    const Color nc = color_[n];
    const int libs = lib_count_[parent_[n]];
    sure += (nc == c && libs >= 3) * 2 + (nc == opp && libs == 1);
  });
  if (sure >= 2) return false;
  return is_legal(p, c) && liberties_after(p, c) == 1;
}


std::uint64_t Board::hash_after(Point p, Color c) const {
  if (p == kPass) return hash_;
  std::uint64_t h = hash_ ^ Zobrist::key(c, p);
  const Color opp = opponent(c);
  Point seen[4];
  int n_seen = 0;
  for_each_neighbor(p, [&](Point n) {
    if (color_[n] != opp) return;
    const Point r = parent_[n];
    if (lib_count_[r] != 1 || std::find(seen, seen + n_seen, r) != seen + n_seen) return;
    seen[n_seen++] = r;
    for_each_stone(r, [&](Point s) { h ^= Zobrist::key(opp, s); });
  });
  return h;
}

double Board::area_score(double komi) const {
  int area[2] = {stone_total_[0], stone_total_[1]};
  for_each_empty_region(*this, [&](const EmptyRegion& region) {
    const Color owner = region.owner();
    if (owner != Color::Empty) area[index(owner)] += region.size();
  });
  return area[0] - area[1] - komi;
}

int Board::playout_score() const {
  int score = stone_total_[0] - stone_total_[1];
  for (int e = 0; e < empty_count_; ++e) {
    const std::uint16_t counts = nbr_counts_[empty_list_[e]];
    const bool black = (counts & kCountMask[0]) != 0;
    const bool white = (counts & kCountMask[1]) != 0;
    score += (black && !white) - (white && !black);
  }
  return score;
}

namespace {

// Builds a failure message for check_invariants.
bool fail(std::string* why, const std::string& what, Point p) {
  if (why) *why = what + " at point " + std::to_string(p);
  return false;
}

}  // namespace

bool Board::check_invariants(std::string* why) const {
  std::uint64_t hash = 0;
  int totals[2] = {0, 0};
  int empties = 0;
  for (int i = 0; i < num_points_; ++i) {
    const Point p = static_cast<Point>(i);
    const Color c = color_[p];
    const bool border = !is_on_board(p, size_);
    if (border != (c == Color::Border)) return fail(why, "border colour", p);
    if (empty_bb_.test(p) != (c == Color::Empty)) return fail(why, "empty bitboard", p);
    if (stones_bb_[0].test(p) != (c == Color::Black)) return fail(why, "black bitboard", p);
    if (stones_bb_[1].test(p) != (c == Color::White)) return fail(why, "white bitboard", p);
    if (c == Color::Empty) {
      ++empties;
      if (empty_index_[p] >= empty_count_ || empty_list_[empty_index_[p]] != p) {
        return fail(why, "empty set", p);
      }
    }
    if (!border) {
      std::uint16_t counts = 0;
      for_each_neighbor(p, [&](Point n) {
        if (color_[n] == Color::Empty) counts += kCountOne[kEmptyField];
        if (is_player(color_[n])) counts += kCountOne[index(color_[n])];
      });
      if (counts != nbr_counts_[p]) return fail(why, "neighbour counts", p);
      if (codes_[p] != code_from_colors(p)) return fail(why, "neighbourhood code", p);
    }
    if (is_player(c)) {
      ++totals[index(c)];
      hash ^= Zobrist::key(c, p);
    }
  }
  if (empties != empty_count_) return fail(why, "empty count", 0);
  if (totals[0] != stone_total_[0] || totals[1] != stone_total_[1]) return fail(why, "stone totals", 0);
  if (hash != hash_) return fail(why, "hash", 0);
  if (ko_point_ != kNoPoint && color_[ko_point_] != Color::Empty) return fail(why, "ko point", ko_point_);

  // Flood-fill every string from the colours and compare with the stored one.
  std::vector<bool> seen(num_points_, false);
  std::vector<Point> stack;
  std::vector<Point> members;
  for (Point start = 0; start < num_points_; ++start) {
    if (!is_player(color_[start]) || seen[start]) continue;
    const Color c = color_[start];
    Bitboard libs{};
    members.clear();
    stack.assign(1, start);
    seen[start] = true;
    while (!stack.empty()) {
      const Point q = stack.back();
      stack.pop_back();
      members.push_back(q);
      for_each_neighbor(q, [&](Point n) {
        if (color_[n] == Color::Empty) libs.set(n);
        if (color_[n] == c && !seen[n]) {
          seen[n] = true;
          stack.push_back(n);
        }
      });
    }
    const Point r = parent_[start];
    if (color_[r] != c || parent_[r] != r) return fail(why, "string root", start);
    for (Point m : members) {
      if (parent_[m] != r) return fail(why, "stone not pointing at its root", m);
    }
    if (stone_count_[r] != members.size()) return fail(why, "stone count", r);
    if (!(libs_[r] == libs)) return fail(why, "liberty set", r);
    if (lib_count_[r] != libs.count() || lib_count_[r] == 0) return fail(why, "liberty count", r);
    std::size_t listed = 0;
    bool list_ok = true;
    for_each_stone(r, [&](Point s) {
      ++listed;
      list_ok &= listed <= members.size() && parent_[s] == r;
    });
    if (!list_ok || listed != members.size()) return fail(why, "stone list", r);
  }
  return true;
}

std::string Board::to_string() const {
  static constexpr char kColumns[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  std::ostringstream out;
  out << "   ";
  for (int x = 0; x < size_; ++x) out << ' ' << kColumns[x];
  out << '\n';
  for (int y = 0; y < size_; ++y) {
    const int row = size_ - y;
    out << (row < 10 ? "  " : " ") << row;
    for (int x = 0; x < size_; ++x) {
      const Point p = point(x, y);
      char ch = color_char(color_[p]);
      if (p == ko_point_) ch = 'k';
      out << ' ' << ch;
    }
    out << (row < 10 ? "  " : " ") << row << '\n';
  }
  out << "   ";
  for (int x = 0; x < size_; ++x) out << ' ' << kColumns[x];
  out << '\n';
  return out.str();
}

}  // namespace tengen
