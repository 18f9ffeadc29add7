#pragma once
// The Go position: the hot core shared by real games and playouts.
//
// Strings are kept by union-find: parent_[stone] is the string's root, and the
// root owns the exact liberty set (a bitboard), the liberty count and the stone
// count. Stones of a string form a circular list through next_stone_, so a
// capture enumerates them without a scan. On a merge the smaller string's
// stones are re-pointed at the larger root at once (union by size with eager
// path compression), so find is a single load and every query is const: many
// search threads may copy the same root position without a data race.
//
// Empty points live in a list + index set (O(1) insert, remove, random pick).
// The board enforces simple ko only; positional superko needs the history of
// the game and lives in Game.

#include <algorithm>
#include <cstdint>
#include <string>

#include "tengen/board/bitboard.h"
#include "tengen/board/color.h"
#include "tengen/board/point.h"

namespace tengen {

class Board {
 public:
  explicit Board(int size = 9);
  // Copies only the points this size uses: a 9x9 playout copy moves a
  // quarter of the bytes a 19x19 one does.
  Board(const Board& other) { copy_from(other); }
  Board& operator=(const Board& other) {
    if (this != &other) copy_from(other);
    return *this;
  }

  // Empties the board (keeps the size); Black to move.
  void clear();

  int size() const { return size_; }
  int stride() const { return stride_; }
  int num_points() const { return num_points_; }
  Point point(int x, int y) const { return point_at(x, y, size_); }
  bool on_board(Point p) const { return p < num_points_ && color_[p] != Color::Border; }

  Color at(Point p) const { return color_[p]; }
  Color to_move() const { return to_move_; }
  void set_to_move(Color c) { to_move_ = c; }
  // Playouts and searches from a position the players have passed in still
  // have to play it out: they start with the pass count reset.
  void reset_pass_count() { consecutive_passes_ = 0; }

  // --- Moves (simple ko only) ---
  // Pass is always legal; otherwise the point must be empty, not the simple-ko
  // point for c, and not a suicide (single or multi-stone).
  bool is_legal(Point p, Color c) const {
    if (p == kPass) return true;
    if (p >= num_points_ || color_[p] != Color::Empty) return false;
    if (p == ko_point_ && c == ko_color_) return false;
    if (nbr_counts_[p] & kCountMask[kEmptyField]) return true;
    // No empty neighbour: legal only if it joins a string with another
    // liberty or captures.
    const Color opp = opponent(c);
    bool legal = false;
    for_each_neighbor(p, [&](Point n) {
      const Color nc = color_[n];
      legal |= (nc == c && lib_count_[parent_[n]] > 1) || (nc == opp && lib_count_[parent_[n]] == 1);
    });
    return legal;
  }
  // Legal for c and not a true eye of c: the test every random move of a
  // playout and every child of the tree passes. p must be an empty point of
  // the board (from the empty list). An empty neighbour rules out an eye and
  // leaves only the ko to check, which decides most points at one load.
  bool is_playable(Point p, Color c) const {
    if (nbr_counts_[p] & kCountMask[kEmptyField]) return p != ko_point_ || c != ko_color_;
    return !is_true_eye(p, c) && is_legal(p, c);
  }
  // Plays a move known to be legal (checked in debug builds). kPass passes.
  void play(Point p, Color c);

  // A setup stone (handicap, SGF AB/AW): like a legal, non-capturing move,
  // but leaves the side to move and the move history alone.
  void add_stone(Point p, Color c);

  // --- Strings ---
  Point root(Point stone) const { return parent_[stone]; }
  int liberties(Point stone) const { return lib_count_[parent_[stone]]; }
  int string_size(Point stone) const { return stone_count_[parent_[stone]]; }
  const Bitboard& liberty_set(Point stone) const { return libs_[parent_[stone]]; }
  // The one liberty of a string in atari (the lowest liberty otherwise).
  Point last_liberty(Point stone) const { return libs_[parent_[stone]].first(); }
  template <typename F>
  void for_each_stone(Point stone, F&& f) const {
    Point s = stone;
    do {
      f(s);
      s = next_stone_[s];
    } while (s != stone);
  }
  template <typename F>
  void for_each_neighbor(Point p, F&& f) const {
    f(static_cast<Point>(p - stride_));
    f(static_cast<Point>(p - 1));
    f(static_cast<Point>(p + 1));
    f(static_cast<Point>(p + stride_));
  }
  template <typename F>
  void for_each_diagonal(Point p, F&& f) const {
    f(static_cast<Point>(p - stride_ - 1));
    f(static_cast<Point>(p - stride_ + 1));
    f(static_cast<Point>(p + stride_ - 1));
    f(static_cast<Point>(p + stride_ + 1));
  }

  // --- Tactical queries for playouts and priors (p empty, c to play) ---
  // Stones c would capture by playing at p.
  int capture_size_if_played(Point p, Color c) const;
  // Liberties of the string c would form at p, captures taken into account.
  int liberties_after(Point p, Color c) const;
  // liberties_after(p, c) >= k. The playouts ask this with k of 2 or 3,
  // and most answers come from a bound without merging liberty sets: the
  // empty neighbours of p, and a friend's liberties besides p, stay liberties.
  bool liberties_after_at_least(Point p, Color c, int k) const {
    return liberties_after_lower_bound(p, c) >= k || liberties_after(p, c) >= k;
  }
  int liberties_after_lower_bound(Point p, Color c) const {
    int bound = neighbor_count(p, Color::Empty);
    for_each_neighbor(p, [&](Point n) {
      if (color_[n] == c) bound = std::max(bound, lib_count_[parent_[n]] - 1);
    });
    return bound;
  }
  // A legal move whose new string would have exactly one liberty.
  bool is_self_atari(Point p, Color c) const;
  // All four neighbours are c or the edge.
  bool is_eyelike(Point p, Color c) const {
    return (nbr_counts_[p] & (kCountMask[index(opponent(c))] | kCountMask[kEmptyField])) == 0;
  }
  // Neighbours of p of colour c (Empty, Black or White).
  int neighbor_count(Point p, Color c) const {
    const int field = c == Color::Empty ? kEmptyField : index(c);
    return (nbr_counts_[p] >> (4 * field)) & 0xF;
  }
  // The 8 neighbours of an on-board point, 2 bits each (the Color value:
  // empty 0, black 1, white 2, off-board 3), in the order NW N NE W E SW S
  // SE: the key of the playouts' 3x3 patterns, kept up to date by every
  // move so a pattern test is one load.
  std::uint16_t neighborhood_code(Point p) const { return codes_[p]; }
  // Eyelike, and the diagonal rule: no opponent diagonal on the edge, at most
  // one in the centre.
  bool is_true_eye(Point p, Color c) const {
    if (color_[p] != Color::Empty || !is_eyelike(p, c)) return false;
    const Color opp = opponent(c);
    int bad = 0;
    bool edge = false;
    for_each_diagonal(p, [&](Point d) {
      bad += color_[d] == opp;
      edge |= color_[d] == Color::Border;
    });
    return bad < (edge ? 1 : 2);
  }

  // --- Empty points ---
  int empty_count() const { return empty_count_; }
  Point empty_point(int i) const { return empty_list_[i]; }
  // A uniformly random empty point among those accept(p) allows, or kPass.
  // Rejected points are swapped out of the drawing range, so each is tested
  // at most once; this reorders the empty list (still the same set).
  template <typename Rng, typename Accept>
  Point random_empty(Rng& rng, Accept&& accept) {
    for (int k = empty_count_; k > 0; --k) {
      const int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(k)));
      const Point p = empty_list_[i];
      if (accept(p)) return p;
      swap_empty(i, k - 1);
    }
    return kPass;
  }

  // --- Position facts ---
  std::uint64_t hash() const { return hash_; }
  Point ko_point() const { return ko_point_; }
  Color ko_color() const { return ko_color_; }
  Point last_move() const { return last_move_; }
  Point second_last_move() const { return second_last_move_; }
  int consecutive_passes() const { return consecutive_passes_; }
  int stones(Color c) const { return stone_total_[index(c)]; }
  // Stones c has captured in this position's history.
  int prisoners(Color c) const { return prisoners_[index(c)]; }
  const Bitboard& stones_bitboard(Color c) const { return stones_bb_[index(c)]; }
  const Bitboard& empty_bitboard() const { return empty_bb_; }
  // The hash the position would have after c plays the legal move p.
  std::uint64_t hash_after(Point p, Color c) const;

  // --- Scoring (Chinese / area) ---
  // Black area minus White area minus komi: stones plus empty regions that
  // reach only one colour (flood fill).
  double area_score(double komi) const;
  // The same for a finished playout, where every empty region is a single
  // point: cheaper, exact when every empty point has one colour around it.
  int playout_score() const;
  // Who holds p at the end of a playout, as playout ownership counts it: +1
  // Black, -1 White, 0 nobody (a stone, or an empty point eyelike for one
  // colour).
  int playout_owner(Point p) const {
    const Color c = color_[p];
    return (c == Color::Black || (c == Color::Empty && is_eyelike(p, Color::Black))) -
           (c == Color::White || (c == Color::Empty && is_eyelike(p, Color::White)));
  }

  // Recomputes strings, liberties, counts, hash, bitboards and the empty set
  // from the colours alone; false (with the reason in *why) on any mismatch.
  bool check_invariants(std::string* why = nullptr) const;

  // Text diagram, rows numbered as in GTP, columns A..T without I.
  std::string to_string() const;

 private:
  // Tests break a board on purpose to see check_invariants catch it.
  friend struct BoardTestAccess;
  static int index(Color c) { return c == Color::Black ? 0 : 1; }
  void copy_from(const Board& other);
  // nbr_counts_ packs three 4-bit neighbour counts: Black, White, Empty.
  static constexpr int kEmptyField = 2;
  static constexpr std::uint16_t kCountMask[3] = {0x00F, 0x0F0, 0xF00};
  static constexpr std::uint16_t kCountOne[3] = {0x001, 0x010, 0x100};
  void change_neighbor_counts(Point p, int from_field, int to_field);
  // A stone of Color value v appears at p (v > 0) or leaves it (v < 0).
  void change_codes(Point p, int v);
  // The code of p read from the colours (set-up and invariant checks).
  std::uint16_t code_from_colors(Point p) const;
  void place_stone(Point p, Color c);
  void remove_liberty(Point root, Point lib);
  void add_liberty(Point root, Point lib);
  void capture_string(Point root);
  Point join_friends(Point p, Color c);
  void absorb_string(Point r, Point other);
  void insert_empty(Point p);
  void remove_empty(Point p);
  void swap_empty(int i, int j) {
    const Point a = empty_list_[i];
    const Point b = empty_list_[j];
    empty_list_[i] = b;
    empty_list_[j] = a;
    empty_index_[a] = static_cast<Point>(j);
    empty_index_[b] = static_cast<Point>(i);
  }

  int size_;
  int stride_;
  int num_points_;
  Color to_move_;
  Point ko_point_;
  Color ko_color_;  // the colour that may not play at ko_point_
  Point last_move_;
  Point second_last_move_;
  int consecutive_passes_;
  int empty_count_;
  int stone_total_[2];
  int prisoners_[2];
  std::uint64_t hash_;

  Bitboard stones_bb_[2];
  Bitboard empty_bb_;
  Color color_[kMaxPoints];
  Point parent_[kMaxPoints];
  Point next_stone_[kMaxPoints];
  Point empty_list_[kMaxPoints];
  Point empty_index_[kMaxPoints];
  std::uint16_t nbr_counts_[kMaxPoints];
  // See neighborhood_code; meaningless on the border. change_codes writes a
  // row of four codes from a point's SW neighbour, one past the last point
  // on the largest board.
  static constexpr int kCodeSlack = 1;
  std::uint16_t codes_[kMaxPoints + kCodeSlack];
  // Valid at string roots only.
  std::uint16_t lib_count_[kMaxPoints];
  std::uint16_t stone_count_[kMaxPoints];
  Bitboard libs_[kMaxPoints];
};

}  // namespace tengen
