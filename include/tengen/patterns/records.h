#pragma once
// Game collections for learning and measuring move patterns: SGF files and
// folders, .tar.gz archives of SGF files, and the Tom/Tygem one-game-a-line
// files (.xz, .zip, .txt). libarchive reads the compressed files as a
// stream: one SGF member of an archive, or 64 KiB of lines, in memory at a
// time.
//
// The training/test split is a pure function of a game's id, so it does not
// depend on which files or folders a run names: a game is held out for
// testing when the FNV-1a 64-bit hash of its id is 0 modulo 10 (10% of the
// games). The id is
//   <file name>#<k>            the k-th game (from 0) of an SGF file (k = 0: just the file name);
//   <archive name>/<member>    an SGF file inside a .tar.gz (the member's path in the archive);
//   <file name>:<game id>      a line of a line file (its first field; else its line number).

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/board/board.h"
#include "tengen/board/game.h"
#include "tengen/sgf/sgf.h"

namespace tengen::patterns {

enum class Split { All, Train, Test };

// "all", "train", "test"; false for anything else.
bool parse_split(std::string_view text, Split* split);
std::string_view split_name(Split split);

std::uint64_t fnv1a64(std::string_view text);
bool is_test_game(std::string_view id);

// Which games of which paths a run uses.
struct GameSelection {
  std::vector<std::string> paths;  // files or folders, read in this order
  Split split = Split::All;
  std::int64_t max_games = 0;      // per path, after the split and sampling; 0: all
  double sample = 1.0;             // keep a game when hash(seed, id) falls in this fraction
  std::uint64_t seed = 1;
  // One line describing the selection (for model headers and reports).
  std::string describe() const;
};

struct GameRecord {
  std::string id;
  sgf::Game game;
};

struct ReadStats {
  std::int64_t games = 0;       // handed to the callback
  std::int64_t unreadable = 0;  // records that did not parse (skipped)
  std::int64_t skipped = 0;     // parsed games the selection left out
  std::string first_error;      // the first unreadable record, for the log
};

// A file or folder that cannot be read (missing, not a collection, or an
// archive libarchive cannot read: the message names the file and gives
// libarchive's error). An archive that breaks off part way throws after the
// games before the break have been handed out. A single bad record is
// counted in ReadStats instead.
struct ReadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Calls f for every selected game, in order: folders are walked in sorted
// order, files of other kinds (and names containing "index") are ignored.
// f returns false to stop. Throws ReadError.
void for_each_game(const GameSelection& selection, const std::function<bool(const GameRecord&)>& f,
                   ReadStats& stats);

// Replays a record from its setup position (handicap and setup stones, PL),
// calling f(board, move, colour) before each move that is not a pass, and
// stopping at the first illegal move (simple ko; records follow many rule
// sets). Returns the number of moves played, passes included; *cut is set
// when an illegal move ended the replay. A record with an unsupported size
// or bad setup replays nothing and sets *cut.
int replay(const sgf::Game& record, const std::function<void(const Board&, Point, Color)>& f, bool* cut);

}  // namespace tengen::patterns
