// The Go search: reproducible with one thread and a seed, sees an obvious
// capture, counts every playout, and keeps working when the pool is full.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "support/diagram.h"
#include "support/quick_settings.h"
#include "tengen/engine/go_search.h"
#include "tengen/tactics/ladder.h"

namespace tengen {
namespace {

Settings small_settings(std::int64_t playouts, int threads = 1) {
  return test_support::quick_settings({.playouts = playouts,
                                       .score_playouts = {},
                                       .seed = 42,
                                       .board_size = {},
                                       .threads = threads,
                                       .early_stop = false});  // exact playout counts
}

// The Go side of a search with the default parameters.
GoDomain default_domain() {
  const Settings s;
  return GoDomain::from_settings(s, s.komi, s.board_size);
}

TEST(GoSearch, OneThreadWithASeedIsReproducible) {
  const Game game(9, 7);
  GoSearch a(small_settings(3000));
  GoSearch b(small_settings(3000));
  const SearchResult ra = a.run(game, Color::Black, game.komi(), {3000, 0, 0});
  const SearchResult rb = b.run(game, Color::Black, game.komi(), {3000, 0, 0});
  ASSERT_EQ(ra.children.size(), rb.children.size());
  for (std::size_t i = 0; i < ra.children.size(); ++i) {
    EXPECT_EQ(ra.children[i].move, rb.children[i].move);
    EXPECT_EQ(ra.children[i].visits, rb.children[i].visits);
  }
  EXPECT_EQ(ra.best, rb.best);
}

TEST(GoSearch, ThreadsPlayAGameTogether) {
  // Several threads through expansions, RAVE updates, pool exhaustion and
  // tree reuse: the run the ThreadSanitizer build watches.
  Settings s = small_settings(1500, 4);
  s.memory = 2;
  Game game(9, 7);
  GoSearch search(s);
  for (int move = 0; move < 12; ++move) {
    const Color c = game.to_move();
    const SearchResult r = search.run(game, c, 7, {1500, 0, 0});
    ASSERT_EQ(r.playouts, 1500);
    ASSERT_TRUE(game.play(r.best, c));
  }
}

TEST(GoSearch, EveryPlayoutIsCountedWithSeveralThreads) {
  const Game game(9, 7);
  GoSearch search(small_settings(4000, 3));
  const SearchResult r = search.run(game, Color::White, game.komi(), {4000, 0, 0});
  EXPECT_EQ(r.playouts, 4000);
  std::uint64_t visits = 0;
  for (const RootChild& c : r.children) visits += c.visits;
  EXPECT_EQ(visits, 4000u);
  EXPECT_EQ(r.children.size(), 81u);
}

TEST(GoSearch, CapturesTheBigStringInAtari) {
  // White's six stones have one liberty, at C3; taking them wins the game.
  const Game game = test::game_from_rows({". . . . .",
                               ". X X X .",
                               "X O O O X",
                               "X O . O X",
                               "X O O O X"},
                              Color::Black, 0.5);
  ASSERT_EQ(game.board().liberties(game.board().point(1, 2)), 1);
  GoSearch search(small_settings(2000));
  const SearchResult r = search.run(game, Color::Black, game.komi(), {2000, 0, 0});
  EXPECT_EQ(vertex_string(r.best, 5), "C2");
  EXPECT_GT(r.win_rate, 0.8);
}

TEST(GoSearch, StopsEarlyWhenTheBestMoveCannotBeOvertaken) {
  const Game game = test::game_from_rows({". . . . .",
                               ". X X X .",
                               "X O O O X",
                               "X O . O X",
                               "X O O O X"},
                              Color::Black, 0.5);
  Settings s = small_settings(50000);
  s.early_stop = true;
  GoSearch search(s);
  const SearchResult r = search.run(game, Color::Black, 0.5, {50000, 0, 0});
  EXPECT_EQ(vertex_string(r.best, 5), "C2");
  EXPECT_LT(r.playouts, 50000);
  // The winner's lead is more than what was left to play.
  EXPECT_GT(static_cast<std::int64_t>(r.children[0].visits) - r.children[1].visits, 50000 - r.playouts);
}

TEST(GoSearch, KeepsPlayingOutWhenThePoolIsFull) {
  Settings s = small_settings(20000);
  s.memory = 1;  // about 40,000 nodes: full long before 20,000 playouts on 19x19
  s.expand_visits_19 = 1;  // every leaf expanded at once (this is 19x19)
  const Game game(19, 7.5);
  GoSearch search(s);
  const SearchResult r = search.run(game, Color::Black, game.komi(), {20000, 0, 0});
  EXPECT_EQ(r.playouts, 20000);
  EXPECT_NE(r.best, kPass);
}

TEST(GoSearch, OffersOnlyPassWhenNothingElseIsLeft) {
  // Every empty point is an eye of the side to move or illegal for it.
  const Game game = test::game_from_rows({". X O . O",
                               "X X O O O",
                               ". X O . O",
                               "X X O O O",
                               ". X O . O"},
                              Color::Black, 0.5);
  GoSearch search(small_settings(200));
  const SearchResult r = search.run(game, Color::Black, game.komi(), {200, 0, 0});
  ASSERT_EQ(r.children.size(), 1u);
  EXPECT_EQ(r.best, kPass);
}

TEST(GoSearch, ReusesTheSubtreeOfTheMovesPlayed) {
  Game game(9, 7);
  GoSearch search(small_settings(3000));
  const SearchResult first = search.run(game, Color::Black, 7, {3000, 0, 0});
  EXPECT_EQ(first.reused_visits, 0u);
  ASSERT_GE(first.principal_variation.size(), 2u);
  // Play the expected line: the search starts from what it already knew.
  ASSERT_TRUE(game.play(first.principal_variation[0], Color::Black));
  ASSERT_TRUE(game.play(first.principal_variation[1], Color::White));
  const SearchResult second = search.run(game, Color::Black, 7, {3000, 0, 0});
  EXPECT_GT(second.reused_visits, 0u);
  std::uint64_t visits = 0;
  for (const RootChild& c : second.children) {
    visits += c.visits;
    EXPECT_TRUE(game.is_legal(c.move, Color::Black)) << vertex_string(c.move, 9);
  }
  // The kept root's own first visit (before it had children) is not in any child.
  EXPECT_NEAR(static_cast<double>(visits), static_cast<double>(second.reused_visits + 3000), 2.0);
  // An undo breaks the line: the tree is dropped.
  ASSERT_TRUE(game.undo());
  const SearchResult third = search.run(game, Color::White, 7, {500, 0, 0});
  EXPECT_EQ(third.reused_visits, 0u);
}

TEST(GoSearch, ANewKomiDropsTheTree) {
  // clear_board, komi, genmove on an empty board: the same (empty) history,
  // but the kept values were won at the old komi.
  Game game(9, 7);
  GoSearch search(small_settings(2000));
  search.run(game, Color::Black, 7, {2000, 0, 0});
  EXPECT_GT(search.run(game, Color::Black, 7, {500, 0, 0}).reused_visits, 0u);
  game.set_komi(0.5);
  EXPECT_EQ(search.run(game, Color::Black, 0.5, {500, 0, 0}).reused_visits, 0u);
}

TEST(GoSearch, DrawsCountedForAnotherSideDropTheTree) {
  Settings s = small_settings(1000);
  s.draw_value = 0.25;
  Game game(9, 7);
  GoSearch search(s);
  SearchLimits limits(1000);
  limits.draw_side = Color::White;  // pondering White, Black to move
  search.run(game, Color::Black, 7, limits);
  EXPECT_GT(search.run(game, Color::Black, 7, limits).reused_visits, 0u);
  limits.draw_side = Color::Black;
  EXPECT_EQ(search.run(game, Color::Black, 7, limits).reused_visits, 0u);
  // At a draw's even worth the side makes no difference.
  s.draw_value = 0.5;
  GoSearch even(s);
  even.run(game, Color::Black, 7, limits);
  limits.draw_side = Color::White;
  EXPECT_GT(even.run(game, Color::Black, 7, limits).reused_visits, 0u);
}

TEST(GoSearch, AKomiWithAHalfPointKeepsTheTreeForEitherSide) {
  // No simulation can end drawn at komi 7.5, so the draws' side changes
  // no value: an engine that plays both colours (genmove b, genmove w)
  // keeps the subtree of its own move.
  Settings s = small_settings(1000);
  s.draw_value = 0.25;
  Game game(9, 7.5);
  GoSearch search(s);
  const SearchResult first = search.run(game, Color::Black, 7.5, {1000, 0, 0});
  ASSERT_TRUE(game.play(first.best, Color::Black));
  EXPECT_GT(search.run(game, Color::White, 7.5, {1000, 0, 0}).reused_visits, 0u);
  // A whole-point search komi (dynamic komi can give one) allows draws again.
  SearchLimits limits(1000);
  limits.draw_side = Color::Black;
  EXPECT_EQ(search.run(game, Color::White, 7, limits).reused_visits, 0u);
}

TEST(GoSearch, ANewSetupPositionDropsTheTree) {
  // Two loadsgf positions with no moves share an empty move list; the tree
  // of the first must not serve the second (it crashed once).
  Game game(9, 7);
  GoSearch search(small_settings(2000));
  ASSERT_TRUE(game.add_setup_stones({*parse_vertex("E5", 9), *parse_vertex("C3", 9)}, Color::Black));
  search.run(game, Color::Black, 7, {2000, 0, 0});
  Game other(9, 7);
  ASSERT_TRUE(other.add_setup_stones({*parse_vertex("D4", 9)}, Color::White));
  ASSERT_TRUE(other.set_initial_to_move(Color::Black));
  const SearchResult r = search.run(other, Color::Black, 7, {500, 0, 0});
  EXPECT_EQ(r.reused_visits, 0u);
  for (const RootChild& c : r.children) EXPECT_TRUE(other.is_legal(c.move, Color::Black));
}

TEST(GoSearch, RootNeverOffersASuperkoViolationEvenFromAKeptTree) {
  // The 2x2 cycle of the superko test in board_test: after these moves Black
  // may not retake at A1. Search once before the last two moves so that the
  // kept tree knows A1 as a plain (simple-ko legal) move.
  Game game(2, 0);
  auto at = [](const char* v) { return *parse_vertex(v, 2); };
  for (const char* v : {"A1", "B2", "B1", "A2", "A1"}) {
    const Color c = game.to_move();
    ASSERT_TRUE(game.play(at(v), c));
  }
  GoSearch search(small_settings(300));
  search.run(game, Color::White, 0, {300, 0, 0});
  ASSERT_TRUE(game.play(at("B1"), Color::White));
  ASSERT_TRUE(game.play(kPass, Color::Black));
  ASSERT_TRUE(game.play(kPass, Color::White));
  ASSERT_FALSE(game.is_legal(at("A1"), Color::Black));
  const SearchResult r = search.run(game, Color::Black, 0, {300, 0, 0});
  for (const RootChild& c : r.children) EXPECT_NE(c.move, at("A1"));
}

TEST(GoSearch, ProgressiveBiasGrowsWithTheBoard) {
  Settings s;
  s.progressive_bias = 0.5;
  s.progressive_bias_19 = 4.5;
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(s, 7).progressive_bias, 0.5);
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(s, 9).progressive_bias, 0.5);
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(s, 14).progressive_bias, 2.5);
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(s, 19).progressive_bias, 4.5);
  // The defaults are the values the matches in docs/strength.md chose.
  EXPECT_DOUBLE_EQ(Settings{}.progressive_bias, 0.5);
  EXPECT_DOUBLE_EQ(Settings{}.progressive_bias_19, 0.5);
}

TEST(GoSearch, ThePriorsVisitsInTheMeanFollowTheBoard) {
  Settings s;
  s.prior_mean_visits = 10;
  s.prior_mean_visits_19 = 60;
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(s, 9).prior_mean_visits, 10);
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(s, 14).prior_mean_visits, 35);
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(s, 19).prior_mean_visits, 60);
  // The defaults are the values the matches in docs/strength.md chose: off on
  // 9x9, where no match has tried it, so the 9x9 figures stand.
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(Settings{}, 9).prior_mean_visits, 0);
  EXPECT_DOUBLE_EQ(GoSearch::selection_params(Settings{}, 19).prior_mean_visits, 50);
}

// With the prior worth a great many visits and nothing else to lift a move
// (no progressive bias or gamma), the 19x19 search keeps to the moves of
// the highest prior; the 9x9 one, at its own value 0, does not.
TEST(GoSearch, TheSearchWeighsThePriorsVisitsByTheBoardsSize) {
  Settings s = small_settings(300);
  s.progressive_bias = s.progressive_bias_19 = 0;
  s.prior_weight = 0;
  s.prior_mean_visits = 0;
  s.prior_mean_visits_19 = 100000;
  const auto lower_priors_visited = [&](int size) {
    GoSearch search(s);
    const SearchResult r = search.run(Game(size, 7), Color::Black, 7, {300, 0, 0});
    double top = 0;
    for (const RootChild& c : r.children) top = std::max(top, c.prior);
    int lower = 0;
    for (const RootChild& c : r.children) lower += c.visits > 0 && c.prior < top - 1e-6;
    return lower;
  };
  EXPECT_GT(lower_priors_visited(9), 0);
  EXPECT_EQ(lower_priors_visited(19), 0);
}

TEST(GoSearch, LargeBoardsExpandLeavesLater) {
  Settings s;
  s.expand_visits = 2;
  s.expand_visits_19 = 8;
  EXPECT_EQ(GoSearch::expand_visits(s, 5), 2u);
  EXPECT_EQ(GoSearch::expand_visits(s, 9), 2u);
  EXPECT_EQ(GoSearch::expand_visits(s, 13), 4u);  // 2 + 0.4 * 6 = 4.4
  EXPECT_EQ(GoSearch::expand_visits(s, 19), 8u);
  // The defaults are the values the matches in docs/strength.md chose.
  EXPECT_EQ(GoSearch::expand_visits(Settings{}, 9), 2u);
  EXPECT_EQ(GoSearch::expand_visits(Settings{}, 19), 4u);
}

TEST(GoSearch, TheSearchExpandsLeavesByTheBoardsSize) {
  Settings s = small_settings(300);
  s.expand_visits = 1;
  s.expand_visits_19 = 1000;  // no child of the root reaches it in 300 playouts
  GoSearch small(s);
  const SearchResult on_9 = small.run(Game(9, 7), Color::Black, 7, {300, 0, 0});
  EXPECT_GT(on_9.principal_variation.size(), 1u);
  GoSearch large(s);
  const SearchResult on_19 = large.run(Game(19, 7), Color::Black, 7, {300, 0, 0});
  for (const RootChild& c : on_19.children) EXPECT_LE(c.pv.size(), 1u);
}

TEST(GoSearch, TheScoreTermIsCentredOnTheExpectedLead) {
  const Board empty(9);  // an area lead of 0
  GoDomain d = default_domain();
  d.komi = 7;
  d.score_scale = 10;
  EXPECT_DOUBLE_EQ(d.score_utility(empty), std::tanh(-0.7));  // no expectation yet: centred on the komi
  d.score_center = -7;
  EXPECT_DOUBLE_EQ(d.score_utility(empty), std::tanh(0.7));
}

TEST(GoSearch, TheScoreTermWeighsOnlyOnceTheGameIsDecided) {
  EXPECT_DOUBLE_EQ(GoSearch::score_weight_share(0.6, 0.0), 0.0);
  EXPECT_DOUBLE_EQ(GoSearch::score_weight_share(0.6, 0.6), 0.0);
  EXPECT_DOUBLE_EQ(GoSearch::score_weight_share(0.6, 0.8), 0.5);
  EXPECT_DOUBLE_EQ(GoSearch::score_weight_share(0.6, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(GoSearch::score_weight_share(0.0, 0.3), 0.3);
  EXPECT_DOUBLE_EQ(GoSearch::score_weight_share(1.0, 0.99), 0.0);
}

TEST(GoSearch, TheGameIsDecidedLaterOnBigBoards) {
  Settings s;
  s.score_decided = 0.5;
  s.score_decided_19 = 0.7;
  EXPECT_DOUBLE_EQ(GoSearch::score_decided(s, 7), 0.5);
  EXPECT_DOUBLE_EQ(GoSearch::score_decided(s, 9), 0.5);
  EXPECT_DOUBLE_EQ(GoSearch::score_decided(s, 14), 0.6);
  EXPECT_DOUBLE_EQ(GoSearch::score_decided(s, 19), 0.7);
  // The defaults are the values the score-aware matches in docs/strength.md chose.
  EXPECT_DOUBLE_EQ(GoSearch::score_decided(Settings{}, 9), 0.6);
  EXPECT_DOUBLE_EQ(GoSearch::score_decided(Settings{}, 19), 0.9);
}

// The visits of a second search, after a first that left its certainty;
// the score term of the second depends on the board's score-decided.
std::vector<std::uint32_t> second_search_visits(const Settings& s, double* certainty) {
  GoSearch search(s);
  const Game game(19, 7);
  const double komi = -40;  // Black well ahead: a certainty between 0 and 1
  *certainty = std::fabs(2 * search.run(game, Color::Black, komi, {300, 0, 0}).win_rate - 1);
  std::vector<std::uint32_t> visits;
  for (const RootChild& c : search.run(game, Color::Black, komi, {300, 0, 0}).children) visits.push_back(c.visits);
  return visits;
}

TEST(GoSearch, A19x19SearchStartsTheScoreTermAtItsOwnCertainty) {
  Settings plain = small_settings(300);
  Settings only_9 = plain, only_19 = plain;
  only_9.score_weight = only_19.score_weight = 0.5;
  only_9.score_decided = 0;        // at once on 9x9 ...
  only_9.score_decided_19 = 0.99;  // ... never here
  only_19.score_decided = 0.99;
  only_19.score_decided_19 = 0;
  double certainty = 0;
  const auto without = second_search_visits(plain, &certainty);
  ASSERT_GT(certainty, 0.05);
  ASSERT_LT(certainty, 0.99);
  EXPECT_EQ(second_search_visits(only_9, &certainty), without);
  EXPECT_NE(second_search_visits(only_19, &certainty), without);
}

TEST(GoSearch, ScoreAwareSearchReportsTheOutcomesWinRate) {
  Settings s = small_settings(1000);
  s.score_weight = 0.3;
  s.score_decided = 0;  // in proportion to the last search's certainty
  GoSearch search(s);
  const Game game(9, 7.5);
  const double komi = -10.5;  // Black ahead, so the first search leaves a certainty above 0
  ASSERT_GT(std::fabs(2 * search.run(game, Color::Black, komi, {1000, 0, 0}).win_rate - 1), 0.05);
  const SearchResult r = search.run(game, Color::Black, komi, {1000, 0, 0});
  // The value mixes in the score; the win rate is the outcome's alone, a
  // fraction of whole wins and losses (no draws at a komi with a half point).
  for (const RootChild& c : r.children) {
    EXPECT_GE(c.win_rate, 0.0);
    EXPECT_LE(c.win_rate, 1.0);
    const double wins = c.win_rate * c.visits;
    EXPECT_NEAR(wins, std::round(wins), 1e-6 + 0.25 * c.visits / kWinUnits) << vertex_string(c.move, 9);
  }
}

// Black's G7 is in atari; running out at G6 leaves two liberties and the
// ladder runs down to the lower left, where nothing of Black's waits.
const std::vector<std::string> kLadder = {
    ". . . . . . . . . . . . .",  // 13
    ". . . . . . . . . . . . .",  // 12
    ". . . . . . . . . . . . .",  // 11
    ". . . . . . . . . . . . .",  // 10
    ". . . . . . . . . . . . .",  // 9
    ". . . . . . O . . . . . .",  // 8
    ". . . . . O X O . . . . .",  // 7
    ". . . . . . . O . . . . .",  // 6
    ". . . . . . . . . . . . .",  // 5
    ". . . . . . . . . . . . .",  // 4
    ". . . . . . . . . . . . .",  // 3
    ". . . . . . . . . . . . .",  // 2
    ". . . . . . . . . . . . .",  // 1
};

// The same with a black stone at C3 on the ladder's path: the escape works.
std::vector<std::string> broken_ladder() {
  std::vector<std::string> rows = kLadder;
  rows[10][4] = 'X';  // C3
  return rows;
}

bool root_offers(const SearchResult& r, Point p) {
  return std::any_of(r.children.begin(), r.children.end(), [&](const RootChild& c) { return c.move == p; });
}

TEST(GoSearch, NeverRunsOutOfALadderThatWorks) {
  const Point escape = *parse_vertex("G6", 13);
  const Game game = test::game_from_rows(kLadder, Color::Black, 7);
  LadderReader ladder;
  EXPECT_TRUE(default_domain().pruned(game.board(), escape, Color::Black, ladder));
  GoSearch search(small_settings(2000));
  const SearchResult r = search.run(game, Color::Black, 7, {2000, 0, 0});
  EXPECT_FALSE(root_offers(r, escape));
  EXPECT_NE(r.best, escape);
  // Off, the escape is a move like any other.
  Settings off = small_settings(200);
  off.prune_ladders = false;
  GoSearch unpruned(off);
  EXPECT_TRUE(root_offers(unpruned.run(game, Color::Black, 7, {200, 0, 0}), escape));
}

TEST(GoSearch, RunsOutOfALadderWithABreaker) {
  const Point escape = *parse_vertex("G6", 13);
  const Game game = test::game_from_rows(broken_ladder(), Color::Black, 7);
  LadderReader ladder;
  EXPECT_FALSE(default_domain().pruned(game.board(), escape, Color::Black, ladder));
  GoSearch search(small_settings(200));
  EXPECT_TRUE(root_offers(search.run(game, Color::Black, 7, {200, 0, 0}), escape));
}

TEST(GoSearch, PrunesNoLadderInsideTheTreeWhileAKoIsOn) {
  // Deeper in the tree the same rule applies (GoDomain::children), except
  // when the last move took a ko: the escape may then be a ko threat.
  Board b = test::board_from_rows(kLadder, Color::Black);
  LadderReader ladder;
  GoDomain::Scratch scratch;
  ChildInit kids[kMaxPoints];
  const int n = default_domain().children(b, kids, scratch);
  const TreeMove escape = to_tree_move(*parse_vertex("G6", 13));
  EXPECT_TRUE(std::none_of(kids, kids + n, [&](const ChildInit& k) { return k.move == escape; }));
  // A ko in the top right corner, just taken by White.
  for (const char* v : {"M13", "N12"}) b.play(*parse_vertex(v, 13), Color::Black);
  for (const char* v : {"L13", "M12", "N13"}) b.play(*parse_vertex(v, 13), Color::White);  // N13 takes M13
  b.set_to_move(Color::Black);
  ASSERT_NE(b.ko_point(), kNoPoint);
  EXPECT_TRUE(default_domain().children(b, kids, scratch) > 0);
  EXPECT_FALSE(default_domain().pruned(b, *parse_vertex("G6", 13), Color::Black, ladder));
}

// A seki inside a settled 9x9 board (technique set, seki-011): Black's
// string F9-F2-G2-G1 and White's D9-D8-E8-E1 share E9 and F1 and have no
// other liberty. Filling either gives ten stones away.
const std::vector<std::string> kSeki = {". X X O . X O O .",
                                        "X X X O O X O O O",
                                        "X X X X O X O O O",
                                        "X X X X O X O O O",
                                        "X X X X O X O O O",
                                        "X X X X O X O O O",
                                        "X X X X O X O O O",
                                        "X X X X O X X O O",
                                        ". X X X O . X O ."};

TEST(GoSearch, OffersPassWhereOnlySelfAtarisOfBigStringsAreLeft) {
  const Board seki = test::board_from_rows(kSeki, Color::Black);
  GoDomain::Scratch scratch;
  ChildInit kids[kMaxPoints];
  const auto has_pass = [&](const Board& b) {
    const int n = default_domain().children(b, kids, scratch);
    return std::any_of(kids, kids + n, [](const ChildInit& k) { return k.move == kTreePass; });
  };
  EXPECT_TRUE(has_pass(seki));
  // Where a move is left that gives nothing away, the tree has no pass.
  EXPECT_FALSE(has_pass(test::board_from_rows(kLadder, Color::Black)));
  // The root too: the search of the seki passes (it would fill a shared
  // liberty when pass was offered only with nothing else left).
  GoSearch search(small_settings(2000));
  const Game game = test::game_from_rows(kSeki, Color::Black, 8.5);
  EXPECT_EQ(search.run(game, Color::Black, 8.5, {2000, 0, 0}).best, kPass);
}

TEST(GoSearch, WideningListsTheChildrenHighestPriorFirst) {
  // Progressive widening looks only at the first children of a node: the
  // domain must put the best by prior there. Off, the board's order stays.
  const Board b = test::board_from_rows(kLadder, Color::Black);
  GoDomain::Scratch scratch;
  ChildInit kids[kMaxPoints];
  const auto by_prior = [](const ChildInit& x, const ChildInit& y) { return x.prior > y.prior; };
  GoDomain widened = default_domain();
  widened.children_by_prior = true;
  const int n = widened.children(b, kids, scratch);
  ASSERT_GT(n, 10);
  EXPECT_TRUE(std::is_sorted(kids, kids + n, by_prior));
  EXPECT_FALSE(std::is_sorted(kids, kids + default_domain().children(b, kids, scratch), by_prior));

  Settings s;
  s.widening = 1.4;
  EXPECT_TRUE(GoDomain::from_settings(s, 7, 19).children_by_prior);
  EXPECT_FALSE(GoDomain::from_settings(Settings{}, 7, 19).children_by_prior);
}

TEST(GoSearch, ProvenDeadStonesStillStandingCountForTheOpponent) {
  // A finished board: Black's group on the left, three eyes, keeps its 15
  // stones in every playout. Called dead, it counts for White.
  const std::vector<std::string> rows = {"X.XOO....", "XXXO.....", ".XXO.....", "XXXO.....", "XX.O.....",
                                         "XXXO.....", "...O.....", "OOOO.....", "........."};
  const Game game = test::game_from_rows(rows, Color::White, 7);
  std::vector<Point> group;
  game.board().for_each_stone(*parse_vertex("A9", 9), [&](Point p) { group.push_back(p); });
  ASSERT_EQ(group.size(), 15u);
  GoSearch plain(small_settings(500));
  GoSearch told(small_settings(500));
  SearchLimits limits(500, 0, 0);
  const SearchResult before = plain.run(game, Color::White, 7, limits);
  limits.dead = group;
  const SearchResult after = told.run(game, Color::White, 7, limits);
  // Every simulation ends with the group standing: 2 points a stone.
  EXPECT_NEAR(after.score, before.score - 2 * 15, 3.0);
  EXPECT_GT(after.win_rate, before.win_rate);

  GoDomain d = default_domain();
  const std::vector<DeadStone> dead = {{group.front(), Color::Black}};
  const Board& b = game.board();
  EXPECT_EQ(d.final_area_lead(b, 10), 10);
  d.dead_stones = &dead;
  EXPECT_EQ(d.final_area_lead(b, 10), 8);
}

}  // namespace
}  // namespace tengen
