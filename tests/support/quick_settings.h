#pragma once
// Settings for in-process tests: a small tree, few playouts and a fixed
// seed, so that a genmove takes milliseconds. The defaults (9x9, 200
// playouts) suit GTP tests; a test names what it needs, and an empty field
// keeps Settings' own value.

#include <cstdint>
#include <optional>

#include "tengen/util/params.h"

namespace tengen::test_support {

struct QuickOptions {
  std::optional<std::int64_t> playouts = 200;
  std::optional<int> score_playouts = 100;
  std::uint64_t seed = 11;
  std::optional<int> board_size = 9;
  std::optional<int> threads = std::nullopt;
  std::optional<Policy> policy = std::nullopt;
  std::optional<bool> early_stop = std::nullopt;
};

inline Settings quick_settings(const QuickOptions& o = {}) {
  Settings s;
  s.memory = 16;
  s.seed = o.seed;
  if (o.playouts) s.playouts = *o.playouts;
  if (o.score_playouts) s.score_playouts = *o.score_playouts;
  if (o.board_size) s.board_size = *o.board_size;
  if (o.threads) s.threads = *o.threads;
  if (o.policy) s.policy = *o.policy;
  if (o.early_stop) s.early_stop = *o.early_stop;
  return s;
}

}  // namespace tengen::test_support
