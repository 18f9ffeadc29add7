#pragma once
// A small, fast generator for playouts and tests (xoshiro256**, seeded by
// splitmix64). Each search thread owns one; nothing here is shared.

#include <chrono>
#include <cstdint>

namespace tengen {

// The parameter seed's rule: a fixed seed (plus an offset, which varies it
// from one search to the next), or one from the clock when it is 0.
inline std::uint64_t seed_or_clock(std::uint64_t seed, std::uint64_t offset = 0) {
  if (seed != 0) return seed + offset;
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

// SplitMix64's output function of x + the golden-ratio increment: a
// well-mixed 64-bit hash of x (seeds, Zobrist-style keys, sampling).
inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0x1234ABCDULL) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    for (auto& word : s_) {
      word = splitmix64(seed);
      seed += 0x9E3779B97F4A7C15ULL;
    }
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n) by multiply-shift (Lemire); the bias is below 2^-32 * n.
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

  // Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace tengen
