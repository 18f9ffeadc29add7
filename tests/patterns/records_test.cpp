// Reading game collections (SGF folders, .tar.gz archives, line files), the
// documented training/test split, and replaying records.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "support/scratch.h"
#include "tengen/patterns/records.h"

namespace tengen::patterns {
namespace {

namespace fs = std::filesystem;

const std::string kGames = std::string(TENGEN_TEST_DATA) + "/patterns/games";

std::vector<std::string> ids_of(const GameSelection& s, ReadStats* stats_out = nullptr) {
  std::vector<std::string> ids;
  ReadStats stats;
  for_each_game(s, [&](const GameRecord& r) {
    ids.push_back(r.id);
    return true;
  }, stats);
  if (stats_out) *stats_out = stats;
  return ids;
}

class RecordFiles : public test_support::ScratchTest {};

TEST(Split, IsAFixedFunctionOfTheId) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  // The split of the shared collections must never move: these ids are
  // games of tom9d and of the KGS archives.
  int test = 0;
  for (int i = 0; i < 1000; ++i) test += is_test_game("tom9d_kifu_all.txt.xz:" + std::to_string(354460 + i));
  EXPECT_GT(test, 70);
  EXPECT_LT(test, 130);
  EXPECT_EQ(is_test_game("tom9d_kifu_all.txt.xz:354460"), fnv1a64("tom9d_kifu_all.txt.xz:354460") % 10 == 0);
}

TEST(Records, ReadsAFolderInSortedOrder) {
  ReadStats stats;
  GameSelection s;
  s.paths = {kGames};
  const auto ids = ids_of(s, &stats);
  EXPECT_EQ(ids, (std::vector<std::string>{"gnugo-19-a.sgf", "gnugo-19-b.sgf", "gnugo-19-c.sgf", "gnugo-9-a.sgf"}));
  EXPECT_EQ(stats.games, 4);
  EXPECT_EQ(stats.unreadable, 0);
}

TEST(Records, TrainAndTestPartitionTheGames) {
  GameSelection all;
  all.paths = {kGames};
  for (int i = 0; i < 3; ++i) all.paths.push_back(kGames);  // the same games again: same split
  GameSelection train = all, test = all;
  train.split = Split::Train;
  test.split = Split::Test;
  const auto a = ids_of(all), tr = ids_of(train), te = ids_of(test);
  EXPECT_EQ(a.size(), tr.size() + te.size());
  for (const auto& id : te) EXPECT_TRUE(is_test_game(id));
  for (const auto& id : tr) EXPECT_FALSE(is_test_game(id));
}

TEST(Records, MaxGamesAndSample) {
  GameSelection s;
  s.paths = {kGames, kGames};
  s.max_games = 2;
  EXPECT_EQ(ids_of(s).size(), 4u);  // two from each path
  s.max_games = 0;
  s.sample = 0.5;
  s.seed = 7;
  const auto half = ids_of(s);
  EXPECT_LE(half.size(), 8u);
  EXPECT_EQ(ids_of(s), half);  // the same seed picks the same games
}

TEST_F(RecordFiles, ReadsTarGzArchivesAndLineFiles) {
  if (std::system("command -v tar >/dev/null && command -v gzip >/dev/null") != 0) GTEST_SKIP() << "no tar/gzip";
  const std::string archive = (dir_ / "games.tar.gz").string();
  ASSERT_EQ(std::system(("tar -czf " + archive + " -C " + kGames + " gnugo-19-a.sgf gnugo-9-a.sgf").c_str()), 0);
  // A line file: "<id>\t;B[..];W[..]...", one line unreadable.
  {
    std::ofstream lines(dir_ / "kifu.txt");
    lines << "101\t;B[pd];W[dd];B[pp];W[dp]\n"
          << "102\t;B[qd];W[dc]\r\n"
          << "\n"
          << "103\t;B[zz]\n"
          << "104\t;B[pd];W[pd]\n";
  }
  GameSelection s;
  s.paths = {archive, (dir_ / "kifu.txt").string()};
  ReadStats stats;
  const auto ids = ids_of(s, &stats);
  EXPECT_EQ(ids, (std::vector<std::string>{"games.tar.gz/gnugo-19-a.sgf", "games.tar.gz/gnugo-9-a.sgf", "kifu.txt:101",
                                           "kifu.txt:102", "kifu.txt:104"}));
  EXPECT_EQ(stats.unreadable, 1);
  EXPECT_NE(stats.first_error.find("kifu.txt:103"), std::string::npos) << stats.first_error;
  if (std::system("command -v xz >/dev/null") == 0) {
    ASSERT_EQ(std::system(("xz -k " + (dir_ / "kifu.txt").string()).c_str()), 0);
    s.paths = {(dir_ / "kifu.txt.xz").string()};
    EXPECT_EQ(ids_of(s).size(), 3u);
  }
}

TEST_F(RecordFiles, MissingOrForeignPathsAreErrors) {
  GameSelection s;
  s.paths = {(dir_ / "nothing-here").string()};
  EXPECT_THROW(ids_of(s), ReadError);
  std::ofstream(dir_ / "notes.doc") << "hello";
  s.paths = {(dir_ / "notes.doc").string()};
  EXPECT_THROW(ids_of(s), ReadError);
  // Inside a folder, such files (and index files) are passed over.
  std::ofstream(dir_ / "Kifu.index.txt") << "1\t2009-01-01\tA\tB\n";
  s.paths = {dir_.string()};
  EXPECT_TRUE(ids_of(s).empty());
  std::ofstream(dir_ / "broken.tar.gz") << "not gzip";
  s.paths = {(dir_ / "broken.tar.gz").string()};
  EXPECT_THROW(ids_of(s), ReadError);
}

TEST(Replay, StopsAtTheFirstIllegalMove) {
  // The fourth move lands on an occupied point.
  const sgf::Game g = sgf::parse("(;SZ[9];B[ee];W[cc];B[gg];W[ee];B[cg])");
  std::vector<Point> seen;
  bool cut = false;
  const int played = replay(g, [&](const Board& b, Point p, Color c) {
    EXPECT_EQ(b.at(p), Color::Empty);
    EXPECT_EQ(c, seen.size() % 2 == 0 ? Color::Black : Color::White);
    seen.push_back(p);
  }, &cut);
  EXPECT_TRUE(cut);
  EXPECT_EQ(played, 3);
  EXPECT_EQ(seen.size(), 3u);
}

TEST(Replay, SetupStonesAndPassesAndHandicap) {
  const sgf::Game g = sgf::parse("(;SZ[19]HA[2]AB[dd][pp];W[dp];B[];W[pd])");
  int positions = 0;
  bool cut = true;
  const int played = replay(g, [&](const Board& b, Point, Color c) {
    EXPECT_EQ(b.stones(Color::Black), 2);
    EXPECT_EQ(c, Color::White);
    ++positions;
  }, &cut);
  EXPECT_FALSE(cut);
  EXPECT_EQ(played, 3);    // the pass is played...
  EXPECT_EQ(positions, 2);  // ...but is no position to predict
}

}  // namespace
}  // namespace tengen::patterns
