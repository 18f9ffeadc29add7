// The Go search: reproducible with one thread and a seed, sees an obvious
// capture, counts every playout, and keeps working when the pool is full.

#include <gtest/gtest.h>

#include "support/diagram.h"
#include "tengen/engine/go_search.h"

namespace tengen {
namespace {

Settings small_settings(std::int64_t playouts, int threads = 1) {
  Settings s;
  s.playouts = playouts;
  s.threads = threads;
  s.seed = 42;
  s.memory = 16;
  return s;
}

Game game_from(const std::vector<std::string>& rows, Color to_move, double komi) {
  const Board b = test::board_from_rows(rows, to_move);
  Game g(b.size(), komi);
  std::vector<Point> black, white;
  for (int q = 0; q < b.num_points(); ++q) {
    const Point p = static_cast<Point>(q);
    if (b.at(p) == Color::Black) black.push_back(p);
    if (b.at(p) == Color::White) white.push_back(p);
  }
  EXPECT_TRUE(g.add_setup_stones(black, Color::Black));
  EXPECT_TRUE(g.add_setup_stones(white, Color::White));
  g.set_initial_to_move(to_move);
  return g;
}

TEST(GoSearch, OneThreadWithASeedIsReproducible) {
  const Game game(9, 7);
  GoSearch a(small_settings(3000));
  GoSearch b(small_settings(3000));
  const SearchResult ra = a.run(game, Color::Black, {3000, 0});
  const SearchResult rb = b.run(game, Color::Black, {3000, 0});
  ASSERT_EQ(ra.children.size(), rb.children.size());
  for (std::size_t i = 0; i < ra.children.size(); ++i) {
    EXPECT_EQ(ra.children[i].move, rb.children[i].move);
    EXPECT_EQ(ra.children[i].visits, rb.children[i].visits);
  }
  EXPECT_EQ(ra.best, rb.best);
}

TEST(GoSearch, EveryPlayoutIsCountedWithSeveralThreads) {
  const Game game(9, 7);
  GoSearch search(small_settings(4000, 3));
  const SearchResult r = search.run(game, Color::White, {4000, 0});
  EXPECT_EQ(r.playouts, 4000);
  std::uint64_t visits = 0;
  for (const RootChild& c : r.children) visits += c.visits;
  EXPECT_EQ(visits, 4000u);
  EXPECT_EQ(r.children.size(), 81u);
}

TEST(GoSearch, CapturesTheBigStringInAtari) {
  // White's six stones have one liberty, at C3; taking them wins the game.
  const Game game = game_from({". . . . .",
                               ". X X X .",
                               "X O O O X",
                               "X O . O X",
                               "X O O O X"},
                              Color::Black, 0.5);
  ASSERT_EQ(game.board().liberties(game.board().point(1, 2)), 1);
  GoSearch search(small_settings(2000));
  const SearchResult r = search.run(game, Color::Black, {2000, 0});
  EXPECT_EQ(vertex_string(r.best, 5), "C2");
  EXPECT_GT(r.win_rate, 0.8);
}

TEST(GoSearch, KeepsPlayingOutWhenThePoolIsFull) {
  Settings s = small_settings(20000);
  s.memory = 1;  // about 40,000 nodes: full long before 20,000 playouts on 19x19
  s.expand_visits = 1;
  const Game game(19, 7.5);
  GoSearch search(s);
  const SearchResult r = search.run(game, Color::Black, {20000, 0});
  EXPECT_EQ(r.playouts, 20000);
  EXPECT_NE(r.best, kPass);
}

TEST(GoSearch, OffersOnlyPassWhenNothingElseIsLeft) {
  // Every empty point is an eye of the side to move or illegal for it.
  const Game game = game_from({". X O . O",
                               "X X O O O",
                               ". X O . O",
                               "X X O O O",
                               ". X O . O"},
                              Color::Black, 0.5);
  GoSearch search(small_settings(200));
  const SearchResult r = search.run(game, Color::Black, {200, 0});
  ASSERT_EQ(r.children.size(), 1u);
  EXPECT_EQ(r.best, kPass);
}

}  // namespace
}  // namespace tengen
