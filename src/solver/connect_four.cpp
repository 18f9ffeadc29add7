#include "tengen/solver/connect_four.h"

#include <stdexcept>

namespace tengen {

ConnectFour::ConnectFour(int width, int height)
    : width_(static_cast<std::uint8_t>(width)), height_(static_cast<std::uint8_t>(height)) {
  if (width < 1 || width > kMaxWidth || height < 1 || height > kMaxHeight)
    throw std::invalid_argument("Connect Four board must be 1..7 columns by 1..6 rows");
}

int ConnectFour::legal_moves(Move* out) const {
  if (is_terminal()) return 0;
  int count = 0;
  for (int c = 0; c < width_; ++c) {
    if (heights_[c] < height_) out[count++] = static_cast<Move>(c);
  }
  return count;
}

int ConnectFour::playout(Rng& rng) {
  std::array<Move, kMaxWidth> open;  // columns not full, in any order
  int num_open = legal_moves(open.data());
  while (!is_terminal()) {
    const std::uint32_t k = rng.below(static_cast<std::uint32_t>(num_open));
    const Move column = open[k];
    play(column);
    if (heights_[column] == height_) open[k] = open[--num_open];
  }
  return score();
}

int ConnectFour::at(int column, int row) const {
  const std::uint64_t bit = std::uint64_t{1} << (column * (height_ + 1) + row);
  if (stones_[0] & bit) return 1;
  if (stones_[1] & bit) return 2;
  return 0;
}

std::string ConnectFour::to_string() const {
  std::string s;
  for (int row = height_ - 1; row >= 0; --row) {
    for (int column = 0; column < width_; ++column) s += ".XO"[at(column, row)];
    s += '\n';
  }
  return s;
}

}  // namespace tengen
