#include "tengen/sgf/sgf.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "tengen/util/parse.h"

namespace tengen::sgf {
namespace {

constexpr int kPassMaxSize = 19;  // "tt" is a pass only on boards up to 19x19

std::string unsupported_size(int size) {
  return "board size " + std::to_string(size) + " not supported (" + std::to_string(kMinSize) + ".." +
         std::to_string(kMaxSize) + ")";
}

std::string error_text(int line, int column, const std::string& reason) {
  if (line <= 0) return "sgf: " + reason;
  return "sgf: line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
         reason;
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_letter(char c) { return is_upper(c) || is_lower(c); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string_view strip_bom(std::string_view s) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (s.substr(0, kBom.size()) == kBom) s.remove_prefix(kBom.size());
  return s;
}

// A value for an error message: printable, and short even for huge values.
std::string quote(std::string_view s) {
  constexpr std::size_t kMax = 24;
  std::string out = "'";
  for (std::size_t i = 0; i < s.size() && i < kMax; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  }
  if (s.size() > kMax) out += "...";
  return out + "'";
}

std::string describe(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7f) return std::string("'") + c + "'";
  constexpr std::string_view kHex = "0123456789abcdef";
  return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

std::string board_name(int size) {
  return std::to_string(size) + "x" + std::to_string(size);
}

// 1-based line and byte column of an offset; "\n", "\r\n" and a lone "\r"
// each end a line. Only computed for errors, so the parser tracks nothing.
std::pair<int, int> position(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    const char c = text[i];
    const bool crlf = c == '\r' && i + 1 < text.size() && text[i + 1] == '\n';
    if (c == '\n' || (c == '\r' && !crlf)) {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

[[noreturn]] void fail(std::string_view text, std::size_t offset, const std::string& reason) {
  const auto [line, column] = position(text, offset);
  throw Error(line, column, reason);
}

// ---- values -------------------------------------------------------------

enum class PointKind { Pass, Point, Bad };
struct Point {
  PointKind kind = PointKind::Bad;
  int x = -1;
  int y = -1;
};

int letter_coordinate(char c) {
  if (is_lower(c)) return c - 'a';
  if (is_upper(c)) return c - 'A' + 26;
  return -1;
}

Point read_point(std::string_view value, int size, bool pass_allowed) {
  value = trim(value);
  if (pass_allowed && (value.empty() || (value == "tt" && size <= kPassMaxSize))) {
    return {PointKind::Pass};
  }
  if (value.size() != 2) return {};
  const int x = letter_coordinate(value[0]);
  const int y = letter_coordinate(value[1]);
  if (x < 0 || y < 0 || x >= size || y >= size) return {};
  return {PointKind::Point, x, y};
}

// Number values, with the white space around them that records carry.
std::optional<int> to_int(std::string_view s) { return parse_integer<int>(trim(s)); }
std::optional<double> to_double(std::string_view s) { return parse_finite(trim(s)); }

// Index of the last character of the line break at i: "\r\n" and "\n\r" are
// one break.
std::size_t line_break_end(std::string_view s, std::size_t i) {
  const bool pair = i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != s[i];
  return pair ? i + 1 : i;
}

// FF[4] SimpleText: escapes resolved, soft line breaks ("\" + newline)
// removed, other whitespace (line breaks included) becomes a space. Bytes
// are kept as they are, whatever the charset.
std::string simple_text(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    const bool escaped = c == '\\' && i + 1 < raw.size();
    if (escaped) c = raw[++i];
    if (c == '\n' || c == '\r') {
      i = line_break_end(raw, i);
      if (!escaped) out += ' ';
    } else {
      out += is_space(c) ? ' ' : c;
    }
  }
  return out;
}

// ---- properties -----------------------------------------------------------

// A property identifier's upper-case letters packed in 16 bits ("AB" ->
// 'A' << 8 | 'B'); 0 for identifiers longer than two letters, which we ignore.
using PropCode = std::uint16_t;

constexpr PropCode code(std::string_view id) {
  if (id.empty() || id.size() > 2) return 0;
  const auto first = static_cast<PropCode>(static_cast<unsigned char>(id[0]) << 8);
  return id.size() == 1 ? first : static_cast<PropCode>(first | static_cast<unsigned char>(id[1]));
}

// One value of a property; a property with n values gives n of these.
struct Prop {
  PropCode code = 0;
  int index = 0;            // which value of its property, from 0
  std::size_t offset = 0;   // offset of the value's first byte in the text
  std::string_view value;   // raw, escapes unresolved
};

// A position in the text; reads the lexical pieces.
class Cursor {
 public:
  Cursor(std::string_view text, std::size_t pos) : text_(text), pos_(pos) {}

  std::string_view text() const { return text_; }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  void advance() { ++pos_; }
  void skip_space() {
    while (!at_end() && is_space(text_[pos_])) ++pos_;
  }
  [[noreturn]] void fail_here(const std::string& reason) const { fail(text_, pos_, reason); }

  // Reads the node at ';' and its properties into props (cleared first).
  void read_node(std::vector<Prop>& props) {
    props.clear();
    advance();
    for (skip_space(); !at_end() && is_letter(peek()); skip_space()) {
      const std::size_t ident_start = pos_;
      const PropCode id = read_identifier();
      const std::string_view ident = text_.substr(ident_start, pos_ - ident_start);
      skip_space();
      if (at_end()) fail_here("unexpected end of file after property " + quote(ident));
      if (peek() != '[') fail_here("expected '[' after property " + quote(ident));
      for (int index = 0; !at_end() && peek() == '['; ++index) {
        const std::size_t offset = pos_ + 1;
        props.push_back({id, index, offset, read_value()});
        skip_space();
      }
    }
  }

 private:
  // Lower-case letters are dropped: FF[3] allowed "AddBlack" for AB.
  PropCode read_identifier() {
    int upper = 0;
    PropCode id = 0;
    for (; !at_end() && is_letter(peek()); advance()) {
      const char c = peek();
      if (!is_upper(c)) continue;
      const auto byte = static_cast<PropCode>(static_cast<unsigned char>(c));
      id = static_cast<PropCode>(upper == 0 ? byte << 8 : id | byte);
      ++upper;
    }
    return upper <= 2 ? id : 0;
  }

  // Reads "[...]" at '[', returning the raw contents.
  std::string_view read_value() {
    const std::size_t open = pos_;
    for (std::size_t i = open + 1; i < text_.size(); ++i) {
      if (text_[i] == '\\') {
        ++i;  // the escaped byte, whatever it is
      } else if (text_[i] == ']') {
        pos_ = i + 1;
        return text_.substr(open + 1, i - open - 1);
      }
    }
    fail(text_, open, "unterminated property value");
  }

  std::string_view text_;
  std::size_t pos_;
};

// ---- game assembly ----------------------------------------------------------

// Collects the main line's nodes into a Game.
class GameBuilder {
 public:
  explicit GameBuilder(std::string_view text) : text_(text) {}

  void add_node(const std::vector<Prop>& props) {
    if (stopped_) return;
    // SZ first: every point in the node depends on it. Then setup and game
    // info, then the move: FF[4] forbids setup and a move in one node, and
    // where old files mix them the stones are meant to be there first.
    for (const Prop& p : props) {
      if (p.code == code("SZ")) apply_size(p);
    }
    const bool after_move = !game_.moves.empty();
    for (const Prop& p : props) {
      if (p.code != code("B") && p.code != code("W")) apply_other(p, after_move);
      if (stopped_) return;
    }
    for (const Prop& p : props) {
      if (p.code == code("B")) apply_move(p, Color::Black);
      if (p.code == code("W")) apply_move(p, Color::White);
    }
  }

  Game take() { return std::move(game_); }

 private:
  [[noreturn]] void fail_at(const Prop& p, const std::string& reason) const {
    fail(text_, p.offset, reason);
  }

  void apply_size(const Prop& p) {
    const std::string_view v = trim(p.value);
    if (v.empty()) return;
    const std::size_t colon = v.find(':');
    const auto size = to_int(v.substr(0, colon));
    const auto rows = colon == std::string_view::npos ? size : to_int(v.substr(colon + 1));
    if (!size || !rows) fail_at(p, "bad board size " + quote(v));
    if (*size != *rows) fail_at(p, "non-square board " + quote(v));
    if (*size < kMinSize || *size > kMaxSize) {
      fail_at(p, unsupported_size(*size));
    }
    if (placed_ && *size != game_.size) fail_at(p, "SZ changes the board size after stones");
    game_.size = *size;
  }

  void apply_other(const Prop& p, bool after_move) {
    switch (p.code) {
      case code("AB"): apply_setup(p, Color::Black, after_move); break;
      case code("AW"): apply_setup(p, Color::White, after_move); break;
      case code("AE"): apply_setup(p, Color::Empty, after_move); break;
      case code("PL"): if (!after_move) apply_player(p); break;
      case code("KM"): apply_komi(p); break;
      case code("HA"): apply_handicap(p); break;
      case code("GM"): check_game_type(p); break;
      case code("PB"): game_.black_name = simple_text(p.value); break;
      case code("PW"): game_.white_name = simple_text(p.value); break;
      case code("RE"): game_.result = simple_text(p.value); break;
      case code("RU"): game_.rules = simple_text(p.value); break;
      case code("DT"): game_.date = simple_text(p.value); break;
      default: break;  // unknown or irrelevant properties
    }
  }

  void apply_move(const Prop& p, Color color) {
    if (p.index > 0) fail_at(p, "a move property has more than one value");
    const Point pt = read_point(p.value, game_.size, true);
    if (pt.kind == PointKind::Bad) {
      fail_at(p, "move " + quote(p.value) + " is not a point of the " + board_name(game_.size) +
                     " board");
    }
    game_.moves.push_back({color, pt.x, pt.y});
    placed_ = true;
  }

  void apply_setup(const Prop& p, Color color, bool after_move) {
    const std::string_view v = trim(p.value);
    if (v.empty()) return;  // some editors write AB[] for "none"
    if (after_move) {
      // The main line stops being a plain sequence of moves here.
      const int line = position(text_, p.offset).first;
      game_.truncated = "setup stones after move " + std::to_string(game_.moves.size()) +
                        " (line " + std::to_string(line) + ")";
      stopped_ = true;
      return;
    }
    const std::size_t colon = v.find(':');
    const Point a = setup_point(p, v.substr(0, colon));
    const Point b = colon == std::string_view::npos ? a : setup_point(p, v.substr(colon + 1));
    // FF[4] compressed list: the rectangle between two corners.
    for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y) {
      for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x) {
        game_.setup.push_back({color, x, y});
      }
    }
    placed_ = true;
  }

  Point setup_point(const Prop& p, std::string_view v) const {
    const Point pt = read_point(v, game_.size, false);
    if (pt.kind != PointKind::Point) {
      fail_at(p, "setup point " + quote(v) + " is not a point of the " + board_name(game_.size) +
                     " board");
    }
    return pt;
  }

  void apply_player(const Prop& p) {
    const std::string_view v = trim(p.value);
    const char c = v.empty() ? ' ' : v.front();
    if (c == 'B' || c == 'b') {
      game_.to_move = Color::Black;
    } else if (c == 'W' || c == 'w') {
      game_.to_move = Color::White;
    } else {
      fail_at(p, "bad player to move " + quote(v));
    }
  }

  void apply_komi(const Prop& p) {
    if (trim(p.value).empty()) return;
    const auto komi = to_double(p.value);
    if (!komi) fail_at(p, "bad komi " + quote(p.value));
    game_.komi = komi;
  }

  void apply_handicap(const Prop& p) {
    if (trim(p.value).empty()) return;
    const auto handicap = to_int(p.value);
    if (!handicap || *handicap < 0 || *handicap > kMaxSize * kMaxSize) {
      fail_at(p, "bad handicap " + quote(p.value));
    }
    game_.handicap = *handicap;
  }

  void check_game_type(const Prop& p) const {
    const std::string_view v = trim(p.value);
    if (!v.empty() && v != "1") fail_at(p, "not a game of Go: GM " + quote(v));
  }

  std::string_view text_;
  Game game_;
  bool placed_ = false;   // a point was read: SZ may no longer change
  bool stopped_ = false;  // the main line was cut
};

void expect_node(Cursor& in) {
  in.skip_space();
  if (in.at_end()) in.fail_here("unexpected end of file: expected ';' after '('");
  if (in.peek() != ';') in.fail_here("expected ';' after '(', found " + describe(in.peek()));
}

// Reads the game tree at '('. The main line is the first child at every
// branch; in the text that is every node before the first ')', so no tree is
// built and no recursion can overflow the stack on deep nesting.
Game read_game(Cursor& in) {
  GameBuilder game(in.text());
  std::vector<Prop> props;
  long depth = 0;
  bool main_line = true;
  do {
    in.skip_space();
    if (in.at_end()) in.fail_here("unexpected end of file: missing ')'");
    const char c = in.peek();
    if (c == '(') {
      in.advance();
      ++depth;
      expect_node(in);
    } else if (c == ')') {
      in.advance();
      --depth;
      main_line = false;
    } else if (c == ';') {
      in.read_node(props);
      if (main_line) game.add_node(props);
    } else {
      in.fail_here("unexpected " + describe(c));
    }
  } while (depth > 0);
  return game.take();
}

// Skips whitespace to the next game's '('; false at the end of the text.
bool next_game(Cursor& in, bool first) {
  in.skip_space();
  if (in.at_end()) {
    if (first) in.fail_here("no game found");
    return false;
  }
  if (in.peek() != '(') {
    in.fail_here("expected '(' to start a game, found " + describe(in.peek()));
  }
  return true;
}

// ---- writing ----------------------------------------------------------------

char coordinate_letter(int c) { return static_cast<char>('a' + c); }

void write_point(std::string& out, int x, int y, int size) {
  if (x < 0 || y < 0 || x >= size || y >= size) {
    throw std::invalid_argument("sgf::write: point (" + std::to_string(x) + ", " +
                                std::to_string(y) + ") is off the " + board_name(size) +
                                " board");
  }
  out += '[';
  out += coordinate_letter(x);
  out += coordinate_letter(y);
  out += ']';
}

void write_text(std::string& out, std::string_view id, std::string_view text) {
  if (text.empty()) return;
  out += id;
  out += '[';
  for (const char c : text) {
    if (c == '\\' || c == ']') out += '\\';
    out += c;
  }
  out += ']';
}

char color_letter(Color c, const char* what) {
  if (c == Color::Black) return 'B';
  if (c == Color::White) return 'W';
  throw std::invalid_argument(std::string("sgf::write: ") + what +
                              " colour must be black or white");
}

void write_root(std::string& out, const Game& g) {
  out += "(;FF[4]GM[1]CA[UTF-8]SZ[" + std::to_string(g.size) + "]";
  if (g.komi) {
    if (!std::isfinite(*g.komi)) throw std::invalid_argument("sgf::write: komi is not finite");
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, *g.komi);  // shortest exact form
    out += "KM[" + std::string(buf, res.ptr) + "]";
  }
  if (g.handicap < 0 || g.handicap > kMaxSize * kMaxSize) {
    throw std::invalid_argument("sgf::write: bad handicap");
  }
  if (g.handicap != 0) out += "HA[" + std::to_string(g.handicap) + "]";
  write_text(out, "PB", g.black_name);
  write_text(out, "PW", g.white_name);
  write_text(out, "RE", g.result);
  write_text(out, "RU", g.rules);
  write_text(out, "DT", g.date);
  if (g.to_move) {
    out += "PL[";
    out += color_letter(*g.to_move, "PL");
    out += ']';
  }
}

// Setup stones in their order: a run of one colour is one property, and a
// colour that comes back opens a new node (a property may appear only once
// a node), so that reading gives the same sequence.
void write_setup(std::string& out, const Game& g) {
  constexpr std::string_view kIds[] = {"AE", "AB", "AW"};
  bool used[3] = {false, false, false};
  int previous = -1;
  for (const Setup& s : g.setup) {
    if (s.color == Color::Border) throw std::invalid_argument("sgf::write: border setup stone");
    const int k = static_cast<int>(s.color);  // Empty 0, Black 1, White 2
    if (k != previous) {
      if (used[k]) {
        out += "\n;";
        std::fill(std::begin(used), std::end(used), false);
      }
      out += kIds[k];
      used[k] = true;
      previous = k;
    }
    write_point(out, s.x, s.y, g.size);
  }
}

void write_moves(std::string& out, const Game& g) {
  constexpr std::size_t kMovesPerLine = 10;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const Move& m = g.moves[i];
    if (i % kMovesPerLine == 0) out += '\n';
    out += ';';
    out += color_letter(m.color, "move");
    if (m.is_pass()) {
      out += "[]";
    } else {
      write_point(out, m.x, m.y, g.size);
    }
  }
}

}  // namespace

Error::Error(int l, int c, const std::string& reason)
    : std::runtime_error(error_text(l, c, reason)), line(l), column(c) {}

Game parse(std::string_view text) {
  Cursor in(strip_bom(text), 0);
  next_game(in, true);
  return read_game(in);
}

std::vector<Game> parse_collection(std::string_view text) {
  Cursor in(strip_bom(text), 0);
  std::vector<Game> games;
  while (next_game(in, games.empty())) games.push_back(read_game(in));
  return games;
}

Game parse_game_line(std::string_view line) {
  line = strip_bom(line);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  const std::size_t tab = line.find('\t');
  Cursor in(line, tab == std::string_view::npos ? 0 : tab + 1);
  in.skip_space();
  if (!in.at_end() && in.peek() == '(') {  // tolerate a line holding a whole game tree
    Game g = read_game(in);
    in.skip_space();
    if (!in.at_end()) in.fail_here("unexpected " + describe(in.peek()) + " after the game");
    return g;
  }
  if (in.at_end()) in.fail_here("no moves: expected ';'");
  GameBuilder game(line);
  std::vector<Prop> props;
  for (; !in.at_end(); in.skip_space()) {
    if (in.peek() != ';') in.fail_here("expected ';', found " + describe(in.peek()));
    in.read_node(props);
    game.add_node(props);
  }
  return game.take();
}

std::string write(const Game& game) {
  if (game.size < kMinSize || game.size > kMaxSize) {
    throw std::invalid_argument("sgf::write: board size " + std::to_string(game.size) +
                                " not supported");
  }
  std::string out;
  out.reserve(128 + 6 * game.moves.size() + 4 * game.setup.size());
  write_root(out, game);
  write_setup(out, game);
  write_moves(out, game);
  out += ")\n";
  return out;
}

std::optional<std::pair<int, int>> parse_point(std::string_view value, int size) {
  if (size < kMinSize || size > kMaxSize) {
    throw Error(0, 0, unsupported_size(size));
  }
  const Point pt = read_point(value, size, true);
  if (pt.kind == PointKind::Bad) {
    throw Error(0, 0, "point " + quote(value) + " is not on the " + board_name(size) + " board");
  }
  if (pt.kind == PointKind::Pass) return std::nullopt;
  return std::pair{pt.x, pt.y};
}

}  // namespace tengen::sgf
