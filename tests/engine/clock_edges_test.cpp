// The time budget at each edge of each clock (issue 19, point 11), the
// clock given as KGS and most controllers give it: whole seconds, through
// GTP's time_settings, kgs-time_settings and time_left.

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <string>
#include <utility>

#include "tengen/gtp/gtp.h"

namespace tengen {
namespace {

constexpr double kMargin = 1.0;        // the default time-margin
constexpr double kPerEmpty = 0.4;      // the default time-moves-ahead
constexpr int kOpening = 361;          // empty points: 19x19 at the start
constexpr int kEndgame = 40;           // and late in the game

class ClockEdges : public ::testing::Test {
 protected:
  ClockEdges() : engine_(Settings{}), gtp_(engine_) { spdlog::set_level(spdlog::level::err); }
  void send(const std::string& line) {
    const std::string r = gtp_.handle_line(line).value_or("?");
    ASSERT_EQ(r.substr(0, 1), "=") << line << ": " << r;
  }
  // Black's budget after `time_left b <left>`.
  double after(const std::string& left, int empty = kOpening) {
    send("time_left b " + left);
    return engine_.clock().budget(Color::Black, empty, kPerEmpty, kMargin);
  }
  Engine engine_;
  GtpServer gtp_;
};

// A sliver: a move comes out, and nothing the clock cannot bear is spent.
void expect_sliver(double budget, const std::string& what) {
  EXPECT_GT(budget, 0) << what;
  EXPECT_LT(budget, 0.1) << what;
}

TEST_F(ClockEdges, CanadianMainTimeAlmostSpentCountsOnTheByoYomiToCome) {
  send("time_settings 30 10 5");
  // A period of 10 s for 5 stones, less the margin: 1.8 s a stone. At the
  // end of the main time that period is still to come.
  const double per_stone = (10 - kMargin) / 5;
  for (const char* left : {"0 0", "1 0"}) {
    for (int empty : {kOpening, kEndgame}) {
      const double b = after(left, empty);
      EXPECT_GE(b, per_stone - 1e-9) << "time_left b " << left << ", " << empty << " empty points";
      EXPECT_LE(b, per_stone + 1 + 1e-9) << "time_left b " << left;
    }
  }
  // With main time left, a move gets at least a stone's share of a period,
  // and never more than the main time it has.
  const double main = after("30 0");
  EXPECT_GE(main, per_stone - 1e-9);
  EXPECT_LE(main, 30 - kMargin);
}

TEST_F(ClockEdges, CanadianPeriods) {
  send("time_settings 30 10 5");
  EXPECT_NEAR(after("10 5"), (10 - kMargin) / 5, 1e-9);  // a fresh period
  EXPECT_NEAR(after("4 2"), (4 - kMargin) / 2, 1e-9);    // half way
  EXPECT_NEAR(after("10 1"), 10 - kMargin, 1e-9);        // the last stone may take the rest
  EXPECT_NEAR(after("3 1"), 3 - kMargin, 1e-9);
  // The last stone with the period spent: the next period only comes after
  // this stone, so nothing can be counted on.
  expect_sliver(after("1 1"), "time_left b 1 1");
  expect_sliver(after("0 1"), "time_left b 0 1");
  // Byo-yomi from the start (no main time).
  send("time_settings 0 10 5");
  EXPECT_NEAR(engine_.clock().budget(Color::Black, kOpening, kPerEmpty, kMargin), (10 - kMargin) / 5, 1e-9);
  EXPECT_NEAR(after("10 5"), (10 - kMargin) / 5, 1e-9);
}

TEST_F(ClockEdges, JapaneseByoYomi) {
  send("kgs-time_settings byoyomi 30 10 5");
  const double period = 10 - kMargin;
  // In main time, and at its very end, a move may take a period: the
  // periods after the main time are the floor.
  for (const char* left : {"30 0", "1 0", "0 0"}) {
    for (int empty : {kOpening, kEndgame}) {
      const double b = after(left, empty);
      EXPECT_GE(b, period - 1e-9) << "time_left b " << left;
      EXPECT_LE(b, 30 - kMargin + 1e-9) << "time_left b " << left;
    }
  }
  EXPECT_NEAR(after("10 5"), period, 1e-9);  // a fresh period, five left
  EXPECT_NEAR(after("10 1"), period, 1e-9);  // the last period
  EXPECT_NEAR(after("6 1"), 6 - kMargin, 1e-9);
}

TEST_F(ClockEdges, AbsoluteTime) {
  send("time_settings 30 0 0");
  EXPECT_NEAR(after("30 0"), (30 - kMargin) / (kOpening * kPerEmpty), 1e-9);
  // Seconds left and nothing after them: spread over the moves still to
  // come (at least 10), never the margin.
  EXPECT_NEAR(after("6 0", kEndgame), (6 - kMargin) / 16, 1e-9);
  EXPECT_NEAR(after("3 0", kEndgame), (3 - kMargin) / 16, 1e-9);
  EXPECT_NEAR(after("2 0", 5), (2 - kMargin) / 10, 1e-9);
  expect_sliver(after("1 0"), "time_left b 1 0");
  expect_sliver(after("0 0"), "time_left b 0 0");
  // kgs-time_settings absolute is the same clock.
  send("kgs-time_settings absolute 30");
  EXPECT_NEAR(after("3 0", kEndgame), (3 - kMargin) / 16, 1e-9);
}

// What the search is given: the same budget, through the engine.
TEST_F(ClockEdges, GenmoveSearchesForTheByoYomiBudget) {
  send("boardsize 9");
  send("tengen-param playouts 0");
  send("tengen-param early-stop false");
  send("time_settings 30 3 2");
  send("time_left b 0 0");
  send("genmove b");
  // (3 - 1) / 2 = 1 s, not a sliver.
  EXPECT_GT(engine_.last_search().seconds, 0.5);
  EXPECT_LT(engine_.last_search().seconds, 3);
}

// A 19x19 game ends by resignation long before its board is full, so the
// clock may be divided over fewer moves there: time-moves-ahead-19 on
// 19x19, time-moves-ahead on 9x9, and in between on the sizes in between.
TEST_F(ClockEdges, TheClockIsDividedOverMovesAheadByBoardSize) {
  send("tengen-param time-moves-ahead 0.4");
  send("tengen-param time-moves-ahead-19 0.2");
  for (const auto& [size, per_empty] : {std::pair{9, 0.4}, {19, 0.2}, {14, 0.3}}) {
    send("boardsize " + std::to_string(size));
    send("time_settings 60 0 0");
    const int points = size * size;
    const double expected = engine_.clock().budget(Color::Black, points, per_empty, kMargin, 0, points);
    EXPECT_NEAR(engine_.limits_for(Color::Black).seconds, expected, 1e-9) << size << "x" << size;
  }
}

}  // namespace
}  // namespace tengen
