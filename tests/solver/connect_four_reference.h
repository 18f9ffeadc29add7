#pragma once
// An independent Connect Four for checking the bitboard one: a plain grid,
// wins found by walking the lines through the last stone, and exact values
// by minimax over every position with a memo. Slow and obviously right.

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace tengen::test {

class ReferenceConnectFour {
 public:
  ReferenceConnectFour(int width, int height)
      : width_(width), height_(height), cells_(static_cast<std::size_t>(width * height), 0) {}

  int width() const { return width_; }
  int height() const { return height_; }
  int winner() const { return winner_; }  // 0 none, 1 first player, 2 second
  int to_move() const { return moves_ % 2 == 0 ? 1 : 2; }
  bool full() const { return moves_ == width_ * height_; }
  bool over() const { return winner_ != 0 || full(); }
  bool can_play(int column) const { return !over() && column >= 0 && column < width_ && top(column) < height_; }
  int cell(int column, int row) const { return cells_[static_cast<std::size_t>(row * width_ + column)]; }

  void play(int column) {
    if (!can_play(column)) throw std::logic_error("reference: illegal move");
    const int row = top(column);
    const int player = to_move();
    cells_[static_cast<std::size_t>(row * width_ + column)] = static_cast<char>(player);
    ++moves_;
    if (makes_four(column, row, player)) winner_ = player;
  }

  // First player's view: +1 win, 0 draw, -1 loss.
  int score() const { return winner_ == 1 ? 1 : winner_ == 2 ? -1 : 0; }

  // Base-3 digits of the cells: a position's identity for the memo.
  std::uint64_t key() const {
    std::uint64_t k = 0;
    for (const char c : cells_) k = k * 3 + static_cast<std::uint64_t>(c);
    return k;
  }

 private:
  int top(int column) const {
    int row = 0;
    while (row < height_ && cell(column, row) != 0) ++row;
    return row;
  }

  int run(int column, int row, int dc, int dr, int player) const {
    int count = 0;
    for (int c = column + dc, r = row + dr; c >= 0 && c < width_ && r >= 0 && r < height_ && cell(c, r) == player;
         c += dc, r += dr)
      ++count;
    return count;
  }

  bool makes_four(int column, int row, int player) const {
    const int directions[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (const auto& d : directions) {
      if (1 + run(column, row, d[0], d[1], player) + run(column, row, -d[0], -d[1], player) >= 4) return true;
    }
    return false;
  }

  int width_;
  int height_;
  std::vector<char> cells_;  // row-major, row 0 at the bottom
  int moves_ = 0;
  int winner_ = 0;
};

// Exact minimax value, first player's view, of a position (boards of at
// most 40 cells, so that the key fits in 64 bits).
class ExhaustiveConnectFour {
 public:
  int value(const ReferenceConnectFour& pos) {
    if (pos.width() * pos.height() > 40) throw std::invalid_argument("reference: board too large");
    if (pos.over()) return pos.score();
    const auto it = memo_.find(pos.key());
    if (it != memo_.end()) return it->second;
    const bool first = pos.to_move() == 1;
    int best = first ? -1 : 1;
    for (int c = 0; c < pos.width(); ++c) {
      if (!pos.can_play(c)) continue;
      ReferenceConnectFour next = pos;
      next.play(c);
      const int v = value(next);
      best = first ? std::max(best, v) : std::min(best, v);
    }
    memo_.emplace(pos.key(), best);
    return best;
  }

  std::size_t positions() const { return memo_.size(); }

 private:
  std::unordered_map<std::uint64_t, int> memo_;
};

}  // namespace tengen::test
