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
#include <cstring>
#include <string>
#include <string_view>

#include "tengen/board/board.h"
#include "tengen/tactics/ladder.h"

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

// The board as the shapes around c's moves see it: each point's state
// relative to c (empty 0, own 1, opponent 2) in a grid whose border, as wide
// as the largest shape reaches, reads as edge (3). Made once per position and
// side, it spares the hashing of every candidate's shapes all bounds checks
// and colour flips (the priors hash about 300 candidates per tree node on
// 19x19).
class ShapeView {
 public:
  static constexpr int kBorder = 7;  // the largest shape reaches 7 points along a line
  static constexpr int kStride = kMaxSize + 2 * kBorder;

  ShapeView(const Board& b, Color c);
  // The grid index of a board point.
  int index(Point p) const { return (row_of(p, size_) + kBorder) * kStride + column_of(p, size_) + kBorder; }
  unsigned state(int index) const { return states_[index]; }

 private:
  int size_;
  std::array<std::uint8_t, kStride * kStride> states_;
};

// Calls known(key) for the shapes around p, smallest first, while it says
// yes; returns the key of the largest known shape, or 0 if even the smallest
// is unknown.
template <typename Known>
std::uint64_t largest_known_shape(const ShapeView& view, Point p, Known&& known);
template <typename Known>
std::uint64_t largest_known_shape(const Board& b, Point p, Color c, Known&& known) {
  return largest_known_shape(ShapeView(b, c), p, known);
}

// The keys of every shape size around p (kMinShapeSize first).
void shape_keys(const ShapeView& view, Point p, std::uint64_t (&keys)[kShapeSizes]);
inline void shape_keys(const Board& b, Point p, Color c, std::uint64_t (&keys)[kShapeSizes]) {
  shape_keys(ShapeView(b, c), p, keys);
}

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
  Board after_{kMaxSize};
};

// --- Shape hashing internals (the template above needs them) ---------------

namespace detail {

struct ShapeTables {
  static constexpr int kMaxOffsets = 160;
  int count = 0;                      // offsets with distance 1..kMaxShapeSize
  int dx[kMaxOffsets]{}, dy[kMaxOffsets]{};
  int view_offset[kMaxOffsets]{};     // dy * ShapeView::kStride + dx
  int level_end[kMaxShapeSize + 1]{};  // offsets [0, level_end[d]) lie within distance d
  // keys[j][state][s]: the Zobrist key point j contributes to the hash under
  // symmetry s when it holds state (empty, own, opponent, edge).
  alignas(64) std::uint64_t keys[kMaxOffsets][4][8]{};
};
const ShapeTables& shape_tables();

// The 8 hashes of a shape, one per symmetry, in two vectors of four (GCC's
// vector extension: two AVX2 XORs per point where the CPU has them).
struct ShapeHash {
  using Lanes = std::uint64_t __attribute__((vector_size(32)));
  Lanes low{}, high{};

  // XORs in the keys of points [from, to) around the grid index centre.
  void add_points(const ShapeTables& t, const ShapeView& view, int centre, int from, int to) {
    for (int j = from; j < to; ++j) {
      const std::uint64_t* k = t.keys[j][view.state(centre + t.view_offset[j])];
      Lanes a, b;
      std::memcpy(&a, k, sizeof a);
      std::memcpy(&b, k + 4, sizeof b);
      low ^= a;
      high ^= b;
    }
  }
  // The shape's key: the least of the 8 hashes, its size in the low bits.
  std::uint64_t key(int size) const {
    std::uint64_t m = low[0];
    for (int s = 1; s < 4; ++s) m = low[s] < m ? low[s] : m;
    for (int s = 0; s < 4; ++s) m = high[s] < m ? high[s] : m;
    return (m & ~std::uint64_t{0xF}) | static_cast<std::uint64_t>(size);
  }
};

}  // namespace detail

template <typename Known>
std::uint64_t largest_known_shape(const ShapeView& view, Point p, Known&& known) {
  const detail::ShapeTables& t = detail::shape_tables();
  const int centre = view.index(p);
  detail::ShapeHash h;
  std::uint64_t found = 0;
  int done = 0;
  for (int d = kMinShapeSize; d <= kMaxShapeSize; ++d) {
    h.add_points(t, view, centre, done, t.level_end[d]);
    done = t.level_end[d];
    const std::uint64_t key = h.key(d);
    if (!known(key)) break;
    found = key;
  }
  return found;
}

}  // namespace tengen::patterns
