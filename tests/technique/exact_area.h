#pragma once
// An exact minimax solver for small Go positions, scored by area, that
// proves the answers of the technique set (tests/data/technique). It is
// self-contained on purpose: it shares no code with the engine, so that a
// bug in Tengen's board or search cannot leak into the answers it is tested
// against.
//
// The rules (Tromp-Taylor, suicide forbidden):
// - a move is a pass or a stone on an empty point; the opponent's strings
//   left without liberties are removed, then a move that leaves its own
//   string without liberties is illegal;
// - positional superko: no move may recreate a board of the game so far
//   (the root position included); passes are always legal;
// - two passes in a row end the game. Every stone on the board counts for
//   its owner, and an empty area counts for a colour when it touches that
//   colour only. The value is Black's area minus White's (no komi).
//
// The search is fail-soft alpha-beta over the whole board, every legal move
// and pass, to the end of the game: no depth limit, no move pruning, so
// values are exact. Three things make it fast enough for 10 to 20 empty
// points, and none of them changes a value:
// - Bounds from Benson's unconditional life. A pass-alive string stays on
//   the board while its owner passes, whatever the opponent plays, and so
//   does an empty point enclosed by pass-alive strings of one colour (the
//   opponent cannot play there). Passing for ever is one strategy, so the
//   owner's minimax area is at least that much.
// - A transposition table. Superko makes a position's value depend on the
//   game before it (the graph history interaction); an entry is reused only
//   where that history cannot matter. Each entry keeps the union of the
//   empty points of every position its proof looked at, and the union of
//   the points where a stone was captured in it. A board of the current
//   game can come back inside that proof only if all its empty points are
//   in the first union and every stone of the position that the board
//   lacks (or has in the other colour) is in the second: stones leave the
//   board only by capture. If no board can, the proof holds unchanged. An
//   entry is stored only when no move inside it was refused because of a
//   board played before it.
// - Move ordering: the table's move, captures, moves next to short strings,
//   own-eye fills last, and a history heuristic.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace tengen::technique {

constexpr int kMaxSide = 11;  // a point set fits 128 bits
constexpr int kPass = -1;
constexpr int kEmpty = 0, kBlack = 1, kWhite = 2;

inline int opponent(int colour) { return 3 - colour; }

// A set of points, one bit each.
struct Mask {
  std::uint64_t lo = 0, hi = 0;
  void set(int p) { (p < 64 ? lo : hi) |= std::uint64_t{1} << (p & 63); }
  bool test(int p) const { return ((p < 64 ? lo : hi) >> (p & 63)) & 1; }
  Mask operator|(const Mask& o) const { return {lo | o.lo, hi | o.hi}; }
  Mask operator&(const Mask& o) const { return {lo & o.lo, hi & o.hi}; }
  Mask operator~() const { return {~lo, ~hi}; }
  bool operator==(const Mask& o) const = default;
  bool any() const { return (lo | hi) != 0; }
  bool subset_of(const Mask& o) const { return ((lo & ~o.lo) | (hi & ~o.hi)) == 0; }
  int count() const { return __builtin_popcountll(lo) + __builtin_popcountll(hi); }
};

// GTP coordinates: columns A.. without I, rows from 1 at the bottom. Points
// are numbered row by row from the top left.
inline std::string vertex_name(int p, int size) {
  if (p == kPass) return "pass";
  static const char* kColumns = "ABCDEFGHJKLMNOPQRST";
  return std::string(1, kColumns[p % size]) + std::to_string(size - p / size);
}

inline int parse_vertex_name(const std::string& text, int size) {
  std::string v;
  for (char ch : text) v.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(ch))));
  if (v == "PASS") return kPass;
  static const std::string kColumns = "ABCDEFGHJKLMNOPQRST";
  if (v.size() < 2) throw std::runtime_error("bad vertex " + text);
  const auto col = kColumns.find(v[0]);
  const int row = std::stoi(v.substr(1));
  if (col == std::string::npos || static_cast<int>(col) >= size || row < 1 || row > size) {
    throw std::runtime_error("bad vertex " + text);
  }
  return (size - row) * size + static_cast<int>(col);
}

class Board {
 public:
  Board() = default;

  // rows from the top: 'X' Black, 'O' White, '.' empty.
  static Board from_rows(const std::vector<std::string>& rows) {
    const int size = static_cast<int>(rows.size());
    if (size < 1 || size > kMaxSide) throw std::runtime_error("board size out of range");
    Board b;
    b.size_ = size;
    for (int y = 0; y < size; ++y) {
      if (static_cast<int>(rows[y].size()) != size) throw std::runtime_error("row of the wrong width");
      for (int x = 0; x < size; ++x) {
        const char ch = rows[y][x];
        const int colour = ch == 'X' ? kBlack : ch == 'O' ? kWhite : ch == '.' ? kEmpty : -1;
        if (colour < 0) throw std::runtime_error(std::string("bad board character ") + ch);
        b.cell_[y * size + x] = static_cast<std::int8_t>(colour);
      }
    }
    b.rehash();
    for (int p = 0; p < b.points(); ++p) {
      if (b.cell_[p] != kEmpty && b.string_liberties(p) == 0) throw std::runtime_error("a string without liberties");
    }
    return b;
  }

  int size() const { return size_; }
  int points() const { return size_ * size_; }
  int at(int p) const { return cell_[p]; }
  std::uint64_t hash1() const { return h1_; }
  std::uint64_t hash2() const { return h2_; }

  template <class F>
  void for_neighbours(int p, F f) const {
    const int x = p % size_, y = p / size_;
    if (x > 0) f(p - 1);
    if (x + 1 < size_) f(p + 1);
    if (y > 0) f(p - size_);
    if (y + 1 < size_) f(p + size_);
  }

  Mask stones(int colour) const {
    Mask m;
    for (int p = 0; p < points(); ++p) {
      if (cell_[p] == colour) m.set(p);
    }
    return m;
  }
  Mask empties() const { return stones(kEmpty); }

  // The string through p, its liberties and (if asked) every point next to
  // it not of its colour.
  void string_at(int p, Mask* string, Mask* liberties, Mask* adjacent = nullptr) const {
    const int colour = cell_[p];
    int stack[kMaxSide * kMaxSide];
    int top = 0;
    stack[top++] = p;
    string->set(p);
    while (top > 0) {
      const int q = stack[--top];
      for_neighbours(q, [&](int r) {
        if (cell_[r] == colour && !string->test(r)) {
          string->set(r);
          stack[top++] = r;
        } else if (cell_[r] != colour) {
          if (cell_[r] == kEmpty) liberties->set(r);
          if (adjacent) adjacent->set(r);
        }
      });
    }
  }

  int string_liberties(int p) const {
    Mask s, l;
    string_at(p, &s, &l);
    return l.count();
  }

  // Plays a stone; false (and the board unchanged) when the point is taken
  // or the move is suicide.
  bool play(int p, int colour, int* captured = nullptr) {
    if (cell_[p] != kEmpty) return false;
    const Board before = *this;
    set(p, colour);
    int taken = 0;
    for_neighbours(p, [&](int q) {
      if (cell_[q] != opponent(colour)) return;
      Mask s, l;
      string_at(q, &s, &l);
      if (l.any()) return;
      for (int r = 0; r < points(); ++r) {
        if (s.test(r)) {
          set(r, kEmpty);
          ++taken;
        }
      }
    });
    if (taken == 0 && string_liberties(p) == 0) {
      *this = before;
      return false;
    }
    if (captured) *captured = taken;
    return true;
  }

  // Tromp-Taylor area, Black's minus White's.
  int area_score() const {
    int score = 0;
    Mask seen;
    for (int p = 0; p < points(); ++p) {
      if (cell_[p] == kBlack) ++score;
      if (cell_[p] == kWhite) --score;
      if (cell_[p] != kEmpty || seen.test(p)) continue;
      int stack[kMaxSide * kMaxSide], top = 0, count = 0;
      bool black = false, white = false;
      stack[top++] = p;
      seen.set(p);
      while (top > 0) {
        const int q = stack[--top];
        ++count;
        for_neighbours(q, [&](int r) {
          if (cell_[r] == kBlack) black = true;
          if (cell_[r] == kWhite) white = true;
          if (cell_[r] == kEmpty && !seen.test(r)) {
            seen.set(r);
            stack[top++] = r;
          }
        });
      }
      if (black && !white) score += count;
      if (white && !black) score -= count;
    }
    return score;
  }

  // Benson's unconditionally alive (pass-alive) strings of a colour.
  Mask pass_alive(int colour) const {
    const int n = points();
    // Strings of the colour, numbered.
    std::array<int, kMaxSide * kMaxSide> chain{}, region{};
    std::vector<Mask> chain_stones, chain_libs, chain_adjacent;
    chain.fill(-1);
    for (int p = 0; p < n; ++p) {
      if (cell_[p] != colour || chain[p] >= 0) continue;
      Mask s, l, adj;
      string_at(p, &s, &l, &adj);
      for (int q = 0; q < n; ++q) {
        if (s.test(q)) chain[q] = static_cast<int>(chain_stones.size());
      }
      chain_stones.push_back(s);
      chain_libs.push_back(l);
      chain_adjacent.push_back(adj);
    }
    // Regions: connected sets of points not of the colour.
    std::vector<Mask> region_points, region_empty;
    region.fill(-1);
    for (int p = 0; p < n; ++p) {
      if (cell_[p] == colour || region[p] >= 0) continue;
      Mask r;
      int stack[kMaxSide * kMaxSide], top = 0;
      stack[top++] = p;
      region[p] = static_cast<int>(region_points.size());
      r.set(p);
      while (top > 0) {
        const int q = stack[--top];
        for_neighbours(q, [&](int s) {
          if (cell_[s] != colour && region[s] < 0) {
            region[s] = region[p];
            r.set(s);
            stack[top++] = s;
          }
        });
      }
      region_points.push_back(r);
      region_empty.push_back(r & empties());
    }
    const int chains = static_cast<int>(chain_stones.size());
    const int regions = static_cast<int>(region_points.size());
    // Which chains border each region, and whether the region is vital to
    // a chain (all its empty points are that chain's liberties).
    std::vector<std::vector<int>> borders(regions);
    for (int r = 0; r < regions; ++r) {
      for (int c = 0; c < chains; ++c) {
        if ((chain_adjacent[c] & region_points[r]).any()) borders[r].push_back(c);
      }
    }
    std::vector<char> chain_alive(chains, 1), region_alive(regions, 1);
    for (bool changed = true; changed;) {
      changed = false;
      for (int c = 0; c < chains; ++c) {
        if (!chain_alive[c]) continue;
        int vital = 0;
        for (int r = 0; r < regions; ++r) {
          if (region_alive[r] && region_empty[r].subset_of(chain_libs[c]) &&
              std::find(borders[r].begin(), borders[r].end(), c) != borders[r].end()) {
            ++vital;
          }
        }
        if (vital < 2) {
          chain_alive[c] = 0;
          changed = true;
        }
      }
      for (int r = 0; r < regions; ++r) {
        if (!region_alive[r]) continue;
        for (int c : borders[r]) {
          if (!chain_alive[c]) {
            region_alive[r] = 0;
            changed = true;
            break;
          }
        }
      }
    }
    Mask alive;
    for (int c = 0; c < chains; ++c) {
      if (chain_alive[c]) alive = alive | chain_stones[c];
    }
    return alive;
  }

  // The empty areas that touch stones of `walls` only and whose every
  // point is next to one of them.
  Mask safe_areas(const Mask& walls) const {
    Mask out, seen;
    for (int p = 0; p < points(); ++p) {
      if (cell_[p] != kEmpty || seen.test(p)) continue;
      Mask area;
      bool safe = true;
      int stack[kMaxSide * kMaxSide], top = 0;
      stack[top++] = p;
      seen.set(p);
      while (top > 0) {
        const int q = stack[--top];
        area.set(q);
        bool next_to_wall = false;
        for_neighbours(q, [&](int r) {
          if (cell_[r] == kEmpty) {
            if (!seen.test(r)) {
              seen.set(r);
              stack[top++] = r;
            }
          } else if (walls.test(r)) {
            next_to_wall = true;
          } else {
            safe = false;
          }
        });
        safe = safe && next_to_wall;
      }
      if (safe) out = out | area;
    }
    return out;
  }

  // Empty points whose every neighbour is in `walls`.
  int enclosed_points(const Mask& walls) const {
    int count = 0;
    for (int p = 0; p < points(); ++p) {
      if (cell_[p] != kEmpty) continue;
      bool enclosed = true;
      for_neighbours(p, [&](int q) { enclosed = enclosed && walls.test(q); });
      count += enclosed;
    }
    return count;
  }

 private:
  static std::uint64_t zobrist(int table, int p, int colour) {
    // splitmix64 of the triple: fixed, so that hashes are reproducible.
    std::uint64_t z = 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(1 + table * 1000 + p * 3 + colour);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  void set(int p, int colour) {
    if (cell_[p] != kEmpty) {
      h1_ ^= zobrist(0, p, cell_[p]);
      h2_ ^= zobrist(1, p, cell_[p]);
    }
    cell_[p] = static_cast<std::int8_t>(colour);
    if (colour != kEmpty) {
      h1_ ^= zobrist(0, p, colour);
      h2_ ^= zobrist(1, p, colour);
    }
  }
  void rehash() {
    h1_ = h2_ = 0;
    for (int p = 0; p < points(); ++p) {
      if (cell_[p] != kEmpty) {
        h1_ ^= zobrist(0, p, cell_[p]);
        h2_ ^= zobrist(1, p, cell_[p]);
      }
    }
  }

  int size_ = 0;
  std::array<std::int8_t, kMaxSide * kMaxSide> cell_{};
  std::uint64_t h1_ = 0, h2_ = 0;
};

struct Solution {
  bool solved = false;           // false: the node budget ran out
  int value = 0;                 // Black's area minus White's, best play
  std::vector<int> right;        // every move (kPass too) that keeps `value`
  std::vector<int> legal;        // every legal move, kPass last
  std::vector<int> move_values;  // each legal move's exact value (when asked for)
  std::int64_t nodes = 0;
  double seconds = 0;
};

struct SolveOptions {
  std::int64_t max_nodes = 20'000'000;
  int table_bits = 21;          // transposition table of 2^bits entries
  bool all_values = false;      // also each legal move's exact value
  // The local game of Cazenave and Saffidine's seki problems: no stone is
  // ever played in the eyes of the walls, the empty areas that the root's
  // pass-alive strings enclose (see `walls_eyes`). Everything else is as
  // above; the values are exact for that game.
  bool local = false;
};

class Solver {
 public:
  explicit Solver(const SolveOptions& options = {}) : options_(options), table_(std::size_t{1} << options.table_bits) {}

  // The position `board` with `to_move` to play; the previous move was not
  // a pass, and `board` is the only board of the game so far.
  Solution solve(const Board& board, int to_move) {
    const auto start = std::chrono::steady_clock::now();
    std::fill(table_.begin(), table_.end(), Entry{});
    history_ = {};
    for (auto& k : killers_) k = {-2, -2};
    nodes_ = 0;
    depth_ = 0;
    aborted_ = false;
    path_.clear();
    path_.push_back(entry_for(board));
    excluded_ = options_.local ? walls_eyes(board) : Mask{};
    Solution out;
    const Position root{board, to_move, false};
    out.value = mtdf(root, board.area_score());
    for (int m : legal_moves(root)) {
      Position child = root;
      if (!apply(&child, m)) continue;  // superko cannot refuse a move at the root
      out.legal.push_back(m);
      const bool black = to_move == kBlack;
      // Null window around the value: does m keep it?
      const int v = child_search(child, m, black ? out.value - 1 : out.value, black ? out.value : out.value + 1);
      const bool keeps = black ? v >= out.value : v <= out.value;
      if (keeps) out.right.push_back(m);
      if (options_.all_values) out.move_values.push_back(keeps ? out.value : child_search(child, m, kLow, kHigh));
    }
    out.solved = !aborted_;
    out.nodes = nodes_;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
  }

 private:
  static constexpr int kLow = -10000, kHigh = 10000;
  static constexpr int kUnreferenced = std::numeric_limits<int>::max();
  static constexpr int kMaxDepth = 300;

  struct Position {
    Board board;
    int to_move = kBlack;
    bool passed = false;  // the last move was a pass
    int last = kPass;     // the last move
  };
  struct PathEntry {
    std::uint64_t h1, h2;
    Mask empty, black, white;
  };
  static PathEntry entry_for(const Board& b) {
    return {b.hash1(), b.hash2(), b.empties(), b.stones(kBlack), b.stones(kWhite)};
  }
  struct Entry {
    std::uint64_t key1 = 0, key2 = 0;
    Mask reach;    // every empty point of the positions the proof looked at
    Mask removed;  // every point where the proof captured a stone
    std::int16_t lower = kLow, upper = kHigh;
    std::int16_t move = -2;
    bool used = false;
  };
  struct Result {
    int value;
    int min_ref;  // the earliest board of the path that refused a move inside
    Mask reach;
    Mask removed;
  };

  // Applies a move that is legal on the board; false if superko refuses it.
  bool apply(Position* pos, int m) const {
    if (m != kPass) {
      pos->board.play(m, pos->to_move);
      for (const PathEntry& e : path_) {
        if (e.h1 == pos->board.hash1() && e.h2 == pos->board.hash2()) return false;
      }
    }
    pos->passed = m == kPass;
    pos->last = m;
    pos->to_move = opponent(pos->to_move);
    return true;
  }

  // The root's value by null-window searches from a first guess (MTD(f)):
  // a narrow window cuts far more than a full one in lines that are lost
  // anyway.
  int mtdf(const Position& root, int guess) {
    int lower = kLow, upper = kHigh, g = guess;
    while (lower < upper && !aborted_) {
      const int beta = g == lower ? g + 1 : g;
      g = search(root, beta - 1, beta).value;
      if (g < beta) upper = g;
      else lower = g;
    }
    return g;
  }

  int child_search(const Position& child, int m, int alpha, int beta) {
    if (m != kPass) path_.push_back(entry_for(child.board));
    const int v = search(child, alpha, beta).value;
    if (m != kPass) path_.pop_back();
    return v;
  }

  // The eyes of the root's pass-alive strings, of either colour. A wall's
  // owner gains nothing by filling one (area scoring already counts the
  // point), and the opponent's stone there is suicide or dies. Left out,
  // they keep every wall alive for good, which is what the local game of a
  // seki problem assumes; searched, each fill ends a wall's unconditional
  // life and opens the whole board (docs/technique.md).
  static Mask walls_eyes(const Board& board) {
    return board.safe_areas(board.pass_alive(kBlack)) | board.safe_areas(board.pass_alive(kWhite));
  }

  std::vector<int> legal_moves(const Position& pos) const {
    std::vector<int> moves;
    for (int p = 0; p < pos.board.points(); ++p) {
      if (excluded_.test(p)) continue;
      Board b = pos.board;
      if (b.play(p, pos.to_move)) moves.push_back(p);
    }
    moves.push_back(kPass);
    return moves;
  }

  Entry& slot(std::uint64_t key1) { return table_[key1 & (table_.size() - 1)]; }

  static std::uint64_t side_key(const Position& pos) {
    return (pos.to_move == kBlack ? 0x5bd1e995ULL : 0x1b873593ULL << 20) ^ (pos.passed ? 0xc2b2ae3d27d4eb4fULL : 0);
  }

  // Area a side is sure of, whatever the other plays: its pass-alive
  // strings, and the empty points they alone enclose where every point is
  // next to one of them (the opponent can play there, but the owner can
  // always fill a liberty of the invader: that point joins a pass-alive
  // string, so it is never suicide, and the owner's stones there only
  // grow until every invader is taken). Superko could refuse such a
  // filling move only by repeating a board that held all the pass-alive
  // stones; where the game so far has one, only what passing for ever
  // keeps is counted: the strings and their one-point eyes.
  int floor(const Board& board, int colour, const Mask& alive) const {
    bool repeatable = false;
    for (std::size_t i = 0; i + 1 < path_.size() && !repeatable; ++i) {
      repeatable = alive.subset_of(colour == kBlack ? path_[i].black : path_[i].white);
    }
    return alive.count() + (repeatable ? board.enclosed_points(alive) : board.safe_areas(alive).count());
  }

  // The entry's proof holds here unless a board of this game before the
  // position could come back inside it.
  bool entry_valid(const Entry& e) const {
    const PathEntry& now = path_.back();
    for (std::size_t i = 0; i + 1 < path_.size(); ++i) {
      const Mask changed = (now.black & ~path_[i].black) | (now.white & ~path_[i].white);
      if (path_[i].empty.subset_of(e.reach) && changed.subset_of(e.removed)) return false;
    }
    return true;
  }

  // Order: the table's move; passing after a pass (it ends the game);
  // the liberties of the string the opponent has
  // just played, when it is short of them and not pass-alive (an invasion
  // or a throw-in is refuted on the spot, and passing there only lets the
  // opponent build); the moves that refuted a sibling (killers); pass;
  // then by a score: captures, moves next to strings
  // short of liberties, history, own-eye fills last.
  void order(const Position& pos, const Mask& alive, std::vector<int>* moves, int first) const {
    Mask local;
    if (pos.last != kPass && pos.board.at(pos.last) != kEmpty && !alive.test(pos.last)) {
      Mask string, liberties;
      pos.board.string_at(pos.last, &string, &liberties);
      if (liberties.count() <= 3) local = liberties;
    }
    std::vector<std::pair<int, int>> scored;
    for (int m : *moves) {
      int s = 0;
      if (m == first) {
        s = 1 << 30;
      } else if (m == kPass) {
        // In a settled position passing is most often best, and it is the
        // cheapest move to search: after two passes the game is over.
        s = pos.passed ? 1 << 29 : 1 << 27;
      } else if (local.test(m)) {
        s = 1 << 28;
      } else if (m == killers_[depth_][0] || m == killers_[depth_][1]) {
        s = (1 << 27) + 1 + (m == killers_[depth_][0]);  // refuted a sibling
      } else {
        bool own_eye = true;
        pos.board.for_neighbours(m, [&](int q) {
          if (pos.board.at(q) != pos.to_move) own_eye = false;
          if (pos.board.at(q) == kEmpty) return;
          const int libs = pos.board.string_liberties(q);
          if (pos.board.at(q) == opponent(pos.to_move)) {
            if (libs == 1) s += 1 << 24;
            else if (libs == 2) s += 1 << 22;
          } else if (libs == 1) {
            s += 1 << 23;
          }
        });
        s += history_[pos.to_move - 1][m];
        if (own_eye) s -= 1 << 25;
      }
      scored.push_back({-s, m});
    }
    std::stable_sort(scored.begin(), scored.end());
    for (std::size_t i = 0; i < scored.size(); ++i) (*moves)[i] = scored[i].second;
  }

  Result search(const Position& pos, int alpha, int beta) {
    const int here = static_cast<int>(path_.size()) - 1;
    Mask reach = pos.board.empties(), removed;
    // A line this long is a game played again on an emptied board; the
    // position is beyond this solver, and the recursion must stay bounded.
    if (++nodes_ > options_.max_nodes || depth_ > kMaxDepth) aborted_ = true;
    if (aborted_) return {0, -1, reach, removed};

    const Mask black_alive = pos.board.pass_alive(kBlack), white_alive = pos.board.pass_alive(kWhite);
    const int black_floor = floor(pos.board, kBlack, black_alive), white_floor = floor(pos.board, kWhite, white_alive);
    const int lo = 2 * black_floor - pos.board.points(), hi = pos.board.points() - 2 * white_floor;
    // A bound rests on play beyond this node (the floor's passes and
    // fills), in which any stone but a pass-alive one may be captured.
    const Mask capturable = ~reach & ~(black_alive | white_alive);
    if (lo >= beta || lo == hi) return {lo, kUnreferenced, reach, capturable};
    if (hi <= alpha) return {hi, kUnreferenced, reach, capturable};
    int a = std::max(alpha, lo), b = std::min(beta, hi);

    const std::uint64_t key1 = pos.board.hash1() ^ side_key(pos), key2 = pos.board.hash2() ^ side_key(pos);
    Entry& e = slot(key1);
    int first = -2;
    if (e.used && e.key1 == key1 && e.key2 == key2 && entry_valid(e)) {
      if (e.lower >= b) return {e.lower, kUnreferenced, e.reach, e.removed};
      if (e.upper <= a) return {e.upper, kUnreferenced, e.reach, e.removed};
      if (e.lower == e.upper) return {e.lower, kUnreferenced, e.reach, e.removed};
      a = std::max(a, static_cast<int>(e.lower));
      b = std::min(b, static_cast<int>(e.upper));
      first = e.move;
    }
    const int a0 = a, b0 = b;
    const bool black = pos.to_move == kBlack;
    int best = black ? kLow : kHigh, best_move = -2, min_ref = kUnreferenced;

    std::vector<int> moves = legal_moves(pos);
    order(pos, black_alive | white_alive, &moves, first);
    for (int m : moves) {
      Position child = pos;
      int v;
      if (m == kPass && pos.passed) {
        v = pos.board.area_score();
      } else {
        if (!apply(&child, m)) {
          for (int i = 0; i <= here; ++i) {
            if (path_[i].h1 == child.board.hash1() && path_[i].h2 == child.board.hash2()) min_ref = std::min(min_ref, i);
          }
          continue;
        }
        if (m != kPass) path_.push_back(entry_for(child.board));
        ++depth_;
        const Result r = search(child, a, b);
        --depth_;
        if (m != kPass) path_.pop_back();
        v = r.value;
        min_ref = std::min(min_ref, r.min_ref);
        reach = reach | r.reach;
        // The move's own captures: stones here that the child lacks.
        removed = removed | r.removed | (~pos.board.empties() & child.board.empties());
      }
      if (aborted_) return {0, -1, reach, removed};
      if (black ? v > best : v < best) {
        best = v;
        best_move = m;
      }
      if (black) a = std::max(a, v);
      else b = std::min(b, v);
      if (a >= b) {
        if (m != kPass) history_[pos.to_move - 1][m] += 1;
        if (killers_[depth_][0] != m) {
          killers_[depth_][1] = killers_[depth_][0];
          killers_[depth_][0] = m;
        }
        break;
      }
    }
    // Inside [lo, hi] a fail-soft bound outside the window is exact.
    best = std::clamp(best, lo, hi);
    if (min_ref >= here) {
      Entry stored = (e.used && e.key1 == key1 && e.key2 == key2) ? e : Entry{};
      if (!(e.used && e.key1 == key1 && e.key2 == key2 && entry_valid(e))) stored = Entry{};
      stored.used = true;
      stored.key1 = key1;
      stored.key2 = key2;
      if (best > a0) stored.lower = static_cast<std::int16_t>(std::max<int>(stored.lower, best));
      if (best < b0) stored.upper = static_cast<std::int16_t>(std::min<int>(stored.upper, best));
      if (best > a0 && best < b0) stored.lower = stored.upper = static_cast<std::int16_t>(best);
      stored.reach = stored.reach | reach;
      stored.removed = stored.removed | removed;
      stored.move = static_cast<std::int16_t>(best_move);
      e = stored;
    }
    return {best, min_ref, reach, removed};
  }

  SolveOptions options_;
  std::vector<Entry> table_;
  std::vector<PathEntry> path_;
  Mask excluded_;  // points no move is played on (the local game's walls' eyes)
  std::array<std::array<int, kMaxSide * kMaxSide>, 2> history_{};
  std::array<std::array<int, 2>, kMaxDepth + 2> killers_{};
  std::int64_t nodes_ = 0;
  int depth_ = 0;
  bool aborted_ = false;
};

}  // namespace tengen::technique
