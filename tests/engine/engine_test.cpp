// The player's decisions at the edges of the game: resigning, passing when
// passing wins, cleaning up dead stones, judging the final position, and
// spending the clock.

#include <gtest/gtest.h>

#include <cmath>

#include "support/diagram.h"
#include "support/quick_settings.h"
#include "support/scratch.h"
#include "tengen/engine/engine.h"
#include "tengen/engine/handicap.h"
#include "tengen/sgf/sgf.h"

namespace tengen {
namespace {

Settings quick(std::int64_t playouts = 1500) {
  return test_support::quick_settings({.playouts = playouts, .score_playouts = 400, .seed = 99, .board_size = {}});
}

// Loads a diagram into the engine's game as setup stones.
void set_position(Engine& engine, const std::vector<std::string>& rows, Color to_move, double komi) {
  const Board b = test::board_from_rows(rows, to_move);
  engine.new_game(b.size());
  engine.game().set_komi(komi);
  std::vector<Point> black, white;
  for (int q = 0; q < b.num_points(); ++q) {
    const Point p = static_cast<Point>(q);
    if (b.at(p) == Color::Black) black.push_back(p);
    if (b.at(p) == Color::White) white.push_back(p);
  }
  ASSERT_TRUE(engine.game().add_setup_stones(black, Color::Black));
  ASSERT_TRUE(engine.game().add_setup_stones(white, Color::White));
  engine.game().set_initial_to_move(to_move);
}

// Black's wall on the left gives White two thirds of a 6x6 board, and a
// white stone sits dead inside Black's area.
const std::vector<std::string> kSplitBoard = {". X O . . .",
                                              ". X O . . .",
                                              "O X O . . .",
                                              ". X O . . .",
                                              ". X O . . .",
                                              ". X O . . ."};

// The same split, settled: every empty point of White's area is an eye.
const std::vector<std::string> kSettledBoard = {". X O . O .",
                                                ". X O O O O",
                                                "O X O . O .",
                                                ". X O O O O",
                                                ". X O . O .",
                                                ". X O O O O"};

TEST(Engine, JudgesDeadStonesAndScoresByArea) {
  Engine engine(quick());
  set_position(engine, kSplitBoard, Color::Black, 0.5);
  const Judgement j = engine.judge_position();
  const Board& b = engine.game().board();
  EXPECT_EQ(j.status[b.point(0, 2)], StoneStatus::Dead);
  EXPECT_EQ(j.status[b.point(1, 2)], StoneStatus::Alive);
  EXPECT_EQ(j.status[b.point(2, 2)], StoneStatus::Alive);
  // Black: 6 stones + 6 points of column A; White: 6 stones + 18 points.
  EXPECT_DOUBLE_EQ(j.score, 12 - 24 - 0.5);
  EXPECT_EQ(score_string(j.score), "W+12.5");
}

// judge() on given ownership: a small shared region is dame whatever the
// playouts say; a large one, in an unfinished game, goes point by point to
// the side the playouts give it to, except in the count of a game ended now.
TEST(Judge, SmallSharedRegionsAreDameLargeOnesFollowOwnership) {
  // A black and a white group with one dame point between them (B6), and
  // an open area of 12 points (D3..F6) that touches both.
  const Board b = test::board_from_rows({"X . O . . .",
                                         "X O O . . .",
                                         "X X O . . .",
                                         "X X O . . .",
                                         "X X X X X X",
                                         "X X X X X X"},
                                        Color::Black);
  std::vector<float> ownership(b.num_points(), 0.0f);
  for (int q = 0; q < b.num_points(); ++q) {
    const Point p = static_cast<Point>(q);
    if (b.at(p) == Color::Black) ownership[p] = 1.0f;
    if (b.at(p) == Color::White) ownership[p] = -1.0f;
  }
  const auto at = [&](const char* v) { return *parse_vertex(v, 6); };
  ownership[at("B6")] = 0.9f;  // the lone dame point: still nobody's
  // The open area D3..F6 (12 points) touches both: White owns 8 of them
  // surely, Black 2, and 2 are in doubt.
  const char* white_points[] = {"D6", "E6", "F6", "D5", "E5", "F5", "D4", "E4"};
  for (const char* v : white_points) ownership[at(v)] = -0.8f;
  ownership[at("F4")] = 0.7f;
  ownership[at("D3")] = 0.6f;
  ownership[at("E3")] = 0.2f;
  ownership[at("F3")] = -0.3f;
  const Judgement j = judge(b, ownership, 0.0, 0.3);
  int black_stones = 0, white_stones = 0;
  for (int q = 0; q < b.num_points(); ++q) {
    black_stones += b.at(static_cast<Point>(q)) == Color::Black;
    white_stones += b.at(static_cast<Point>(q)) == Color::White;
  }
  EXPECT_DOUBLE_EQ(j.score, (black_stones + 2) - (white_stones + 8));
  // Were the game to end now, the rules would count both regions as dame.
  EXPECT_DOUBLE_EQ(j.score_if_ended, black_stones - white_stones);
  // Only the small one is dame to fill: the large one is unfinished.
  EXPECT_EQ(dame_points(b, j), std::vector<Point>{at("B6")});
}

TEST(Judge, TheWorstProvenFateOfAStringStands) {
  // Two proofs about the white string, from fights against different
  // targets: dead outranks seki, in whichever order they come.
  const Board b = test::board_from_rows({". X O . .",
                                         "X X O . .",
                                         "O O O . .",
                                         ". . . . .",
                                         ". . . . ."},
                                        Color::Black);
  const std::vector<float> ownership(b.num_points(), 0.0f);
  const Point white = *parse_vertex("C5", 5);
  const Point black = *parse_vertex("B5", 5);
  for (const bool dead_first : {true, false}) {
    std::vector<std::pair<Point, StoneStatus>> proven = {{white, StoneStatus::Seki}, {black, StoneStatus::Seki}};
    proven.insert(dead_first ? proven.begin() : proven.end(), {white, StoneStatus::Dead});
    const Judgement j = judge(b, ownership, 0.0, 0.3, proven);
    EXPECT_EQ(j.status[*parse_vertex("A3", 5)], StoneStatus::Dead);
    EXPECT_EQ(j.status[black], StoneStatus::Seki);
  }
}

TEST(Engine, FindsSekiStones) {
  // Neither side can fill C4 or C1 without putting its own string in atari:
  // both strings live in seki and the two points belong to nobody.
  Engine engine(quick());
  set_position(engine, {"O O O O O",
                        "O X . X O",
                        "O X X X O",
                        "O X X X O",
                        "O O . X X"},
               Color::Black, 0.5);
  const Judgement j = engine.judge_position();
  const Board& b = engine.game().board();
  for (int q = 0; q < b.num_points(); ++q) {
    if (is_player(b.at(static_cast<Point>(q)))) {
      EXPECT_EQ(j.status[q], StoneStatus::Seki) << q;
    }
  }
  EXPECT_DOUBLE_EQ(j.score, 10 - 13 - 0.5);
}

TEST(Engine, PassesAfterAnOpponentPassWhenPassingWins) {
  Settings s = quick();
  Engine engine(s);
  set_position(engine, kSplitBoard, Color::White, 0.5);
  ASSERT_TRUE(engine.game().play(kPass, Color::White));
  // Black is behind: it must not pass...
  EXPECT_NE(engine.choose_move(Color::Black), kPass);
  // ...but White, ahead, answers a pass with a pass.
  ASSERT_TRUE(engine.game().play(kPass, Color::Black));
  EXPECT_EQ(engine.choose_move(Color::White), kPass);
}

TEST(Engine, PlaysOnAfterAPassWhileAStringIsUnsettled) {
  // White is far ahead whatever happens in the corner, so passing wins; but
  // the black corner group (a straight three eye space, A2 B2 C2) lives or
  // dies by who plays B2 first. Passing would leave the score to a guess:
  // White plays on, at the vital point.
  const std::vector<std::string> corner = {". . . . . . .",
                                           ". . . . . . .",
                                           ". . . . . . .",
                                           "O O O O O . .",
                                           "X X X X O . .",
                                           ". . . X O . .",
                                           "X X X X O . ."};
  Engine engine(quick(3000));
  set_position(engine, corner, Color::Black, 0.5);
  ASSERT_TRUE(engine.game().play(kPass, Color::Black));
  EXPECT_GT(engine.judge_position().unsettled_stones, 0);
  EXPECT_EQ(vertex_string(engine.choose_move(Color::White), 7), "B2");
  // Afterwards (the playouts, where neither side plays the self-ataris at
  // A2 and C2, see a seki) a pass is answered with a pass.
  ASSERT_TRUE(engine.game().play(*parse_vertex("B2", 7), Color::White));
  ASSERT_TRUE(engine.game().play(kPass, Color::Black));
  EXPECT_EQ(engine.judge_position().unsettled_stones, 0);
  EXPECT_EQ(engine.choose_move(Color::White), kPass);
}

TEST(Engine, PlaysOnAfterAPassWhereAFightGoesToWhoeverMovesFirst) {
  // The end of a 9x9 self-play game (2026-12-07, score-aware against the
  // defaults, game 11), White to move after Black's pass. Black's 18 stones
  // on the right (G4 and around) have one liberty, H6; White's 35 around
  // them have two, J8 and D1. White at H6 takes the 18; if White passes,
  // Black at J8 takes J7 and leaves the 35 in atari with no way out. The
  // playouts begun by White mostly give White the right side, so in half
  // the seeds no string looked unsettled, White passed, and the game was
  // scored W+42 by both engines and B+74 by GNU Go. The solver reads the
  // fight as won by whoever moves first: play on.
  const std::vector<std::string> rows = {". X O O O O O O O",  //
                                         ". X X O O O X O .",  //
                                         ". X X X O X X X O",  //
                                         "X . . X O O X . X",  //
                                         "X X X O O X X X X",  //
                                         "X O X X O O X X X",  //
                                         "X O X O O X X O X",  //
                                         "X O O O O O X O X",  //
                                         "X O X . O O O O O"};
  for (const std::uint64_t seed : {1, 2, 3, 4, 5, 6}) {
    SCOPED_TRACE(seed);
    Settings s = quick(3000);
    s.seed = seed;
    Engine engine(s);
    set_position(engine, rows, Color::Black, 7);
    ASSERT_TRUE(engine.game().play(kPass, Color::Black));
    EXPECT_GT(engine.judge_position().unsettled_stones, 0);
    EXPECT_EQ(vertex_string(engine.choose_move(Color::White), 9), "H6");
  }
}

TEST(Engine, TheCountReadsAgainAFightItsFirstReadingLeftOpen) {
  // The end of a 9x9 self-play game (2026-12-07, score-aware against the
  // defaults, game 9), Black to move. Black's 14 stones B9-D5 share their
  // last liberties A9 and A7 with White's three on A8-B8-B7: not a seki,
  // since White fills A7 and, after Black takes the three at A9, Black has
  // a square four (dead). The solver proves Black's string lost whoever
  // moves first, but 3,000 playouts leave one side's reading open in these
  // seeds; then the count rested on the playouts, which break the shape
  // either way and left the stones alive (W+58, GNU Go W+88).
  const std::vector<std::string> rows = {". X X X O O X . O",  //
                                         "O O X X O . O O O",  //
                                         ". O X X O O O O X",  //
                                         "X X X X X O O X .",  //
                                         "O O X X O X X X X",  //
                                         ". O O O O X X O X",  //
                                         "O . O X X X O O O",  //
                                         ". O X X O X O X .",  //
                                         ". O O O O O . O O"};
  const auto with_seed = [](std::uint64_t seed) {
    Settings s = quick(3000);
    s.seed = seed;
    s.score_playouts = Settings{}.score_playouts;
    return s;
  };
  for (const std::uint64_t seed : {2, 10, 11, 12}) {
    SCOPED_TRACE(seed);
    Engine engine(with_seed(seed));
    set_position(engine, rows, Color::Black, 7);
    const Judgement j = engine.judge_position();
    EXPECT_EQ(j.status[*parse_vertex("B9", 9)], StoneStatus::Dead);
    EXPECT_EQ(j.score, -88);
  }
  // On a clock with a second left the second reading would cost more
  // than the move has: the count rests on the first.
  Engine engine(with_seed(2));
  set_position(engine, rows, Color::Black, 7);
  engine.clock().set_gtp(1, 0, 0);
  engine.fights(Color::Black);  // the solver's speed
  EXPECT_EQ(engine.judge_position().score, -58);
}

TEST(Engine, DoesNotPassWhereOnlyItsOwnBestMoveLooksSettled) {
  // A game against GNU Go, Black to play move 33: A6 saves the black
  // string B5-B6, and the search knows it (win rate about 0.95). The
  // search's playouts nearly all begin with A6, so their ownership gave A6
  // to Black, every candidate looked settled, and Black passed (and lost
  // the string and the game). The judgement's playouts from the position as
  // it stands see A6 contested.
  Settings s = quick(10000);
  Engine engine(s);
  engine.load_sgf(sgf::parse(test_support::slurp(TENGEN_TEST_DATA "/engine/pass-before-saving.sgf")), 33);
  ASSERT_EQ(engine.game().moves().size(), 32u);
  EXPECT_EQ(vertex_string(engine.choose_move(Color::Black), 9), "A6");
}

// A position of the technique set (tests/data/technique, with its komi)
// and the move Tengen chooses there for c.
std::string move_in(const char* name, Color c, Settings s = quick(3000)) {
  Engine engine(s);
  engine.load_sgf(sgf::parse(test_support::slurp(TENGEN_TEST_DATA "/technique/" + std::string(name) + ".sgf")), 0);
  return vertex_string(engine.choose_move(c), engine.game().size());
}

TEST(Engine, FillsADamePointRatherThanPass) {
  // The end of a 9x9 self-play game (2026-12-07, score-aware against the
  // defaults, game 166), White to move after Black's pass. J1 touches
  // Black's G1-H1 and White's J2: nobody's if the game ends now, and only
  // White can fill it (Black there is in atari). The playouts fill it for
  // White, so they give it to White already and the search passed: W+31,
  // where GNU Go, counting J1 as White's, said W+32.
  const std::vector<std::string> rows = {"O . O X O X . O .",  //
                                         "O . O . O O O O O",  //
                                         ". O O O O O X X .",  //
                                         "O O O O . . O . O",  //
                                         "O X X O O O . O O",  //
                                         "O X . X X O O O O",  //
                                         "X . X X . X O X O",  //
                                         ". X O X X X O X O",  //
                                         ". . . . . . X X ."};
  for (const bool fill : {true, false}) {
    SCOPED_TRACE(fill);
    Settings s = quick(3000);
    s.fill_dame = fill;
    Engine engine(s);
    set_position(engine, rows, Color::Black, 7);
    ASSERT_TRUE(engine.game().play(kPass, Color::Black));
    EXPECT_EQ(vertex_string(engine.choose_move(Color::White), 9), fill ? "J1" : "pass");
  }
}

TEST(Engine, PassesInASekiRatherThanFillASharedLiberty) {
  // seki-011: Black's F9-F2-G2-G1 and White's D9-D8-E8-E1 share E9 and F1
  // and have no other liberty; at komi 8.5 the seki as it stands wins by
  // half a point. The search's candidates are the two shared liberties
  // alone (eyes are no candidates), both self-ataris of ten stones:
  // passing is right.
  EXPECT_EQ(move_in("seki-011", Color::Black), "pass");
}

TEST(Engine, TakesTheLastLibertyTwoStringsShare) {
  // seki-005: Black's A5-H5-H6-J6 and White's A4-J4-A3-B3 are both in
  // atari at J5: whoever plays there first captures. Both readings from the
  // position as it stands give J5 to Black, who moves first; only those
  // begun by White, as after a pass, show the point is not settled.
  EXPECT_EQ(move_in("seki-005", Color::Black), "J5");
}

TEST(Engine, OneThreadGamesRepeatForASeed) {
  // Early stops included: the search checks its limits every few
  // simulations, not every millisecond, so timing cannot change a move.
  auto game = [] {
    Engine engine(quick(1000));
    engine.new_game(9);
    std::string moves;
    for (int i = 0; i < 10; ++i) {
      const Color c = i % 2 == 0 ? Color::Black : Color::White;
      moves += vertex_string(engine.genmove(c), 9) + " ";
    }
    return moves;
  };
  EXPECT_EQ(game(), game());
}

TEST(Engine, CleanupCapturesDeadStonesBeforePassing) {
  Engine engine(quick());
  set_position(engine, kSettledBoard, Color::Black, 0.5);
  ASSERT_TRUE(engine.game().play(kPass, Color::Black));
  ASSERT_TRUE(engine.game().play(kPass, Color::White));
  // Black's move in cleanup must take a liberty of the dead stone at A4
  // (A5 or A3) until it is captured; afterwards passing is fine.
  const Point p = engine.genmove(Color::Black, /*cleanup=*/true);
  EXPECT_TRUE(vertex_string(p, 6) == "A5" || vertex_string(p, 6) == "A3") << vertex_string(p, 6);
  ASSERT_TRUE(engine.game().play(kPass, Color::White));
  const Point q = engine.genmove(Color::Black, /*cleanup=*/true);
  EXPECT_TRUE(vertex_string(q, 6) == "A5" || vertex_string(q, 6) == "A3") << vertex_string(q, 6);
  EXPECT_EQ(engine.game().board().stones(Color::White), 18);  // 19 less the dead stone
}

TEST(Engine, CaptureDeadTakesThePointsLeftBeforeTheDeadStones) {
  // A 7x7 endgame of the technique set: White to play must take B7 (the
  // only right move) while dead black stones still stand in White's area.
  // With capture-dead the dead stones come off in place of a pass, not
  // before B7 (taking them first lost the half-point game).
  Settings s = quick(3000);
  s.capture_dead = true;
  EXPECT_EQ(move_in("endgame-003", Color::White, s), "B7");
}

TEST(Engine, ResignsAHopelessGame) {
  Settings s = quick();
  s.resign_threshold = 0.2;
  s.resign_min_moves = 0;
  s.resign_after_searches = 1;
  Engine engine(s);
  set_position(engine, kSettledBoard, Color::Black, 30.5);
  EXPECT_EQ(engine.choose_move(Color::Black), kResign);
  // The same position without the resignation option: a real move.
  ASSERT_FALSE(engine.set_param("resign-threshold", "0"));
  EXPECT_NE(engine.choose_move(Color::Black), kResign);
}

// One low search is not enough: a 19x19 win rate can fall from 0.5 to
// under 0.1 for one move and come back (docs/strength.md, Resigning).
TEST(Engine, ResignsOnlyAfterLowSearchesOnOwnMovesInARow) {
  Settings s = quick();
  s.resign_threshold = 0.2;
  s.resign_min_moves = 0;
  s.resign_after_searches = 3;
  Engine engine(s);
  set_position(engine, kSettledBoard, Color::Black, 30.5);
  // The same position searched again is no second own move.
  for (int i = 0; i < 3; ++i) EXPECT_NE(engine.choose_move(Color::Black), kResign);
  const auto black_then_white_passes = [&] {
    const Point p = engine.genmove(Color::Black);
    EXPECT_TRUE(engine.game().play(kPass, Color::White));
    return p;
  };
  EXPECT_NE(black_then_white_passes(), kResign);
  EXPECT_NE(black_then_white_passes(), kResign);  // the second low search in a row
  // A search that is not low starts the count again.
  engine.game().set_komi(-30.5);
  EXPECT_NE(black_then_white_passes(), kResign);
  engine.game().set_komi(30.5);
  EXPECT_NE(black_then_white_passes(), kResign);
  EXPECT_NE(black_then_white_passes(), kResign);
  EXPECT_EQ(engine.genmove(Color::Black), kResign);  // the third in a row
  // White's own searches are counted apart from Black's.
  engine.game().set_komi(-30.5);
  ASSERT_TRUE(engine.game().play(kPass, Color::Black));
  EXPECT_NE(engine.genmove(Color::White), kResign);
}

// Black's 12 points against White's 24 leave nothing to play for: at komi
// -12 the playouts draw, at -6 Black loses by 6.
TEST(Engine, NeverResignsASureDrawHoweverLittleItIsWorth) {
  Settings s = quick();
  s.resign_threshold = 0.2;
  s.resign_min_moves = 0;
  s.resign_after_searches = 1;
  s.draw_value = 0.05;
  Engine engine(s);
  set_position(engine, kSettledBoard, Color::Black, -12);
  EXPECT_NE(engine.choose_move(Color::Black), kResign);
  set_position(engine, kSettledBoard, Color::Black, -6);
  EXPECT_EQ(engine.choose_move(Color::Black), kResign);
}

// Pondering counts draws for the colour Tengen plays: that of its last genmove.
TEST(Engine, KnowsItsColourFromItsLastGenmove) {
  Engine engine(quick(200));
  engine.new_game(9);
  EXPECT_EQ(engine.own_color(), Color::Empty);
  engine.genmove(Color::White);
  EXPECT_EQ(engine.own_color(), Color::White);
  engine.new_game(9);
  EXPECT_EQ(engine.own_color(), Color::Empty);
}

// White leads by 12.5 on the split board: each search it wins surely moves
// its komi a point its own way, up to the even-game cap; Black, losing,
// keeps the game's komi. Without the cap, an even game keeps it too.
TEST(Engine, TheRatchetPlaysAWonEvenGameForMorePointsUpToItsCap) {
  Settings s = quick(800);
  s.ratchet_even_points = 2;
  Engine engine(s);
  set_position(engine, kSplitBoard, Color::White, 0.5);
  std::vector<double> komi;
  for (int i = 0; i < 3; ++i) {
    engine.choose_move(Color::White);
    komi.push_back(engine.search_komi(Color::White));
  }
  EXPECT_EQ(komi, (std::vector<double>{-0.5, -1.5, -1.5}));
  engine.choose_move(Color::Black);
  EXPECT_EQ(engine.search_komi(Color::Black), 0.5);

  ASSERT_FALSE(engine.set_param("ratchet-even-points", "0"));
  set_position(engine, kSplitBoard, Color::White, 0.5);
  engine.choose_move(Color::White);
  EXPECT_EQ(engine.search_komi(Color::White), 0.5);
}

TEST(Engine, FixedHandicapFollowsGtp) {
  auto names = [](int size, int n) {
    std::string out;
    const auto points = fixed_handicap(size, n);
    for (Point p : *points) out += vertex_string(p, size) + " ";
    return out;
  };
  EXPECT_EQ(names(19, 2), "D4 Q16 ");
  EXPECT_EQ(names(19, 5), "D4 Q16 D16 Q4 K10 ");
  EXPECT_EQ(names(19, 9), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10 ");
  EXPECT_EQ(names(9, 4), "C3 G7 C7 G3 ");
  EXPECT_EQ(names(13, 3), "D4 K10 D10 ");
  EXPECT_FALSE(fixed_handicap(7, 5));
  EXPECT_FALSE(fixed_handicap(10, 5));
  EXPECT_FALSE(fixed_handicap(19, 10));
  EXPECT_FALSE(fixed_handicap(5, 2));
  EXPECT_EQ(free_handicap(19, 12).size(), 12u);
}

TEST(TimeControl, SpreadsMainTimeAndKeepsTheMargin) {
  TimeControl t;
  EXPECT_TRUE(std::isinf(t.budget(Color::Black, 81, 0.4, 1)));
  t.set_gtp(100, 0, 0);
  // 81 empty points * 0.4 = 32.4 moves ahead; 99 usable seconds.
  EXPECT_NEAR(t.budget(Color::Black, 81, 0.4, 1), 99 / 32.4, 1e-9);
  // Few points left: at least 10 moves are still planned for.
  EXPECT_NEAR(t.budget(Color::Black, 5, 0.4, 1), 9.9, 1e-9);
  t.set_time_left(Color::Black, 0.5, 0);
  EXPECT_GT(t.budget(Color::Black, 81, 0.4, 1), 0);  // a sliver, never negative
  EXPECT_LT(t.budget(Color::Black, 81, 0.4, 1), 0.1);
  EXPECT_NEAR(t.budget(Color::White, 81, 0.4, 1), 99 / 32.4, 1e-9);  // White's clock untouched
}

TEST(TimeControl, PhaseWeightsFavourTheMiddleGame) {
  EXPECT_DOUBLE_EQ(phase_weight(0), 1.0);
  EXPECT_DOUBLE_EQ(phase_weight(0.25), 2.0);
  EXPECT_DOUBLE_EQ(phase_weight(0.5), 1.5);
  EXPECT_DOUBLE_EQ(phase_weight(2.0), 0.5);
  // Evenly weighted moves would each get 1/n.
  EXPECT_GT(phase_share(80, 361, 100), 1.0 / 100);
  EXPECT_LT(phase_share(0, 361, 100), 1.0 / 100);
}

TEST(TimeControl, ASuddenDeathGameSpendsMostInTheMiddleAndNeverRunsOut) {
  // 5 minutes sudden death on 19x19; every ply fills a point, and the
  // engine spends exactly its budget on each of its moves.
  TimeControl t;
  t.set_gtp(300, 0, 0);
  double left = 300, opening = 0, middle = 0, late = 0;
  for (int ply = 0; ply < 330; ply += 2) {
    const double b = t.budget(Color::Black, 361 - ply, 0.4, 1, ply, 361);
    ASSERT_GT(b, 0);
    left -= b;
    t.set_time_left(Color::Black, left, 0);
    if (ply < 20) opening += b;
    if (ply >= 40 && ply < 140) middle += b;
    if (ply >= 240) late += b;
  }
  EXPECT_GT(left, 1.0 - 1e-9);  // the margin is never spent
  EXPECT_GT(middle / 50, 1.5 * (late / 45));
  EXPECT_GT(middle / 50, opening / 10);
}

TEST(TimeControl, ByoYomiPeriods) {
  TimeControl canadian;
  canadian.set_gtp(0, 300, 25);
  EXPECT_NEAR(canadian.budget(Color::Black, 300, 0.4, 1), 299.0 / 25, 1e-9);
  canadian.set_time_left(Color::Black, 60, 5);
  EXPECT_NEAR(canadian.budget(Color::Black, 300, 0.4, 1), 59.0 / 5, 1e-9);
  TimeControl japanese;
  japanese.set_japanese(0, 30, 5);
  japanese.set_time_left(Color::White, 30, 3);
  EXPECT_NEAR(japanese.budget(Color::White, 300, 0.4, 1), 29, 1e-9);
  TimeControl unlimited;
  unlimited.set_gtp(0, 10, 0);  // GTP: byo-yomi time with 0 stones means no limit
  EXPECT_FALSE(unlimited.limited());
}

}  // namespace
}  // namespace tengen
