#include "tengen/playout/patterns3x3.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tengen/util/data_files.h"

namespace tengen {

namespace {

// Code slot k (NW N NE W E SW S SE) is this cell of the 3x3 reading order.
constexpr int kSlotCell[8] = {0, 1, 2, 3, 5, 6, 7, 8};
constexpr int kCellSlot[9] = {0, 1, 2, 3, -1, 4, 5, 6, 7};

// The cell that cell i moves to under a symmetry: r quarter turns, then a
// mirror when bit 2 is set.
constexpr int transform_cell(int i, int symmetry) {
  int x = i % 3 - 1;
  int y = i / 3 - 1;
  for (int r = 0; r < (symmetry & 3); ++r) {
    const int t = x;
    x = -y;
    y = t;
  }
  if (symmetry & 4) x = -x;
  return (y + 1) * 3 + (x + 1);
}

// Bit s of a state mask stands for the state with Color value s.
constexpr unsigned kEmptyBit = 1u << static_cast<int>(Color::Empty);
constexpr unsigned kBlackBit = 1u << static_cast<int>(Color::Black);
constexpr unsigned kWhiteBit = 1u << static_cast<int>(Color::White);
constexpr unsigned kEdgeBit = 1u << static_cast<int>(Color::Border);
constexpr unsigned kAnyBit = kEmptyBit | kBlackBit | kWhiteBit | kEdgeBit;
constexpr std::string_view kSymbols = "XO.-xo?";

// What a cell allows, X standing for colour x.
unsigned allowed_states(char cell, Color x) {
  const unsigned own = x == Color::Black ? kBlackBit : kWhiteBit;
  const unsigned other = x == Color::Black ? kWhiteBit : kBlackBit;
  switch (cell) {
    case 'X': return own;
    case 'O': return other;
    case '.': return kEmptyBit;
    case '-': return kEdgeBit;
    case 'x': return kAnyBit & ~own;
    case 'o': return kAnyBit & ~other;
    default: return kAnyBit;  // '?'
  }
}

// Calls f(code) for every code whose slot k holds a state in masks[k].
template <typename F>
void for_each_code(const unsigned (&masks)[8], int slot, unsigned code, F&& f) {
  if (slot == 8) {
    f(static_cast<std::uint16_t>(code));
    return;
  }
  for (unsigned s = 0; s < 4; ++s) {
    if (masks[slot] & (1u << s)) for_each_code(masks, slot + 1, code | s << (2 * slot), f);
  }
}

// Where the centre may stand: inside, on one of 4 edges or in one of 4
// corners; each is the set of cells that lie off the board.
bool fits_somewhere_on_a_board(const std::array<char, 9>& cells) {
  for (int dx = -1; dx <= 1; ++dx) {
    for (int dy = -1; dy <= 1; ++dy) {
      bool fits = true;
      for (int i = 0; i < 9; ++i) {
        if (i == 4) continue;
        const bool off = (dx != 0 && i % 3 - 1 == dx) || (dy != 0 && i / 3 - 1 == dy);
        const unsigned allowed = allowed_states(cells[i], Color::Black);
        fits &= off ? (allowed & kEdgeBit) != 0 : (allowed & ~kEdgeBit) != 0;
      }
      if (fits) return true;
    }
  }
  return false;
}

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

bool valid_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

// Reads the file's lines into patterns; every error names the line.
class PatternParser {
 public:
  explicit PatternParser(std::string origin) : origin_(std::move(origin)) {}

  std::vector<Pattern3> parse(std::string_view text) {
    std::istringstream in{std::string(text)};
    for (std::string raw; std::getline(in, raw);) {
      ++line_;
      const std::string line = trimmed(raw);
      if (line.empty() || line[0] == '#') continue;
      take(line);
    }
    finish_pattern();
    if (patterns_.empty()) fail("no patterns (a pattern starts with a line 'pattern NAME')");
    return patterns_;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw PatternFileError(origin_ + ":" + std::to_string(line_) + ": " + why);
  }

  void take(const std::string& line) {
    if (line.rfind("pattern", 0) == 0) return start_pattern(line);
    if (line.rfind("to-play", 0) == 0) return take_to_play(line);
    if (open_ && rows_ < 3) return take_row(line);
    fail("expected 'pattern NAME', a row of 3 cells or 'to-play X', got '" + line + "'");
  }

  void start_pattern(const std::string& line) {
    finish_pattern();
    const std::string name = trimmed(std::string_view(line).substr(7));
    if (line.size() > 7 && line[7] != ' ' && line[7] != '\t') fail("expected 'pattern NAME', got '" + line + "'");
    if (!valid_name(name)) fail("a pattern name is one word of letters, digits, '-' and '_', got '" + name + "'");
    for (const auto& p : patterns_) {
      if (p.name == name) fail("pattern '" + name + "' is defined twice (first at line " + std::to_string(p.line) + ")");
    }
    current_ = Pattern3{name, {}, false, line_};
    open_ = true;
    rows_ = 0;
  }

  void take_row(const std::string& line) {
    std::string cells;
    for (char c : line) {
      if (c != ' ' && c != '\t') cells.push_back(c);
    }
    if (cells.size() != 3 || cells.find_first_not_of(kSymbols) != std::string::npos) {
      fail("pattern '" + current_.name + "': a row is 3 cells of X O . - x o ?, got '" + line + "'");
    }
    std::copy(cells.begin(), cells.end(), current_.cells.begin() + 3 * rows_);
    ++rows_;
  }

  void take_to_play(const std::string& line) {
    if (!open_ || rows_ != 3 || current_.only_x_to_play) fail("'to-play' belongs right after a pattern's 3 rows");
    if (trimmed(std::string_view(line).substr(7)) != "X") fail("only 'to-play X' is allowed, got '" + line + "'");
    current_.only_x_to_play = true;
  }

  void finish_pattern() {
    if (!open_) return;
    open_ = false;
    if (rows_ != 3) fail("pattern '" + current_.name + "' has " + std::to_string(rows_) + " rows, needs 3");
    const auto& c = current_.cells;
    if (c[4] != '.') fail("pattern '" + current_.name + "': the centre is the move and must be '.'");
    if (std::none_of(c.begin(), c.end(), [](char x) { return x == 'X' || x == 'O'; })) {
      fail("pattern '" + current_.name + "' has no stone (X or O)");
    }
    if (!fits_somewhere_on_a_board(c)) {
      fail("pattern '" + current_.name + "' can never match: its off-board cells ('-') fit no edge or corner");
    }
    patterns_.push_back(current_);
  }

  std::string origin_;
  int line_ = 0;
  std::vector<Pattern3> patterns_;
  Pattern3 current_;
  bool open_ = false;
  int rows_ = 0;
};

}  // namespace

std::uint16_t transform_code(std::uint16_t code, int symmetry) {
  unsigned out = 0;
  for (int k = 0; k < 8; ++k) {
    const unsigned state = (code >> (2 * k)) & 3u;
    out |= state << (2 * kCellSlot[transform_cell(kSlotCell[k], symmetry)]);
  }
  return static_cast<std::uint16_t>(out);
}

std::uint16_t swap_code_colors(std::uint16_t code) {
  // Black (01) and White (10) swap; empty (00) and edge (11) stay.
  const unsigned low = code & 0x5555u;
  const unsigned high = (code >> 1) & 0x5555u;
  const unsigned differ = low ^ high;  // 1 where the state is a stone
  return static_cast<std::uint16_t>(code ^ (differ | differ << 1));
}

void Pattern3Table::add(const Pattern3& pattern) {
  for (int symmetry = 0; symmetry < 8; ++symmetry) {
    std::array<char, 9> cells{};
    for (int i = 0; i < 9; ++i) cells[transform_cell(i, symmetry)] = pattern.cells[i];
    for (Color x : {Color::Black, Color::White}) {
      unsigned masks[8];
      for (int k = 0; k < 8; ++k) masks[k] = allowed_states(cells[kSlotCell[k]], x);
      for_each_code(masks, 0, 0, [&](std::uint16_t code) {
        if (pattern.only_x_to_play) {
          set(code, x);
        } else {
          set(code, Color::Black);
          set(code, Color::White);
        }
      });
    }
  }
}

Pattern3Table Pattern3Table::parse(std::string_view text, const std::string& origin) {
  Pattern3Table table;
  table.patterns_ = PatternParser(origin).parse(text);
  for (const auto& p : table.patterns_) table.add(p);
  return table;
}

Pattern3Table Pattern3Table::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::error_code ec;
  if (!in || std::filesystem::is_directory(path, ec)) {
    throw PatternFileError("cannot read pattern file '" + path +
                           "' (the heavy playout policy needs it; set heavy-pattern-file to its path)");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path);
}

int Pattern3Table::count_matches(Color to_play) const {
  int n = 0;
  for (int code = 0; code < kNeighborhoodCodes; ++code) n += matches(static_cast<std::uint16_t>(code), to_play);
  return n;
}

std::string default_pattern_file() { return shipped_pattern_file("mogo-3x3.txt"); }

}  // namespace tengen
