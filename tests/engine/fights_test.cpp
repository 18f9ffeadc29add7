// The solver in play: fights found on the board and read both ways, an
// urgent race won by genmove, and proven fates in the final judgement.

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "support/diagram.h"
#include "support/quick_settings.h"
#include "support/scratch.h"
#include "tengen/engine/bench.h"
#include "tengen/engine/engine.h"
#include "tengen/sgf/sgf.h"

namespace tengen {
namespace {

// 3 against 3 without shared liberties: whoever moves first wins (the
// Black string B6-C6.. has A4, B4, C4 to fill; White's C7, D7, E7).
const std::vector<std::string> kRace = {". O O O O O O O .", "O O O O O O O O O", "X X . . . O O O O",
                                        "X X X X X X X X X", "O O O O O O O O O", ". . . X X X X O O",
                                        "X X X X X X X X X", "X X X X X X X X X", ". X X X X X X X ."};

// Two shared liberties and nothing else: a seki.
const std::vector<std::string> kSeki = {". O O O O O O O .", "O O O O O O O O O", "X X O O O O O O O",
                                        ". X X X X X X X X", "O O O O O O O O .", "X X X X X X X O O",
                                        "X X X X X X X X X", "X X X X X X X X X", ". X X X X X X X ."};

// kRace with a third black stone on row 7: Black's string has two
// liberties (D7, E7) to White's three, and loses the race even moving first.
const std::vector<std::string> kLostRace = {". O O O O O O O .", "O O O O O O O O O", "X X X . . O O O O",
                                            "X X X X X X X X X", "O O O O O O O O O", ". . . X X X X O O",
                                            "X X X X X X X X X", "X X X X X X X X X", ". X X X X X X X ."};

Settings quick() {
  return test_support::quick_settings({.playouts = 300, .score_playouts = 200, .seed = 3, .board_size = {}});
}

void set_position(Engine& engine, const std::vector<std::string>& rows, Color to_move) {
  const Board b = test::board_from_rows(rows, to_move);
  engine.new_game(b.size());
  std::vector<Point> black, white;
  for (int q = 0; q < b.num_points(); ++q) {
    if (b.at(static_cast<Point>(q)) == Color::Black) black.push_back(static_cast<Point>(q));
    if (b.at(static_cast<Point>(q)) == Color::White) white.push_back(static_cast<Point>(q));
  }
  ASSERT_TRUE(engine.game().add_setup_stones(black, Color::Black));
  ASSERT_TRUE(engine.game().add_setup_stones(white, Color::White));
  engine.game().set_initial_to_move(to_move);
}

TEST(Fights, ARaceWhoeverMovesFirstWinsIsUrgent) {
  const Board b = test::board_from_rows(kRace, Color::Black);
  const std::vector<Fight> fights = read_fights(b, Color::Black, 20000, 4, 4, 1);
  const auto race = std::find_if(fights.begin(), fights.end(), [&](const Fight& f) {
    return b.root(f.ours) == b.root(*parse_vertex("B6", 9));
  });
  ASSERT_NE(race, fights.end());
  EXPECT_TRUE(race->urgent());
  const std::string move = vertex_string(race->our_move, 9);
  EXPECT_TRUE(move == "A4" || move == "B4" || move == "C4") << move;
}

TEST(Fights, GenmoveWinsTheUrgentRaceEvenWithAWeakSearch) {
  Settings s = quick();
  s.playouts = 20;  // far too few to read the race by search alone
  Engine engine(s);
  set_position(engine, kRace, Color::Black);
  const std::string move = vertex_string(engine.choose_move(Color::Black), 9);
  EXPECT_TRUE(move == "A4" || move == "B4" || move == "C4") << move;
}

// The classic shapes of the solver's tests, played: wherever the result
// turns on who moves first, genmove with a search far too weak to read the
// fight (20 playouts) still plays a proven winning move.
class FightsPlayed : public ::testing::TestWithParam<test::DiagramCase> {};

TEST_P(FightsPlayed, UrgentMovesArePlayed) {
  const test::DiagramCase& c = GetParam();
  std::map<std::string, std::string> outcome;  // colour -> its outcome moving first
  for (const auto& e : c.expectations) {
    if (e.size() == 4) outcome[e[0]] = e[2];
  }
  for (const auto& e : c.expectations) {
    const std::string other = e[0] == "black" ? "white" : "black";
    if (e.size() != 4 || e[2] != "won" || e[3] == "any" || (outcome[other] != "won" && outcome[other] != "draw")) {
      continue;
    }
    SCOPED_TRACE(e[0] + " to move");
    Settings s = quick();
    s.playouts = 20;
    Engine engine(s);
    const Color mover = e[0] == "black" ? Color::Black : Color::White;
    set_position(engine, c.rows, mover);
    const std::string move = vertex_string(engine.choose_move(mover), engine.game().size());
    EXPECT_NE(("|" + e[3] + "|").find("|" + move + "|"), std::string::npos) << move;
  }
}

INSTANTIATE_TEST_SUITE_P(Data, FightsPlayed,
                         ::testing::ValuesIn(test::read_diagram_file(TENGEN_TEST_DATA "/solver/local_fights.txt")));

// Under a time limit the solver stops beginning fights (the first is always
// read); without one it reads as many as it may. The 19x19 middle game has
// several fights.
TEST(Fights, ATimeLimitStopsTheReadingAfterTheFirstFight) {
  const Board b = bench_position(TENGEN_TEST_DATA "/playout/midgame-19x19.sgf", 0).board();
  const std::size_t all = read_fights(b, b.to_move(), 300, 4, 4, 1).size();
  ASSERT_GE(all, 2u);
  EXPECT_EQ(read_fights(b, b.to_move(), 300, 4, 4, 1, 1e-9).size(), 1u);
  EXPECT_EQ(read_fights(b, b.to_move(), 300, 4, 4, 1, 1e6).size(), all);
}

TEST(Fights, ADrawProvesNoSeki) {
  // The solver reads the black string B6 against White's top group as a
  // draw (neither is captured), but that group has two eyes (A9, J9): it is
  // alive, not in seki. The seki is the black string and White's A5 string,
  // which share their last two liberties.
  Engine engine(quick());
  set_position(engine, kSeki, Color::Black);
  const Judgement j = engine.judge_position();
  EXPECT_EQ(j.status[*parse_vertex("B6", 9)], StoneStatus::Seki);
  EXPECT_EQ(j.status[*parse_vertex("A5", 9)], StoneStatus::Seki);
  EXPECT_EQ(j.status[*parse_vertex("C7", 9)], StoneStatus::Alive);
}

TEST(Fights, ACornerKilledBySacrificeIsJudgedDead) {
  // The end of a game against GNU Go: White's corner group A7-D9 shares
  // its last two liberties, A9 and C9, with the black stone B9 inside it.
  // Read against B9 alone the solver finds no win for Black (it would have
  // to give up B9); read against the black group around it, Black kills it
  // by sacrificing B9 (A9, then a throw-in), and so do the scoring
  // playouts. It is dead, and the game a draw, as GNU Go scored it.
  Engine engine(quick());
  engine.load_sgf(sgf::parse(test_support::slurp(TENGEN_TEST_DATA "/rescore/game-071.sgf")), 0);
  const Judgement j = engine.judge_position();
  EXPECT_EQ(j.status[*parse_vertex("D8", 9)], StoneStatus::Dead);
  EXPECT_EQ(j.status[*parse_vertex("A8", 9)], StoneStatus::Dead);
  EXPECT_EQ(score_string(j.score), "0");
}

TEST(Fights, ASekiOfTwoLoneStonesIsSekiThoughTheRefereeCalledItDead) {
  // The end of a 13x13 game against Pachi. Black's nine stones around
  // L12 have two liberties, L13 and N11; White's M13 and N12 (not
  // connected) have two each, sharing N13. Whoever fills L13 or N11 puts
  // its own stones in atari, and Black cannot play N13: seki, B+12. GNU
  // Go (the referee) and Pachi both counted Black's stones dead (W+8);
  // GNU Go then passes as White instead of capturing them.
  Engine engine(quick());
  engine.load_sgf(sgf::parse(test_support::slurp(TENGEN_TEST_DATA "/rescore/seki-13x13.sgf")), 0);
  const Judgement j = engine.judge_position();
  for (const char* v : {"K13", "M9", "M13", "N12"}) EXPECT_EQ(j.status[*parse_vertex(v, 13)], StoneStatus::Seki) << v;
  EXPECT_EQ(j.status[*parse_vertex("K3", 13)], StoneStatus::Dead);
  EXPECT_EQ(score_string(j.score), "B+12");
}

TEST(Fights, TheSolverCanBeSwitchedOff) {
  Settings s = quick();
  s.solver_playouts = 0;
  Engine engine(s);
  set_position(engine, kRace, Color::Black);
  EXPECT_TRUE(engine.fights(Color::Black).empty());
  EXPECT_NO_THROW(engine.choose_move(Color::Black));
  // The same engine with the solver on reads the race.
  s.solver_playouts = Settings{}.solver_playouts;
  Engine on(s);
  set_position(on, kRace, Color::Black);
  EXPECT_FALSE(on.fights(Color::Black).empty());
}

TEST(Fights, StringsLostWhoeverMovesFirstGoToThePlayoutsAsDead) {
  Settings s = quick();
  s.solver_dead_in_playouts = true;
  Engine engine(s);
  set_position(engine, kLostRace, Color::Black);
  const std::vector<Fight> found = engine.fights(Color::Black);
  const std::vector<Point> dead = engine.dead_fight_stones(found);
  const Board& b = engine.game().board();
  const Point string = *parse_vertex("A6", 9);
  ASSERT_EQ(static_cast<int>(dead.size()), b.string_size(string));
  for (Point p : dead) EXPECT_EQ(b.root(p), b.root(string)) << vertex_string(p, 9);

  // Off (the default), the search is told of none.
  s.solver_dead_in_playouts = false;
  Engine off(s);
  set_position(off, kLostRace, Color::Black);
  EXPECT_TRUE(off.dead_fight_stones(off.fights(Color::Black)).empty());
}

// The 19x19 middle game has several fights. With the playouts sure of
// every point but one fight's strings, that fight is read first, whatever
// its size.
TEST(Fights, TheFightThePlayoutsDoubtIsReadFirst) {
  const Board b = bench_position(TENGEN_TEST_DATA "/playout/midgame-19x19.sgf", 0).board();
  const std::vector<Fight> by_size = read_fights(b, b.to_move(), 200, 8, 4, 1);
  ASSERT_GE(by_size.size(), 2u);
  const Fight& later = by_size.back();
  std::vector<float> ownership(b.num_points(), 1.0f);
  for (Point s : {later.ours, later.theirs}) b.for_each_stone(s, [&](Point p) { ownership[p] = 0.0f; });
  const std::vector<Fight> by_doubt = read_fights(b, b.to_move(), 200, 1, 4, 1, 0, &ownership);
  ASSERT_EQ(by_doubt.size(), 1u);
  EXPECT_EQ(b.root(by_doubt[0].ours), b.root(later.ours));
  EXPECT_EQ(b.root(by_doubt[0].theirs), b.root(later.theirs));
  // Without it, the largest comes first.
  EXPECT_EQ(b.root(read_fights(b, b.to_move(), 200, 1, 4, 1)[0].ours), b.root(by_size.front().ours));
}

// The engine orders them by the ownership of its last search, when asked.
TEST(Fights, TheEngineReadsByTheLastSearchsDoubtWhenAsked) {
  Settings s = quick();
  s.solver_playouts = 200;
  s.solver_fights = 2;
  s.solver_unsure_first = true;
  Engine engine(s);
  engine.load_sgf(sgf::parse(test_support::slurp(TENGEN_TEST_DATA "/playout/midgame-19x19.sgf")), 0);
  const Color c = engine.game().to_move();
  engine.search(c);
  const std::vector<float>& ownership = engine.last_search().ownership;
  ASSERT_EQ(ownership.size(), static_cast<std::size_t>(engine.game().board().num_points()));
  const Board& b = engine.game().board();
  const std::vector<Fight> expected = read_fights(b, c, 200, 2, s.solver_liberties, s.seed, 0, &ownership);
  const std::vector<Fight> got = engine.fights(c);
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].ours, expected[i].ours);
    EXPECT_EQ(got[i].theirs, expected[i].theirs);
  }
}

}  // namespace
}  // namespace tengen
