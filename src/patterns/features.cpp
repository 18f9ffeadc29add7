#include "tengen/patterns/features.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "tengen/playout/patterns3x3.h"
#include "tengen/tactics/self_atari.h"
#include "tengen/util/random.h"

namespace tengen::patterns {

namespace {

constexpr std::string_view kGroupNames[kTacticalGroups] = {"capture", "extension", "self-atari", "atari",
                                                           "line",    "dist-last", "dist-second-last"};
constexpr std::string_view kCaptureNames[] = {"ko", "last-move", "saves", "escapable", "dead"};
constexpr std::string_view kExtensionNames[] = {"safe", "two-libs", "ladder", "last-safe", "last-two-libs", "last-ladder"};
constexpr std::string_view kSelfAtariNames[] = {"1", "2", "3+"};
constexpr std::string_view kAtariNames[] = {"ladder", "ko", "other"};

// The orthogonal slots of a 16-bit neighbourhood code (N W E S) in the
// order of the liberty fields.
constexpr int kOrthogonalSlot[4] = {1, 3, 4, 6};

struct Pattern3Tables {
  // transform_code split by bytes: a symmetry moves 2-bit slots, so the
  // code of the whole is the OR of the codes of its halves.
  std::uint16_t low[8][256];
  std::uint16_t high[8][256];
  std::uint8_t libs[8][256];  // the four 2-bit liberty fields, moved likewise
};

Pattern3Tables make_pattern3_tables() {
  Pattern3Tables t{};
  for (int s = 0; s < 8; ++s) {
    for (unsigned v = 0; v < 256; ++v) {
      t.low[s][v] = transform_code(static_cast<std::uint16_t>(v), s);
      t.high[s][v] = transform_code(static_cast<std::uint16_t>(v << 8), s);
    }
    // Where each orthogonal slot goes: follow a lone "own" marker.
    int to_field[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4; ++k) {
      const std::uint16_t moved = transform_code(static_cast<std::uint16_t>(1u << (2 * kOrthogonalSlot[k])), s);
      for (int j = 0; j < 4; ++j) {
        if (moved == (1u << (2 * kOrthogonalSlot[j]))) to_field[k] = j;
      }
    }
    for (unsigned a = 0; a < 256; ++a) {
      unsigned out = 0;
      for (int k = 0; k < 4; ++k) out |= ((a >> (2 * k)) & 3u) << (2 * to_field[k]);
      t.libs[s][a] = static_cast<std::uint8_t>(out);
    }
  }
  return t;
}

const Pattern3Tables& pattern3_tables() {
  static const Pattern3Tables tables = make_pattern3_tables();
  return tables;
}

// The shape hash is part of the model file format ("shape-hash 1"): the
// offsets' order and the keys below must never change without a new version.
detail::ShapeTables make_shape_tables() {
  detail::ShapeTables t;
  struct Offset {
    int d, dy, dx;
  };
  std::vector<Offset> offsets;
  for (int dy = -kMaxShapeSize; dy <= kMaxShapeSize; ++dy) {
    for (int dx = -kMaxShapeSize; dx <= kMaxShapeSize; ++dx) {
      const int d = gridcular_distance(dx, dy);
      if (d > 0 && d <= kMaxShapeSize) offsets.push_back({d, dy, dx});
    }
  }
  std::sort(offsets.begin(), offsets.end(), [](const Offset& a, const Offset& b) {
    return a.d != b.d ? a.d < b.d : a.dy != b.dy ? a.dy < b.dy : a.dx < b.dx;
  });
  t.count = static_cast<int>(offsets.size());
  for (int j = 0; j < t.count; ++j) {
    t.dx[j] = offsets[j].dx;
    t.dy[j] = offsets[j].dy;
    if (std::abs(t.dx[j]) > ShapeView::kBorder || std::abs(t.dy[j]) > ShapeView::kBorder) std::abort();
    t.view_offset[j] = t.dy[j] * ShapeView::kStride + t.dx[j];
    t.level_end[offsets[j].d] = j + 1;
  }
  for (int d = 1; d <= kMaxShapeSize; ++d) t.level_end[d] = std::max(t.level_end[d], t.level_end[d - 1]);
  auto index_of = [&](int dx, int dy) {
    for (int j = 0; j < t.count; ++j) {
      if (t.dx[j] == dx && t.dy[j] == dy) return j;
    }
    std::abort();  // symmetries keep the distance: unreachable
  };
  // Hash under symmetry s: point i of the shape reads the board at T_s(i).
  // With the board read once per point j, j contributes key[i] where
  // T_s(i) = j.
  for (int i = 0; i < t.count; ++i) {
    for (int s = 0; s < 8; ++s) {
      int x = t.dx[i], y = t.dy[i];
      for (int r = 0; r < (s & 3); ++r) {
        const int tmp = x;
        x = -y;
        y = tmp;
      }
      if (s & 4) x = -x;
      const int j = index_of(x, y);
      for (int state = 0; state < 4; ++state) {
        t.keys[j][state][s] = splitmix64(0x7E46E45ULL * 1000003ULL + static_cast<std::uint64_t>(4 * i + state));
      }
    }
  }
  return t;
}

std::uint8_t distance_value(const Board& b, Point p, Point other) {
  if (other == kPass || other == kNoPoint) return 0;
  const int n = b.size();
  const int d = gridcular_distance(column_of(p, n) - column_of(other, n), row_of(p, n) - row_of(other, n));
  // d is 0 only on the point of a stone since captured: counted as adjacent.
  return static_cast<std::uint8_t>(d >= 17 ? 16 : d <= 2 ? 1 : d - 1);
}

}  // namespace

namespace detail {

const ShapeTables& shape_tables() {
  static const ShapeTables* tables = new ShapeTables(make_shape_tables());
  return *tables;
}

}  // namespace detail

std::string_view group_name(int group) { return kGroupNames[group]; }

std::string value_name(int group, int value) {
  if (value <= 0 || value > kGroupValues[group]) return "?";
  switch (group) {
    case kCapture: return std::string(kCaptureNames[value - 1]);
    case kExtension: return std::string(kExtensionNames[value - 1]);
    case kSelfAtari: return std::string(kSelfAtariNames[value - 1]);
    case kAtari: return std::string(kAtariNames[value - 1]);
    case kLine: return std::to_string(value);
    default: return value == 16 ? "17+" : std::to_string(value + 1);
  }
}

int value_from_name(int group, std::string_view name) {
  for (int v = 1; v <= kGroupValues[group]; ++v) {
    if (value_name(group, v) == name) return v;
  }
  return 0;
}

// --- 3x3 -----------------------------------------------------------------------

std::uint32_t pattern3_code(const Board& b, Point p, Color c) {
  std::uint32_t code = b.neighborhood_code(p);
  if (c == Color::White) code = swap_code_colors(static_cast<std::uint16_t>(code));
  const int s = b.stride();
  const int around[4] = {-s, -1, 1, s};
  for (int k = 0; k < 4; ++k) {
    const Point q = static_cast<Point>(p + around[k]);
    if (is_player(b.at(q)) && b.liberties(q) <= 2) code |= static_cast<std::uint32_t>(b.liberties(q)) << (16 + 2 * k);
  }
  return code;
}

namespace {

std::uint32_t transform_pattern3(const Pattern3Tables& t, std::uint32_t code, int symmetry) {
  return t.low[symmetry][code & 0xFF] | t.high[symmetry][(code >> 8) & 0xFF] |
         static_cast<std::uint32_t>(t.libs[symmetry][code >> 16]) << 16;
}

}  // namespace

std::uint32_t transform_pattern3(std::uint32_t code, int symmetry) {
  return transform_pattern3(pattern3_tables(), code, symmetry);
}

// Called for every candidate of every expanded node: the tables are fetched
// once, not once per symmetry.
std::uint32_t canonical_pattern3(std::uint32_t code) {
  const Pattern3Tables& t = pattern3_tables();
  std::uint32_t best = code;
  for (int s = 1; s < 8; ++s) best = std::min(best, transform_pattern3(t, code, s));
  return best;
}

// Cells: own / opponent stones with 3+ liberties (or diagonal) 'X' / 'O',
// with one 'x' / 'o', with two 'Y' / 'Q'.
std::string pattern3_text(std::uint32_t code) {
  std::string out(8, '?');
  for (int k = 0; k < 8; ++k) out[k] = ".XO#"[(code >> (2 * k)) & 3u];
  for (int a = 0; a < 4; ++a) {
    const unsigned libs = (code >> (16 + 2 * a)) & 3u;
    char& cell = out[kOrthogonalSlot[a]];
    if (libs == 1) cell = cell == 'X' ? 'x' : 'o';
    if (libs == 2) cell = cell == 'X' ? 'Y' : 'Q';
  }
  return out;
}

bool parse_pattern3(std::string_view text, std::uint32_t* code) {
  if (text.size() != 8) return false;
  std::uint32_t out = 0;
  for (int k = 0; k < 8; ++k) {
    const auto i = std::string_view(".XO#xoYQ").find(text[k]);
    if (i == std::string_view::npos) return false;
    const unsigned state = i < 4 ? static_cast<unsigned>(i) : 1 + (i - 4) % 2;
    const unsigned libs = i < 4 ? 0 : i < 6 ? 1 : 2;
    out |= state << (2 * k);
    if (libs > 0) {
      const int a = static_cast<int>(std::find(kOrthogonalSlot, kOrthogonalSlot + 4, k) - kOrthogonalSlot);
      if (a == 4) return false;  // liberty marks only on N W E S
      out |= libs << (16 + 2 * a);
    }
  }
  *code = out;
  return true;
}

// --- Shapes ----------------------------------------------------------------------

ShapeView::ShapeView(const Board& b, Color c) : size_(b.size()) {
  states_.fill(3);
  const unsigned own = static_cast<unsigned>(c);
  for (int y = 0; y < size_; ++y) {
    for (int x = 0; x < size_; ++x) {
      const unsigned s = static_cast<unsigned>(b.at(point_at(x, y, size_)));
      states_[(y + kBorder) * kStride + x + kBorder] = static_cast<std::uint8_t>(s == 0 ? 0 : s == own ? 1 : 2);
    }
  }
}

void shape_keys(const ShapeView& view, Point p, std::uint64_t (&keys)[kShapeSizes]) {
  int size = 0;
  largest_known_shape(view, p, [&](std::uint64_t key) {
    keys[size++] = key;
    return true;  // every size
  });
}

// --- Tactics ---------------------------------------------------------------------

bool FeatureExtractor::escapes_at(const Board& b, Point lib, Color owner) {
  if (!b.is_legal(lib, owner)) return false;
  const int libs = b.liberties_after(lib, owner);
  if (libs >= 3) return true;
  if (libs <= 1) return false;
  return !ladder_.escape_is_caught(b, lib, owner);
}

std::uint8_t FeatureExtractor::capture_value(const Board& b, Point p, Color c, int captured) {
  const Color opp = opponent(c);
  if (captured == 1 && b.liberties_after(p, c) == 1) return 1;  // ko (or snapback shape)
  const Point last = b.last_move();
  bool last_move = false, saves = false;
  b.for_each_neighbor(p, [&](Point n) {
    if (b.at(n) != opp || b.liberties(n) != 1) return;
    if (last != kPass && last != kNoPoint && b.at(last) == opp && b.root(last) == b.root(n)) last_move = true;
    b.for_each_stone(n, [&](Point s) {
      b.for_each_neighbor(s, [&](Point q) { saves |= b.at(q) == c && b.liberties(q) == 1; });
    });
  });
  if (last_move) return 2;
  if (saves) return 3;
  return escapes_at(b, p, opp) ? 4 : 5;
}

std::uint8_t FeatureExtractor::extension_value(const Board& b, Point p, Color c) {
  bool in_atari = false, from_last = false;
  const Point last = b.last_move();
  b.for_each_neighbor(p, [&](Point n) {
    if (b.at(n) != c || b.liberties(n) != 1) return;
    in_atari = true;
    if (last == kPass || last == kNoPoint || b.at(last) != opponent(c)) return;
    b.for_each_neighbor(last, [&](Point q) { from_last |= b.at(q) == c && b.root(q) == b.root(n); });
  });
  if (!in_atari) return 0;
  const int libs = b.liberties_after(p, c);
  if (libs <= 1) return 0;  // a self-atari, not an escape
  int kind = kExtendSafe;
  if (libs == 2) kind = ladder_.escape_is_caught(b, p, c) ? kExtendLadder : kExtendTwoLibs;
  return static_cast<std::uint8_t>(kind + (from_last ? 3 : 0));
}

std::uint8_t FeatureExtractor::atari_value(const Board& b, Point p, Color c) {
  const Color opp = opponent(c);
  Point target = kNoPoint;
  b.for_each_neighbor(p, [&](Point n) {
    if (b.at(n) == opp && b.liberties(n) == 2) target = n;
  });
  if (target == kNoPoint) return 0;
  // Read the escape on the board after the move (only ataris pay this copy).
  after_ = b;
  after_.play(p, c);
  bool any_atari = false, caught = false;
  b.for_each_neighbor(p, [&](Point n) {
    if (b.at(n) != opp || b.liberties(n) != 2 || after_.at(n) != opp || after_.liberties(n) != 1) return;
    any_atari = true;
    caught |= !escapes_at(after_, after_.last_liberty(n), opp);
  });
  if (!any_atari) return 0;
  if (caught) return 1;
  return b.ko_point() != kNoPoint ? 2 : 3;
}

Tactics FeatureExtractor::tactics(const Board& b, Point p, Color c) {
  Tactics t;
  const Color opp = opponent(c);
  bool stones_around = false;
  b.for_each_neighbor(p, [&](Point n) { stones_around |= is_player(b.at(n)); });
  if (stones_around) {
    const int captured = b.capture_size_if_played(p, c);
    if (captured > 0) {
      t.value[kCapture] = capture_value(b, p, c, captured);
    } else {
      t.value[kExtension] = extension_value(b, p, c);
      if (b.is_self_atari(p, c)) {
        const int stones = string_size_after(b, p, c);
        t.value[kSelfAtari] = static_cast<std::uint8_t>(stones >= 3 ? 3 : stones);
      }
    }
    bool two_libs = false;
    b.for_each_neighbor(p, [&](Point n) { two_libs |= b.at(n) == opp && b.liberties(n) == 2; });
    if (two_libs && t.value[kSelfAtari] == 0) t.value[kAtari] = atari_value(b, p, c);
  }
  const int line = line_of(p, b.size());
  t.value[kLine] = static_cast<std::uint8_t>(line <= 4 ? line : 0);
  t.value[kDistLast] = distance_value(b, p, b.last_move());
  t.value[kDistSecondLast] = distance_value(b, p, b.second_last_move());
  return t;
}

}  // namespace tengen::patterns
