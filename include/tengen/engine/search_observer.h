#pragma once
// A watcher of GoSearch's searches from outside the engine: the cluster
// (cluster/) shares the tree's statistics with other processes while a
// search runs. Called from the thread that runs the search: started() after
// the root is prepared and before the first simulation, finished() after the
// last simulation and before the result is read from the tree. In between,
// the observer may read the tree and add to its statistics from any thread
// (the tree's counters are relaxed atomics); after finished() it must not.

#include <cstdint>
#include <vector>

#include "tengen/board/game.h"
#include "tengen/search/tree.h"

namespace tengen {

// What a search is about: enough for another process, holding the same game,
// to run the same search.
struct SearchSpec {
  const Game& game;
  Color to_move;
  double komi;  // the komi the search plays for (dynamic komi included)
  Color draw_side;
  const std::vector<Point>& favoured;
  const std::vector<Point>& dead;
};

class SearchObserver {
 public:
  virtual ~SearchObserver() = default;
  virtual void search_started(const SearchSpec& spec, Tree& tree) = 0;
  // local_playouts: this process's simulations. Returns the simulations that
  // others added at the root (0 outside a cluster), for the playout count.
  virtual std::int64_t search_finished(Tree& tree, std::int64_t local_playouts) = 0;
  // Simulations the whole cluster runs for each of this process's, so far
  // in this search (1 outside a cluster): early stopping counts with it.
  // Called often by a search thread: cheap and thread-safe.
  virtual double playout_scale() const { return 1.0; }
};

}  // namespace tengen
