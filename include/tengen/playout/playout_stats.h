#pragma once
// Why a playout policy plays what it plays: how often each rule chose a
// move over many playouts from one position, and one sample playout with
// every move tagged. Behind the GTP command tengen-playout_stats.

#include <cstdint>
#include <string>
#include <vector>

#include "tengen/board/board.h"
#include "tengen/playout/heavy.h"
#include "tengen/util/random.h"

namespace tengen {

struct PlayoutStats {
  Policy policy = Policy::Light;
  int playouts = 0;
  std::int64_t moves = 0;
  std::int64_t black_area_wins = 0;  // playouts whose area score beat the komi
  RuleCounters counters;
  // The first playout, move by move.
  Color sample_first = Color::Black;
  std::vector<Point> sample_moves;
  std::vector<Rule> sample_tags;
};

// Runs `playouts` playouts on copies of `root` (passes reset, as the search
// does) with the heavy policy, or with the light one when heavy is null
// (its moves are all tagged random or pass).
PlayoutStats collect_playout_stats(const Board& root, const HeavyConfig* heavy, int playouts, double komi,
                                   Rng& rng);

// The table of rule counts with their shares, then the sample playout, one
// move a line ("12 W D5 pattern").
std::string format_playout_stats(const PlayoutStats& stats, int board_size);

}  // namespace tengen
