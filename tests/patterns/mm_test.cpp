// Coulom's MM on synthetic competitions whose answer is known: a feature
// against nothing (the prior's closed form), three teams with known win
// shares, and data drawn from a Bradley-Terry model with known gammas.

#include <gtest/gtest.h>

#include <cmath>

#include "tengen/patterns/learner.h"
#include "tengen/util/random.h"

namespace tengen::patterns {
namespace {

// A store whose positions are lists of moves, each a (combination, 3x3,
// shape) triple of indices.
struct StoreMaker {
  MoveStore store;
  StoreMaker() {
    store.combos.push_back(Tactics{});  // combination 0: no tactical feature
    store.p3_codes.push_back(0);
    store.shape_keys.push_back(0);
  }
  std::uint32_t combo(int group, int value) {
    Tactics t;
    t.value[group] = static_cast<std::uint8_t>(value);
    store.combos.push_back(t);
    return static_cast<std::uint32_t>(store.combos.size() - 1);
  }
  void position(const std::vector<std::uint64_t>& moves, int winner) {
    store.start.push_back(store.moves.size());
    store.moves.insert(store.moves.end(), moves.begin(), moves.end());
    store.winner.push_back(static_cast<std::uint16_t>(winner));
  }
  const MoveStore& done() {
    store.start.push_back(store.moves.size());
    return store;
  }
};

TEST(Mm, OneFeatureAgainstNothingMatchesThePriorsClosedForm) {
  // A move with the feature beats a plain move W times out of N. With one
  // virtual win and one virtual loss against gamma 1, the fixed point is
  // gamma = (W + 1) / (N - W + 1).
  StoreMaker m;
  const std::uint32_t ko = m.combo(kCapture, 1);
  for (int i = 0; i < 100; ++i) m.position({MoveStore::pack(ko, 0, 0), MoveStore::pack(0, 0, 0)}, i < 75 ? 0 : 1);
  MmSolver mm(m.done(), 1);
  for (int it = 0; it < 200; ++it) mm.iterate();
  EXPECT_NEAR(mm.tactical_gamma(kCapture, 1), 76.0 / 26.0, 1e-6);
  EXPECT_NEAR(mm.p3_gamma(0), 1.0, 1e-6);  // in every move: the prior pins it at 1
}

TEST(Mm, ThreeTeamsGetTheirWinShares) {
  // Teams {ko}, {atari}, {} win 50%, 30%, 20% of 3000 three-way contests:
  // gammas 2.5 and 1.5 against the plain move's 1 (the prior moves them by
  // about 1/1000).
  StoreMaker m;
  const std::uint32_t ko = m.combo(kCapture, 1);
  const std::uint32_t atari = m.combo(kAtari, 3);
  for (int i = 0; i < 3000; ++i) {
    const int winner = i % 10 < 5 ? 0 : i % 10 < 8 ? 1 : 2;
    m.position({MoveStore::pack(ko, 0, 0), MoveStore::pack(atari, 0, 0), MoveStore::pack(0, 0, 0)}, winner);
  }
  MmSolver mm(m.done(), 1);
  for (int it = 0; it < 300; ++it) mm.iterate();
  EXPECT_NEAR(mm.tactical_gamma(kCapture, 1), 2.5, 0.01);
  EXPECT_NEAR(mm.tactical_gamma(kAtari, 3), 1.5, 0.01);
}

TEST(Mm, RecoversTheGammasThatGeneratedTheData) {
  // Moves are random teams: a tactical value (ko 4, atari 0.5 or none), a
  // 3x3 pattern (A 2, B 1: only the ratio is defined) and a shape (S 3 or
  // none); the winner of each position is drawn from the Bradley-Terry
  // probabilities of its 5 moves.
  StoreMaker m;
  const std::uint32_t ko = m.combo(kCapture, 1);
  const std::uint32_t atari = m.combo(kAtari, 3);
  m.store.p3_codes.push_back(1);
  m.store.shape_keys.push_back(0x15);
  const double combo_gamma[] = {1.0, 4.0, 0.5};
  const double p3_gamma[] = {2.0, 1.0};
  const double shape_gamma[] = {1.0, 3.0};
  Rng rng(42);
  for (int n = 0; n < 40000; ++n) {
    std::vector<std::uint64_t> moves;
    double strength[5], sum = 0;
    for (int j = 0; j < 5; ++j) {
      const std::uint32_t c = rng.below(3), p = rng.below(2), s = rng.below(2);
      moves.push_back(MoveStore::pack(c == 0 ? 0 : c == 1 ? ko : atari, p, s));
      strength[j] = combo_gamma[c] * p3_gamma[p] * shape_gamma[s];
      sum += strength[j];
    }
    double u = rng.uniform() * sum;
    int winner = 0;
    while (winner < 4 && u >= strength[winner]) u -= strength[winner++];
    m.position(moves, winner);
  }
  MmSolver mm(m.done(), 2);
  double last = -1e300;
  for (int it = 0; it < 60; ++it) {
    const double ll = mm.iterate().first;
    EXPECT_GE(ll, last - 1e-6) << "MM never lowers the likelihood (iteration " << it << ")";
    last = ll;
  }
  EXPECT_NEAR(mm.tactical_gamma(kCapture, 1), 4.0, 4.0 * 0.05);
  EXPECT_NEAR(mm.tactical_gamma(kAtari, 3), 0.5, 0.5 * 0.05);
  EXPECT_NEAR(mm.p3_gamma(0) / mm.p3_gamma(1), 2.0, 2.0 * 0.05);
  EXPECT_NEAR(mm.shape_gamma(1), 3.0, 3.0 * 0.05);
  EXPECT_EQ(mm.shape_gamma(0), 1.0);
}

TEST(Mm, ThreadsChangeOnlyTheRounding) {
  StoreMaker m;
  const std::uint32_t ko = m.combo(kCapture, 1);
  Rng rng(5);
  for (int n = 0; n < 5000; ++n) {
    m.position({MoveStore::pack(ko, 0, 0), MoveStore::pack(0, 0, 0), MoveStore::pack(0, 0, 0)},
               static_cast<int>(rng.below(3)));
  }
  const MoveStore& store = m.done();
  MmSolver one(store, 1), three(store, 3), again(store, 3);
  for (int it = 0; it < 10; ++it) {
    one.iterate();
    three.iterate();
    again.iterate();
  }
  EXPECT_EQ(three.tactical_gamma(kCapture, 1), again.tactical_gamma(kCapture, 1));
  EXPECT_NEAR(one.tactical_gamma(kCapture, 1), three.tactical_gamma(kCapture, 1), 1e-12);
}

}  // namespace
}  // namespace tengen::patterns
