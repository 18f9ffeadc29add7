// The cluster's statistics merge, a pure function of plain values: sums of
// deltas, one rank's share taken back out, and the bytes on the wire, for
// the statistics and for every message of the protocol. No MPI.

#include "tengen/cluster/stats.h"

#include <gtest/gtest.h>

#include <random>

#include "tengen/cluster/protocol.h"

namespace tengen::cluster {
namespace {

Path path(std::initializer_list<TreeMove> moves) {
  Path p;
  for (TreeMove m : moves) p = p.child(m);
  return p;
}

NodeStats stats(std::int64_t visits, std::int64_t wins) { return {visits, wins, wins, 2 * visits, 2 * wins}; }

TEST(ClusterStats, PathsOrderAndCompareByTheirMoves) {
  EXPECT_EQ(path({3, 4}), path({3, 4}));
  EXPECT_FALSE(path({3, 4}) == path({3}));
  EXPECT_TRUE(path({}) < path({0}));
  EXPECT_TRUE(path({3}) < path({3, 0}));
  EXPECT_TRUE(path({3, 9}) < path({4}));
  EXPECT_FALSE(path({4}) < path({3, 9}));
  // Moves past the depth do not count.
  Path a = path({5});
  Path b = path({5, 6});
  b.depth = 1;
  EXPECT_EQ(a, b);
}

TEST(ClusterStats, SumAddsNodeByNodeAndKeepsPathsSorted) {
  const StatsDelta a = {{path({}), stats(10, 320)}, {path({7}), stats(4, 100)}};
  const StatsDelta b = {{path({}), stats(6, 64)}, {path({2}), stats(6, 64)}, {path({7, 1}), stats(1, 0)}};
  const StatsDelta total = sum({&a, &b});
  const StatsDelta expected = {{path({}), stats(16, 384)},
                               {path({2}), stats(6, 64)},
                               {path({7}), stats(4, 100)},
                               {path({7, 1}), stats(1, 0)}};
  EXPECT_EQ(total, expected);
  EXPECT_EQ(root_visits(total), 16);
  EXPECT_TRUE(sum({}).empty());
}

TEST(ClusterStats, MinusGivesEveryRankTheOthersCounts) {
  // Three ranks' own counts; each must get exactly the other two's sum.
  const StatsDelta r0 = {{path({}), stats(5, 64)}, {path({1}), stats(5, 64)}};
  const StatsDelta r1 = {{path({}), stats(3, 0)}, {path({2}), stats(3, 0)}};
  const StatsDelta r2 = {{path({}), stats(7, 128)}, {path({1}), stats(2, 64)}, {path({2}), stats(5, 64)}};
  const StatsDelta total = sum({&r0, &r1, &r2});
  EXPECT_EQ(minus(total, r0), sum({&r1, &r2}));
  EXPECT_EQ(minus(total, r1), sum({&r0, &r2}));
  EXPECT_EQ(minus(total, r2), sum({&r0, &r1}));
  // A rank whose counts are all of the total gets nothing (no empty entry).
  EXPECT_TRUE(minus(r1, r1).empty());
  // Never below zero, even for a part that is not a summand.
  const StatsDelta more = {{path({}), stats(100, 6400)}};
  EXPECT_TRUE(minus(r0, more).size() == 1 && minus(r0, more)[0].path == path({1}));
}

TEST(ClusterStats, MergeIsOrderIndependent) {
  std::mt19937 rng(5);
  std::vector<StatsDelta> parts(5);
  for (StatsDelta& d : parts) {
    StatsDelta raw;
    for (int i = 0; i < 20; ++i) {
      Path p;
      const int depth = static_cast<int>(rng() % 4);
      for (int k = 0; k < depth; ++k) p = p.child(static_cast<TreeMove>(rng() % 5));
      raw.push_back({p, stats(rng() % 50, rng() % 3000)});
    }
    // Duplicated paths in the raw list fold into one entry.
    std::vector<const StatsDelta*> just{&raw};
    d = sum(just);
  }
  std::vector<const StatsDelta*> forward, backward;
  for (auto& d : parts) forward.push_back(&d);
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) backward.push_back(&*it);
  EXPECT_EQ(sum(forward), sum(backward));
  const StatsDelta first_two = sum({&parts[0], &parts[1]});
  const StatsDelta rest = sum({&parts[2], &parts[3], &parts[4]});
  EXPECT_EQ(sum({&first_two, &rest}), sum(forward));
}

TEST(ClusterStats, DeltaSurvivesTheWire) {
  const StatsDelta d = {{path({}), {123456789, 64LL * 123456789, 5, 0, 1}},
                        {path({0}), stats(1, 64)},
                        {path({420, 1, 65535, 3, 2, 1, 7, 8}), stats(2, 3)}};
  std::string bytes;
  encode(d, bytes);
  std::size_t pos = 0;
  const auto back = decode(bytes, pos);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, d);
  EXPECT_EQ(pos, bytes.size());
  // Cut anywhere, it reads as malformed, never as something else.
  for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
    std::size_t p = 0;
    EXPECT_FALSE(decode(bytes.substr(0, cut), p).has_value()) << cut;
  }
}

TEST(ClusterStats, SmallDeltasAreSmallOnTheWire) {
  // A shared node costs its path and five varints: a 9x9 root child with a
  // few hundred visits takes about a dozen bytes.
  const StatsDelta d = {{path({30}), {300, 64 * 150, 64 * 150, 600, 64 * 290}}};
  std::string bytes;
  encode(d, bytes);
  EXPECT_LE(bytes.size(), 16u);
}

TEST(ClusterProtocol, EveryMessageSurvivesTheWire) {
  const StatsDelta d = {{path({}), stats(9, 64)}, {path({12, 13}), stats(2, 64)}};
  const std::vector<Message> all = {
      Hello{true, "", "node7", 4242, 16},
      Hello{false, "tengen: error: value 0 of threads is outside [1, 512]", "", 1, 0},
      Verdict{true},
      Command{3, "play black D4", "", 0xDEADBEEFCAFEF00DULL},
      Command{4, "loadsgf /tmp/x.sgf 12", "(;SZ[9];B[ee])", 7},
      Search{12, Color::White, -6.5, Color::Black, {40, 41}, 99, {50, 51, 52}},
      Stop{12},
      Remote{12, d},
      Stats{12, d, 123456},
      Stats{0, {}, 0},
      Final{12, d},
      StatusRequest{8},
      Status{8, 1000, 77, {1, 2, 3, 4, 5}},
      Heartbeat{},
      Quit{},
      QuitAck{},
      Close{false},
  };
  for (const Message& m : all) {
    const std::string bytes = encode(m);
    const auto back = decode(bytes);
    ASSERT_TRUE(back.has_value()) << m.index();
    EXPECT_EQ(back->index(), m.index());
    EXPECT_EQ(encode(*back), bytes) << m.index();
    // Truncated or padded, a message is refused.
    EXPECT_FALSE(decode(bytes + "x").has_value()) << m.index();
    if (bytes.size() > 1) {
      EXPECT_FALSE(decode(bytes.substr(0, bytes.size() - 1)).has_value()) << m.index();
    }
  }
  const Search s = std::get<Search>(*decode(encode(Search{12, Color::White, -6.5, Color::Black, {40, 41}, 99, {50}})));
  EXPECT_EQ(s.komi, -6.5);
  EXPECT_EQ(s.to_move, Color::White);
  EXPECT_EQ(s.favoured, (std::vector<Point>{40, 41}));
  EXPECT_EQ(s.dead, (std::vector<Point>{50}));
  EXPECT_FALSE(decode("").has_value());
  EXPECT_FALSE(decode(std::string(1, '\x7f')).has_value());
}

TEST(ClusterProtocol, GameHashFollowsTheGame) {
  Game a(9, 7.0), b(9, 7.0);
  EXPECT_EQ(game_hash(a), game_hash(b));
  ASSERT_TRUE(a.play(point_at(4, 4, 9), Color::Black));
  EXPECT_NE(game_hash(a), game_hash(b));
  ASSERT_TRUE(b.play(point_at(4, 4, 9), Color::Black));
  EXPECT_EQ(game_hash(a), game_hash(b));
  // Komi, the move history (not only the board) and the size count.
  b.set_komi(6.5);
  EXPECT_NE(game_hash(a), game_hash(b));
  b.set_komi(7.0);
  ASSERT_TRUE(a.play(kPass, Color::White));
  ASSERT_TRUE(a.play(kPass, Color::Black));
  ASSERT_TRUE(b.play(kPass, Color::White));
  EXPECT_NE(game_hash(a), game_hash(b));  // same board, one more pass
  ASSERT_TRUE(a.undo());
  EXPECT_EQ(game_hash(a), game_hash(b));
  EXPECT_NE(game_hash(Game(9, 7.0)), game_hash(Game(13, 7.0)));
}

}  // namespace
}  // namespace tengen::cluster
