#pragma once
// The player: owns the game record, the clock and the search, and decides
// moves, passes, resignations and the final score. The GTP front end is a
// thin layer over this class.

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tengen/board/game.h"
#include "tengen/engine/dynamic_komi.h"
#include "tengen/engine/fights.h"
#include "tengen/engine/go_search.h"
#include "tengen/engine/judgement_cache.h"
#include "tengen/engine/scoring.h"
#include "tengen/engine/time_control.h"
#include "tengen/sgf/sgf.h"
#include "tengen/util/params.h"
#include "tengen/util/random.h"

namespace tengen {

// Ways to watch or stop a search from outside: a stop flag (GoGui's
// interrupt, new input during analysis) and a periodic report.
struct SearchHooks {
  const std::atomic<bool>* stop = nullptr;
  double report_interval = 0;
  std::function<void(const SearchResult&)> report;
};

class Engine {
 public:
  explicit Engine(const Settings& settings);

  const Settings& settings() const { return settings_; }
  // Changes a parameter; the search is rebuilt when it depends on it.
  std::optional<std::string> set_param(std::string_view name, std::string_view value);

  Game& game() { return game_; }
  const Game& game() const { return game_; }
  TimeControl& clock() { return clock_; }

  // A new game on an empty board; komi and time settings are kept.
  void new_game(int size);

  // Decides a move for c without playing it: a point, kPass or kResign
  // (only if may_resign).
  // cleanup: take dead opponent stones off before anything else (KGS
  // cleanup phase). With the capture-dead setting they are taken off
  // instead of passing.
  Point choose_move(Color c, bool cleanup = false, const SearchHooks& hooks = {}, bool may_resign = true);
  // Decides and plays (a resignation is not played).
  Point genmove(Color c, bool cleanup = false, const SearchHooks& hooks = {});
  // The colour of the last genmove since new_game (Empty before the first).
  Color own_color() const { return own_color_; }
  // The search genmove runs (same limits), without deciding anything.
  // seconds_spent: time this move already took, deducted from its budget;
  // favoured: root moves the solver proved worth a look; dead: stones it
  // proved dead (see SearchLimits).
  const SearchResult& search(Color c, const SearchHooks& hooks = {}, double seconds_spent = 0,
                             std::vector<Point> favoured = {}, std::vector<Point> dead = {});
  // Searches the position for c to move for `seconds` (or until stopped),
  // keeping the tree: analysis output and pondering call this repeatedly.
  // draw_side: whom a draw is worth draw-value to (Empty: c).
  SearchResult analyze(Color c, double seconds, const std::atomic<bool>* stop, Color draw_side = Color::Empty);
  const SearchResult& last_search() const { return last_search_; }
  // Cluster hooks: the observer sees every search (cluster/); a worker rank
  // runs the search rank 0 asks for, at rank 0's komi, on this game.
  void set_search_observer(SearchObserver* observer) { search_.set_observer(observer); }
  SearchResult search_position(Color c, double komi, const SearchLimits& limits, const std::atomic<bool>* stop) {
    return search_.run(game_, c, komi, limits, stop);
  }
  // The komi c's search plays for (Black's debt): the game's, moved by
  // dynamic komi (handicap bonus and ratchet).
  double search_komi(Color c) const;

  // The end-of-game judgement of the position (dead stones, seki, area
  // score), made once per position (JudgementCache).
  Judgement judge_position();
  // The score a user sees (final_score, GoGui's score view): once the game
  // is over (two passes), the judgement's area count of the final position;
  // before that, the score the search expects, beside its win rate.
  double final_score(const SearchHooks& hooks = {});
  // Black's expected score at the game's komi, from a search of the
  // position for the side to move (genmove's limits): the mean final score
  // of the best move's simulations, rounded to a whole number of points of
  // area (a score a game can end with).
  double expected_score(const SearchHooks& hooks = {});

  // Replaces the game with the one in an SGF record, replaying moves until
  // before move number `until` (1-based; 0 = all). A move that is illegal
  // ends the replay. Throws sgf::Error or std::runtime_error on failure, in
  // which case the game is unchanged.
  void load_sgf(const sgf::Game& record, int until);

  // The fights the solver reads before c's search (none while
  // solver-playouts or solver-fights is 0), with the readings of earlier
  // moves (solver-memo); a reading left unknown is read again with
  // `second_playouts` when that is more than solver-playouts.
  std::vector<Fight> fights(Color c, double max_seconds = 0, std::int64_t second_playouts = 0);
  const FightMemo& fight_memo() const { return fight_memo_; }
  // Every stone of the strings the fights prove dead, when the playouts are
  // to count them so (solver-dead-in-playouts); none otherwise.
  std::vector<Point> dead_fight_stones(const std::vector<Fight>& found) const;
  // The proven moves of urgent fights, favoured at the root of c's search
  // (none with solver-favour off).
  std::vector<Point> favoured_fight_moves(Color c, const std::vector<Fight>& found) const;

  // What c's genmove searches for: the settings' caps and the clock's budget.
  SearchLimits limits_for(Color c) const;

 private:
  int own_moves(Color c) const;
  bool should_resign(const SearchResult& r, Color c);
  bool passing_wins(Color c);
  bool every_move_settled(const SearchResult& r, Color c, const std::vector<float>& ownership,
                          const std::vector<float>* same_owner = nullptr) const;
  bool nothing_left_to_play(const SearchResult& r, Color c);
  std::optional<Point> cleanup_move(Color c);
  std::optional<Point> dame_move(Color c);

  Settings settings_;
  Game game_;
  TimeControl clock_;
  GoSearch search_;
  SearchResult last_search_;
  Rng rng_;
  DynamicKomi komi_;  // the ratchet each side's search plays for
  Color own_color_ = Color::Empty;  // of the last genmove in this game
  JudgementCache judgements_;
  FightMemo fight_memo_;
  // Per colour, the own searches in a row (one each own move) whose win
  // rate fell below the resignation threshold: one low search on a noisy
  // board is not enough to resign (resign-after-searches).
  struct LowSearches {
    std::size_t last_ply = 0;  // moves played before the last of them
    int count = 0;
  };
  std::array<LowSearches, 2> low_searches_{};
};

}  // namespace tengen
