#pragma once
// Settings for in-process GTP tests: a 9x9 board, a small tree, few
// playouts and a fixed seed, so that a genmove takes milliseconds.

#include <cstdint>

#include "tengen/util/params.h"

namespace tengen::test_support {

inline Settings quick_settings(std::uint64_t seed = 11, int size = 9) {
  Settings s;
  s.playouts = 200;
  s.score_playouts = 100;
  s.memory = 16;
  s.seed = seed;
  s.board_size = size;
  return s;
}

}  // namespace tengen::test_support
