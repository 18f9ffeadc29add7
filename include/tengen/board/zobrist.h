#pragma once
// Zobrist keys: one random 64-bit key per (colour, point). The table is built
// at compile time from a fixed seed, so hashes are the same in every run and
// every thread without any start-up step.

#include <array>
#include <cstdint>

#include "tengen/board/color.h"
#include "tengen/board/point.h"

namespace tengen {

namespace zobrist_detail {

using Table = std::array<std::array<std::uint64_t, kMaxPoints>, 2>;

constexpr Table make_table() {
  Table t{};
  std::uint64_t state = 0x7E1A6E5C0FFEEULL;  // splitmix64
  for (auto& row : t) {
    for (auto& k : row) {
      state += 0x9E3779B97F4A7C15ULL;
      std::uint64_t z = state;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      k = z ^ (z >> 31);
    }
  }
  return t;
}

inline constexpr Table kTable = make_table();

}  // namespace zobrist_detail

struct Zobrist {
  static constexpr std::uint64_t key(Color c, Point p) {
    return zobrist_detail::kTable[c == Color::Black ? 0 : 1][p];
  }
};

}  // namespace tengen
