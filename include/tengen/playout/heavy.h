#pragma once
// MoGo's heavy playout policy (Chaslot et al., "Adding expert knowledge and
// exploration in Monte-Carlo Tree Search", algorithms 1-4), beside the light
// one. For the side to move, the first rule that yields a move plays it:
//
//   1. atari-save  the last move put one of our strings in atari: extend it
//                  to two or more liberties (not into a ladder) or capture a
//                  string in atari next to it;
//   1a. race-atari (not MoGo's; on by default at a reach of 3) the last move
//                  left one of our strings next to it with two liberties,
//                  beside an opponent string with two: put that string in
//                  an atari it cannot run from (the side to move wins such
//                  a race); with heavy-race-liberties above two, also races
//                  up to that many liberties: fill an outside liberty of a
//                  racing neighbour with three or more, but no more than
//                  ours (strings with two true eyes race no one);
//   1b. last-good-reply (not MoGo's; off unless heavy-last-good-reply) the
//                  reply that last won against the last two moves, or the
//                  last move, in this thread's simulations (LGRF-2,
//                  playout/last_good_reply.h);
//   1c. two-liberties (Fuego's low-liberty rule, not MoGo's; off unless
//                  heavy-two-liberties) strings with two liberties next to
//                  the last move: ours, in a race (a neighbour has two
//                  liberties or fewer), takes a liberty that gains it more or
//                  captures a neighbour in atari or, as race-atari does,
//                  puts one with two liberties in an atari it cannot run
//                  from; the last move's own string is put in such an atari;
//   2. nakade      an empty point next to the last move lies in a hole of
//                  exactly 3 points walled in by the opponent: its centre;
//   3. fill-board  a few random draws of a point whose 8 neighbours are empty;
//   4. pattern     a 3x3 pattern (hane, cut, edge) matches one of the 8 points
//                  around the last move: one of those, uniformly;
//   5. approach    ...and if that pattern move is a self-atari that a
//                  connection can replace, the connection (probability 0.5);
//   6. capture     (off by default) a move that captures, anywhere on the board;
//   7. random      a random legal move that fills no own true eye and is no
//                  self-atari of more than a few stones, unless the stones
//                  are a nakade sacrifice (their capture leaves a dead eye
//                  shape as the capturer's only eye space);
//   8. pass        when nothing is left.
//
// Each rule can be switched off and fires with its own probability. Every
// move is tagged with the rule that chose it, so that counters (and the GTP
// command tengen-playout_stats) show why the policy plays what it plays.
//
// A HeavyConfig is made once from the Settings (it loads and checks the
// pattern file); a HeavyPolicy is cheap to make from it, one per search
// thread. The playout loop makes no allocation, takes no lock and makes no
// virtual call.

#include <array>
#include <cstdint>
#include <memory>
#include <string_view>

#include "tengen/board/board.h"
#include "tengen/playout/last_good_reply.h"
#include "tengen/playout/patterns3x3.h"
#include "tengen/playout/playout.h"
#include "tengen/tactics/atari_watch.h"
#include "tengen/tactics/ladder.h"
#include "tengen/util/params.h"
#include "tengen/util/random.h"

namespace tengen {

enum class Rule : std::uint8_t {
  AtariSave,
  RaceAtari,
  LastGoodReply,
  TwoLiberties,
  Nakade,
  FillBoard,
  Pattern,
  Approach,
  Capture,
  Random,
  Pass
};
inline constexpr int kRuleCount = 11;

// "atari-save", "race-atari", "last-good-reply", "two-liberties", "nakade", "fill-board", "pattern", "approach",
// "capture", "random", "pass".
std::string_view rule_name(Rule rule);

// How often each rule chose a move.
struct RuleCounters {
  std::array<std::int64_t, kRuleCount> fired{};

  void add(Rule rule) { ++fired[static_cast<int>(rule)]; }
  std::int64_t operator[](Rule rule) const { return fired[static_cast<int>(rule)]; }
  std::int64_t total() const;
  RuleCounters& operator+=(const RuleCounters& other);
};

// A rule's switch and the probability that it fires when it applies.
struct RuleSwitch {
  bool on;
  double probability;

  // Draws from rng only when the probability is strictly between 0 and 1,
  // so that rules that always fire cost no random number.
  bool open(Rng& rng) const { return can_open() && (probability >= 1.0 || rng.uniform() < probability); }
  // Whether open can ever say yes.
  bool can_open() const { return on && probability > 0; }
};

// Made only by from_settings: Settings holds the defaults.
struct HeavyConfig {
  RuleSwitch atari_save;
  bool ladder_check;  // atari-save reads ladders before it extends
  RuleSwitch race_atari;     // on boards up to 9x9
  RuleSwitch race_atari_19;  // on larger boards
  int race_liberties;  // race-atari answers races up to this many liberties
  RuleSwitch last_good_reply;
  RuleSwitch two_liberties;
  RuleSwitch nakade;
  RuleSwitch fill_board;
  int fill_board_tries_9x9;
  int fill_board_tries_19x19;
  RuleSwitch pattern;
  RuleSwitch approach;
  RuleSwitch capture;     // on boards up to 9x9
  RuleSwitch capture_19;  // on larger boards
  // The random rule refuses self-ataris leaving more stones than this in atari.
  int max_self_atari_stones;
  // Not MoGo's: the pattern rule refuses them too (a hane or cut that throws
  // away a big string is no local answer), unless a connection stands in.
  bool pattern_self_atari_filter;
  // Not MoGo's: the random rule allows such a self-atari when it is a nakade
  // sacrifice (tactics/eyes.h), which kills. Without it a group whose only
  // eye space is a dead shape with the attacker's stones inside stood as a
  // seki in every playout (a 19x19 game against GNU Go lost from 0.95:
  // docs/strength.md).
  bool nakade_sacrifice;
  // Not MoGo's: the random rule fills no own false eye (tactics/eyes.h).
  bool keep_false_eyes;
  // Not MoGo's: after this many ko captures in a playout, no rule takes a ko
  // (the random one included). Under simple ko alone a double or triple ko
  // cycles until the move limit, and the playout's score is then that of an
  // unfinished board: in a 19x19 game with three kos, every playout ran
  // 1,133 moves, 99% of them captures, and the search's win rate swung
  // between 0.1 and 0.9 from move to move.
  int max_ko_captures;
  std::shared_ptr<const Pattern3Table> patterns;  // never null

  // Reads every heavy-* parameter and loads the pattern file (heavy-pattern-file,
  // or default_pattern_file() when empty). Throws PatternFileError.
  static HeavyConfig from_settings(const Settings& settings);
  // Fill-board draws per move on a board of this size: the 9x9 and 19x19
  // values, linear in the board's side in between and beyond, never below 0.
  int fill_board_tries(int size) const;
  // The switches that differ between small boards (up to 9x9) and larger ones.
  static constexpr int kLargestSmallBoard = 9;
  const RuleSwitch& race_atari_on(int size) const {
    return size <= kLargestSmallBoard ? race_atari : race_atari_19;
  }
  const RuleSwitch& capture_on(int size) const { return size <= kLargestSmallBoard ? capture : capture_19; }

 private:
  HeavyConfig() = default;
};

// The playout policy the settings ask for: the heavy policy's configuration,
// or null for light playouts. Every user (search, bench, GTP) gets it here.
// Throws PatternFileError.
std::shared_ptr<const HeavyConfig> heavy_config(const Settings& settings);

// One per search thread: it keeps scratch state (the strings in atari, the
// ladder reader's overlay) and is not to be shared. About 3 KB.
class HeavyPolicy {
 public:
  explicit HeavyPolicy(const HeavyConfig& config);

  // The move the policy chooses for the side to move (kPass when nothing is
  // left); *tag, if given, receives the rule that chose it. With the capture
  // rule on it scans the board for strings in atari first: playout() is the
  // fast way to play many moves.
  Point choose_move(Board& board, Rng& rng, Rule* tag = nullptr);

  // Plays the board to the end like light_playout: stops after two passes
  // or max_moves moves and scores by area. moves (room for max_moves) gets
  // every move played, tags (the same) the rule behind each; counters, if
  // given, are incremented.
  PlayoutResult playout(Board& board, Rng& rng, int max_moves, Point* moves = nullptr,
                        RuleCounters* counters = nullptr, Rule* tags = nullptr);

  const HeavyConfig& config() const { return config_; }

  // The replies the last-good-reply rule draws on (owned by the caller, who
  // teaches them after each simulation); null: the rule stays silent.
  void use_replies(const LastGoodReply* replies) { replies_ = replies; }

 private:
  Point choose(Board& b, Rng& rng, Rule& tag);
  Point atari_save_move(const Board& b, Point last, Color c, Rng& rng);
  Point race_atari_move(const Board& b, Point last, Color c, Rng& rng) const;
  Point two_liberties_move(const Board& b, Point last, Color c, Rng& rng) const;
  Point last_good_reply_move(const Board& b, Point last, Color c) const;
  Point nakade_move(const Board& b, Point last, Color c) const;
  Point fill_board_move(const Board& b, Rng& rng) const;
  Point pattern_or_approach_move(const Board& b, Point last, Color c, Rng& rng, Rule& tag) const;
  Point capture_move(const Board& b, Color c, Rng& rng) const;
  Point random_move(Board& b, Color c, Rng& rng) const;
  bool can_escape(const Board& b, Point lib, Color c);
  // The string c's stone at p would be part of has more stones than a
  // self-atari may give away.
  bool too_big_to_sacrifice(const Board& b, Point p, Color c) const;
  bool big_self_atari(const Board& b, Point p, Color c) const;
  // p is a ko capture and this playout has taken its share of them.
  bool ko_closed(const Board& b, Point p, Color c) const {
    return ko_captures_ >= config_.max_ko_captures && b.capture_size_if_played(p, c) == 1 &&
           b.liberties_after(p, c) == 1;
  }

  // Takes the switches of this board's size (HeavyConfig::capture_on).
  void fit_to(const Board& b);

  HeavyConfig config_;
  const Pattern3Table* patterns_;  // config_.patterns, without reference counting in the loop
  std::array<int, kMaxSize + 1> fill_tries_{};  // by board size
  RuleSwitch race_atari_;  // for the board being played (fit_to); copies, so a copied policy is whole
  RuleSwitch capture_;
  // The capture rule alone reads the strings in atari. With it off (the
  // default on boards above 9x9) nothing captures them, so the list only
  // grows and its upkeep took a tenth of a 19x19 search's instructions: it
  // is not kept at all.
  bool keeps_atari_watch() const { return capture_.can_open(); }
  AtariWatch atari_watch_;
  const LastGoodReply* replies_ = nullptr;
  LadderReader ladder_;
  int ko_captures_ = 0;  // in the playout under way
};

}  // namespace tengen
