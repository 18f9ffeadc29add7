#pragma once
// SGF game records: reader and writer, independent of the board code.
//
// The reader keeps what the engine and the pattern learner need: board size,
// komi, handicap, setup stones, the player to move and the main line of moves
// (the first variation at every branch). It checks the syntax and that points
// lie on the board, never the legality of moves: whoever replays a record cuts
// it at its first illegal move.
//
// Reading rules, FF[1] to FF[4]: lower-case letters of property identifiers
// are dropped ("AddBlack" is AB); unknown properties are ignored; side
// variations are checked for syntax only; text values keep their bytes
// (any charset); GM other than 1 is an error, and so is an SZ that changes
// the size once stones are placed; PL after the first move is ignored.

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/board/color.h"

namespace tengen::sgf {

inline constexpr int kMinSize = 1;
inline constexpr int kMaxSize = 25;

// x: column from the left, y: row from the top, both 0-based (SGF letter
// order: "dc" is x = 3, y = 2). A pass has x = y = -1.
struct Move {
  Color color = Color::Black;
  int x = -1;
  int y = -1;
  bool is_pass() const { return x < 0; }
  bool operator==(const Move&) const = default;
};

// AB gives Black, AW White, AE Empty (removes a stone).
struct Setup {
  Color color = Color::Black;
  int x = 0;
  int y = 0;
  bool operator==(const Setup&) const = default;
};

struct Game {
  int size = 19;                 // SZ; square boards kMinSize..kMaxSize only
  std::optional<double> komi;    // KM
  int handicap = 0;              // HA
  std::vector<Setup> setup;      // AB/AW/AE of the nodes before the first move, in order
  std::optional<Color> to_move;  // PL given before the first move
  std::vector<Move> moves;       // the main line
  std::string black_name, white_name, result, rules, date;  // PB PW RE RU DT
  // Non-empty when the main line was cut (setup stones after the first move),
  // saying why; `moves` then holds the moves before the cut.
  std::string truncated;
  bool operator==(const Game&) const = default;
};

// A broken record. line and column are 1-based (column counts bytes; a UTF-8
// BOM is not counted); what() reads "sgf: line L, column C: <reason>".
// parse_point, which sees no file, throws it with line = column = 0 and
// what() = "sgf: <reason>".
struct Error : std::runtime_error {
  Error(int line, int column, const std::string& reason);
  int line;
  int column;
};

// The first game of a collection; whatever follows it is not read.
// Throws Error.
Game parse(std::string_view text);

// Every game of a collection (at least one). Throws Error.
std::vector<Game> parse_collection(std::string_view text);

// One line of the Tom/Tygem datasets: "<id>\t;B[qd];W[dd];..." (a node
// sequence without parentheses, 19x19). The "<id>\t" prefix and a trailing
// CR/LF are optional. Error positions are columns of the line as given.
// Throws Error.
Game parse_game_line(std::string_view line);

// A complete SGF collection holding the game:
// (;FF[4]GM[1]CA[UTF-8]SZ KM HA PB PW RE RU DT PL AB AW AE ;B[..];W[..]...)
// with passes as []. Setup stones keep their order (extra setup nodes are
// written when colours alternate), so parse(write(g)) == g for any game with
// an empty `truncated` (which is not written) and text fields free of line
// breaks and tabs (SimpleText reads them as spaces). Throws
// std::invalid_argument for a game that cannot be written: size out of range,
// points off the board, or a move/setup colour that is not allowed.
std::string write(const Game& game);

// An SGF point value on a size x size board. Returns (x, y) for a point and
// std::nullopt for a pass: "" always, "tt" when size <= 19. Letters a..z give
// 0..25 and A..Z 26..51 (FF[4]); surrounding whitespace is ignored. Throws
// Error (line = column = 0) for anything else, e.g. a point off the board.
std::optional<std::pair<int, int>> parse_point(std::string_view value, int size);

}  // namespace tengen::sgf
