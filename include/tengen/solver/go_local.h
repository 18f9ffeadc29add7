#pragma once
// Go local games for the score-bounded solver: capturing races and sekis
// (Cazenave & Saffidine, Sec. 5.1; docs/solver.md, "Go local games").
//
// A local game is a Go position, a region of points where moves may be
// played (a pass is always allowed), and two target strings, given by one
// stone each: Max's (Max plays that colour) and Min's. The side to move is
// the board's; turns alternate.
//
// Outcomes (Max's view), three values as in the paper's Table 2:
//   Won  (+1)  Min's target is captured;
//   Lost (-1)  Max's target is captured;
//   Draw  (0)  both players pass in a row with both targets on the board
//              (seki, or two living groups).
// A position where the side to move can capture the opponent's target at
// once is terminal too, with that capture's outcome: the capture is legal,
// ends the game and gives the mover the best outcome there is, so the
// position's value is known without the extra ply.
//
// Rules inside the game: simple ko, plus positional superko over the
// positions of this local game (not the game record before it): a stone
// move may not recreate a board seen since the local root. With superko and
// two passes ending the game, every line is finite. Superko remembers the
// first kMaxHistory positions; a line longer than that could in principle
// repeat, which would never make a proof wrong, only leave it unfinished.
//
// The tree's moves are every legal move in the region, plus pass, except
// that interchangeable points ("twins") give one move only: two empty
// points, never played in this local game, each next to stones of both
// colours, with the same adjacent strings, all of which are targets or have
// a liberty outside the region (so cannot be captured), and whose empty
// neighbours are liberties of every adjacent string. A stone on either point
// just joins the same strings and takes the same liberty from the same
// opponents, so the two moves lead to positions that play out alike. This
// is exact, and it is what makes the seki problems small: the outside
// liberties of each side and the shared liberties form three classes.
//
// Playouts (evaluation only, never proofs) stay in the region: capture the
// opponent's target when it is in atari, else a uniformly random legal
// region point that fills no own true eye and is not a self-atari of a
// string of two stones or more (single-stone throw-ins are needed for
// nakade; a large self-atari just hands the opponent the fight and, in a
// seki, would make every playout end in a capture instead of a draw); a
// pass when nothing is left. Playouts use simple ko only and count as a
// draw after 3 * region + 16 moves.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "tengen/board/bitboard.h"
#include "tengen/board/board.h"
#include "tengen/solver/score_bounded.h"
#include "tengen/util/random.h"

namespace tengen::sgf {
struct Game;
}

namespace tengen {

class GoLocalGame {
 public:
  using Move = Point;  // a region point or kPass
  static constexpr int kMaxRegion = 40;
  static constexpr int kMaxMoves = kMaxRegion + 1;
  static constexpr int kMaxHistory = 128;
  static constexpr int kLost = -1;
  static constexpr int kDraw = 0;
  static constexpr int kWon = 1;

  // Throws std::invalid_argument unless the targets are stones of opposite
  // colours and the region holds at most kMaxRegion points of the board.
  GoLocalGame(const Board& board, std::span<const Point> region, Point max_target, Point min_target);
  // Copies only the superko positions in use: the solver copies the root
  // once a playout.
  GoLocalGame(const GoLocalGame& other) : board_(other.board_) { copy_all_but_board(other); }
  GoLocalGame& operator=(const GoLocalGame& other) {
    if (this != &other) {
      board_ = other.board_;
      copy_all_but_board(other);
    }
    return *this;
  }

  // --- SolverGame ---
  bool max_to_move() const { return board_.to_move() == max_color_; }
  bool is_terminal() const { return status_ != Status::kOpen; }
  int score() const;
  int min_score() const { return kLost; }
  int max_score() const { return kWon; }
  int legal_moves(Move* out) const;
  void play(Move move);  // a move legal_moves() could give, or any is_legal() one
  int playout(Rng& rng);

  // --- Inspection ---
  const Board& board() const { return board_; }
  Color max_color() const { return max_color_; }
  Point max_target() const { return max_target_; }
  Point min_target() const { return min_target_; }
  std::span<const Point> region() const { return {region_.data(), static_cast<std::size_t>(region_size_)}; }
  bool in_region(Point p) const { return p < kMaxPoints && region_bb_.test(p); }
  // Pass, or a region point the side to move may play (ko and superko).
  bool is_legal(Point p) const;
  // Twins give one move (default) or one move each (the plain game, as in
  // the paper, for comparisons).
  void set_merge_twins(bool on) { merge_twins_ = on; }
  bool merge_twins() const { return merge_twins_; }
  // The point where the side to move captures the opponent's target now;
  // kNoPoint when there is none (or the game is over).
  Point winning_capture() const;

 private:
  enum class Status : std::uint8_t { kOpen, kWon, kLost, kDraw };
  using TwinKey = std::array<Point, 4>;  // adjacent string roots, sorted, kNoPoint-padded

  void copy_all_but_board(const GoLocalGame& other);
  void set_region(std::span<const Point> region);
  void update_status();
  Status playout_status() const;
  bool repeats(Point p, Color c) const;
  bool twin_key(Point p, TwinKey& key) const;
  bool cannot_be_captured(Point root) const;
  Point playout_move(Color c, Rng& rng) const;
  bool playout_acceptable(Point p, Color c) const;

  Board board_;
  Bitboard region_bb_;
  Bitboard outside_;  // on-board points not in the region: never played on
  Bitboard touched_;  // region points that held a stone at some time in this game
  std::array<Point, kMaxRegion> region_{};
  int region_size_ = 0;
  Point max_target_ = kNoPoint;
  Point min_target_ = kNoPoint;
  Color max_color_ = Color::Empty;
  Status status_ = Status::kOpen;
  bool merge_twins_ = true;
  bool captured_ = false;  // some capture happened: only then can a position repeat
  int history_size_ = 0;
  std::array<std::uint64_t, kMaxHistory> history_;  // board hashes since the local root
};

// --- Building a local game around a string (tengen-solve) ---

// The fight that involves the string at `vertex`, for the side to move
// (board.to_move(), which becomes Max):
// - the targets are that string T and one opposing string O next to it,
//   chosen in this order: strings that are neither settled (two true eyes
//   of their own) nor inside T (touching no other string of T's colour,
//   with every liberty one of T's), then settled strings, then strings
//   inside T; within a rank the one with the fewest liberties, then the
//   largest. (A settled O can never be captured: the game is then life and
//   death for T, Lost or Draw for T's owner.)
// - the region: T's liberties; for every unsettled opposing string next to
//   T, its liberties, and its stones too when it lies inside T (they may be
//   captured and the points played again); the same around O when O is
//   unsettled; then every empty area of at most kMaxEyeSpace points that
//   touches the region (eye spaces whose inner points no string touches).
// Returns nullopt and says why in *why when the point is empty, no
// opposing string touches T, or the region exceeds GoLocalGame::kMaxRegion.
inline constexpr int kMaxEyeSpace = 8;
std::optional<GoLocalGame> local_game_at(const Board& board, Point vertex, std::string* why = nullptr);

// The position an SGF record sets up (sgf::start_position's, with Black to
// play without PL; moves are not replayed). Throws std::runtime_error for a
// size Tengen does not play or a string without a liberty.
Board setup_position(const sgf::Game& record);

// --- Solving ---

// The solver settings for Go local games: guided cuts with the paper's Seki
// bias (gamma = 0, delta = 10000), exploration and first play urgency from
// the sweep in docs/solver.md.
SolverConfig go_local_solver_config();

enum class LocalOutcome : std::uint8_t { kWon, kDraw, kLost, kUnknown };

struct LocalSolve {
  LocalOutcome outcome = LocalOutcome::kUnknown;  // Max's view (the side to move at the root)
  Point best_move = kPass;  // proven: a move that keeps the value; else the most visited
  std::uint64_t playouts = 0;
  bool pool_full = false;
};

// Solves the local game with at most max_playouts descents. Deterministic
// for a given seed.
LocalSolve solve_local(const GoLocalGame& game, std::uint64_t max_playouts, std::uint64_t seed,
                       const SolverConfig& config = go_local_solver_config());

// "won", "draw", "lost", "unknown".
const char* outcome_name(LocalOutcome outcome);

}  // namespace tengen
