#pragma once
// A slow, obviously-right Go board for differential testing: a plain grid,
// strings and liberties by flood fill, legality by trying the move on a copy,
// superko by comparing whole grids. Shares nothing with the real board but
// the colour enum and the Zobrist keys (to check the incremental hash).

#include <cstdint>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "tengen/board/color.h"
#include "tengen/board/point.h"
#include "tengen/board/zobrist.h"

namespace tengen::test {

class ReferenceBoard {
 public:
  using Grid = std::vector<Color>;  // row-major, y from the top

  explicit ReferenceBoard(int size) : size_(size), grid_(size * size, Color::Empty) {
    history_.insert(grid_);
  }

  int size() const { return size_; }
  Color at(int x, int y) const { return grid_[y * size_ + x]; }
  const Grid& grid() const { return grid_; }
  int prisoners(Color c) const { return c == Color::Black ? prisoners_[0] : prisoners_[1]; }

  // Simple ko is the superko rule restricted to the position before last.
  bool is_legal(int x, int y, Color c, bool superko) const {
    Grid after;
    int captured = 0;
    if (!try_move(x, y, c, &after, &captured)) return false;
    if (superko) return history_.count(after) == 0;
    return !(previous_ && after == *previous_);
  }

  bool play(int x, int y, Color c, bool superko) {
    if (!is_legal(x, y, c, superko)) return false;
    Grid after;
    int captured = 0;
    try_move(x, y, c, &after, &captured);
    save();
    previous_ = grid_;
    grid_ = after;
    prisoners_[c == Color::Black ? 0 : 1] += captured;
    history_.insert(grid_);
    return true;
  }

  void pass() {
    save();
    previous_.reset();
    history_.insert(grid_);
  }

  bool undo() {
    if (saved_.empty()) return false;
    history_.erase(history_.find(grid_));
    const Saved& s = saved_.back();
    grid_ = s.grid;
    previous_ = s.previous;
    prisoners_[0] = s.prisoners[0];
    prisoners_[1] = s.prisoners[1];
    saved_.pop_back();
    return true;
  }

  std::uint64_t hash() const {
    std::uint64_t h = 0;
    for (int y = 0; y < size_; ++y) {
      for (int x = 0; x < size_; ++x) {
        if (is_player(at(x, y))) h ^= Zobrist::key(at(x, y), point_at(x, y, size_));
      }
    }
    return h;
  }

  // Black area minus White area minus komi.
  double area_score(double komi) const {
    int area[3] = {0, 0, 0};
    std::vector<bool> seen(grid_.size(), false);
    for (int i = 0; i < static_cast<int>(grid_.size()); ++i) {
      if (is_player(grid_[i])) {
        ++area[static_cast<int>(grid_[i])];
      } else if (!seen[i]) {
        std::vector<int> region;
        bool reach[3] = {false, false, false};
        flood(i, Color::Empty, &region, &seen, reach);
        if (reach[1] != reach[2]) area[reach[1] ? 1 : 2] += static_cast<int>(region.size());
      }
    }
    return area[1] - area[2] - komi;
  }

  // Liberties of the string at (x, y), by flood fill.
  int liberties(int x, int y) const {
    std::vector<bool> seen(grid_.size(), false);
    std::vector<int> stones;
    bool reach[3] = {false, false, false};
    return count_liberties(grid_, y * size_ + x, &stones, &seen, reach);
  }

 private:
  struct Neighbors {
    int at[4];
    int n = 0;
  };
  Neighbors neighbors(int i) const {
    Neighbors out;
    const int x = i % size_, y = i / size_;
    if (x > 0) out.at[out.n++] = i - 1;
    if (x < size_ - 1) out.at[out.n++] = i + 1;
    if (y > 0) out.at[out.n++] = i - size_;
    if (y < size_ - 1) out.at[out.n++] = i + size_;
    return out;
  }

  // Floods the region of colour c containing start; reach[col] notes the
  // colours seen around it.
  void flood(int start, Color c, std::vector<int>* region, std::vector<bool>* seen, bool reach[3]) const {
    flood_grid(grid_, start, c, region, seen, reach);
  }
  void flood_grid(const Grid& g, int start, Color c, std::vector<int>* region, std::vector<bool>* seen,
                  bool reach[3]) const {
    std::vector<int> stack{start};
    (*seen)[start] = true;
    while (!stack.empty()) {
      const int q = stack.back();
      stack.pop_back();
      region->push_back(q);
      const Neighbors nb = neighbors(q);
      for (int k = 0; k < nb.n; ++k) {
        const int n = nb.at[k];
        if (g[n] == c && !(*seen)[n]) {
          (*seen)[n] = true;
          stack.push_back(n);
        } else if (g[n] != c) {
          reach[static_cast<int>(g[n])] = true;
        }
      }
    }
  }

  int count_liberties(const Grid& g, int start, std::vector<int>* stones, std::vector<bool>* seen,
                      bool reach[3]) const {
    flood_grid(g, start, g[start], stones, seen, reach);
    std::vector<bool> is_liberty(g.size(), false);
    int libs = 0;
    for (int s : *stones) {
      const Neighbors nb = neighbors(s);
      for (int k = 0; k < nb.n; ++k) {
        const int n = nb.at[k];
        if (g[n] == Color::Empty && !is_liberty[n]) {
          is_liberty[n] = true;
          ++libs;
        }
      }
    }
    return libs;
  }

  // The grid after c plays at (x, y): remove opponent strings without
  // liberties, then reject suicide. False if occupied or suicide.
  bool try_move(int x, int y, Color c, Grid* after, int* captured) const {
    const int i = y * size_ + x;
    if (grid_[i] != Color::Empty) return false;
    Grid g = placed(i, c, captured);
    std::vector<bool> seen(g.size(), false);
    std::vector<int> stones;
    bool reach[3] = {false, false, false};
    if (count_liberties(g, i, &stones, &seen, reach) == 0) return false;
    *after = std::move(g);
    return true;
  }

 public:
  // Liberties of the string c would have at the empty point (x, y) after
  // playing there, captures taken (0 for a suicide; ko not considered),
  // and the stones it would capture.
  int liberties_after(int x, int y, Color c, int* captured) const {
    const int i = y * size_ + x;
    const Grid g = placed(i, c, captured);
    std::vector<bool> seen(g.size(), false);
    std::vector<int> stones;
    bool reach[3] = {false, false, false};
    return count_liberties(g, i, &stones, &seen, reach);
  }

 private:
  // The grid with c at i and the opponent strings left without liberties
  // removed (their stones counted in *captured).
  Grid placed(int i, Color c, int* captured) const {
    Grid g = grid_;
    g[i] = c;
    *captured = 0;
    const Neighbors nb = neighbors(i);
    for (int k = 0; k < nb.n; ++k) {
      const int n = nb.at[k];
      if (g[n] != opponent(c)) continue;
      std::vector<bool> seen(g.size(), false);
      std::vector<int> stones;
      bool reach[3] = {false, false, false};
      if (count_liberties(g, n, &stones, &seen, reach) == 0) {
        for (int s : stones) g[s] = Color::Empty;
        *captured += static_cast<int>(stones.size());
      }
    }
    return g;
  }

  struct Saved {
    Grid grid;
    std::optional<Grid> previous;
    int prisoners[2];
  };
  void save() { saved_.push_back({grid_, previous_, {prisoners_[0], prisoners_[1]}}); }

  int size_;
  Grid grid_;
  std::vector<Saved> saved_;
  std::optional<Grid> previous_;  // the position before the last move, for simple ko
  std::multiset<Grid> history_;
  int prisoners_[2] = {0, 0};
};

}  // namespace tengen::test
