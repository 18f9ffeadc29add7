// Whole heavy playouts: legal moves and a sound board at the end, the same
// playout for the same seed, tags that agree with the counters, switches
// that switch rules off, and the incremental list of strings in atari
// agreeing with a full scan after every move.

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "tengen/engine/bench.h"
#include "tengen/playout/heavy.h"
#include "tengen/tactics/atari_watch.h"

namespace tengen {
namespace {

const HeavyConfig& default_config() {
  static const HeavyConfig config = HeavyConfig::from_settings(Settings{});
  return config;
}

// The defaults with MoGo's capture rule and race-atari on at every size,
// for the tests of the rules they drive (by default each is on at some
// sizes only).
const HeavyConfig& with_capture_config() {
  static const HeavyConfig config = [] {
    Settings s;
    s.heavy_capture = s.heavy_capture_19 = true;
    s.heavy_race_atari = s.heavy_race_atari_19 = true;
    return HeavyConfig::from_settings(s);
  }();
  return config;
}

// A position with some stones: random light moves from the empty board.
Board random_position(int size, int moves, std::uint64_t seed) {
  Board b(size);
  Rng rng(seed);
  for (int i = 0; i < moves && b.consecutive_passes() < 2; ++i) b.play(light_policy_move(b, rng), b.to_move());
  b.reset_pass_count();
  return b;
}

struct Recorded {
  PlayoutResult result;
  std::vector<Point> moves;
  std::vector<Rule> tags;
  RuleCounters counters;
  Board end;
};

Recorded record_playout(HeavyPolicy& policy, const Board& start, std::uint64_t seed) {
  const int limit = playout_move_limit(start.size());
  Recorded r{{}, std::vector<Point>(limit), std::vector<Rule>(limit), {}, start};
  Rng rng(seed);
  r.result = policy.playout(r.end, rng, limit, r.moves.data(), &r.counters, r.tags.data());
  r.moves.resize(r.result.moves_played);
  r.tags.resize(r.result.moves_played);
  return r;
}

TEST(HeavyPlayout, PlaysLegalMovesToASoundEnd) {
  HeavyPolicy policy(default_config());
  for (int size : {2, 5, 9, 13, 19}) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      const Board start = random_position(size, static_cast<int>(seed * size / 2), seed);
      const Recorded r = record_playout(policy, start, seed);
      SCOPED_TRACE("size " + std::to_string(size) + " seed " + std::to_string(seed));
      std::string why;
      ASSERT_TRUE(r.end.check_invariants(&why)) << why;
      EXPECT_TRUE(r.result.hit_move_limit || r.end.consecutive_passes() >= 2);
      EXPECT_EQ(r.result.score, r.end.playout_score());
      Board replay = start;
      for (std::size_t i = 0; i < r.moves.size(); ++i) {
        ASSERT_TRUE(replay.is_legal(r.moves[i], replay.to_move())) << "move " << i;
        EXPECT_EQ(r.moves[i] == kPass, r.tags[i] == Rule::Pass) << "move " << i;
        if (r.tags[i] == Rule::Random) {
          EXPECT_FALSE(replay.is_true_eye(r.moves[i], replay.to_move())) << "move " << i;
        }
        replay.play(r.moves[i], replay.to_move());
      }
      EXPECT_EQ(replay.hash(), r.end.hash());
    }
  }
}

TEST(HeavyPlayout, SameSeedSamePlayout) {
  HeavyPolicy a(default_config());
  HeavyPolicy b(default_config());
  const Board start = random_position(9, 20, 5);
  const Recorded first = record_playout(a, start, 77);
  EXPECT_EQ(first.moves, record_playout(b, start, 77).moves);
  EXPECT_EQ(first.tags, record_playout(b, start, 77).tags);
  // The policy keeps no state from one playout to the next.
  record_playout(a, random_position(19, 100, 3), 1);
  EXPECT_EQ(first.moves, record_playout(a, start, 77).moves);
  EXPECT_NE(first.moves, record_playout(a, start, 78).moves);
}

TEST(HeavyPlayout, TagsAgreeWithCounters) {
  HeavyPolicy policy(with_capture_config());
  RuleCounters from_tags;
  RuleCounters counted;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Recorded r = record_playout(policy, Board(9), seed);
    for (Rule t : r.tags) from_tags.add(t);
    counted += r.counters;
    EXPECT_EQ(r.counters.total(), r.result.moves_played);
  }
  EXPECT_EQ(from_tags.fired, counted.fired);
  // On 9x9 from the empty board every rule on but approach shows up in 20 playouts.
  for (Rule rule : {Rule::AtariSave, Rule::RaceAtari, Rule::Nakade, Rule::FillBoard, Rule::Pattern, Rule::Capture,
                    Rule::Random, Rule::Pass}) {
    EXPECT_GT(counted[rule], 0) << rule_name(rule);
  }
}

TEST(HeavyPlayout, SwitchedOffRulesNeverFire) {
  Settings s;
  s.heavy_atari_save = s.heavy_race_atari = s.heavy_nakade = s.heavy_fill_board = s.heavy_pattern = false;
  s.heavy_capture = false;
  HeavyPolicy only_random(HeavyConfig::from_settings(s));
  RuleCounters c;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) c += record_playout(only_random, Board(9), seed).counters;
  EXPECT_EQ(c[Rule::Random] + c[Rule::Pass], c.total());

  Settings zero = Settings{};
  zero.heavy_fill_board_prob = 0;
  zero.heavy_capture = true;  // on, so that its probability is what stops it
  zero.heavy_capture_prob = 0;
  HeavyPolicy no_fill(HeavyConfig::from_settings(zero));
  RuleCounters d;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) d += record_playout(no_fill, Board(9), seed).counters;
  EXPECT_EQ(d[Rule::FillBoard], 0);
  EXPECT_EQ(d[Rule::Capture], 0);
  EXPECT_GT(d[Rule::Pattern], 0);
}

TEST(HeavyPlayout, FillBoardTriesFollowTheBoardSide) {
  HeavyConfig c = default_config();
  c.fill_board_tries_9x9 = 4;
  c.fill_board_tries_19x19 = 9;
  EXPECT_EQ(c.fill_board_tries(9), 4);
  EXPECT_EQ(c.fill_board_tries(19), 9);
  EXPECT_EQ(c.fill_board_tries(13), 6);  // 4 + 4 * 0.5 = 6
  EXPECT_EQ(c.fill_board_tries(2), 1);   // 4 - 7 * 0.5 = 0.5, rounded away from zero
  c.fill_board_tries_19x19 = 0;
  EXPECT_EQ(c.fill_board_tries(19), 0);
  c.fill_board_tries_9x9 = 0;
  c.fill_board_tries_19x19 = 10;
  EXPECT_EQ(c.fill_board_tries(2), 0);  // never below zero
}

// The strings in atari as a set of roots, found by scanning the board.
std::vector<Point> atari_roots(const Board& b, Color c) {
  std::vector<Point> roots;
  for (int i = 0; i < b.num_points(); ++i) {
    const Point p = static_cast<Point>(i);
    if (b.at(p) == c && b.root(p) == p && b.liberties(p) == 1) roots.push_back(p);
  }
  return roots;
}

TEST(AtariWatch, AgreesWithAFullScanAfterEveryMove) {
  HeavyPolicy policy(default_config());
  for (int size : {5, 9, 19}) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      Board b(size);
      Rng rng(seed);
      AtariWatch watch;
      watch.rebuild(b);
      for (int move = 0; move < playout_move_limit(size) && b.consecutive_passes() < 2; ++move) {
        const Point p = policy.choose_move(b, rng);
        b.play(p, b.to_move());
        if (p != kPass) watch.note_move(b, p);
        for (Color c : {Color::Black, Color::White}) {
          std::vector<Point> listed;
          watch.for_each(b, c, [&](Point s) { listed.push_back(b.root(s)); });
          std::sort(listed.begin(), listed.end());
          ASSERT_EQ(listed, atari_roots(b, c)) << "size " << size << " seed " << seed << " move " << move;
        }
      }
    }
  }
}

TEST(HeavyPlayout, ThreeKosDoNotCycleToTheMoveLimit) {
  // Simple ko lets two or three kos be taken in turn forever; the playouts
  // stop taking kos after heavy-ko-captures of them. The capture rule is the
  // one that retakes them.
  const Board start = bench_position(TENGEN_TEST_DATA "/playout/three-kos-19x19.sgf", 0).board();
  HeavyConfig endless = with_capture_config();
  endless.max_ko_captures = 1000000;
  for (const HeavyConfig* config : {&with_capture_config(), static_cast<const HeavyConfig*>(&endless)}) {
    HeavyPolicy policy(*config);
    int cut = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) cut += record_playout(policy, start, seed).result.hit_move_limit;
    if (config == &endless) {
      EXPECT_GE(cut, 15);  // the position does cycle
    } else {
      EXPECT_EQ(cut, 0);
    }
  }
}

TEST(HeavyBench, RunsFromTheEmptyBoardAndFromAPosition) {
  const BenchResult empty = run_playout_bench(9, Policy::Heavy, 10, 5, 2, 1);
  EXPECT_EQ(empty.playouts, 10);
  EXPECT_EQ(empty.rules.total(), empty.moves);
  const Board mid = bench_position(TENGEN_TEST_DATA "/playout/midgame-19x19.sgf", 0).board();
  EXPECT_EQ(mid.size(), 19);
  EXPECT_GT(mid.stones(Color::Black) + mid.stones(Color::White), 100);
  const BenchResult from_mid = run_playout_bench(mid, &default_config(), 10, 3, 1, 1);
  EXPECT_EQ(from_mid.playouts, 3);
  EXPECT_EQ(bench_position(TENGEN_TEST_DATA "/playout/midgame-9x9.sgf", 0).to_move(), Color::Black);
  EXPECT_THROW(bench_position(TENGEN_TEST_DATA "/playout/no-such-file.sgf", 0), std::runtime_error);
}

// seki-b1-w1 (tests/data/seki): Black to play; the two targets share two
// liberties and have one outside liberty each, so best play is a seki.
TEST(HeavyBench, WatchTalliesHowAStringLives) {
  const Board seki = bench_position(TENGEN_TEST_DATA "/seki/seki-b1-w1.sgf", 0).board();
  const Point wall = seki.point(1, 8);      // B1: Black's wall, two true eyes
  const Point target = seki.point(1, 3);    // B6: Black's target
  const BenchResult w = run_playout_bench(seki, &default_config(), 10, 200, 1, 1, wall);
  EXPECT_EQ(w.watch.alive, 200);  // a wall with two eyes never dies
  const BenchResult t = run_playout_bench(seki, &default_config(), 10, 200, 1, 1, target);
  EXPECT_GT(t.watch.alive, 0);
  EXPECT_LT(t.watch.alive, 200);  // the playouts lose this race often (docs/playouts.md)
  EXPECT_GT(t.watch.alive_in_seki, 0);
  EXPECT_LE(t.watch.alive_in_seki, t.watch.alive);
  EXPECT_LE(t.watch.alive_after_capture, t.watch.alive);
  const BenchResult none = run_playout_bench(seki, &default_config(), 10, 5, 1, 1);
  EXPECT_EQ(none.watch.alive, 0);
  EXPECT_THROW(run_playout_bench(seki, &default_config(), 10, 5, 1, 1, seki.point(0, 8)), std::invalid_argument);
}

}  // namespace
}  // namespace tengen
