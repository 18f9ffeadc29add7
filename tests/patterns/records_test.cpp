// Reading game collections (SGF folders, .tar.gz archives, line files), the
// documented training/test split, and replaying records.

#include <archive.h>
#include <archive_entry.h>
#include <gtest/gtest.h>

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

struct Member {
  std::string path;
  std::string text;
};

// Writes an archive with libarchive's own writer, so that the tests need no
// tar, gzip, xz or zip programs. filter may be null (none).
void write_archive(const fs::path& file, int (*format)(archive*), int (*filter)(archive*),
                   const std::vector<Member>& members) {
  archive* a = archive_write_new();
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(format(a), ARCHIVE_OK) << archive_error_string(a);
  if (filter) {
    ASSERT_EQ(filter(a), ARCHIVE_OK) << archive_error_string(a);
  }
  ASSERT_EQ(archive_write_open_filename(a, file.c_str()), ARCHIVE_OK) << archive_error_string(a);
  for (const Member& m : members) {
    archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, m.path.c_str());
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_perm(entry, 0644);
    archive_entry_set_size(entry, static_cast<la_int64_t>(m.text.size()));
    EXPECT_EQ(archive_write_header(a, entry), ARCHIVE_OK) << archive_error_string(a);
    EXPECT_EQ(archive_write_data(a, m.text.data(), m.text.size()), static_cast<la_ssize_t>(m.text.size()));
    archive_entry_free(entry);
  }
  EXPECT_EQ(archive_write_close(a), ARCHIVE_OK) << archive_error_string(a);
  archive_write_free(a);
}

std::string sgf_of(const std::string& name) { return test_support::slurp(fs::path(kGames) / name); }

// "<id>\t;B[..];W[..]...": the third line is blank, the fourth has no id
// (its line number stands in), the fifth does not parse.
const std::string kKifu =
    "101\t;B[pd];W[dd];B[pp];W[dp]\n"
    "102\t;B[qd];W[dc]\r\n"
    "\n"
    ";B[dd];W[pp]\n"
    "103\t;B[zz]\n"
    "104\t;B[pd];W[pd]";  // no newline at the end
const std::vector<std::string> kKifuIds = {":101", ":102", ":4", ":104"};

std::vector<std::string> prefixed(const std::string& name, const std::vector<std::string>& ids) {
  std::vector<std::string> out;
  for (const auto& id : ids) out.push_back(name + id);
  return out;
}

// The message of the ReadError that reading `path` throws ("" if none).
std::string read_error(const fs::path& path) {
  GameSelection s;
  s.paths = {path.string()};
  try {
    ids_of(s);
  } catch (const ReadError& e) {
    return e.what();
  }
  return "";
}

// ";B[..];W[..]..." with 150 moves that follow no pattern, so that they
// compress badly and half a compressed file holds part of the games.
std::string random_moves(int seed) {
  std::string out;
  std::uint64_t x = 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(seed + 1);
  for (int i = 0; i < 150; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    out += std::string(i % 2 ? ";W[" : ";B[") + static_cast<char>('a' + (x >> 33) % 19) +
           static_cast<char>('a' + (x >> 45) % 19) + "]";
  }
  return out;
}

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

TEST_F(RecordFiles, ReadsTheSgfMembersOfATarGz) {
  // A folder, a file that is no SGF, and a path past ustar's 100 bytes (a
  // pax header carries it) are all in the way.
  const std::string deep = "kgs/" + std::string(120, 'x') + "/gnugo-9-a.sgf";
  ASSERT_NO_FATAL_FAILURE(write_archive(dir_ / "games.tar.gz", archive_write_set_format_pax_restricted,
                                        archive_write_add_filter_gzip,
                                        {{"gnugo-19-a.sgf", sgf_of("gnugo-19-a.sgf")},
                                         {"README", "not a game"},
                                         {deep, sgf_of("gnugo-9-a.sgf")},
                                         {"bad.sgf", "(;SZ[19];B[pd"}}));
  GameSelection s;
  s.paths = {(dir_ / "games.tar.gz").string()};
  ReadStats stats;
  EXPECT_EQ(ids_of(s, &stats), (std::vector<std::string>{"games.tar.gz/gnugo-19-a.sgf", "games.tar.gz/" + deep}));
  EXPECT_EQ(stats.games, 2);
  EXPECT_EQ(stats.unreadable, 1);
  EXPECT_NE(stats.first_error.find("games.tar.gz/bad.sgf"), std::string::npos) << stats.first_error;
  // The games are the members' games, whole.
  std::vector<std::size_t> moves;
  for_each_game(s, [&](const GameRecord& r) {
    moves.push_back(r.game.moves.size());
    return true;
  }, stats);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0], sgf::parse(sgf_of("gnugo-19-a.sgf")).moves.size());
  EXPECT_EQ(moves[1], sgf::parse(sgf_of("gnugo-9-a.sgf")).moves.size());
  // Stopping part way through an archive.
  s.max_games = 1;
  EXPECT_EQ(ids_of(s).size(), 1u);
}

TEST_F(RecordFiles, ReadsLineFilesPlainXzAndZip) {
  std::ofstream(dir_ / "kifu.txt", std::ios::binary) << kKifu;
  ASSERT_NO_FATAL_FAILURE(write_archive(dir_ / "kifu.txt.xz", archive_write_set_format_raw, archive_write_add_filter_xz,
                                        {{"kifu.txt", kKifu}}));
  ASSERT_NO_FATAL_FAILURE(
      write_archive(dir_ / "kifu.zip", archive_write_set_format_zip, nullptr, {{"kifu.txt", kKifu}}));
  for (const std::string name : {"kifu.txt", "kifu.txt.xz", "kifu.zip"}) {
    SCOPED_TRACE(name);
    GameSelection s;
    s.paths = {(dir_ / name).string()};
    ReadStats stats;
    EXPECT_EQ(ids_of(s, &stats), prefixed(name, kKifuIds));
    EXPECT_EQ(stats.unreadable, 1);
    EXPECT_NE(stats.first_error.find(name + ":103"), std::string::npos) << stats.first_error;
  }
}

TEST_F(RecordFiles, AZipsMembersReadAsOneText) {
  // As `unzip -p` wrote them: one after another, line numbers running on.
  ASSERT_NO_FATAL_FAILURE(write_archive(dir_ / "two.zip", archive_write_set_format_zip, nullptr,
                                        {{"a.txt", "1\t;B[pd]\n;B[dd]\n"}, {"b.txt", ";B[qq]\n2\t;B[cc]\n"}}));
  GameSelection s;
  s.paths = {(dir_ / "two.zip").string()};
  EXPECT_EQ(ids_of(s), (std::vector<std::string>{"two.zip:1", "two.zip:2", "two.zip:3", "two.zip:2"}));
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
}

TEST_F(RecordFiles, BrokenArchivesAreErrorsThatNameTheFile) {
  // Not compressed as the name says: libarchive finds no tar in the bytes,
  // but would read them as a plain stream; records.cpp says no to that.
  std::ofstream(dir_ / "plain.tar.gz") << "not gzip";
  const std::string plain = read_error(dir_ / "plain.tar.gz");
  EXPECT_NE(plain.find("'" + (dir_ / "plain.tar.gz").string() + "': "), std::string::npos) << plain;
  std::ofstream(dir_ / "plain.xz") << kKifu;
  EXPECT_NE(read_error(dir_ / "plain.xz").find("plain.xz': not xz-compressed"), std::string::npos);
  // gzip holding no tar, and a .zip that is no zip: libarchive's words.
  ASSERT_NO_FATAL_FAILURE(
      write_archive(dir_ / "lines.tar.gz", archive_write_set_format_raw, archive_write_add_filter_gzip, {{"x", kKifu}}));
  const std::string no_tar = read_error(dir_ / "lines.tar.gz");
  EXPECT_NE(no_tar.find("lines.tar.gz': "), std::string::npos) << no_tar;
  std::ofstream(dir_ / "junk.zip") << "PK, but no zip";
  const std::string no_zip = read_error(dir_ / "junk.zip");
  EXPECT_NE(no_zip.find("junk.zip': "), std::string::npos) << no_zip;
}

TEST_F(RecordFiles, ArchivesCutShortGiveTheirGamesThenAnError) {
  std::vector<Member> sgf_files;
  std::string kifu;
  // libarchive hands out what it has decompressed in blocks of 64 KiB, so
  // the files hold a few hundred KiB.
  const int n = 400;
  for (int i = 0; i < n; ++i) {
    sgf_files.push_back({"game-" + std::to_string(i) + ".sgf", "(;SZ[19]" + random_moves(i) + ")"});
    kifu += std::to_string(i) + "\t" + random_moves(i) + "\n";
  }
  ASSERT_NO_FATAL_FAILURE(write_archive(dir_ / "whole.tar.gz", archive_write_set_format_pax_restricted,
                                        archive_write_add_filter_gzip, sgf_files));
  ASSERT_NO_FATAL_FAILURE(write_archive(dir_ / "whole.xz", archive_write_set_format_raw, archive_write_add_filter_xz,
                                        {{"kifu.txt", kifu}}));
  for (const std::string kind : {".tar.gz", ".xz"}) {
    SCOPED_TRACE(kind);
    const std::string whole = test_support::slurp(dir_ / ("whole" + kind));
    const fs::path cut = dir_ / ("cut" + kind);
    std::ofstream(cut, std::ios::binary) << whole.substr(0, whole.size() / 2);
    GameSelection s;
    s.paths = {cut.string()};
    std::vector<std::string> ids;
    ReadStats stats;
    try {
      for_each_game(s, [&](const GameRecord& r) {
        ids.push_back(r.id);
        return true;
      }, stats);
      ADD_FAILURE() << "no error";
    } catch (const ReadError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + cut.string() + "': "), std::string::npos) << e.what();
    }
    EXPECT_GT(ids.size(), n / 4u);
    EXPECT_LT(ids.size(), n * 3 / 4u);
    EXPECT_EQ(stats.unreadable, 0);  // no half game
  }
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
