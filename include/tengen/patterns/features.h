#pragma once
// The features of a candidate move for the move-pattern model (Coulom,
// "Computing Elo Ratings of Move Patterns in the Game of Go", 2007): each
// feature group gives a move at most one value, and a move's strength is the
// product of the gammas of its values.
//
//   tactical groups  small fixed sets of values (capture, extension out of
//                    atari, self-atari, atari, line, distance to the last
//                    two moves), see TacticalGroup;
//   3x3              the 8 neighbours (own, opponent, empty, edge) and the
//                    liberties (1, 2, 3+) of the strings of the 4 orthogonal
//                    ones, up to the 8 symmetries, colours seen from the
//                    side to move;
//   shape            Coulom's nested shapes: the points within gridcular
//                    distance d = |dx| + |dy| + max(|dx|, |dy|) of the move,
//                    for d = 4..14 (12 to 140 points), hashed with Zobrist
//                    keys up to the 8 symmetries; the largest shape the
//                    model knows is the move's value.
//
// Everything here is a pure function of the board, except the scratch a
// FeatureExtractor keeps for ladder reading. Colours are relative: "own" is
// the side that plays the candidate.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "tengen/board/board.h"
#include "tengen/playout/tactics.h"

namespace tengen::patterns {

// --- Tactical groups -------------------------------------------------------

enum TacticalGroup : int {
  kCapture,         // 1 ko, 2 last-move, 3 saves, 4 escapable, 5 dead (first that applies)
  kExtension,       // own string in atari at this liberty, no capture: 1..3 old atari, 4..6 the last move's
  kSelfAtari,       // no capture and one liberty left: 1, 2, 3+ stones
  kAtari,           // an opponent string left in atari: 1 ladder (caught), 2 ko on the board, 3 other
  kLine,            // 1..4: the line from the edge (5 and up: no value)
  kDistLast,        // 1..16: gridcular distance to the last move, 2..16 and 17+ (0, where a stone was captured, counts as 2)
  kDistSecondLast,  // the same for the move before
  kTacticalGroups
};

// Values per group (value 0 always means "no feature": gamma 1).
inline constexpr std::array<int, kTacticalGroups> kGroupValues = {5, 6, 3, 3, 4, 16, 16};

// Extension values 1..3 (+3 when the last move made the atari).
enum ExtensionKind : int { kExtendSafe = 1, kExtendTwoLibs = 2, kExtendLadder = 3 };

std::string_view group_name(int group);
// A value's name in the model file: "ko", "last-move", ..., "d7", "17+".
std::string value_name(int group, int value);
// The inverse of value_name; 0 if unknown.
int value_from_name(int group, std::string_view name);

struct Tactics {
  std::array<std::uint8_t, kTacticalGroups> value{};
  bool operator==(const Tactics&) const = default;
};

// Coulom's distance between two points: dx + dy + max(dx, dy).
inline int gridcular_distance(int dx, int dy) {
  dx = dx < 0 ? -dx : dx;
  dy = dy < 0 ? -dy : dy;
  return dx + dy + (dx > dy ? dx : dy);
}

// --- 3x3 patterns ----------------------------------------------------------

// A 24-bit code: bits 0..15 the 8 neighbours as in playout/patterns3x3.h
// (NW N NE W E SW S SE, 2 bits each: empty 0, own 1, opponent 2, edge 3),
// bits 16..23 the liberties of the N, W, E, S neighbour's string, 2 bits
// each: 1 or 2, and 0 for three or more (or no stone).
std::uint32_t pattern3_code(const Board& b, Point p, Color c);
// The same code after a symmetry (0..7, as transform_code).
std::uint32_t transform_pattern3(std::uint32_t code, int symmetry);
// The least code over the 8 symmetries: equal for symmetric neighbourhoods.
std::uint32_t canonical_pattern3(std::uint32_t code);
// Readable: the 8 neighbours in the order above, 'X' own, 'O' opponent,
// '.' empty, '#' edge; an orthogonal stone whose string has one liberty is
// 'x' / 'o', two liberties 'Y' / 'Q'.
std::string pattern3_text(std::uint32_t code);
// The inverse; false if the text is not 8 such cells (liberty marks only on
// N W E S).
bool parse_pattern3(std::string_view text, std::uint32_t* code);

// --- Shapes ----------------------------------------------------------------

inline constexpr int kMinShapeSize = 4;   // gridcular distance of the smallest shape
inline constexpr int kMaxShapeSize = 14;  // and of the largest (140 points around the move)
inline constexpr int kShapeSizes = kMaxShapeSize - kMinShapeSize + 1;

// A shape's key: 60 bits of the least Zobrist hash over the 8 symmetries,
// the shape's size (its distance d) in the low 4 bits; never 0.
inline int shape_size_of(std::uint64_t key) { return static_cast<int>(key & 0xF); }

// Calls known(key) for the shapes around p, smallest first, while it says
// yes; returns the key of the largest known shape, or 0 if even the smallest
// is unknown.
template <typename Known>
std::uint64_t largest_known_shape(const Board& b, Point p, Color c, Known&& known);

// The keys of every shape size around p (kMinShapeSize first).
void shape_keys(const Board& b, Point p, Color c, std::uint64_t (&keys)[kShapeSizes]);

// --- Extraction --------------------------------------------------------------

class FeatureExtractor {
 public:
  // The tactical values of c playing p, a legal move (not a pass). Reads
  // ladders for extensions to two liberties, captures and ataris.
  Tactics tactics(const Board& b, Point p, Color c);

 private:
  std::uint8_t capture_value(const Board& b, Point p, Color c, int captured);
  std::uint8_t extension_value(const Board& b, Point p, Color c);
  std::uint8_t atari_value(const Board& b, Point p, Color c);
  // Would `owner`'s string escape by extending at `lib` (a legal move)?
  bool escapes_at(const Board& b, Point lib, Color owner);

  LadderReader ladder_;
  Board after_{19};
};

// --- Shape hashing internals (the template above needs them) ---------------

namespace detail {

struct ShapeTables {
  static constexpr int kMaxOffsets = 160;
  int count = 0;                      // offsets with distance 1..kMaxShapeSize
  int dx[kMaxOffsets]{}, dy[kMaxOffsets]{};
  int level_end[kMaxShapeSize + 1]{};  // offsets [0, level_end[d]) lie within distance d
  // keys[j][state][s]: the Zobrist key point j contributes to the hash under
  // symmetry s when it holds state (empty, own, opponent, edge).
  alignas(64) std::uint64_t keys[kMaxOffsets][4][8]{};
};
const ShapeTables& shape_tables();

// Colour seen by c: own 1, opponent 2, empty 0, edge 3.
inline unsigned relative_state(const Board& b, int x, int y, Color c) {
  const int n = b.size();
  if (static_cast<unsigned>(x) >= static_cast<unsigned>(n) || static_cast<unsigned>(y) >= static_cast<unsigned>(n)) {
    return 3;
  }
  const unsigned s = static_cast<unsigned>(b.at(point_at(x, y, n)));
  return c == Color::White && s != 0 ? 3 - s : s;
}

// XORs points [from, to) into the 8 hashes.
inline void hash_points(const Board& b, int x, int y, Color c, int from, int to, std::uint64_t (&h)[8]) {
  const ShapeTables& t = shape_tables();
  for (int j = from; j < to; ++j) {
    const std::uint64_t* k = t.keys[j][relative_state(b, x + t.dx[j], y + t.dy[j], c)];
    for (int s = 0; s < 8; ++s) h[s] ^= k[s];
  }
}

inline std::uint64_t shape_key(const std::uint64_t (&h)[8], int size) {
  std::uint64_t m = h[0];
  for (int s = 1; s < 8; ++s) m = h[s] < m ? h[s] : m;
  return (m & ~std::uint64_t{0xF}) | static_cast<std::uint64_t>(size);
}

}  // namespace detail

template <typename Known>
std::uint64_t largest_known_shape(const Board& b, Point p, Color c, Known&& known) {
  const detail::ShapeTables& t = detail::shape_tables();
  const int x = column_of(p, b.size()), y = row_of(p, b.size());
  std::uint64_t h[8] = {};
  std::uint64_t found = 0;
  int done = 0;
  for (int d = kMinShapeSize; d <= kMaxShapeSize; ++d) {
    detail::hash_points(b, x, y, c, done, t.level_end[d], h);
    done = t.level_end[d];
    const std::uint64_t key = detail::shape_key(h, d);
    if (!known(key)) break;
    found = key;
  }
  return found;
}

}  // namespace tengen::patterns
