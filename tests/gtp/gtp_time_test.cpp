// GTP in process: time_settings, time_left and kgs-time_settings.

#include <gtest/gtest.h>

#include <string>

#include "support/gtp_session.h"

namespace tengen {
namespace {

using namespace test_support;  // support/gtp_session.h

TEST_F(Gtp, TimeSettingsAndTimeLeft) {
  Session s;
  s.ok("time_settings 300 30 5");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Canadian);
  s.ok("time_settings 600 0 0");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Absolute);
  s.ok("time_settings 0 1 0");  // byo-yomi time without stones: no limit
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::None);
  s.ok("time_settings 60 10 1");
  for (const std::string bad : {"-1 30 5", "300 -30 5", "300 30 -5", "300 30", "300", "", "300 30 5 1", "abc 30 5",
                                "300 abc 5", "300 30 abc", "nan 30 5", "300 inf 5", "300 30 5.5"}) {
    EXPECT_EQ(s.rejected("time_settings " + bad), "syntax error") << bad;
  }
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Canadian);

  s.ok("time_left b 100 0");
  s.ok("time_left WHITE 25 3");
  s.ok("time_left black 0 0");
  for (const std::string bad : {"x 10 0", "b", "b 10", "b abc 0", "b 10 abc", "b 10 -1", "b 10 0 1", "10 0 b",
                                "b nan 0"}) {
    EXPECT_EQ(s.rejected("time_left " + bad), "syntax error") << bad;
  }
  // Genmove still answers under a clock (the playout cap keeps it short).
  s.ok("time_settings 10 0 0");
  s.ok("time_left b 5 0");
  EXPECT_TRUE(is_vertex_or_resign(s.ok("genmove b")));
}

TEST_F(Gtp, KgsTimeSettings) {
  Session s;
  s.ok("kgs-time_settings absolute 300");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Absolute);
  s.ok("kgs-time_settings byoyomi 300 30 5");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Byoyomi);
  s.ok("kgs-time_settings canadian 300 30 10");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Canadian);
  s.ok("kgs-time_settings none");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::None);
  s.ok("kgs-time_settings BYOYOMI 0 10 3");
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Byoyomi);
  for (const std::string bad :
       {"", "bogus", "bogus 1 2 3", "none 5", "absolute", "absolute 1 2", "absolute -1", "byoyomi 300 30",
        "byoyomi 300 30 5 1", "byoyomi -300 30 5", "byoyomi 300 30 -5", "byoyomi 300 30 2.5", "byoyomi 300 30 1e20",
        "byoyomi 300 30 99999999999", "canadian 300 30", "canadian 300 -30 10", "canadian 300 30 abc",
        "canadian 300 30 10 10", "canadian nan 30 10"}) {
    EXPECT_EQ(s.rejected("kgs-time_settings " + bad), "syntax error") << bad;
  }
  EXPECT_EQ(s.engine().clock().kind(), TimeControl::Kind::Byoyomi);
}

}  // namespace
}  // namespace tengen
