#pragma once
// The search benchmark: a search from a position (the empty board, say) with
// a fixed number of playouts. With one thread and a seed it is reproducible, and its signature
// (a hash of the root's visit counts) changes only when the search does:
// a change meant to be neutral must leave it alone.

#include <cstdint>
#include <string>

#include "tengen/board/game.h"
#include "tengen/util/params.h"

namespace tengen {

struct SearchBenchResult {
  std::int64_t playouts = 0;
  double seconds = 0;
  std::uint64_t signature = 0;
  std::string best;
  double rate() const { return seconds > 0 ? playouts / seconds : 0; }
};

SearchBenchResult run_search_bench(const Settings& settings, const Game& game, std::int64_t playouts);

}  // namespace tengen
