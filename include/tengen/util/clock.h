#pragma once
// Wall-clock time on the steady clock, for time limits and reports.

#include <chrono>

namespace tengen {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace tengen
