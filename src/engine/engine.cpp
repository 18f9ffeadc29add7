#include "tengen/engine/engine.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "tengen/sgf/position.h"
#include "tengen/tactics/self_atari.h"
#include "tengen/util/clock.h"

namespace tengen {

Engine::Engine(const Settings& settings)
    : settings_(settings),
      game_(settings.board_size, settings.komi),
      search_(settings),
      rng_(seed_or_clock(settings.seed) ^ 0x5EED) {
  game_.set_superko(settings.superko);
}

std::optional<std::string> Engine::set_param(std::string_view name, std::string_view value) {
  Settings changed = settings_;
  if (auto err = tengen::set_param(changed, name, value)) return err;
  try {
    search_.configure(changed);  // may refuse, e.g. a bad pattern file
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  settings_ = changed;
  game_.set_superko(settings_.superko);
  judgements_.clear();  // it may depend on score-playouts or dead-threshold
  return std::nullopt;
}

void Engine::new_game(int size) {
  const double komi = game_.komi();
  game_.reset(size);
  game_.set_komi(komi);
  komi_.reset();
  own_color_ = Color::Empty;
  fight_memo_.clear();
  low_searches_ = {};
}

SearchLimits Engine::limits_for(Color c) const {
  SearchLimits limits;
  limits.playouts = settings_.playouts;
  limits.seconds = settings_.time;
  limits.max_seconds = settings_.time;
  if (clock_.limited()) {
    const int plies = static_cast<int>(game_.moves().size());
    const int points = settings_.time_by_phase ? game_.size() * game_.size() : 0;  // 0: an even share
    const double per_empty = by_board_size(settings_.time_moves_ahead, settings_.time_moves_ahead_19, game_.size());
    const double budget =
        clock_.budget(c, game_.board().empty_count(), per_empty, settings_.time_margin, plies, points);
    // Stretching a move is allowed up to what the clock can bear: the
    // same budget formula over half as many remaining moves.
    const double stretch = std::min(budget * settings_.time_extension,
                                    clock_.budget(c, game_.board().empty_count() / 2, per_empty,
                                                  settings_.time_margin, plies, points));
    limits.seconds = limits.seconds > 0 ? std::min(limits.seconds, budget) : budget;
    limits.max_seconds = std::max(limits.seconds, settings_.time > 0 ? std::min(settings_.time, stretch) : stretch);
  } else if (settings_.time > 0) {
    limits.max_seconds = settings_.time;
  }
  if (limits.playouts <= 0 && limits.seconds <= 0) limits.playouts = 10000;
  return limits;
}

std::vector<Fight> Engine::fights(Color c, double max_seconds, std::int64_t second_playouts) {
  if (settings_.solver_playouts <= 0 || settings_.solver_fights <= 0) return {};
  // The last search's ownership, when it was of this board's size (the
  // position of a move or two ago).
  const std::vector<float>& owned = last_search_.ownership;
  const bool doubt = settings_.solver_unsure_first && owned.size() == static_cast<std::size_t>(game_.board().num_points());
  const FightReading how{.budget = static_cast<std::uint64_t>(settings_.solver_playouts),
                         .max_fights = settings_.solver_fights,
                         .max_liberties = settings_.solver_liberties,
                         .seed = settings_.seed != 0 ? settings_.seed : 1,
                         .max_seconds = max_seconds,
                         .ownership = doubt ? &owned : nullptr,
                         .memo = settings_.solver_memo ? &fight_memo_ : nullptr,
                         .retry_growth = settings_.solver_retry_growth,
                         .second_budget = static_cast<std::uint64_t>(std::max<std::int64_t>(0, second_playouts))};
  std::vector<Fight> found = read_fights(game_.board(), c, how);
  spdlog::debug("solver: {} fights; {} readings kept, {} reused in this game", found.size(), fight_memo_.size(),
                fight_memo_.reused());
  return found;
}

// A fight whose result turns on who moves first is worth its strings: the
// solver's proven move there is favoured at the root, and the search, which
// sees the whole board, decides whether the fight is the biggest thing on it
// (overriding the search with the local result lost games: docs/solver.md).
std::vector<Point> Engine::favoured_fight_moves(Color c, const std::vector<Fight>& found) const {
  constexpr int kMinStones = 3;  // smaller races are the search's business
  std::vector<Point> moves;
  if (!settings_.solver_favour) return moves;
  for (const Fight& f : found) {
    if (!f.urgent() || f.stones < kMinStones || f.our_move == kPass || !game_.is_legal(f.our_move, c)) continue;
    spdlog::info("solver: {} decides the fight of {} stones", vertex_string(f.our_move, game_.size()), f.stones);
    moves.push_back(f.our_move);
  }
  return moves;
}

std::vector<Point> Engine::dead_fight_stones(const std::vector<Fight>& found) const {
  std::vector<Point> stones;
  if (!settings_.solver_dead_in_playouts) return stones;
  const Board& b = game_.board();
  for (const auto& [stone, status] : proven_fates(found)) {
    if (status != StoneStatus::Dead || !is_player(b.at(stone))) continue;
    spdlog::info("solver: the string at {} is dead whoever moves first", vertex_string(stone, game_.size()));
    b.for_each_stone(stone, [&](Point s) { stones.push_back(s); });
  }
  return stones;
}

int Engine::own_moves(Color c) const {
  int n = 0;
  for (const Move& m : game_.moves()) n += m.color == c;
  return n;
}

double Engine::search_komi(Color c) const { return komi_.search_komi(settings_, game_, c); }

bool Engine::should_resign(const SearchResult& r, Color c) {
  // A sure draw's win rate is draw-value: below half of it, a draw is less
  // likely than not, so no drawn game is given up whatever the threshold.
  const double threshold = std::min(settings_.resign_threshold, settings_.draw_value / 2);
  if (settings_.resign_threshold <= 0 || r.win_rate >= threshold) return false;
  // A search playing for extra points (ratchet, handicap stones counted
  // against us) understates our chances: no resignation on that basis.
  const double debt = search_komi(c) - game_.komi();
  if ((c == Color::Black && debt > 0) || (c == Color::White && debt < 0)) return false;
  // Nor while a handicap game is still open.
  if (handicap_bonus(settings_, game_) > 0) return false;
  const int size = game_.size();
  const double scale = size * size / 361.0;
  if (own_moves(c) < settings_.resign_min_moves * scale) return false;
  // Low searches that count, on c's moves in a row: a move without one
  // (and undo or loadsgf) starts the count again.
  LowSearches& low = low_searches_[c == Color::Black ? 0 : 1];
  const std::size_t ply = game_.moves().size();
  low.count = low.count > 0 && low.last_ply + 2 == ply ? low.count + 1 : 1;
  low.last_ply = ply;
  return low.count >= settings_.resign_after_searches;
}

// After the opponent's pass, ours ends the game: the count is the rules'
// one, where an open area between both colours is nobody's.
bool Engine::passing_wins(Color c) {
  const Judgement j = judge_position();
  return c == Color::Black ? j.score_if_ended > 0 : j.score_if_ended < 0;
}

// True when no candidate is worth a stone: every move the search considered
// lies on a point the playouts gave to one side almost always, so under area
// scoring playing there changes nothing, or is a self-atari of a string the
// playouts would not sacrifice either (a shared liberty of a seki: the point
// is nobody's, and filling it gives the string away). `same_owner`, when
// given, must own each of those points the same way.
bool Engine::every_move_settled(const SearchResult& r, Color c, const std::vector<float>& ownership,
                                const std::vector<float>* same_owner) const {
  const Board& board = game_.board();
  for (const RootChild& child : r.children) {
    if (child.move == kPass) continue;
    if (is_big_self_atari(board, child.move, c, settings_.heavy_self_atari_max)) continue;
    const float own = ownership[child.move];
    if (std::fabs(own) < settings_.pass_ownership) return false;
    if (same_owner && !(own * (*same_owner)[child.move] > 0)) return false;
  }
  return true;
}

// The search's own ownership is no proof: its playouts mostly begin with its
// best move, so that point looks owned because the search plays it (a string
// to save reads as safe). Passing needs the playouts from the position as it
// stands (the judgement's) to agree, and those begun by the opponent, as
// after a pass, to give every point to the same side: a point that goes to
// whoever moves first (two strings in atari sharing their last liberty, a
// capturing race) is not settled, however sure each reading is of it.
bool Engine::nothing_left_to_play(const SearchResult& r, Color c) {
  if (!every_move_settled(r, c, r.ownership)) return false;
  const std::vector<float> judged = judge_position().ownership;
  if (!every_move_settled(r, c, judged)) return false;
  Board after_pass = game_.board();
  after_pass.set_to_move(opponent(c));
  const std::vector<float> theirs =
      playout_ownership(after_pass, settings_.score_playouts, rng_, settings_.score_keep_seki_eyes);
  return every_move_settled(r, c, judged, &theirs);
}

// The stones taken off are the ones final_status_list calls dead (proven
// deaths included), so that the server's count and ours agree.
std::optional<Point> Engine::cleanup_move(Color c) {
  const Board& board = game_.board();
  const Judgement j = judge_position();
  // Fill a liberty of a dead opponent string, without filling an own eye or
  // running into atari (unless the move captures).
  for (int i = 0; i < board.empty_count(); ++i) {
    const Point p = board.empty_point(i);
    if (!game_.is_legal(p, c) || board.is_true_eye(p, c)) continue;
    if (board.is_self_atari(p, c) && board.capture_size_if_played(p, c) == 0) continue;
    bool touches_dead = false;
    board.for_each_neighbor(p, [&](Point n) {
      touches_dead |= board.at(n) == opponent(c) && j.status[n] == StoneStatus::Dead;
    });
    if (touches_dead) return p;
  }
  return std::nullopt;
}

// Only where the stone is not left in atari: filled, a seki's shared
// liberty gives the strings away, and a stone the opponent can take back
// gains nothing.
std::optional<Point> Engine::dame_move(Color c) {
  const Board& board = game_.board();
  for (const Point p : dame_points(board, judge_position())) {
    if (game_.is_legal(p, c) && !board.is_self_atari(p, c)) return p;
  }
  return std::nullopt;
}

Point Engine::choose_move(Color c, bool cleanup, const SearchHooks& hooks, bool may_resign) {
  if (cleanup) {
    // The server's cleanup phase: dead stones off by play, first.
    if (auto p = cleanup_move(c)) return *p;
  }
  // Servers that score the board as it stands (capture_dead) need dead
  // stones taken off by play too, and a dame point is one more for whoever
  // fills it: the search sees no gain in either, so they come in place of
  // a pass, not before a point still to be taken.
  const auto pass = [&]() -> Point {
    if (settings_.capture_dead) {
      if (auto p = cleanup_move(c)) return *p;
    }
    if (settings_.fill_dame) {
      if (auto p = dame_move(c)) return *p;
    }
    return kPass;
  };
  const bool opponent_passed = !game_.moves().empty() && game_.moves().back().point == kPass &&
                               game_.moves().back().color == opponent(c);
  // After a pass, passing ends the game and the score is read off the
  // board as it stands; with a string whose fate the playouts cannot tell,
  // or in a fight the solver reads as won by whoever moves first (passing
  // gives that move away), that reading is a guess (and GNU Go's may
  // differ), so play on and settle it: under area scoring a move in one's
  // own area costs nothing.
  bool play_on = false;
  if (opponent_passed && !cleanup && passing_wins(c)) {
    const int unsettled = judge_position().unsettled_stones;
    if (unsettled == 0) {
      spdlog::info("opponent passed and passing wins: pass");
      return pass();
    }
    spdlog::info("opponent passed and passing wins, but {} stones are unsettled: play on", unsettled);
    play_on = true;
  }
  // The fights first: the solver's time comes out of the move's budget, and
  // only a share of it. Its reading costs the same whatever the clock: at
  // 0.5 s a move on 19x19 four fights took a third of the move, and the
  // search half its playouts.
  const auto start = std::chrono::steady_clock::now();
  const SearchLimits budget = limits_for(c);
  const double move_seconds = budget.seconds > 0 ? budget.seconds : budget.max_seconds;
  // Nothing but the search would use the reading: none.
  const bool reading_used = settings_.solver_favour || settings_.solver_dead_in_playouts;
  const std::vector<Fight> found =
      reading_used ? fights(c, settings_.solver_time_share * move_seconds) : std::vector<Fight>{};
  const double solver_seconds = seconds_since(start);
  const SearchResult& r = search(c, hooks, solver_seconds, favoured_fight_moves(c, found), dead_fight_stones(found));
  komi_.update(settings_, game_, c, r.win_rate);
  if (may_resign && !play_on && should_resign(r, c)) return kResign;
  if (r.best == kPass || nothing_left_to_play(r, c)) return pass();
  return r.best;
}

const SearchResult& Engine::search(Color c, const SearchHooks& hooks, double seconds_spent,
                                   std::vector<Point> favoured, std::vector<Point> dead) {
  const double komi = search_komi(c);
  SearchLimits limits = limits_for(c);
  limits.favoured = std::move(favoured);
  limits.dead = std::move(dead);
  // Time already spent on this move (the solver) is gone, but the search
  // keeps a tenth of its time whatever happened.
  const auto less = [&](double t) { return t > 0 ? std::max(t - seconds_spent, 0.1 * t) : t; };
  limits.seconds = less(limits.seconds);
  limits.max_seconds = less(limits.max_seconds);
  limits.report_interval = hooks.report_interval;
  limits.report = hooks.report;
  last_search_ = search_.run(game_, c, komi, limits, hooks.stop);
  const SearchResult& r = last_search_;
  spdlog::info("{} playouts in {:.2f} s, best {} win rate {:.3f} (komi {})", r.playouts, r.seconds,
               vertex_string(r.best, game_.size()), r.win_rate, komi);
  return r;
}

SearchResult Engine::analyze(Color c, double seconds, const std::atomic<bool>* stop, Color draw_side) {
  SearchLimits limits;
  limits.draw_side = draw_side;
  limits.seconds = seconds;
  limits.max_seconds = seconds;
  limits.early_stop = false;
  return search_.run(game_, c, search_komi(c), limits, stop);
}

Point Engine::genmove(Color c, bool cleanup, const SearchHooks& hooks) {
  own_color_ = c;
  const Point p = choose_move(c, cleanup, hooks);
  if (p != kResign && !game_.play(p, c)) {
    // The search only offers legal moves; this would be a bug.
    spdlog::error("chosen move {} is illegal; passing", vertex_string(p, game_.size()));
    game_.play(kPass, c);
    return kPass;
  }
  return p;
}

Judgement Engine::judge_position() {
  return judgements_.get(game_, [&] {
    const Board& board = game_.board();
    const std::vector<float> ownership =
        playout_ownership(board, settings_.score_playouts, rng_, settings_.score_keep_seki_eyes);
    // The count rests on these readings, and a judgement is rare: an
    // unproven one is read again with more, on a game clock within the
    // solver's share of a move for all of them (none before the solver's
    // speed is known).
    double second_playouts = static_cast<double>(settings_.solver_judge_playouts);
    if (clock_.limited()) {
      const SearchLimits move = limits_for(board.to_move());
      const double move_seconds = move.seconds > 0 ? move.seconds : move.max_seconds;
      const double rereads = 2.0 * std::max(1, settings_.solver_fights);
      second_playouts = std::min(second_playouts, settings_.solver_time_share * move_seconds *
                                                      fight_memo_.playouts_per_second() / rereads);
    }
    const std::vector<Fight> found = fights(board.to_move(), 0, static_cast<std::int64_t>(second_playouts));
    for (const Fight& f : found) {
      spdlog::debug("judgement: fight {} against {}: {} moving first, {} moving second", vertex_string(f.ours, game_.size()),
                    vertex_string(f.theirs, game_.size()), outcome_name(f.we_first), outcome_name(f.they_first));
    }
    return judge(board, ownership, game_.komi(), settings_.dead_threshold, proven_fates(found),
                 settings_.settled_ownership, contested_strings(found));
  });
}

double Engine::final_score(const SearchHooks& hooks) {
  // The board as it stands is the score only at the end: after one black
  // stone on an empty 9x9 board it would say B+74.
  if (game_.finished()) return judge_position().score;
  return expected_score(hooks);
}

double Engine::expected_score(const SearchHooks& hooks) {
  const SearchResult& r = search(game_.to_move(), hooks);
  const double best = r.children.empty() ? NAN : r.children.front().score;
  const double area_lead = std::isnan(best) ? r.score : best;
  if (std::isnan(area_lead)) return judge_position().score;  // a search stopped before its first simulation
  return std::round(area_lead) - game_.komi();
}

void Engine::load_sgf(const sgf::Game& record, int until) {
  const int moves = until > 0 ? until - 1 : static_cast<int>(record.moves.size());
  int illegal = -1;
  Game g = sgf::replay(record, moves, game_.komi(), settings_.superko, &illegal);
  if (illegal >= 0) {
    const sgf::Move& m = record.moves[illegal];
    spdlog::warn("loadsgf: move {} ({} {}) is illegal; the record is cut there", illegal + 1, color_name(m.color),
                 vertex_string(sgf::move_point(m, record.size), record.size));
  }
  game_ = std::move(g);
  komi_.reset();
  low_searches_ = {};
}

}  // namespace tengen
