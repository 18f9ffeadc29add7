#pragma once
// A set of points of the padded board, one bit each.

#include <array>
#include <bit>
#include <cstdint>

#include "tengen/board/point.h"

namespace tengen {

// Deliberately trivial: `Bitboard b;` is uninitialised (so the board's
// per-point arrays cost nothing to construct); write `Bitboard b{};` for an
// empty set.
class Bitboard {
 public:
  static constexpr int kWords = (kMaxPoints + 63) / 64;

  constexpr void set(Point p) { words_[p >> 6] |= bit(p); }
  constexpr void reset(Point p) { words_[p >> 6] &= ~bit(p); }
  constexpr bool test(Point p) const { return (words_[p >> 6] & bit(p)) != 0; }
  constexpr void clear() { words_.fill(0); }

  constexpr bool empty() const {
    std::uint64_t any = 0;
    for (auto w : words_) any |= w;
    return any == 0;
  }
  constexpr int count() const {
    int n = 0;
    for (auto w : words_) n += std::popcount(w);
    return n;
  }
  // The lowest point in the set; kNoPoint when empty.
  constexpr Point first() const {
    for (int i = 0; i < kWords; ++i) {
      if (words_[i] != 0) {
        return static_cast<Point>(i * 64 + std::countr_zero(words_[i]));
      }
    }
    return kNoPoint;
  }

  constexpr Bitboard& operator|=(const Bitboard& o) {
    for (int i = 0; i < kWords; ++i) words_[i] |= o.words_[i];
    return *this;
  }
  // *this |= o, returning the new count in the same pass.
  constexpr int merge_count(const Bitboard& o) {
    int n = 0;
    for (int i = 0; i < kWords; ++i) {
      words_[i] |= o.words_[i];
      n += std::popcount(words_[i]);
    }
    return n;
  }
  constexpr Bitboard& operator&=(const Bitboard& o) {
    for (int i = 0; i < kWords; ++i) words_[i] &= o.words_[i];
    return *this;
  }
  constexpr Bitboard operator|(const Bitboard& o) const { return Bitboard(*this) |= o; }
  constexpr Bitboard operator&(const Bitboard& o) const { return Bitboard(*this) &= o; }
  constexpr bool operator==(const Bitboard&) const = default;

  // Calls f(point) for every point in the set, in increasing order.
  template <typename F>
  constexpr void for_each(F&& f) const {
    for (int i = 0; i < kWords; ++i) {
      for (std::uint64_t w = words_[i]; w != 0; w &= w - 1) {
        f(static_cast<Point>(i * 64 + std::countr_zero(w)));
      }
    }
  }

 private:
  static constexpr std::uint64_t bit(Point p) { return std::uint64_t{1} << (p & 63); }
  std::array<std::uint64_t, kWords> words_;
};

}  // namespace tengen
