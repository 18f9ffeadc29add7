#pragma once
// Monte-Carlo tree search over Go positions: the Go side (moves, playouts,
// scoring, ownership) plugged into the generic Tree. Tree parallelism with
// virtual loss; every thread descends from a private copy of the root board.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "tengen/board/game.h"
#include "tengen/search/tree.h"
#include "tengen/util/params.h"

namespace tengen {

struct SearchLimits {
  std::int64_t playouts = 0;  // 0: no limit
  double seconds = 0;         // 0: no limit
};

struct RootChild {
  Point move;
  std::uint32_t visits;
  double win_rate;  // for the side to move at the root
};

struct SearchResult {
  Point best = kPass;
  double win_rate = 0.5;  // of best, for the side to move
  std::int64_t playouts = 0;
  double seconds = 0;
  std::vector<RootChild> children;  // most visited first
  // Per point index: the share of playouts in which Black owned the point,
  // minus the share in which White did, in [-1, 1].
  std::vector<float> ownership;
};

class GoSearch {
 public:
  explicit GoSearch(const Settings& settings);
  // New parameters; the tree is reallocated only if its memory changed.
  void configure(const Settings& settings);

  // Searches the position of `game` with `to_move` to play. The root offers
  // only moves legal under the game's ko rule (superko included) that do not
  // fill an own true eye; pass only if nothing else is left. `stop`, if
  // given, ends the search early when it becomes true.
  SearchResult run(const Game& game, Color to_move, const SearchLimits& limits,
                   const std::atomic<bool>* stop = nullptr);

  // The candidate moves of a node: legal (simple ko), not filling an own true
  // eye; pass alone when nothing else is left.
  static int tree_moves(const Board& board, Color c, TreeMove* out);

 private:
  struct Worker;
  void simulate(Worker& w, const Board& root_board, double komi);
  Node* select_child(Node& parent);

  Settings settings_;
  std::unique_ptr<Tree> tree_;
};

}  // namespace tengen
