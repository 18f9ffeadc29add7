#pragma once
// Criticality (Coulom, "Criticality: a Monte-Carlo heuristic for Go
// programs", 2009): how much owning a point at the end of a playout goes
// with winning the playout,
//
//   crit(p) = P(the winner owns p) - (P(Black owns p) P(Black wins) + P(White owns p) P(White wins)),
//
// the covariance of the two. Points that are owned at random, or that one
// side always owns, score near zero; the points of a fight that decides the
// game score high. Playouts misjudge such fights; moves there get a higher
// prior in the tree so the search reads them itself (Pachi puts the same
// statistic into its RAVE values).
//
// The same counts say how settled each point's owner is, for the owner
// term of the priors (GoDomain::lower_settled_priors).
//
// Each search thread keeps one tally in its scratch (no sharing while the
// search runs); the search merges them at the end into the map the next
// search starts from.

#include <cstdint>
#include <span>
#include <vector>

#include "tengen/board/point.h"

namespace tengen {

class CriticalityTally {
 public:
  // A finished playout: who owns each point of its final board (+1 Black,
  // -1 White, 0 nobody, as Board::playout_owner counts it; the rollout has
  // counted them already) and Black's result in half points (2 win, 1
  // draw, 0 loss).
  void add(std::span<const std::int8_t> owners, int result_for_black);
  void merge(const CriticalityTally& other);
  void clear() { *this = CriticalityTally(); }

  std::int64_t playouts() const { return playouts_; }
  // crit(p) as above; 0 before any playout or for a point never seen.
  float at(Point p) const;
  // crit of every point index of a board with num_points points.
  std::vector<float> map(int num_points) const;
  // How settled the point's owner is: |P(Black owns p) - P(White owns p)|,
  // 1 where the playouts always give it to the same side (0 before any).
  float settled(Point p) const;
  std::vector<float> settled_map(int num_points) const;

 private:
  void fit(int num_points);

  std::int64_t playouts_ = 0;
  std::int64_t black_wins_ = 0;
  std::int64_t white_wins_ = 0;
  std::vector<std::int32_t> black_owned_;   // per point: playouts Black owned it
  std::vector<std::int32_t> white_owned_;   // White owned it
  std::vector<std::int32_t> winner_owned_;  // the playout's winner owned it
};

}  // namespace tengen
