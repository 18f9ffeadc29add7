#include "tengen/playout/heavy.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "tengen/tactics/eyes.h"
#include "tengen/tactics/self_atari.h"

namespace tengen {

namespace {

// Candidate moves of one rule, on the stack; one is drawn uniformly.
template <int Capacity>
class MoveList {
 public:
  void add(Point p) {
    if (n_ < Capacity) moves_[n_++] = p;
  }
  void add_unique(Point p) {
    if (std::find(moves_, moves_ + n_, p) == moves_ + n_) add(p);
  }
  Point pick(Rng& rng) const {
    const int i = pick_index(rng);
    return i < 0 ? kNoPoint : moves_[i];
  }
  // The same draw as pick, as an index (-1 when empty).
  int pick_index(Rng& rng) const {
    return n_ == 0 ? -1 : n_ == 1 ? 0 : static_cast<int>(rng.below(static_cast<std::uint32_t>(n_)));
  }
  int size() const { return n_; }
  Point operator[](int i) const { return moves_[i]; }

 private:
  int n_ = 0;
  Point moves_[Capacity];
};

// Ataris on an opponent string with two liberties: on either one where
// running out at the other would still leave it at most one liberty (ours
// at the first taken). An eye of the string is no run.
template <int Capacity>
void add_ataris_it_cannot_run_from(const Board& b, Point string, Color c, MoveList<Capacity>& moves) {
  const Color o = opponent(c);
  Point libs[2];
  int k = 0;
  b.liberty_set(string).for_each([&](Point l) { libs[k++] = l; });
  for (int i = 0; i < 2; ++i) {
    const Point atari = libs[i];
    const Point run = libs[1 - i];
    if (b.is_legal(atari, c) && b.liberties_after_at_least(atari, c, 2) && !b.liberties_after_at_least(run, o, 3)) {
      moves.add_unique(atari);
    }
  }
}

// f(root) once for each string of colour o next to string r (beyond 16
// such strings, a string may come twice).
template <class F>
void for_each_neighbour_string(const Board& b, Point r, Color o, F&& f) {
  Point seen[16];
  int n = 0;
  b.for_each_stone(r, [&](Point s) {
    b.for_each_neighbor(s, [&](Point x) {
      if (b.at(x) != o) return;
      const Point root = b.root(x);
      if (std::find(seen, seen + n, root) != seen + n) return;
      if (n < 16) seen[n++] = root;
      f(root);
    });
  });
}

// A string with two true eyes among its liberties races no one.
bool racing(const Board& b, Point string, Color c) {
  int eyes = 0;
  b.liberty_set(string).for_each([&](Point l) { eyes += b.is_true_eye(l, c); });
  return eyes < 2;
}

// f(root) once for each string of c next to `last` with `lo` to `hi` liberties.
template <class F>
void for_each_string_next_to(const Board& b, Point last, Color c, int lo, int hi, F&& f) {
  Point seen[4];
  int n = 0;
  b.for_each_neighbor(last, [&](Point q) {
    if (b.at(q) != c || b.liberties(q) < lo || b.liberties(q) > hi) return;
    const Point r = b.root(q);
    if (std::find(seen, seen + n, r) != seen + n) return;
    seen[n++] = r;
    f(r);
  });
}

bool is_stone_move(Point p) { return p != kPass && p != kNoPoint; }

Point tagged(Rule& tag, Rule rule, Point p) {
  tag = rule;
  return p;
}

}  // namespace

std::string_view rule_name(Rule rule) {
  switch (rule) {
    case Rule::AtariSave: return "atari-save";
    case Rule::RaceAtari: return "race-atari";
    case Rule::LastGoodReply: return "last-good-reply";
    case Rule::TwoLiberties: return "two-liberties";
    case Rule::Nakade: return "nakade";
    case Rule::FillBoard: return "fill-board";
    case Rule::Pattern: return "pattern";
    case Rule::Approach: return "approach";
    case Rule::Capture: return "capture";
    case Rule::Random: return "random";
    case Rule::Pass: return "pass";
  }
  return "?";
}

std::int64_t RuleCounters::total() const {
  std::int64_t n = 0;
  for (auto f : fired) n += f;
  return n;
}

RuleCounters& RuleCounters::operator+=(const RuleCounters& other) {
  for (int i = 0; i < kRuleCount; ++i) fired[i] += other.fired[i];
  return *this;
}

HeavyConfig HeavyConfig::from_settings(const Settings& s) {
  HeavyConfig c{};
  c.atari_save = {s.heavy_atari_save, s.heavy_atari_save_prob};
  c.ladder_check = s.heavy_ladder_check;
  c.race_atari = {s.heavy_race_atari, s.heavy_race_atari_prob};
  c.race_atari_19 = {s.heavy_race_atari_19, s.heavy_race_atari_prob};
  c.race_liberties = s.heavy_race_liberties;
  c.last_good_reply = {s.heavy_last_good_reply, s.heavy_last_good_reply_prob};
  c.two_liberties = {s.heavy_two_liberties, s.heavy_two_liberties_prob};
  c.nakade = {s.heavy_nakade, s.heavy_nakade_prob};
  c.fill_board = {s.heavy_fill_board, s.heavy_fill_board_prob};
  c.fill_board_tries_9x9 = s.heavy_fill_board_tries_9;
  c.fill_board_tries_19x19 = s.heavy_fill_board_tries_19;
  c.pattern = {s.heavy_pattern, s.heavy_pattern_prob};
  c.approach = {s.heavy_approach, s.heavy_approach_prob};
  c.capture = {s.heavy_capture, s.heavy_capture_prob};
  c.capture_19 = {s.heavy_capture_19, s.heavy_capture_prob};
  c.max_self_atari_stones = s.heavy_self_atari_max;
  c.nakade_sacrifice = s.heavy_nakade_sacrifice;
  c.keep_false_eyes = s.heavy_keep_false_eyes;
  c.pattern_self_atari_filter = s.heavy_pattern_self_atari_filter;
  c.max_ko_captures = s.heavy_ko_captures;
  const std::string path = s.heavy_pattern_file.empty() ? default_pattern_file() : s.heavy_pattern_file;
  c.patterns = std::make_shared<const Pattern3Table>(Pattern3Table::load(path));
  return c;
}

std::shared_ptr<const HeavyConfig> heavy_config(const Settings& settings) {
  if (settings.policy != Policy::Heavy) return nullptr;
  return std::make_shared<const HeavyConfig>(HeavyConfig::from_settings(settings));
}

int HeavyConfig::fill_board_tries(int size) const {
  const double t = fill_board_tries_9x9 + (size - 9) * (fill_board_tries_19x19 - fill_board_tries_9x9) / 10.0;
  return std::max(0, static_cast<int>(std::lround(t)));
}

HeavyPolicy::HeavyPolicy(const HeavyConfig& config)
    : config_(config),
      patterns_(config_.patterns.get()),
      race_atari_(config_.race_atari),
      capture_(config_.capture) {
  if (!patterns_) throw std::invalid_argument("HeavyPolicy needs a pattern table");
  for (int size = 0; size <= kMaxSize; ++size) fill_tries_[size] = config_.fill_board_tries(size);
}

void HeavyPolicy::fit_to(const Board& b) {
  race_atari_ = config_.race_atari_on(b.size());
  capture_ = config_.capture_on(b.size());
}

Point HeavyPolicy::choose_move(Board& board, Rng& rng, Rule* tag) {
  fit_to(board);
  if (keeps_atari_watch()) atari_watch_.rebuild(board);
  Rule rule = Rule::Pass;
  const Point p = choose(board, rng, rule);
  if (tag) *tag = rule;
  return p;
}

PlayoutResult HeavyPolicy::playout(Board& board, Rng& rng, int max_moves, Point* moves, RuleCounters* counters,
                                   Rule* tags) {
  fit_to(board);
  if (keeps_atari_watch()) atari_watch_.rebuild(board);
  PlayoutResult result;
  ko_captures_ = 0;
  while (board.consecutive_passes() < 2) {
    if (result.moves_played >= max_moves) {
      result.hit_move_limit = true;
      break;
    }
    Rule rule = Rule::Pass;
    const Point p = choose(board, rng, rule);
    if (moves) moves[result.moves_played] = p;
    if (tags) tags[result.moves_played] = rule;
    if (counters) counters->add(rule);
    ++result.moves_played;
    board.play(p, board.to_move());
    if (p != kPass) {
      if (keeps_atari_watch()) atari_watch_.note_move(board, p);
      if (board.ko_point() != kNoPoint) ++ko_captures_;
    }
  }
  result.score = board.playout_score();
  return result;
}

// MoGo's order: the rules around the last move come first, then fill board,
// patterns (with approach moves), captures and the random fallback. A rule
// whose move is a ko capture the playout may no longer take passes the turn
// to the next rule.
Point HeavyPolicy::choose(Board& b, Rng& rng, Rule& tag) {
  const Color c = b.to_move();
  const Point last = b.last_move();
  const bool local = is_stone_move(last) && is_player(b.at(last));
  const auto usable = [&](Point p) { return p != kNoPoint && !ko_closed(b, p, c); };
  if (local && config_.atari_save.open(rng)) {
    if (const Point p = atari_save_move(b, last, c, rng); usable(p)) return tagged(tag, Rule::AtariSave, p);
  }
  if (local && race_atari_.open(rng)) {
    if (const Point p = race_atari_move(b, last, c, rng); usable(p)) return tagged(tag, Rule::RaceAtari, p);
  }
  if (replies_ && is_stone_move(last) && config_.last_good_reply.open(rng)) {
    if (const Point p = last_good_reply_move(b, last, c); usable(p)) return tagged(tag, Rule::LastGoodReply, p);
  }
  if (local && config_.two_liberties.open(rng)) {
    if (const Point p = two_liberties_move(b, last, c, rng); usable(p)) return tagged(tag, Rule::TwoLiberties, p);
  }
  if (local && config_.nakade.open(rng)) {
    if (const Point p = nakade_move(b, last, c); usable(p)) return tagged(tag, Rule::Nakade, p);
  }
  if (config_.fill_board.open(rng)) {
    if (const Point p = fill_board_move(b, rng); p != kNoPoint) return tagged(tag, Rule::FillBoard, p);
  }
  if (local && config_.pattern.open(rng)) {
    Rule rule = Rule::Pattern;
    if (const Point p = pattern_or_approach_move(b, last, c, rng, rule); usable(p)) return tagged(tag, rule, p);
  }
  if (capture_.open(rng)) {
    if (const Point p = capture_move(b, c, rng); usable(p)) return tagged(tag, Rule::Capture, p);
  }
  const Point p = random_move(b, c, rng);
  tag = p == kPass ? Rule::Pass : Rule::Random;
  return p;
}

// Our strings that the last move put in atari: every capture of a string
// next to them that leaves them two liberties, and every extension that
// reaches two liberties without running into a ladder.
Point HeavyPolicy::atari_save_move(const Board& b, Point last, Color c, Rng& rng) {
  Point in_atari[4];
  int n = 0;
  b.for_each_neighbor(last, [&](Point q) {
    if (b.at(q) != c || b.liberties(q) != 1) return;
    const Point r = b.root(q);
    if (std::find(in_atari, in_atari + n, r) == in_atari + n) in_atari[n++] = r;
  });
  if (n == 0) return kNoPoint;
  const Color o = opponent(c);
  MoveList<32> saves;
  for (int i = 0; i < n; ++i) {
    const Point lib = b.last_liberty(in_atari[i]);
    b.for_each_stone(in_atari[i], [&](Point s) {
      b.for_each_neighbor(s, [&](Point q) {
        if (b.at(q) != o || b.liberties(q) != 1) return;
        const Point take = b.last_liberty(q);
        // Taking on our own last liberty must still leave us two.
        if (b.is_legal(take, c) && (take != lib || b.liberties_after_at_least(take, c, 2))) saves.add_unique(take);
      });
    });
    if (can_escape(b, lib, c)) saves.add_unique(lib);
  }
  return saves.pick(rng);
}

// Capturing races next to the last move, us to move. At two liberties each
// the atari wins, and the random rule finds it about one time in a hundred
// (docs/playouts.md). With more liberties, a race is won by filling the
// opponent's outside liberties first, while the random rule fills its own
// as often: the 36 seki problems' races ended right in half the playouts
// (scripts/race_outcomes.py).
Point HeavyPolicy::race_atari_move(const Board& b, Point last, Color c, Rng& rng) const {
  const Color o = opponent(c);
  MoveList<32> moves;
  for_each_string_next_to(b, last, c, 2, config_.race_liberties, [&](Point r) {
    if (!racing(b, r, c)) return;
    const int ours = b.liberties(r);
    for_each_neighbour_string(b, r, o, [&](Point x) {
      const int theirs = b.liberties(x);
      if (theirs < 2 || theirs > ours || !racing(b, x, o)) return;
      if (theirs == 2) {
        add_ataris_it_cannot_run_from(b, x, c, moves);
        return;
      }
      // A liberty shared with one of our racing strings shortens ours too.
      Bitboard shared{};
      for_each_neighbour_string(b, x, c, [&](Point y) {
        if (racing(b, y, c)) shared |= b.liberty_set(y);
      });
      b.liberty_set(x).for_each([&](Point l) {
        if (!shared.test(l) && b.is_legal(l, c) && b.liberties_after_at_least(l, c, 2)) moves.add_unique(l);
      });
    });
  });
  return moves.pick(rng);
}

// Semeai and capturing races turn on strings with two liberties, which the
// atari rules see one move too late.
Point HeavyPolicy::two_liberties_move(const Board& b, Point last, Color c, Rng& rng) const {
  const Color o = opponent(c);
  MoveList<32> moves;
  if (b.liberties(last) == 2) add_ataris_it_cannot_run_from(b, last, c, moves);
  for_each_string_next_to(b, last, c, 2, 2, [&](Point r) {
    // Only in a race: a neighbour of the string short of liberties too.
    bool race = false;
    for_each_neighbour_string(b, r, o, [&](Point x) {
      if (b.liberties(x) > 2) return;
      race = true;
      if (b.liberties(x) == 1 && b.is_legal(b.last_liberty(x), c)) moves.add_unique(b.last_liberty(x));
      if (b.liberties(x) == 2) add_ataris_it_cannot_run_from(b, x, c, moves);
    });
    if (!race) return;
    b.liberty_set(r).for_each([&](Point l) {
      if (b.is_legal(l, c) && b.liberties_after_at_least(l, c, 3)) moves.add_unique(l);
    });
  });
  return moves.pick(rng);
}

bool HeavyPolicy::can_escape(const Board& b, Point lib, Color c) {
  if (!b.is_legal(lib, c)) return false;
  if (b.liberties_after_lower_bound(lib, c) >= 3) return true;
  const int libs = b.liberties_after(lib, c);
  if (libs >= 3) return true;
  if (libs < 2) return false;
  return !config_.ladder_check || !ladder_.escape_is_caught(b, lib, c);
}

// A stored reply is only a hint from other simulations: it must still be a
// move the random rule would allow here.
Point HeavyPolicy::last_good_reply_move(const Board& b, Point last, Color c) const {
  const auto usable = [&](Point p) {
    return p != kNoPoint && b.at(p) == Color::Empty && b.is_legal(p, c) && !b.is_true_eye(p, c) &&
           !big_self_atari(b, p, c) && !(config_.keep_false_eyes && fills_own_false_eye(b, p, c));
  };
  if (const Point p = replies_->reply_to_two(c, b.second_last_move(), last); usable(p)) return p;
  if (const Point p = replies_->reply_to_one(c, last); usable(p)) return p;
  return kNoPoint;
}

Point HeavyPolicy::nakade_move(const Board& b, Point last, Color c) const {
  const Color owner = opponent(c);
  Point found = kNoPoint;
  b.for_each_neighbor(last, [&](Point x) {
    if (found != kNoPoint || b.at(x) != Color::Empty) return;
    const Point v = nakade_vital_point(b, x, owner);
    if (v != kNoPoint && b.is_legal(v, c)) found = v;
  });
  return found;
}

// MoGo drew points of the whole board; drawing among the empty points is
// the same test without the draws that land on stones. Each 64-bit random
// number gives two draws.
Point HeavyPolicy::fill_board_move(const Board& b, Rng& rng) const {
  const std::uint64_t empties = static_cast<std::uint64_t>(b.empty_count());
  if (empties == 0) return kNoPoint;
  for (int tries = fill_tries_[b.size()]; tries > 0; tries -= 2) {
    const std::uint64_t bits = rng.next();
    for (int half = 0; half < 2 && half < tries; ++half) {
      const std::uint64_t draw = (bits >> (32 * half)) & 0xFFFFFFFFu;
      const Point p = b.empty_point(static_cast<int>((draw * empties) >> 32));
      if (is_open_space(b, p)) return p;
    }
  }
  return kNoPoint;
}

Point HeavyPolicy::pattern_or_approach_move(const Board& b, Point last, Color c, Rng& rng, Rule& tag) const {
  MoveList<8> matches;
  // Each match's self-atari test where the filter made it (-1: not made),
  // so that the approach rule below does not make the costly test again.
  std::int8_t self_atari[8];
  auto consider = [&](Point q) {
    if (b.at(q) != Color::Empty || !patterns_->matches_at(b, q, c) || !b.is_legal(q, c)) return;
    std::int8_t atari = -1;
    if (config_.pattern_self_atari_filter) {
      atari = b.is_self_atari(q, c);
      // A big self-atari stays only where a connection can stand in for it.
      if (atari && too_big_to_sacrifice(b, q, c) &&
          (!config_.approach.on || approach_connection(b, q, c) == kNoPoint)) {
        return;
      }
    }
    self_atari[matches.size()] = atari;
    matches.add(q);
  };
  b.for_each_neighbor(last, consider);
  b.for_each_diagonal(last, consider);
  const int i = matches.pick_index(rng);
  if (i < 0) return kNoPoint;
  const Point p = matches[i];
  if (config_.approach.on && (self_atari[i] >= 0 ? self_atari[i] == 1 : b.is_self_atari(p, c))) {
    const Point connection = approach_connection(b, p, c);
    // A self-atari here: big exactly when the string would pass the limit.
    const bool must_replace = config_.pattern_self_atari_filter && too_big_to_sacrifice(b, p, c);
    if (connection != kNoPoint && (must_replace || config_.approach.open(rng))) {
      return tagged(tag, Rule::Approach, connection);
    }
  }
  tag = Rule::Pattern;
  return p;
}

Point HeavyPolicy::capture_move(const Board& b, Color c, Rng& rng) const {
  MoveList<64> captures;
  atari_watch_.for_each(b, opponent(c), [&](Point s) {
    const Point take = b.last_liberty(s);
    if (b.is_legal(take, c)) captures.add_unique(take);
  });
  return captures.pick(rng);
}

bool HeavyPolicy::too_big_to_sacrifice(const Board& b, Point p, Color c) const {
  return string_size_after(b, p, c) > config_.max_self_atari_stones;
}

bool HeavyPolicy::big_self_atari(const Board& b, Point p, Color c) const {
  return is_big_self_atari(b, p, c, config_.max_self_atari_stones) &&
         !(config_.nakade_sacrifice && is_nakade_sacrifice(b, p, c));
}

Point HeavyPolicy::random_move(Board& b, Color c, Rng& rng) const {
  return b.random_empty(rng, [&](Point p) {
    return b.is_playable(p, c) && !big_self_atari(b, p, c) && !ko_closed(b, p, c) &&
           !(config_.keep_false_eyes && fills_own_false_eye(b, p, c));
  });
}

}  // namespace tengen
