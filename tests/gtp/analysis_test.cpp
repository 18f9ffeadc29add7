// Analysis for GUIs: lz-analyze / kata-analyze and their genmove variants
// (Sabaki, Lizzie), GoGui's analyze commands, parameters and interrupt,
// CGOS's commands, and the read-ahead loop that lets analysis stop when the
// next command arrives.

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "support/quick_settings.h"
#include "tengen/gtp/gtp.h"

namespace tengen {
namespace {

using test_support::quick_settings;

class Analysis : public ::testing::Test {
 protected:
  Analysis() : engine_(quick_settings()), gtp_(engine_) {}
  std::string send(const std::string& line) { return gtp_.handle_line(line).value_or("<none>"); }
  Engine engine_;
  GtpServer gtp_;
};

TEST_F(Analysis, LzAnalyzeReportsInfoBlocksAndEndsWithABlankLine) {
  send("play b e5");
  const std::string r = send("7 lz-analyze w 5");
  // In process there is always more input: one report, then the end.
  const std::regex shape(
      "=7 \ninfo move [A-HJ][1-9] visits \\d+ winrate \\d+ prior \\d+ lcb \\d+ order 0 pv( [A-HJ][1-9])+"
      "( info move [A-HJ][1-9] visits \\d+ winrate \\d+ prior \\d+ lcb \\d+ order \\d+ pv( [A-HJ][1-9]| pass)+)*\n\n");
  EXPECT_TRUE(std::regex_match(r, shape)) << r;
  // Win rates are integers out of 10000, from White's side (to move).
  std::smatch m;
  std::string rest = r;
  while (std::regex_search(rest, m, std::regex("winrate (\\d+)"))) {
    EXPECT_LE(std::stoi(m[1]), 10000);  // not negative: the shape's \\d+
    rest = m.suffix();
  }
  // Analysis changes nothing.
  EXPECT_EQ(engine_.game().moves().size(), 1u);
}

TEST_F(Analysis, LzAnalyzeWinRatesAreTheSideToMoves) {
  // Komi 60 on 9x9: White has won whatever is played. The most visited
  // move (order 0, the first) says so from the side to move's view. A
  // playout can still capture everything, and under a sanitizer the move
  // may have only 10 visits: one such playout is 1000, so the bounds leave
  // room for a few.
  send("komi 60");
  std::smatch m;
  const std::regex first("info move \\S+ visits (\\d+) winrate (\\d+)");
  const std::string w = send("lz-analyze w 5");
  ASSERT_TRUE(std::regex_search(w, m, first)) << w;
  EXPECT_GT(std::stoi(m[2]), 7000) << w;
  const std::string b = send("lz-analyze b 5");
  ASSERT_TRUE(std::regex_search(b, m, first)) << b;
  EXPECT_LT(std::stoi(m[2]), 3000) << b;
}

TEST_F(Analysis, KataAnalyzeGivesFractionsAndOwnership) {
  const std::string r = send("kata-analyze b 5 ownership true");
  EXPECT_EQ(r.rfind("= \ninfo move ", 0), 0u) << r;
  EXPECT_TRUE(std::regex_search(r, std::regex("winrate 0(\\.\\d+)?|winrate 1 "))) << r;
  const auto pos = r.find(" ownership ");
  ASSERT_NE(pos, std::string::npos) << r;
  std::istringstream values(r.substr(pos + 11));
  int count = 0;
  for (double v; values >> v; ++count) {
    EXPECT_GE(v, -1);
    EXPECT_LE(v, 1);
  }
  EXPECT_EQ(count, 81);
}

TEST_F(Analysis, MalformedAnalyzeArgumentsAreRefused) {
  for (const char* bad : {"lz-analyze x y z", "lz-analyze b -5", "kata-analyze b 10 ownership maybe",
                          "kata-analyze b 10 interval", "lz-genmove_analyze 10"}) {
    const std::string r = send(bad);
    EXPECT_EQ(r.rfind("? ", 0), 0u) << bad << ": " << r;
  }
}

TEST_F(Analysis, GenmoveAnalyzePlaysTheMove) {
  const std::string r = send("3 lz-genmove_analyze b 1");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r, m, std::regex("\nplay ([A-HJ][1-9]|pass|resign)\n\n$"))) << r;
  EXPECT_EQ(r.rfind("=3 \ninfo move ", 0), 0u) << r;  // at least the final report
  ASSERT_EQ(engine_.game().moves().size(), 1u);
  EXPECT_EQ(vertex_string(engine_.game().moves()[0].point, 9), m[1].str());
  const std::string k = send("kata-genmove_analyze w 1");
  EXPECT_TRUE(std::regex_search(k, std::regex("\nplay [A-HJ][1-9]\n\n$"))) << k;
  EXPECT_EQ(engine_.game().moves().size(), 2u);
}

TEST_F(Analysis, GoguiAnalyzeCommandsNameOnlyKnownCommands) {
  const std::string r = send("gogui-analyze_commands");
  EXPECT_NE(r.find("gfx/Visits and win rates/tengen-visits"), std::string::npos) << r;
  EXPECT_NE(r.find("param/Search parameters/tengen-param search"), std::string::npos) << r;
  std::istringstream lines(r.substr(2));
  for (std::string line; std::getline(lines, line) && !line.empty();) {
    const std::string command = line.substr(line.rfind('/') + 1);
    const std::string name = command.substr(0, command.find(' '));
    EXPECT_EQ(send("known_command " + name), "= true\n\n") << line;
  }
}

TEST_F(Analysis, GoguiViews) {
  send("play b e5");
  const std::string visits = send("tengen-visits");
  EXPECT_TRUE(std::regex_search(visits, std::regex("\nINFLUENCE( [A-HJ][1-9] [0-9.]+)+\nLABEL( [A-HJ][1-9] \\d+)+\nTEXT ")))
      << visits;
  const std::string pv = send("tengen-pv");
  EXPECT_TRUE(std::regex_match(pv, std::regex("= w [A-HJ][1-9]( [bw] ([A-HJ][1-9]|pass))*\n\n"))) << pv;
  const std::string own = send("tengen-ownership");
  EXPECT_TRUE(std::regex_match(own, std::regex("= (\n(-?[0-9.]+ ){8}-?[0-9.]+){9}\n\n"))) << own;
}

TEST_F(Analysis, ParamListsAndSetsTheRegistry) {
  const std::string list = send("tengen-param");
  EXPECT_NE(list.find("[string] threads 1"), std::string::npos) << list;
  EXPECT_NE(list.find("[bool] superko 1"), std::string::npos) << list;
  EXPECT_TRUE(std::regex_search(list, std::regex("\\[list/light/[a-z/]+\\] policy heavy"))) << list;
  EXPECT_EQ(send("tengen-param superko 0"), "=\n\n");
  EXPECT_FALSE(engine_.settings().superko);
  EXPECT_EQ(send("tengen-param playouts 123"), "=\n\n");
  EXPECT_EQ(engine_.settings().playouts, 123);
  EXPECT_EQ(send("tengen-param playouts -1").rfind("? ", 0), 0u);
  EXPECT_EQ(send("tengen-param bogus 1").rfind("? ", 0), 0u);
  EXPECT_EQ(send("tengen-param threads").rfind("? ", 0), 0u);  // no group of that name
  // A group's view, and a value set through it (a group may share its
  // name with a parameter).
  const std::string search = send("tengen-param search");
  EXPECT_NE(search.find("[string] threads 1"), std::string::npos) << search;
  EXPECT_EQ(search.find("heavy-pattern"), std::string::npos) << search;
  EXPECT_EQ(send("tengen-param playouts playouts 77"), "=\n\n");
  EXPECT_EQ(engine_.settings().playouts, 77);
  EXPECT_EQ(send("tengen-param playouts").find("] playouts "), std::string::npos);
  EXPECT_EQ(send("tengen-param bogus threads 2").rfind("? ", 0), 0u);
  EXPECT_EQ(engine_.settings().playouts, 77);
}

TEST_F(Analysis, CgosCommandsNeverFail) {
  EXPECT_EQ(send("cgos-opponent_name Bob"), "=\n\n");
  EXPECT_EQ(send("cgos-opponent_rating 1800?"), "=\n\n");
  EXPECT_EQ(send("cgos-gameover W+Resign"), "=\n\n");
  EXPECT_EQ(send("cgos-gameover"), "=\n\n");
  EXPECT_EQ(send("gogui-interrupt"), "=\n\n");
}

TEST(AnalysisLoop, AnalysisStopsWhenTheNextCommandArrives) {
  Engine engine(quick_settings());
  GtpServer gtp(engine);
  std::istringstream in("lz-analyze 10\nprotocol_version\nquit\n");
  std::ostringstream out;
  gtp.run(in, out);
  EXPECT_TRUE(std::regex_match(out.str(), std::regex("= \n(info [^\n]*\n)+\n= 2\n\n=\n\n"))) << out.str();
}

TEST(AnalysisLoop, PonderingYieldsToTheNextCommand) {
  Settings s = quick_settings();
  s.ponder = true;
  Engine engine(s);
  GtpServer gtp(engine);
  std::istringstream in("boardsize 9\nplay b e5\ngenmove w\nname\nquit\n");
  std::ostringstream out;
  gtp.run(in, out);
  EXPECT_TRUE(std::regex_match(out.str(), std::regex("=\n\n=\n\n= [A-HJ][1-9]\n\n= Tengen\n\n=\n\n"))) << out.str();
}

}  // namespace
}  // namespace tengen
