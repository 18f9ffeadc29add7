#include "tengen/playout/last_good_reply.h"

namespace tengen {

LastGoodReply::LastGoodReply()
    : one_(2 * static_cast<std::size_t>(kMaxPoints), kNoPoint),
      two_(2 * static_cast<std::size_t>(kMaxPoints) * kMaxPoints, kNoPoint) {}

Point LastGoodReply::reply_to_two(Color c, Point second_last, Point last) const {
  if (second_last == kNoPoint || last == kNoPoint) return kNoPoint;
  return two_[index_two(c, second_last, last)];
}

Point LastGoodReply::reply_to_one(Color c, Point last) const {
  return last == kNoPoint ? kNoPoint : one_[index_one(c, last)];
}

void LastGoodReply::learn(Color c, Point second_last, Point last, Point move, bool won) {
  if (last == kNoPoint || move == kPass || move == kNoPoint) return;
  // A winning reply is stored; a losing one is forgotten if it was stored.
  const auto update = [&](Point& reply) {
    if (won) {
      reply = move;
    } else if (reply == move) {
      reply = kNoPoint;
    }
  };
  update(one_[index_one(c, last)]);
  if (second_last != kNoPoint) update(two_[index_two(c, second_last, last)]);
}

}  // namespace tengen
