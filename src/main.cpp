// Temporary bench driver; replaced by the real command line.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "tengen/playout/playout.h"
using namespace tengen;
int main(int argc, char** argv) {
  int size = argc > 1 ? std::atoi(argv[1]) : 9;
  double seconds = argc > 2 ? std::atof(argv[2]) : 3;
  Board root(size);
  Rng rng(42);
  long count = 0; long long moves = 0; long long score = 0;
  auto start = std::chrono::steady_clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (int i = 0; i < 256; ++i) {
      Board b = root;
      auto r = light_playout(b, rng, playout_move_limit(size));
      moves += r.moves_played; score += r.score;
      ++count;
    }
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  std::printf("%ld playouts in %.2f s: %.0f playouts/s (avg moves %.1f avg score %.2f)\n", count, elapsed, count / elapsed, double(moves)/count, double(score)/count);
}
