// Whole clusters in one process, over an in-process transport (no MPI):
// rank 0 speaks GTP on a channel, the workers run on threads. The ranks
// must stay in step through every command that changes the game, search
// together, and go on without a rank that is cut off; one failing rank
// stops them all at start-up with one message.

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <thread>

#include "cluster/local_cluster.h"
#include "support/quick_settings.h"
#include "tengen/cluster/front.h"
#include "tengen/cluster/protocol.h"
#include "tengen/engine/engine.h"

namespace tengen::cluster {
namespace {

using namespace std::chrono_literals;
using testing::Channel;
using testing::Hub;
using testing::LocalTransport;

Settings cluster_settings() {
  Settings s = test_support::quick_settings({.seed = 5});
  s.cluster_sync_ms = 10;
  // Generous: under a sanitizer on a busy machine no live rank may seem lost.
  s.cluster_timeout_ms = 3000;
  s.cluster_final_wait_ms = 200;
  s.solver_playouts = 0;  // not the point here, and slow
  return s;
}

// n ranks: engines, transports, and the workers running on threads.
class LocalCluster {
 public:
  explicit LocalCluster(int n, Settings settings = cluster_settings()) : hub(n) {
    for (int r = 0; r < n; ++r) {
      engines.push_back(std::make_unique<Engine>(settings));
      transports.push_back(std::make_unique<LocalTransport>(hub, r));
    }
    codes.assign(n, -1);
    for (int r = 1; r < n; ++r) {
      workers.emplace_back([this, r] {
        std::istringstream none;
        std::ostringstream nowhere;
        codes[r] = play(*engines[r], transports[r].get(), none, nowhere);
      });
    }
    front = std::thread([this] { codes[0] = play(*engines[0], transports[0].get(), gtp.in, gtp.out); });
  }
  ~LocalCluster() { finish(); }

  // Sends a command and returns its reply (the text after "= ").
  std::string send(const std::string& command) {
    gtp.write(command);
    ++sent_;
    const std::string out = gtp.wait_replies(sent_, 60s);
    EXPECT_FALSE(out.empty()) << "no reply to " << command;
    if (out.empty()) return "";
    std::vector<std::string> replies;
    for (std::size_t start = 0, end; (end = out.find("\n\n", start)) != std::string::npos; start = end + 2) {
      replies.push_back(out.substr(start, end - start));
    }
    const std::string& last = replies.back();
    EXPECT_EQ(last[0], '=') << command << ": " << last;
    return last.size() > 2 ? last.substr(2) : "";
  }

  // Sends a command without waiting for its reply (analysis streams until
  // the next command).
  void start(const std::string& command) {
    gtp.write(command);
    ++sent_;
  }

  void finish() {
    if (front.joinable()) {
      gtp.write("quit");
      gtp.close_input();
      front.join();
    }
    for (auto& w : workers) {
      if (w.joinable()) w.join();
    }
  }

  Hub hub;
  Channel gtp;
  std::vector<std::unique_ptr<Engine>> engines;
  std::vector<std::unique_ptr<LocalTransport>> transports;
  std::vector<int> codes;
  std::vector<std::thread> workers;
  std::thread front;

 private:
  std::size_t sent_ = 0;
};

struct RankLine {
  int rank;
  long playouts;
  std::string hash;
  bool lost;
};

std::vector<RankLine> parse_status(const std::string& text) {
  std::vector<RankLine> out;
  std::istringstream in(text);
  const std::regex alive(R"(rank (\d+) playouts (\d+) hash ([0-9a-f]{16}))");
  const std::regex lost(R"(rank (\d+) lost)");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, alive)) {
      out.push_back({std::stoi(m[1]), std::stol(m[2]), m[3], false});
    } else if (std::regex_match(line, m, lost)) {
      out.push_back({std::stoi(m[1]), 0, "", true});
    } else {
      ADD_FAILURE() << "not a tengen-cluster line: '" << line << "'";
    }
  }
  return out;
}

// Every rank alive and on the same game as rank 0.
void expect_in_step(LocalCluster& c, const std::string& after) {
  const auto lines = parse_status(c.send("tengen-cluster"));
  ASSERT_EQ(lines.size(), c.engines.size()) << after;
  char own[17];
  std::snprintf(own, sizeof own, "%016llx", static_cast<unsigned long long>(game_hash(c.engines[0]->game())));
  for (std::size_t r = 0; r < lines.size(); ++r) {
    EXPECT_EQ(lines[r].rank, static_cast<int>(r));
    EXPECT_FALSE(lines[r].lost) << after;
    EXPECT_EQ(lines[r].hash, own) << "rank " << r << " after " << after;
  }
}

class Cluster : public ::testing::Test {
 protected:
  void SetUp() override { spdlog::set_level(spdlog::level::err); }
};

TEST_F(Cluster, RanksStayInStepThroughEveryCommandThatChangesTheGame) {
  const auto sgf = std::filesystem::temp_directory_path() / "tengen_cluster_test.sgf";
  std::ofstream(sgf) << "(;GM[1]SZ[9]KM[6.5];B[ee];W[cc];B[gc];W[cg])";
  LocalCluster c(3);
  const std::vector<std::string> commands = {
      "boardsize 9",        "clear_board",           "komi 6.5",          "play b e5",
      "play w c3",          "genmove b",             "undo",              "undo",
      "kgs-genmove_cleanup w", "loadsgf " + sgf.string() + " 3", "loadsgf " + sgf.string(), "genmove_analyze b 50",
      "clear_board",        "fixed_handicap 2",      "genmove w",         "clear_board",
      "place_free_handicap 3", "clear_board",        "set_free_handicap c3 g7", "boardsize 7",
      "tengen-param seed 9", "time_settings 60 0 0", "time_left w 30 0",  "tengen-param search playouts 100",
      "genmove b",
  };
  for (const std::string& command : commands) {
    c.send(command);
    expect_in_step(c, command);
  }
  // The workers replayed the same games: every rank holds rank 0's.
  for (std::size_t r = 1; r < c.engines.size(); ++r) {
    EXPECT_EQ(game_hash(c.engines[r]->game()), game_hash(c.engines[0]->game()));
    EXPECT_EQ(c.engines[r]->settings().playouts, 100);
    EXPECT_NE(c.engines[r]->settings().seed, 9u) << "every rank needs a seed of its own";
  }
  // Every rank searched.
  for (const RankLine& line : parse_status(c.send("tengen-cluster"))) EXPECT_GT(line.playouts, 0) << line.rank;
  c.finish();
  for (int code : c.codes) EXPECT_EQ(code, 0);
  for (const auto& t : c.transports) EXPECT_TRUE(t->closed && t->finalized);
  std::filesystem::remove(sgf);
}

TEST_F(Cluster, TheMoveIsChosenOnEveryRanksSimulations) {
  Settings s = cluster_settings();
  s.playouts = 3000;
  s.early_stop = false;
  LocalCluster c(3, s);
  c.send("boardsize 9");
  c.send("clear_board");
  c.send("genmove b");
  // Rank 0 ran its 3000; the workers' simulations, shared while it ran and
  // at the end, count in its tree too.
  const SearchResult& r = c.engines[0]->last_search();
  EXPECT_GT(r.playouts, 3000);
  std::uint32_t root_children_visits = 0;
  for (const RootChild& child : r.children) root_children_visits += child.visits;
  EXPECT_GT(root_children_visits, 3000u);
  const auto traffic = c.send("tengen-cluster traffic");
  EXPECT_NE(traffic.find("rank 1 messages"), std::string::npos) << traffic;
  EXPECT_EQ(traffic.find("sync_bytes 0\n"), std::string::npos) << traffic;
}

TEST_F(Cluster, WorkersPonderWithRankZero) {
  Settings s = cluster_settings();
  s.ponder = true;
  LocalCluster c(3, s);
  c.send("boardsize 9");
  c.send("play b e5");
  // Rank 0 thinks on the opponent's time until the next command; so do all.
  std::this_thread::sleep_for(400ms);
  const auto lines = parse_status(c.send("tengen-cluster"));
  ASSERT_EQ(lines.size(), 3u);
  for (const RankLine& line : lines) EXPECT_GT(line.playouts, 0) << "rank " << line.rank << " did not ponder";
}

TEST_F(Cluster, AnalysisReportsTheWholeClustersVisits) {
  LocalCluster c(3);
  c.send("boardsize 9");
  c.start("lz-analyze b 10");
  ASSERT_TRUE(c.gtp.wait_text("info move", 40, 60s));
  const auto lines = parse_status(c.send("tengen-cluster"));
  // The last report before the analysis ended.
  const std::string out = c.gtp.wait_replies(3, 1s);
  const std::size_t from = out.rfind("\ninfo move");
  ASSERT_NE(from, std::string::npos) << out;
  const std::string last = out.substr(from + 1, out.find('\n', from + 1) - from - 1);
  long visits = 0;
  const std::regex count(R"(visits (\d+))");
  for (auto it = std::sregex_iterator(last.begin(), last.end(), count); it != std::sregex_iterator(); ++it) {
    visits += std::stol((*it)[1]);
  }
  ASSERT_EQ(lines.size(), 3u);
  // More visits than rank 0 ran itself: the workers' count in its tree.
  EXPECT_GT(visits, lines[0].playouts) << last;
  EXPECT_GT(lines[1].playouts + lines[2].playouts, 0);
}

TEST_F(Cluster, AKilledWorkerDoesNotHangRankZero) {
  Settings s = cluster_settings();
  s.cluster_timeout_ms = 1000;
  LocalCluster c(3, s);
  c.send("boardsize 9");
  c.send("genmove b");
  expect_in_step(c, "genmove b");
  c.hub.cut(2);
  const auto start = std::chrono::steady_clock::now();
  c.send("genmove w");
  c.send("play b e5");
  const auto lines = parse_status(c.send("tengen-cluster"));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Bounded: rank 0 gives a silent rank cluster-timeout-ms (1 s here).
  EXPECT_LT(seconds, 10.0);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_FALSE(lines[1].lost);
  EXPECT_TRUE(lines[2].lost);
  char own[17];
  std::snprintf(own, sizeof own, "%016llx", static_cast<unsigned long long>(game_hash(c.engines[0]->game())));
  EXPECT_EQ(lines[1].hash, own);
  // Play goes on with the rest.
  c.send("genmove w");
  c.finish();
  EXPECT_EQ(c.codes[0], 0);
  // A rank was lost: nobody may wait in MPI_Finalize for it.
  EXPECT_TRUE(c.transports[0]->closed);
  EXPECT_FALSE(c.transports[0]->finalized);
  EXPECT_FALSE(c.transports[1]->finalized);
}

TEST_F(Cluster, AWorkerThatFailsToStartStopsEveryRankWithOneMessage) {
  Hub hub(3);
  std::vector<std::unique_ptr<LocalTransport>> t;
  for (int r = 0; r < 3; ++r) t.push_back(std::make_unique<LocalTransport>(hub, r));
  Engine engine(cluster_settings());
  Engine worker_engine(cluster_settings());
  int codes[3] = {-1, -1, -1};
  const std::string bad = "tengen: error: value 0 of threads is outside [1, 512]\n(see tengen --help)";
  std::thread w1([&] { codes[1] = leave(t[1].get(), 2, bad); });
  std::thread w2([&] {
    std::istringstream none;
    std::ostringstream nowhere;
    codes[2] = play(worker_engine, t[2].get(), none, nowhere);
  });
  std::istringstream gtp("genmove b\nquit\n");
  std::ostringstream out;
  ::testing::internal::CaptureStderr();
  codes[0] = play(engine, t[0].get(), gtp, out);
  const std::string err = ::testing::internal::GetCapturedStderr();
  w1.join();
  w2.join();
  EXPECT_EQ(codes[0], 2);
  EXPECT_EQ(codes[1], 2);
  EXPECT_EQ(codes[2], 2);
  EXPECT_EQ(out.str(), "") << "no GTP at all";
  EXPECT_NE(err.find("tengen: rank 1: error: value 0 of threads"), std::string::npos) << err;
  // One message, printed once.
  EXPECT_EQ(err.find("tengen:"), err.rfind("tengen:")) << err;
}

TEST_F(Cluster, OneMessageWhenEveryRankFailsAlike) {
  Hub hub(3);
  std::vector<std::unique_ptr<LocalTransport>> t;
  for (int r = 0; r < 3; ++r) t.push_back(std::make_unique<LocalTransport>(hub, r));
  const std::string bad = "tengen: error: unknown option --bogus\n(see tengen --help)";
  int codes[3] = {-1, -1, -1};
  std::thread w1([&] { codes[1] = leave(t[1].get(), 2, bad); });
  std::thread w2([&] { codes[2] = leave(t[2].get(), 2, bad); });
  ::testing::internal::CaptureStderr();
  codes[0] = leave(t[0].get(), 2, bad);
  const std::string err = ::testing::internal::GetCapturedStderr();
  w1.join();
  w2.join();
  EXPECT_EQ(err, bad + "\n");
  for (int code : codes) EXPECT_EQ(code, 2);
}

TEST(ClusterAlone, OneProcessAnswersForRankZero) {
  spdlog::set_level(spdlog::level::err);
  Engine engine(test_support::quick_settings());
  std::istringstream in("tengen-cluster\ngenmove b\ntengen-cluster\nundo\ntengen-cluster\ntengen-cluster x\nquit\n");
  std::ostringstream out;
  EXPECT_EQ(play(engine, nullptr, in, out), 0);
  const std::regex line(R"(= rank 0 playouts (\d+) hash ([0-9a-f]{16})\n\n)");
  std::vector<std::smatch> found;
  const std::string text = out.str();
  std::vector<std::pair<long, std::string>> replies;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), line); it != std::sregex_iterator(); ++it) {
    replies.emplace_back(std::stol((*it)[1]), (*it)[2]);
  }
  ASSERT_EQ(replies.size(), 3u) << text;
  EXPECT_EQ(replies[0].first, 0);
  EXPECT_GT(replies[1].first, 0);
  EXPECT_NE(replies[1].second, replies[0].second);  // a move was played
  EXPECT_EQ(replies[2].second, replies[0].second);  // and taken back
  EXPECT_NE(text.find("? syntax error"), std::string::npos);
}

}  // namespace
}  // namespace tengen::cluster
