#pragma once
// A game record: the current board plus everything needed for positional
// superko, undo and SGF output. Undo replays the moves from the setup
// position, which keeps the board free of undo bookkeeping.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "tengen/board/board.h"

namespace tengen {

struct Move {
  Color color;
  Point point;  // kPass for a pass
  bool operator==(const Move&) const = default;
};

class Game {
 public:
  explicit Game(int size = 19, double komi = 7.5);

  // A new empty board of the given size; komi and rules are kept.
  void reset(int size);
  void clear() { reset(size()); }

  const Board& board() const { return board_; }
  int size() const { return board_.size(); }
  Color to_move() const { return board_.to_move(); }
  double komi() const { return komi_; }
  void set_komi(double komi) { komi_ = komi; }
  bool superko() const { return superko_; }
  void set_superko(bool on) { superko_ = on; }

  // Why c may not play at p (None if it may).
  enum class Illegality { None, OffBoard, Occupied, Ko, Suicide, Superko };
  Illegality illegal_reason(Point p, Color c) const;
  bool is_legal(Point p, Color c) const { return illegal_reason(p, c) == Illegality::None; }
  // Whether play() accepts a move whose only fault is superko. Our own moves
  // never repeat a position; a move from outside (GTP play, an SGF record)
  // has already passed the controller's ko rule, which may allow it (GNU Go
  // knows only simple ko, servers may use situational superko), and refusing
  // it would only put the engine out of step with the game.
  enum class Repetition { Refused, Accepted };
  // Plays a legal move and returns true; an illegal move changes nothing.
  bool play(Point p, Color c, Repetition repetition = Repetition::Refused);
  // Takes back the last move; false (and nothing changes) if there is none.
  bool undo();

  // Setup stones (handicap, SGF AB/AW) before the first move. They must be on
  // empty points and leave every string with a liberty; false otherwise, and
  // nothing changes. Not undoable; Black's handicap gives White the move.
  bool add_setup_stones(const std::vector<Point>& points, Color c);
  const std::vector<Move>& setup() const { return setup_; }
  // Who moves first (SGF PL); only before the first move.
  bool set_initial_to_move(Color c);
  int handicap() const { return handicap_; }
  void set_handicap(int stones) { handicap_ = stones; }

  const std::vector<Move>& moves() const { return moves_; }
  bool has_moves() const { return !moves_.empty(); }
  // True after two consecutive passes.
  bool finished() const { return board_.consecutive_passes() >= 2; }

 private:
  void remember(std::uint64_t hash) { ++seen_[hash]; }
  void forget(std::uint64_t hash);

  Board board_;
  Board start_;  // the position after setup, the base for undo
  double komi_;
  bool superko_ = true;
  int handicap_ = 0;
  std::vector<Move> setup_;
  std::vector<Move> moves_;
  std::vector<std::uint64_t> hashes_;             // after setup and after every move
  std::unordered_map<std::uint64_t, int> seen_;   // how often each position occurred
};

}  // namespace tengen
