// Last good reply with forgetting: what the winner played is stored as the
// reply to the one and two moves before it, a reply the loser played is
// forgotten, and the heavy policy plays a stored reply only where the
// random rule could.

#include <gtest/gtest.h>

#include "support/diagram.h"
#include "tengen/engine/go_search.h"
#include "tengen/playout/heavy.h"

namespace tengen {
namespace {

Point at(const char* v, int size) { return *parse_vertex(v, size); }

TEST(LastGoodReply, StoresTheWinnersRepliesAndForgetsTheLosers) {
  LastGoodReply r;
  const Point a = at("C3", 9), b = at("D4", 9), x = at("E5", 9), y = at("F6", 9);
  EXPECT_EQ(r.reply_to_one(Color::Black, b), kNoPoint);
  r.learn(Color::Black, a, b, x, /*won=*/true);
  EXPECT_EQ(r.reply_to_two(Color::Black, a, b), x);
  EXPECT_EQ(r.reply_to_one(Color::Black, b), x);
  EXPECT_EQ(r.reply_to_one(Color::White, b), kNoPoint);  // each colour its own
  EXPECT_EQ(r.reply_to_two(Color::Black, y, b), kNoPoint);
  // A loss with another move leaves the reply; a loss with it forgets it.
  r.learn(Color::Black, a, b, y, /*won=*/false);
  EXPECT_EQ(r.reply_to_one(Color::Black, b), x);
  r.learn(Color::Black, y, b, x, /*won=*/false);
  EXPECT_EQ(r.reply_to_one(Color::Black, b), kNoPoint);
  EXPECT_EQ(r.reply_to_two(Color::Black, a, b), x);  // (y, b) was never stored
  // A pass can be the move replied to, never the reply.
  r.learn(Color::White, kNoPoint, kPass, y, true);
  EXPECT_EQ(r.reply_to_one(Color::White, kPass), y);
  r.learn(Color::White, kNoPoint, a, kPass, true);
  EXPECT_EQ(r.reply_to_one(Color::White, a), kNoPoint);
}

TEST(LastGoodReply, LearnsFromASimulationTrail) {
  // Black C3, White D4, Black E5, White F6; Black won (result 2).
  const int size = 9;
  const TrailEntry trail[] = {{to_tree_move(at("C3", size)), 0},
                              {to_tree_move(at("D4", size)), 1},
                              {to_tree_move(at("E5", size)), 0},
                              {to_tree_move(at("F6", size)), 1}};
  LastGoodReply r;
  r.learn(Color::White, kNoPoint, at("E5", size), at("F6", size), true);  // to be forgotten: White lost
  GoDomain::learn_replies(r, trail, 4, 2);
  EXPECT_EQ(r.reply_to_one(Color::Black, at("D4", size)), at("E5", size));
  EXPECT_EQ(r.reply_to_two(Color::Black, at("C3", size), at("D4", size)), at("E5", size));
  EXPECT_EQ(r.reply_to_one(Color::White, at("C3", size)), kNoPoint);
  EXPECT_EQ(r.reply_to_one(Color::White, at("E5", size)), kNoPoint);
}

TEST(LastGoodReply, HeavyPolicyPlaysAStoredReplyOnlyWhereItIsAllowed) {
  Settings s;
  s.heavy_last_good_reply = true;
  const HeavyConfig config = HeavyConfig::from_settings(s);
  HeavyPolicy policy(config);
  LastGoodReply replies;
  policy.use_replies(&replies);
  // White just played D4 (nothing in atari, no pattern nearby matters:
  // the reply rule comes before all but atari-save).
  Board b = test::board_from_rows({". . . . . . . . .",
                                   ". . . . . . . . .",
                                   ". . . . . . . . .",
                                   ". . . . . . . . .",
                                   ". . . . . . . . .",
                                   ". . . . . . . . .",
                                   ". . . . . . . . .",
                                   ". . X . . . . . .",
                                   ". . . . . . . . ."},
                                  Color::White);
  const int size = 9;
  b.play(at("D4", size), Color::White);
  Rng rng(7);
  replies.learn(Color::Black, kNoPoint, at("D4", size), at("G7", size), true);
  Rule tag = Rule::Pass;
  EXPECT_EQ(policy.choose_move(b, rng, &tag), at("G7", size));
  EXPECT_EQ(tag, Rule::LastGoodReply);
  // A stored reply on an occupied point is skipped.
  replies.learn(Color::Black, kNoPoint, at("D4", size), at("C2", size), true);
  policy.choose_move(b, rng, &tag);
  EXPECT_NE(tag, Rule::LastGoodReply);
  // Switched off, or with no replies given, the rule never fires.
  replies.learn(Color::Black, kNoPoint, at("D4", size), at("G7", size), true);
  policy.use_replies(nullptr);
  policy.choose_move(b, rng, &tag);
  EXPECT_NE(tag, Rule::LastGoodReply);
}

}  // namespace
}  // namespace tengen
