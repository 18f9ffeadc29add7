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
  const std::vector<Fight> fights = read_fights(b, Color::Black, {.budget = 20000});
  const auto race = std::find_if(fights.begin(), fights.end(), [&](const Fight& f) {
    return b.root(f.ours) == b.root(*parse_vertex("B6", 9));
  });
  ASSERT_NE(race, fights.end());
  EXPECT_TRUE(race->urgent());
  const std::string move = vertex_string(race->our_move, 9);
  EXPECT_TRUE(move == "A4" || move == "B4" || move == "C4") << move;
}

// The race's proven move is what the search is told to favour, unless
// solver-favour is off.
TEST(Fights, TheUrgentRacesMoveIsFavouredUnlessTurnedOff) {
  for (const bool on : {true, false}) {
    Settings s = quick();
    s.solver_playouts = 20000;
    s.solver_favour = on;
    Engine engine(s);
    set_position(engine, kRace, Color::Black);
    const std::vector<Point> favoured = engine.favoured_fight_moves(Color::Black, engine.fights(Color::Black));
    if (!on) {
      EXPECT_TRUE(favoured.empty());
      continue;
    }
    ASSERT_EQ(favoured.size(), 1u);
    const std::string move = vertex_string(favoured[0], 9);
    EXPECT_TRUE(move == "A4" || move == "B4" || move == "C4") << move;
  }
}

// With neither favoured moves nor dead strings in the playouts, nothing
// would use a reading before the search: genmove reads no fight.
TEST(Fights, GenmoveReadsOnlyWhatItUses) {
  for (const bool favour : {true, false}) {
    for (const bool dead : {true, false}) {
      Settings s = quick();
      s.playouts = 20;
      s.solver_favour = favour;
      s.solver_dead_in_playouts = dead;
      Engine engine(s);
      set_position(engine, kRace, Color::Black);
      engine.choose_move(Color::Black);
      EXPECT_EQ(engine.fight_memo().size() > 0, favour || dead) << favour << dead;
    }
  }
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
  const std::size_t all = read_fights(b, b.to_move(), {.budget = 300}).size();
  ASSERT_GE(all, 2u);
  EXPECT_EQ(read_fights(b, b.to_move(), {.budget = 300, .max_seconds = 1e-9}).size(), 1u);
  EXPECT_EQ(read_fights(b, b.to_move(), {.budget = 300, .max_seconds = 1e6}).size(), all);
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

// A fight between the strings at `ours` and `theirs`, as read_fights
// reports it.
Fight read_fight(Point ours, Point theirs, LocalOutcome we_first, LocalOutcome they_first) {
  Fight f;
  f.ours = ours;
  f.theirs = theirs;
  f.we_first = we_first;
  f.they_first = they_first;
  return f;
}

TEST(Fights, AStringTakenOnlyByDeadStringsIsNotProvenDead) {
  // X loses to Y, Y loses to Z: Y is dead, X is not. W loses to Y and to
  // the living V: W is dead.
  const Point x = 1, y = 2, z = 3, w = 4, v = 5;
  const auto lost = [](Point ours, Point theirs) {
    return read_fight(ours, theirs, LocalOutcome::kLost, LocalOutcome::kLost);
  };
  const std::vector<std::pair<Point, StoneStatus>> fates =
      proven_fates({lost(x, y), lost(y, z), lost(w, y), lost(w, v)});
  const std::vector<std::pair<Point, StoneStatus>> expected = {{y, StoneStatus::Dead}, {w, StoneStatus::Dead}};
  EXPECT_EQ(fates, expected);
}

TEST(Fights, AFightThatGoesToWhoeverMovesFirstIsContested) {
  // Both targets of a fight won moving first and lost moving second are
  // contested; a decided fight, one worse moving first, and an unread one
  // are not.
  using enum LocalOutcome;
  const std::vector<Point> contested =
      contested_strings({read_fight(1, 2, kWon, kLost), read_fight(3, 4, kLost, kLost), read_fight(5, 6, kLost, kWon),
                         read_fight(7, 8, kUnknown, kLost), read_fight(9, 10, kDraw, kLost)});
  EXPECT_EQ(contested, (std::vector<Point>{1, 2, 9, 10}));
}

TEST(Fights, AStoneInAtariInsideADeadGroupIsAlive) {
  // The end of a 9x9 game against GNU Go (docs/strength.md, Final scores).
  // White's ten stones B9-D7 are dead (Black wins the race whoever moves
  // first); Black's D9 inside them is in atari, and the solver reads its
  // fight against them as lost, but capturing it saves nothing: D9 stays
  // Black's, as GNU Go lists it. By area, W+4.
  Engine engine(quick());
  engine.load_sgf(sgf::parse(test_support::slurp(TENGEN_TEST_DATA "/rescore/capture-by-dead-9x9.sgf")), 0);
  const Judgement j = engine.judge_position();
  EXPECT_EQ(j.status[*parse_vertex("D7", 9)], StoneStatus::Dead);
  EXPECT_EQ(j.status[*parse_vertex("F9", 9)], StoneStatus::Dead);
  EXPECT_EQ(j.status[*parse_vertex("D9", 9)], StoneStatus::Alive);
  EXPECT_EQ(j.status[*parse_vertex("G5", 9)], StoneStatus::Dead);
  EXPECT_EQ(score_string(j.score), "W+4");
}

TEST(Fights, ASekiWhoseEyeLooksFalseIsSeki) {
  // The end of a 19x19 game against GNU Go (docs/strength.md, "A seki the
  // playouts break"). White's P19-T13 has R19 and T17, White's S19 has R19
  // and T19, Black's S18-T18-S17 has T19 and T17. R19 is a false eye for
  // White by the diagonal rule; filled, it leaves Black's T17 a sacrifice
  // that kills, so the scoring playouts must not fill it. Seki, W+24 (GNU
  // Go, which leaves R19 out of White's area, says W+23).
  Engine engine(quick());
  engine.load_sgf(sgf::parse(test_support::slurp(TENGEN_TEST_DATA "/rescore/seki-false-eye-19x19.sgf")), 0);
  const Judgement j = engine.judge_position();
  for (const char* v : {"R17", "S19", "S18"}) EXPECT_EQ(j.status[*parse_vertex(v, 19)], StoneStatus::Seki) << v;
  EXPECT_EQ(j.status[*parse_vertex("L10", 19)], StoneStatus::Dead);
  EXPECT_EQ(score_string(j.score), "W+24");
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
  const std::vector<Fight> by_size = read_fights(b, b.to_move(), {.budget = 200, .max_fights = 8});
  ASSERT_GE(by_size.size(), 2u);
  const Fight& later = by_size.back();
  std::vector<float> ownership(b.num_points(), 1.0f);
  for (Point s : {later.ours, later.theirs}) b.for_each_stone(s, [&](Point p) { ownership[p] = 0.0f; });
  const std::vector<Fight> by_doubt =
      read_fights(b, b.to_move(), {.budget = 200, .max_fights = 1, .ownership = &ownership});
  ASSERT_EQ(by_doubt.size(), 1u);
  EXPECT_EQ(b.root(by_doubt[0].ours), b.root(later.ours));
  EXPECT_EQ(b.root(by_doubt[0].theirs), b.root(later.theirs));
  // Without it, the largest comes first.
  const std::vector<Fight> largest = read_fights(b, b.to_move(), {.budget = 200, .max_fights = 1});
  EXPECT_EQ(b.root(largest[0].ours), b.root(by_size.front().ours));
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
  const std::vector<Fight> expected = read_fights(
      b, c,
      {.budget = 200, .max_fights = 2, .max_liberties = s.solver_liberties, .seed = s.seed, .ownership = &ownership});
  const std::vector<Fight> got = engine.fights(c);
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].ours, expected[i].ours);
    EXPECT_EQ(got[i].theirs, expected[i].theirs);
  }
}


// --- Readings kept from move to move ---

// What a local game can touch: its region, the strings in or beside it and
// their liberties (local_game_key's points, found here the slow way).
Bitboard footprint(const GoLocalGame& game) {
  const Board& b = game.board();
  Bitboard points{};
  const auto take = [&](Point stone) {
    b.for_each_stone(stone, [&](Point s) { points.set(s); });
    points |= b.liberty_set(stone);
  };
  for (Point p : game.region()) {
    points.set(p);
    if (is_player(b.at(p))) take(p);
    b.for_each_neighbor(p, [&](Point n) {
      if (is_player(b.at(n))) take(n);
    });
  }
  return points;
}

// The 19x19 middle game's first fight: its key stays through a move outside
// what it can touch, and changes when a liberty of one of its strings is
// filled, even outside its region.
TEST(FightMemo, TheKeyChangesOnlyWithWhatTheFightCanTouch) {
  Board b = bench_position(TENGEN_TEST_DATA "/playout/midgame-19x19.sgf", 0).board();
  const std::vector<Fight> found = read_fights(b, b.to_move(), {.budget = 50, .max_fights = 1});
  ASSERT_EQ(found.size(), 1u);
  const std::optional<GoLocalGame> game = local_game_at(b, found[0].ours);
  ASSERT_TRUE(game);
  const std::uint64_t key = local_game_key(*game);
  const Bitboard touched = footprint(*game);

  // Black and White each play a quiet move far from it: same key.
  Board quiet = b;
  for (int i = 0; i < 2; ++i) {
    const Color mover = quiet.to_move();
    Point far = kNoPoint;
    for (int q = 0; q < quiet.num_points() && far == kNoPoint; ++q) {
      const Point p = static_cast<Point>(q);
      if (quiet.at(p) == Color::Empty && !touched.test(p) && quiet.is_legal(p, mover) &&
          quiet.capture_size_if_played(p, mover) == 0) {
        far = p;
      }
    }
    ASSERT_NE(far, kNoPoint);
    quiet.play(far, mover);
  }
  const std::optional<GoLocalGame> again = local_game_at(quiet, found[0].ours);
  ASSERT_TRUE(again);
  EXPECT_EQ(local_game_key(*again), key);

  // A liberty outside the region, of a string beside it, filled by a lone
  // stone that captures nothing and leaves the region as it was: the
  // fight's strings are the same, but one of them has a liberty less.
  const auto same_region = [&](const GoLocalGame& other) {
    if (other.region().size() != game->region().size()) return false;
    for (Point p : game->region()) {
      if (!other.in_region(p)) return false;
    }
    return true;
  };
  std::optional<GoLocalGame> changed;
  touched.for_each([&](Point s) {
    if (changed || !is_player(b.at(s)) || b.liberties(s) < 2) return;
    const Color other = opponent(b.at(s));
    b.liberty_set(s).for_each([&](Point p) {
      if (changed || game->in_region(p) || !b.is_legal(p, other) || b.capture_size_if_played(p, other) > 0 ||
          b.neighbor_count(p, other) > 0) {
        return;
      }
      Board filled = b;
      filled.play(p, other);
      filled.set_to_move(b.to_move());
      std::optional<GoLocalGame> g = local_game_at(filled, found[0].ours);
      if (g && same_region(*g)) changed = std::move(g);
    });
  });
  ASSERT_TRUE(changed);
  EXPECT_NE(local_game_key(*changed), key);
}

// A second reading of the same board costs nothing and says the same.
TEST(FightMemo, TheSameBoardIsReadOnce) {
  const Board b = bench_position(TENGEN_TEST_DATA "/playout/midgame-19x19.sgf", 0).board();
  FightMemo memo;
  const std::vector<Fight> plain = read_fights(b, b.to_move(), {.budget = 300});
  const std::vector<Fight> first = read_fights(b, b.to_move(), {.budget = 300, .memo = &memo});
  EXPECT_EQ(memo.reused(), 0u);
  const std::size_t readings = memo.size();
  ASSERT_GE(readings, 2u);
  const std::vector<Fight> second = read_fights(b, b.to_move(), {.budget = 300, .memo = &memo});
  EXPECT_EQ(memo.reused(), readings);
  ASSERT_EQ(second.size(), plain.size());
  for (std::size_t i = 0; i < plain.size(); ++i) {
    for (const std::vector<Fight>* got : {&first, &second}) {
      EXPECT_EQ((*got)[i].ours, plain[i].ours);
      EXPECT_EQ((*got)[i].we_first, plain[i].we_first);
      EXPECT_EQ((*got)[i].they_first, plain[i].they_first);
      EXPECT_EQ((*got)[i].our_move, plain[i].our_move);
    }
  }
}

// An unproven reading met again is kept as it is without growth, and read
// with twice the budget with a growth of 2, until it had the most budget
// there is; a proven one is always kept.
TEST(FightMemo, AnOpenFightIsReadFurtherOnlyWhenAsked) {
  const Board b = test::board_from_rows(kRace, Color::Black);
  const std::optional<GoLocalGame> race = local_game_at(b, *parse_vertex("B6", 9));
  ASSERT_TRUE(race);
  const std::uint64_t kNoCap = ~std::uint64_t{0};

  FightMemo kept;
  const LocalSolve open = kept.solve(*race, 3, 1, 1, kNoCap);
  ASSERT_EQ(open.outcome, LocalOutcome::kUnknown);
  EXPECT_EQ(kept.solve(*race, 3, 1, 1, kNoCap).playouts, open.playouts);
  EXPECT_EQ(kept.reused(), 1u);

  FightMemo growing;
  const std::uint64_t first = growing.solve(*race, 3, 1, 2, kNoCap).playouts;
  const std::uint64_t second = growing.solve(*race, 3, 1, 2, kNoCap).playouts;
  EXPECT_EQ(growing.reused(), 0u);
  EXPECT_EQ(second, 2 * first);
  // Capped by the time left, never below the base budget.
  EXPECT_EQ(growing.solve(*race, 3, 1, 2, 1).playouts, 3u);

  // Read once with the most there is (16 times the base) and still open,
  // it is given up: a fight of the 19x19 middle game that 48 playouts do
  // not prove.
  const Board midgame = bench_position(TENGEN_TEST_DATA "/playout/midgame-19x19.sgf", 0).board();
  std::optional<GoLocalGame> open_fight;
  for (const Fight& f : read_fights(midgame, midgame.to_move(), {.budget = 48, .max_fights = 8})) {
    if (!open_fight && f.we_first == LocalOutcome::kUnknown) open_fight = local_game_at(midgame, f.ours);
  }
  ASSERT_TRUE(open_fight);
  FightMemo given_up;
  given_up.solve(*open_fight, 3, 1, 16, kNoCap);
  const LocalSolve most = given_up.solve(*open_fight, 3, 1, 16, kNoCap);
  ASSERT_EQ(most.outcome, LocalOutcome::kUnknown);
  EXPECT_EQ(most.playouts, 48u);
  EXPECT_EQ(given_up.solve(*open_fight, 3, 1, 16, kNoCap).playouts, 48u);
  EXPECT_EQ(given_up.reused(), 1u);

  // A read cut short by the clock leaves the longer one in place: growth
  // goes on from it.
  FightMemo cut;
  cut.solve(*open_fight, 3, 1, 2, kNoCap);
  ASSERT_EQ(cut.solve(*open_fight, 3, 1, 2, kNoCap).playouts, 6u);
  EXPECT_EQ(cut.solve(*open_fight, 3, 1, 2, 1).playouts, 3u);
  EXPECT_EQ(cut.solve(*open_fight, 3, 1, 2, kNoCap).playouts, 12u);

  // A base above the stored budget (a judgement's second reading) reads
  // it again, without growth; the longer reading then serves the shorter.
  FightMemo judged;
  judged.solve(*open_fight, 3, 1, 1, kNoCap);
  EXPECT_EQ(judged.solve(*open_fight, 6, 1, 1, kNoCap).playouts, 6u);
  EXPECT_EQ(judged.solve(*open_fight, 3, 1, 1, kNoCap).playouts, 6u);
  EXPECT_EQ(judged.reused(), 1u);

  // A growth too small to add a playout is none.
  FightMemo tiny;
  tiny.solve(*open_fight, 3, 1, 1.01, kNoCap);
  tiny.solve(*open_fight, 3, 1, 1.01, kNoCap);
  EXPECT_EQ(tiny.reused(), 1u);

  FightMemo proven;
  const LocalSolve won = proven.solve(*race, 20000, 1, 2, kNoCap);
  ASSERT_EQ(won.outcome, LocalOutcome::kWon);
  EXPECT_EQ(proven.solve(*race, 20000, 1, 2, kNoCap).best_move, won.best_move);
  EXPECT_EQ(proven.reused(), 1u);
}

// The engine keeps its readings between calls unless told not to.
TEST(FightMemo, TheEngineKeepsReadingsWhenAsked) {
  for (const bool on : {true, false}) {
    Settings s = quick();
    s.solver_playouts = 200;
    s.solver_memo = on;
    Engine engine(s);
    engine.load_sgf(sgf::parse(test_support::slurp(TENGEN_TEST_DATA "/playout/midgame-19x19.sgf")), 0);
    const Color c = engine.game().to_move();
    const std::vector<Fight> first = engine.fights(c);
    const std::vector<Fight> second = engine.fights(c);
    ASSERT_EQ(first.size(), second.size());
    EXPECT_EQ(engine.fight_memo().reused() > 0, on);
    EXPECT_EQ(engine.fight_memo().size() > 0, on);
  }
}

}  // namespace
}  // namespace tengen
