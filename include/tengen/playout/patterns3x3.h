#pragma once
// 3x3 patterns for the heavy playout policy: a readable pattern file
// (patterns/mogo-3x3.txt) compiled into one bit per (neighbourhood, colour to
// play), over all 8 symmetries and both colour assignments.
//
// A point's neighbourhood code (Board::neighborhood_code) lies in [0,
// 65536). The table is 16 KiB: it stays in L1 while a playout runs.

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/board/board.h"

namespace tengen {

inline constexpr int kNeighborhoodCodes = 1 << 16;

// The 8 symmetries of the square (4 rotations, each with and without a
// mirror) acting on a code, and the code with Black and White swapped.
std::uint16_t transform_code(std::uint16_t code, int symmetry);
std::uint16_t swap_code_colors(std::uint16_t code);

// One pattern as written in the file: cells in reading order, the centre
// (index 4) always '.', the move.
struct Pattern3 {
  std::string name;
  std::array<char, 9> cells{};
  bool only_x_to_play = false;  // "to-play X": only when X's colour moves
  int line = 0;                 // where it starts in its file
};

// A missing, unreadable or malformed pattern file; what() names the file,
// the line and what is wrong.
struct PatternFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Pattern3Table {
 public:
  // Parses pattern-file text; `origin` names it in error messages.
  // Throws PatternFileError.
  static Pattern3Table parse(std::string_view text, const std::string& origin);
  // Reads and parses a file. Throws PatternFileError.
  static Pattern3Table load(const std::string& path);

  // Does some pattern match around an empty point with this code when
  // `to_play` moves there?
  bool matches(std::uint16_t code, Color to_play) const {
    const unsigned bit = 2u * code + (to_play == Color::White);
    return (bits_[bit >> 6] >> (bit & 63)) & 1u;
  }
  bool matches_at(const Board& b, Point p, Color to_play) const { return matches(b.neighborhood_code(p), to_play); }

  const std::vector<Pattern3>& patterns() const { return patterns_; }
  // Codes that match for each colour (for tests and the docs).
  int count_matches(Color to_play) const;

 private:
  void add(const Pattern3& pattern);
  void set(std::uint16_t code, Color to_play) {
    const unsigned bit = 2u * code + (to_play == Color::White);
    bits_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  }

  std::vector<Pattern3> patterns_;
  std::array<std::uint64_t, 2 * kNeighborhoodCodes / 64> bits_{};
};

// The heavy policy's pattern file when the parameter heavy-pattern-file is
// empty: the shipped mogo-3x3.txt (util/data_files.h says where it is
// looked for).
std::string default_pattern_file();

}  // namespace tengen
