#pragma once
// The score-bounded solver at work in play: the capturing races and seki
// candidates on the board, each solved twice (either side moving first).
// genmove plays a proven winning move in an urgent fight, and the final
// judgement takes proven fates (dead, seki) over playout statistics.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "tengen/board/board.h"
#include "tengen/engine/scoring.h"
#include "tengen/solver/go_local.h"
#include "tengen/util/params.h"

namespace tengen {

struct Fight {
  Point ours = kNoPoint;    // a stone of c's target string
  Point theirs = kNoPoint;  // a stone of the opponent's target string
  LocalOutcome we_first = LocalOutcome::kUnknown;    // c to move, c's view
  LocalOutcome they_first = LocalOutcome::kUnknown;  // the opponent to move, c's view
  Point our_move = kPass;   // proven to keep we_first, when it is known
  int stones = 0;           // in both targets

  // Moving first does better than letting the opponent move first (won
  // against draw or lost, draw against lost): a move here is worth the
  // strings at stake. LocalOutcome orders won < draw < lost.
  bool urgent() const {
    return we_first != LocalOutcome::kUnknown && they_first != LocalOutcome::kUnknown && we_first < they_first;
  }
  // The same result whoever moves: the fight is decided.
  bool settled() const { return we_first != LocalOutcome::kUnknown && we_first == they_first; }
};

// Readings kept from move to move. A local game's outcome depends only on
// its region, the strings in or beside it with all their stones and
// liberties, the side to move and the ko: a key over exactly those points
// finds the same fight again after moves elsewhere (local_game_key). A
// proven reading is exact and is reused as it is; an unknown one met again
// is read afresh with `retry_growth` times its last budget (at most
// kMaxRetryGrowth times the base, and once read with that much it is given
// up: kept as unknown) or with the base when that is more, so a fight that
// stays open over several moves is paid for in instalments. Used by one
// thread at a time.
class FightMemo {
 public:
  static constexpr double kMaxRetryGrowth = kMaxSolverRetryGrowth;
  static constexpr std::size_t kMaxReadings = 4096;  // then it starts afresh

  // A reading of `game`: the stored one when it is proven, when the
  // solver's memory ran out on it (a bigger budget would not change that)
  // or when it cannot grow; else a fresh solve with the base budget, grown
  // when the game was met before, and capped at `budget_cap` playouts
  // (never below the base). A fresh unknown reading with less budget than
  // the stored one (cut by the clock) leaves the stored one in place.
  LocalSolve solve(const GoLocalGame& game, std::uint64_t budget, std::uint64_t seed, double retry_growth,
                   std::uint64_t budget_cap);
  // Solver playouts a second, from the readings so far (0 before any).
  double playouts_per_second() const { return seconds_ > 0 ? static_cast<double>(playouts_) / seconds_ : 0; }
  std::uint64_t reused() const { return reused_; }
  std::size_t size() const { return readings_.size(); }
  void clear() {
    readings_.clear();
    reused_ = 0;
  }

 private:
  struct Reading {
    LocalSolve solve;
    std::uint64_t budget = 0;
  };
  std::unordered_map<std::uint64_t, Reading> readings_;
  std::uint64_t playouts_ = 0;
  double seconds_ = 0;
  std::uint64_t reused_ = 0;
};

// The key of a local game: its region, the contents of the region and of
// the strings in or beside it with their liberties, the targets, the side
// to move and the ko point. Two games with the same key play out alike.
std::uint64_t local_game_key(const GoLocalGame& game);

// How read_fights reads; the defaults are the settings' (params.h).
struct FightReading {
  std::uint64_t budget = static_cast<std::uint64_t>(Settings{}.solver_playouts);  // per fight and side to move
  int max_fights = Settings{}.solver_fights;
  int max_liberties = Settings{}.solver_liberties;
  std::uint64_t seed = 1;
  double max_seconds = 0;  // 0: no time limit
  // Per point, Black's share minus White's, as a search reports it.
  const std::vector<float>* ownership = nullptr;
  FightMemo* memo = nullptr;  // readings of earlier moves, kept up to date
  double retry_growth = Settings{}.solver_retry_growth;  // FightMemo::solve
  // A reading left unknown at `budget` is read again with this many (the
  // time cap applies), when more: a judgement's count may rest on it.
  std::uint64_t second_budget = 0;
};

// Strings of either colour with at most `max_liberties` liberties that touch
// an opposing string make fight candidates (the largest first); at most
// `max_fights` distinct fights are solved, each side to move with
// `budget` playouts (an unknown reading again with `second_budget`). With
// max_seconds > 0, a fight is begun only while the time spent so far plus
// the mean time of a fight read so far stays within max_seconds (the first
// is always read), and a grown budget is cut to half of what the time left
// allows. With `ownership`, the candidates the playouts are least sure of
// come first: size times 1 - |ownership|.
std::vector<Fight> read_fights(const Board& board, Color c, const FightReading& how);

// The fates the settled fights prove, as (stone, status) pairs for judge():
// the loser of each decided fight is dead, unless every string that beat
// it is itself the loser of a decided fight.
std::vector<std::pair<Point, StoneStatus>> proven_fates(const std::vector<Fight>& fights);

// A stone of each target of the fights that go to whoever moves first
// (Fight::urgent): passing hands that move to the opponent, so a game ended
// now is scored on a guess there (for judge()).
std::vector<Point> contested_strings(const std::vector<Fight>& fights);

}  // namespace tengen
