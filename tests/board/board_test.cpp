// Board behaviour beyond the differential test: playouts keep the invariants,
// copies are independent, hash_after predicts play, random picks are uniform.

#include <gtest/gtest.h>

#include <map>

#include "tengen/board/game.h"
#include "tengen/playout/playout.h"

namespace tengen {
namespace {

TEST(Board, PlayoutsKeepInvariantsAfterEveryMove) {
  Rng rng(7);
  for (int size : {2, 3, 5, 9, 19}) {
    const int playouts = size == 19 ? 20 : 200;
    for (int i = 0; i < playouts; ++i) {
      Board b(size);
      for (int move = 0; move < playout_move_limit(size) && b.consecutive_passes() < 2; ++move) {
        const Point p = light_policy_move(b, rng);
        ASSERT_TRUE(b.is_legal(p, b.to_move()));
        if (p != kPass) {
          ASSERT_FALSE(b.is_true_eye(p, b.to_move()));
        }
        b.play(p, b.to_move());
        std::string why;
        ASSERT_TRUE(b.check_invariants(&why)) << why << "\n" << b.to_string();
      }
    }
  }
}

TEST(Board, LightPlayoutEndsWithOnlyEyesAndIllegalPoints) {
  Rng rng(11);
  for (int i = 0; i < 100; ++i) {
    Board b(9);
    const PlayoutResult r = light_playout(b, rng, playout_move_limit(9));
    ASSERT_FALSE(r.hit_move_limit);
    for (int e = 0; e < b.empty_count(); ++e) {
      const Point p = b.empty_point(e);
      for (Color c : {Color::Black, Color::White}) {
        EXPECT_TRUE(!b.is_legal(p, c) || b.is_true_eye(p, c)) << b.to_string();
      }
    }
    // Every empty point is then surrounded by one colour, so the fast score
    // equals the flood-fill score.
    EXPECT_EQ(r.score, b.area_score(0));
  }
}

TEST(Board, CopiesAreIndependentAndPlayAlike) {
  Rng rng(3);
  Board a(9);
  for (int i = 0; i < 40; ++i) a.play(light_policy_move(a, rng), a.to_move());
  Board b = a;
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_TRUE(b.check_invariants());
  Board big(19);
  big = a;  // assigning a smaller board over a larger one
  EXPECT_TRUE(big.check_invariants());
  EXPECT_EQ(big.to_string(), a.to_string());
  Rng r1(5), r2(5);
  for (int i = 0; i < 30; ++i) {
    const Point p = light_policy_move(a, r1);
    const Point q = light_policy_move(b, r2);
    ASSERT_EQ(p, q);
    a.play(p, a.to_move());
    b.play(q, b.to_move());
  }
  EXPECT_EQ(a.hash(), b.hash());
  const std::uint64_t before = a.hash();
  b.play(light_policy_move(b, r2), b.to_move());
  EXPECT_EQ(a.hash(), before);
}

TEST(Board, HashAfterPredictsTheHashOfEveryLegalMove) {
  Rng rng(13);
  for (int game = 0; game < 30; ++game) {
    Board b(7);
    for (int move = 0; move < 60; ++move) {
      for (int e = 0; e < b.empty_count(); ++e) {
        const Point p = b.empty_point(e);
        for (Color c : {Color::Black, Color::White}) {
          if (!b.is_legal(p, c)) continue;
          Board copy = b;
          copy.play(p, c);
          ASSERT_EQ(b.hash_after(p, c), copy.hash());
        }
      }
      b.play(light_policy_move(b, rng), b.to_move());
    }
  }
}

TEST(Board, RandomEmptyIsUniformOverAcceptedPoints) {
  Rng rng(17);
  Board b(5);
  std::map<Point, int> counts;
  const int draws = 200000;
  // Accept only the points of the upper half: each of the 10 must come up
  // about draws/10 times, and no other point ever.
  for (int i = 0; i < draws; ++i) {
    const Point p = b.random_empty(rng, [&](Point q) { return row_of(q, 5) < 2; });
    ++counts[p];
  }
  ASSERT_EQ(counts.size(), 10u);
  for (const auto& [p, n] : counts) {
    EXPECT_LT(row_of(p, 5), 2);
    EXPECT_NEAR(n, draws / 10, draws / 10 * 0.05) << vertex_string(p, 5);
  }
  EXPECT_TRUE(b.check_invariants());
  EXPECT_EQ(b.random_empty(rng, [](Point) { return false; }), kPass);
}

TEST(Game, SetupStonesHandicapAndUndo) {
  Game g(9, 0.5);
  ASSERT_TRUE(g.add_setup_stones({g.board().point(2, 6), g.board().point(6, 2)}, Color::Black));
  EXPECT_EQ(g.to_move(), Color::White);
  EXPECT_FALSE(g.add_setup_stones({g.board().point(2, 6)}, Color::White));  // occupied
  ASSERT_TRUE(g.play(g.board().point(4, 4), Color::White));
  EXPECT_FALSE(g.add_setup_stones({g.board().point(0, 0)}, Color::Black));  // after a move
  ASSERT_TRUE(g.undo());
  EXPECT_FALSE(g.undo());
  EXPECT_EQ(g.board().stones(Color::Black), 2);
  EXPECT_EQ(g.to_move(), Color::White);
}

TEST(Game, SuperkoForbidsRepeatingAPositionSimpleKoDoesNot) {
  // On 2x2: B A1, W B2, B B1, W A2 (takes two), B A1, W B1 (takes one);
  // now B A1 would take three and bring back the position after move 1:
  // not a simple ko, but a positional superko violation.
  for (bool superko : {true, false}) {
    Game g(2, 0);
    g.set_superko(superko);
    auto at = [&](const char* v) { return *parse_vertex(v, 2); };
    ASSERT_TRUE(g.play(at("A1"), Color::Black));
    ASSERT_TRUE(g.play(at("B2"), Color::White));
    ASSERT_TRUE(g.play(at("B1"), Color::Black));
    ASSERT_TRUE(g.play(at("A2"), Color::White));
    ASSERT_EQ(g.board().stones(Color::Black), 0);
    ASSERT_TRUE(g.play(at("A1"), Color::Black));
    ASSERT_TRUE(g.play(at("B1"), Color::White));
    ASSERT_EQ(g.board().stones(Color::Black), 0);
    EXPECT_EQ(g.board().capture_size_if_played(at("A1"), Color::Black), 3);
    EXPECT_EQ(g.is_legal(at("A1"), Color::Black), !superko);
    EXPECT_EQ(g.illegal_reason(at("A1"), Color::Black), superko ? Game::Illegality::Superko : Game::Illegality::None);
    EXPECT_EQ(g.play(at("A1"), Color::Black), !superko);
  }
}

TEST(Game, AnAcceptedRepetitionIsPlayedAndUndoneButNoOtherFault) {
  // The position of the test above, just before B A1 repeats move 1.
  Game g(2, 0);
  auto at = [&](const char* v) { return *parse_vertex(v, 2); };
  for (auto [v, c] : {std::pair{"A1", Color::Black}, {"B2", Color::White}, {"B1", Color::Black}, {"A2", Color::White},
                      {"A1", Color::Black}, {"B1", Color::White}}) {
    ASSERT_TRUE(g.play(at(v), c)) << v;
  }
  ASSERT_EQ(g.illegal_reason(at("A1"), Color::Black), Game::Illegality::Superko);
  // Other faults stay faults: occupied, suicide.
  EXPECT_FALSE(g.play(at("B1"), Color::Black, Game::Repetition::Accepted));
  ASSERT_EQ(g.illegal_reason(at("A1"), Color::White), Game::Illegality::Suicide);
  EXPECT_FALSE(g.play(at("A1"), Color::White, Game::Repetition::Accepted));
  EXPECT_EQ(g.moves().size(), 6u);

  EXPECT_TRUE(g.play(at("A1"), Color::Black, Game::Repetition::Accepted));
  EXPECT_EQ(g.board().stones(Color::Black), 1);
  EXPECT_EQ(g.board().stones(Color::White), 0);
  // The position now stands twice in the history; taking the move back must
  // leave it standing once, so the repetition is still a repetition.
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.moves().size(), 6u);
  EXPECT_EQ(g.illegal_reason(at("A1"), Color::Black), Game::Illegality::Superko);
}

}  // namespace
}  // namespace tengen
