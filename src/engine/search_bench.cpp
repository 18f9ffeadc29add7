#include "tengen/engine/search_bench.h"

#include "tengen/engine/go_search.h"

namespace tengen {

SearchBenchResult run_search_bench(const Settings& settings, const Game& game, std::int64_t playouts) {
  Settings s = settings;
  s.early_stop = false;  // a fixed amount of work
  GoSearch search(s);
  const int size = game.size();
  const SearchResult r = search.run(game, game.to_move(), game.komi(), {playouts, 0, 0});
  SearchBenchResult out;
  out.playouts = r.playouts;
  out.seconds = r.seconds;
  out.best = vertex_string(r.best, size);
  // FNV-1a over (move, visits) of every root child, in visit order.
  std::uint64_t h = 0xCBF29CE484222325ULL;
  auto mix = [&](std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xFF;
      h *= 0x100000001B3ULL;
    }
  };
  for (const RootChild& c : r.children) {
    mix(c.move);
    mix(c.visits);
  }
  out.signature = h;
  return out;
}

}  // namespace tengen
