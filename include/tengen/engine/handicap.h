#pragma once
// Where handicap stones go: GTP's fixed placement and the engine's own free
// placement. Pure geometry of the board; the GTP commands place the stones.

#include <optional>
#include <vector>

#include "tengen/board/point.h"

namespace tengen {

// GTP's fixed placement of n stones on a size x size board; nullopt where
// GTP does not allow n there.
std::optional<std::vector<Point>> fixed_handicap(int size, int n);

// The engine's free placement of n stones: the star points as far as the
// fixed placement goes, the rest spread out.
std::vector<Point> free_handicap(int size, int n);

}  // namespace tengen
