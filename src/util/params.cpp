#include "tengen/util/params.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <type_traits>

#include "tengen/board/point.h"
#include "tengen/util/parse.h"

namespace tengen {

namespace {

using S = Settings;
constexpr double kBig = 1.0e12;

std::vector<ParamDef> make_registry() {
  return {
      {"threads", &S::threads, 1, 512, {}, "search threads"},
      {"playouts", &S::playouts, 0, kBig, {}, "playouts per move (0: limited by time only)"},
      {"time", &S::time, 0, 1e6, {}, "maximum seconds per move (0: no cap besides the game clock)"},
      {"memory", &S::memory, 1, 1 << 20, {}, "MiB of memory for the search tree"},
      {"expand-visits", &S::expand_visits, 1, 1000, {},
       "visits of a leaf before it is expanded, on 9x9 and smaller boards"},
      {"expand-visits-19", &S::expand_visits_19, 1, 1000, {},
       "visits of a leaf before it is expanded on 19x19 (boards between 9x9 and 19x19 interpolate)"},
      {"reuse-tree", &S::reuse_tree, 0, 1, {}, "keep the subtree of the moves played between searches"},
      {"ponder", &S::ponder, 0, 1, {}, "think while waiting for the next command (the opponent's move)"},
      {"early-stop", &S::early_stop, 0, 1, {}, "stop once the most visited move can no longer be overtaken"},
      {"time-extension", &S::time_extension, 1, 10, {},
       "a move may take this many times its planned time while the best move is unclear"},
      {"seed", &S::seed, 0, 9007199254740992.0, {}, "random seed (0: from the clock)"},
      {"rave", &S::rave, 0, 1, {},
       "gather AMAF (RAVE) statistics; off, with prior-visits 0, prior-weight 0, progressive-bias 0 and ucb-c > 0, "
       "the search is plain UCT"},
      {"rave-equivalence", &S::rave_equivalence, 1, 1e9, {},
       "K of the RAVE schedule beta = r / (r + n + r*n/K): visits at which RAVE and real values weigh alike"},
      {"prior-weight", &S::prior_weight, 0, 1000, {}, "c2: the prior's weight gamma = c2 / (RAVE visits)"},
      {"progressive-bias", &S::progressive_bias, 0, 100, {},
       "C of the progressive bias C / log(2 + n) * H, on 9x9 and smaller boards"},
      {"progressive-bias-19", &S::progressive_bias_19, 0, 100, {},
       "C of the progressive bias on 19x19 (boards between 9x9 and 19x19 interpolate)"},
      {"ucb-c", &S::ucb_c, 0, 100, {}, "UCB exploration constant (0, as in MoGo: RAVE explores)"},
      {"rave-floor", &S::rave_floor, 0, 1, {}, "RAVE values are floored here so every move keeps a chance (0: off)"},
      {"rave-distance", &S::rave_distance, 0, 100, {},
       "AMAF weight added to a move played right after the node, falling to none at the playout's end (0: all alike)"},
      {"consistency-threshold", &S::consistency_threshold, 0, 1, {},
       "a side whose value is under this draws every other move at random (0: off)"},
      {"consistency-min-visits", &S::consistency_min_visits, 0, 1000000000, {},
       "visits a node needs before the consistency threshold applies"},
      {"draw-value", &S::draw_value, 0, 1, {},
       "a drawn simulation's worth to the side the search plays (its opponent's: 1 minus it); under 0.5 the search shuns draws"},
      {"score-weight", &S::score_weight, 0, 1, {},
       "weight of the score term in a simulation's value, against its outcome (0: the outcome alone)"},
      {"score-scale", &S::score_scale, 0.1, 1000, {},
       "points of area lead over the expected lead that make the score term tanh(1) on 19x19 (smaller boards: in proportion)"},
      {"score-decided", &S::score_decided, 0, 1, {},
       "the score term weighs nothing until the last search's |2 * win rate - 1| passes this, and score-weight at 1 "
       "(0: in proportion to it from the start), on 9x9 and smaller boards"},
      {"score-decided-19", &S::score_decided_19, 0, 1, {},
       "the same on 19x19 (boards between 9x9 and 19x19 interpolate)"},
      {"prior-visits", &S::prior_visits, 0, 100000, {}, "RAVE visits a new child starts with, at its prior"},
      {"prior-mean-visits", &S::prior_mean_visits, 0, 100000, {},
       "visits at its prior that a child's mean value starts with (the RAVE schedule counts them too), on 9x9 and "
       "smaller boards (0: off)"},
      {"prior-mean-visits-19", &S::prior_mean_visits_19, 0, 100000, {},
       "the same on 19x19 (boards between 9x9 and 19x19 interpolate)"},
      {"widening", &S::widening, 0, 100, {},
       "progressive widening: below the root a node with n visits looks only at its 1 + log(n) / log(mu) children "
       "of highest prior, mu this value (0, or anything up to 1: off)"},
      {"prior-base", &S::prior_base, 0, 1, {}, "expert prior H: the value of a quiet move"},
      {"prior-capture", &S::prior_capture, -1, 1, {}, "expert prior H: added for a capture"},
      {"prior-capture-last-move", &S::prior_capture_last_move, -1, 1, {},
       "expert prior H: added again for capturing the stones just played"},
      {"prior-escape", &S::prior_escape, -1, 1, {}, "expert prior H: added for saving an own string from atari"},
      {"prior-atari", &S::prior_atari, -1, 1, {}, "expert prior H: added for putting a string in atari"},
      {"prior-self-atari", &S::prior_self_atari, -1, 1, {}, "expert prior H: added for a self-atari"},
      {"prior-first-line", &S::prior_first_line, -1, 1, {}, "expert prior H: added for a quiet move on the first line"},
      {"prior-second-line", &S::prior_second_line, -1, 1, {}, "expert prior H: added on the second line"},
      {"prior-third-line", &S::prior_third_line, -1, 1, {}, "expert prior H: added on the third line"},
      {"prior-fourth-line", &S::prior_fourth_line, -1, 1, {}, "expert prior H: added on the fourth line"},
      {"prior-near-last", &S::prior_near_last, -1, 1, {}, "expert prior H: added within distance 2 of the last move"},
      {"prior-near-second-last", &S::prior_near_second_last, -1, 1, {},
       "expert prior H: added within distance 2 of the move before the last"},
      {"learned-priors", &S::learned_priors, 0, 1, {},
       "H from the move-pattern model learned from strong games (prior-model-file), blended with the expert rules"},
      {"prior-model-file", &S::prior_model_file, 0, 0, {},
       "the learned pattern model (empty: the shipped patterns/mm-v1.txt; without it, the expert rules alone)"},
      {"learned-prior-exponent", &S::learned_prior_exponent, 0.01, 10, {},
       "learned H = x / (1 + x) with x = (n * probability of the move among n)^exponent"},
      {"learned-prior-mix", &S::learned_prior_mix, 0, 1, {},
       "weight of the learned H against the expert H (1: learned only)"},
      {"criticality-weight", &S::criticality_weight, 0, 10, {},
       "added to a move's prior: this times the covariance, over the playouts, of owning its point and winning (0: off)"},
      {"owner-prior-weight", &S::owner_prior_weight, 0, 20, {},
       "a move's prior odds times exp(-w s^2), s = |P(Black owns its point) - P(White owns it)| over the playouts: "
       "points the playouts give to one side are rarely worth a move (0: off)"},
      {"criticality-min-playouts", &S::criticality_min_playouts, 1, 1000000000, {},
       "playouts a search thread gathers before its own criticality and ownership replace the previous search's"},
      {"prune-ladders", &S::prune_ladders, 0, 1, {},
       "the search never runs a string out of atari into a ladder that catches it (no ko on the board)"},
      {"policy", &S::policy, 0, 0, {kPolicyNames.begin(), kPolicyNames.end()},
       "playout policy: light (uniformly random) or heavy (MoGo's rules and 3x3 patterns)"},
      {"heavy-atari-save", &S::heavy_atari_save, 0, 1, {},
       "heavy rule 1: save our string the last move put in atari (extend or capture)"},
      {"heavy-atari-save-prob", &S::heavy_atari_save_prob, 0, 1, {}, "probability that the atari-save rule fires"},
      {"heavy-ladder-check", &S::heavy_ladder_check, 0, 1, {},
       "atari-save reads the ladder before extending to two liberties"},
      {"heavy-race-atari", &S::heavy_race_atari, 0, 1, {},
       "heavy rule 1a (not MoGo's): a race at two liberties each next to the last move: atari the opponent's "
       "string where it cannot run; on 9x9 and smaller boards"},
      {"heavy-race-atari-19", &S::heavy_race_atari_19, 0, 1, {},
       "heavy-race-atari on boards larger than 9x9 (a switch does not interpolate)"},
      {"heavy-race-atari-prob", &S::heavy_race_atari_prob, 0, 1, {},
       "probability that the race-atari rule fires"},
      {"heavy-race-liberties", &S::heavy_race_liberties, 2, 8, {},
       "race-atari's reach: our string next to the last move has at most this many liberties; beyond two the rule "
       "also fills the outside liberties of a racing neighbour with three or more, but no more than ours"},
      {"heavy-two-liberties", &S::heavy_two_liberties, 0, 1, {},
       "heavy rule 1c (Fuego's low-liberty rule, not MoGo's): strings with two liberties next to the last move: "
       "ours, in a race, gains liberties or ataris a racing neighbour with two; the last move's is put in an atari it "
       "cannot run from"},
      {"heavy-two-liberties-prob", &S::heavy_two_liberties_prob, 0, 1, {},
       "probability that the two-liberties rule fires"},
      {"heavy-nakade", &S::heavy_nakade, 0, 1, {},
       "heavy rule 2: play the centre of a 3-point hole the opponent walls in next to the last move"},
      {"heavy-nakade-prob", &S::heavy_nakade_prob, 0, 1, {}, "probability that the nakade rule fires"},
      {"heavy-fill-board", &S::heavy_fill_board, 0, 1, {},
       "heavy rule 3: play a random point whose 8 neighbours are empty"},
      {"heavy-fill-board-prob", &S::heavy_fill_board_prob, 0, 1, {}, "probability that the fill-board rule is tried"},
      {"heavy-fill-board-tries-9", &S::heavy_fill_board_tries_9, 0, 1000, {},
       "fill-board draws per move on 9x9 (other sizes: linear in the side between the 9x9 and 19x19 values)"},
      {"heavy-fill-board-tries-19", &S::heavy_fill_board_tries_19, 0, 1000, {}, "fill-board draws per move on 19x19"},
      {"heavy-pattern", &S::heavy_pattern, 0, 1, {},
       "heavy rule 4: play a 3x3 pattern move (hane, cut, edge) next to the last move"},
      {"heavy-pattern-prob", &S::heavy_pattern_prob, 0, 1, {}, "probability that the pattern rule fires"},
      {"heavy-approach", &S::heavy_approach, 0, 1, {},
       "heavy rule 5: replace a self-atari pattern move by a connection (MoGo's approach move)"},
      {"heavy-approach-prob", &S::heavy_approach_prob, 0, 1, {}, "probability of the approach move (MoGo: 0.5)"},
      {"heavy-capture", &S::heavy_capture, 0, 1, {},
       "heavy rule 6: capture a string in atari anywhere; on 9x9 and smaller boards"},
      {"heavy-capture-19", &S::heavy_capture_19, 0, 1, {},
       "heavy-capture on boards larger than 9x9 (a switch does not interpolate)"},
      {"heavy-capture-prob", &S::heavy_capture_prob, 0, 1, {}, "probability that the capture rule fires"},
      {"heavy-last-good-reply", &S::heavy_last_good_reply, 0, 1, {},
       "heavy rule 1b (not MoGo's): replay the last good reply to the last moves (LGRF-2)"},
      {"heavy-last-good-reply-prob", &S::heavy_last_good_reply_prob, 0, 1, {},
       "probability that the last-good-reply rule fires"},
      {"heavy-pattern-self-atari-filter", &S::heavy_pattern_self_atari_filter, 0, 1, {},
       "the pattern rule skips self-ataris of more than heavy-self-atari-max stones (not in MoGo)"},
      {"heavy-ko-captures", &S::heavy_ko_captures, 0, 1000, {},
       "ko captures a playout may make before no rule takes a ko (under simple ko, double kos cycle forever)"},
      {"heavy-self-atari-max", &S::heavy_self_atari_max, 0, 361, {},
       "heavy rule 7: random moves make no self-atari leaving more stones than this in atari (and the tree and "
       "the pass decision treat such a move as no move)"},
      {"heavy-nakade-sacrifice", &S::heavy_nakade_sacrifice, 0, 1, {},
       "heavy rule 7 (not MoGo's): ...unless their capture leaves a dead eye shape as the capturer's only eye space"},
      {"heavy-keep-false-eyes", &S::heavy_keep_false_eyes, 0, 1, {},
       "heavy rule 7 (not MoGo's): random moves fill no own false eye unless a string next to it is in atari"},
      {"heavy-pattern-file", &S::heavy_pattern_file, 0, 0, {},
       "3x3 pattern file of the heavy policy (empty: the shipped patterns/mogo-3x3.txt)"},
      {"resign-threshold", &S::resign_threshold, 0, 1, {}, "resign below this win rate (0: never)"},
      {"resign-min-moves", &S::resign_min_moves, 0, 10000, {},
       "no resignation before this many own moves (19x19; scaled by board area)"},
      {"resign-after-searches", &S::resign_after_searches, 1, 100, {},
       "resign only when this many own searches in a row (one a move) fall below resign-threshold"},
      {"pass-ownership", &S::pass_ownership, 0, 1, {},
       "pass when every legal move lies on a point owned at least this surely"},
      {"score-playouts", &S::score_playouts, 1, 1000000, {},
       "playouts behind final_score and final_status_list"},
      {"score-keep-seki-eyes", &S::score_keep_seki_eyes, 0, 1, {},
       "those playouts fill no own false eye whose filled string would have only liberties of opponent strings "
       "with two or fewer (a seki's eye)"},
      {"dead-threshold", &S::dead_threshold, 0, 1, {},
       "a string is dead when the opponent's ownership of its points (in [-1, 1]) exceeds its own by this margin"},
      {"settled-ownership", &S::settled_ownership, 0, 1, {},
       "after a pass, play on (not pass) while some string is owned, by either side, less surely than this (0: never)"},
      {"solver-playouts", &S::solver_playouts, 0, 1e8, {},
       "playouts for each capturing race or seki the solver reads in play, per side to move (0: off)"},
      {"solver-fights", &S::solver_fights, 0, 64, {}, "most fights the solver reads per move or judgement"},
      {"solver-liberties", &S::solver_liberties, 1, 10, {},
       "strings with at most this many liberties, touching the opponent, make fight candidates"},
      {"solver-time-share", &S::solver_time_share, 0.01, 1, {},
       "on a move with a time limit, no new fight is read once the solver would pass this share of the move's time "
       "(moves limited by playouts alone read them all)"},
      {"solver-favour", &S::solver_favour, 0, 1, {},
       "in a fight whose result turns on who moves first (3 stones or more), the solver's proven move starts the "
       "search at prior 1 with its prior visits won (off, and solver-dead-in-playouts off: genmove reads no fight; "
       "the final judgement still does)"},
      {"solver-dead-in-playouts", &S::solver_dead_in_playouts, 0, 1, {},
       "a playout that ends with a string standing that the solver proved lost whoever moves first counts its "
       "stones for the opponent"},
      {"solver-unsure-first", &S::solver_unsure_first, 0, 1, {},
       "read first the fights whose strings the last search's playouts gave least surely to either side (size "
       "times 1 - |ownership|) rather than the largest"},
      {"solver-memo", &S::solver_memo, 0, 1, {},
       "keep the solver's readings from move to move: a fight unchanged since it was last read is not read again "
       "(only its region, its strings and their liberties count)"},
      {"solver-retry-growth", &S::solver_retry_growth, 1, kMaxSolverRetryGrowth, {},
       "an unproven fight met again unchanged is read with this many times its last budget, up to 16 times "
       "solver-playouts and within the time left (1: the same reading, kept; needs solver-memo)"},
      {"solver-judge-playouts", &S::solver_judge_playouts, 0, 1e8, {},
       "when the position is judged (after an opponent's pass, final_score, final_status_list), a fight left "
       "unproven at solver-playouts is read again with this many playouts (no more than solver-playouts: no second "
       "reading)"},
      {"superko", &S::superko, 0, 1, {}, "positional superko for the moves Tengen plays (the opponent's repetitions are accepted)"},
      {"capture-dead", &S::capture_dead, 0, 1, {},
       "capture dead opponent stones before passing (for servers that score the board as it stands)"},
      {"fill-dame", &S::fill_dame, 0, 1, {},
       "before passing, fill a dame point (nobody's if the game ends now; a point under area scoring) where the "
       "stone is not left in atari: the playouts count such points for a side and see no gain in filling them"},
      {"dynamic-komi", &S::dynamic_komi, 0, 1, {}, "adjust the komi the search plays for in lopsided games"},
      {"handicap-stone-value", &S::handicap_stone_value, 0, 50, {},
       "points a handicap stone is worth to White's search at the start"},
      {"dynamic-komi-moves", &S::dynamic_komi_moves, 1, 10000, {},
       "moves over which the handicap bonus fades (19x19; scaled by board area)"},
      {"ratchet-win-rate", &S::ratchet_win_rate, 0.5, 1, {},
       "above this win rate the search plays for one more point, up to the handicap's worth (1: off)"},
      {"ratchet-back-win-rate", &S::ratchet_back_win_rate, 0, 1, {},
       "below this win rate a ratcheted search plays for one point less"},
      {"ratchet-even-points", &S::ratchet_even_points, 0, 50, {},
       "in an even game, at most this many extra points the ratchet plays for (0: none)"},
      {"time-margin", &S::time_margin, 0, 3600, {}, "seconds of the clock never spent"},
      {"time-moves-ahead", &S::time_moves_ahead, 0.01, 10, {},
       "own moves still expected per empty point, for dividing the clock (9x9 and smaller)"},
      {"time-moves-ahead-19", &S::time_moves_ahead_19, 0.01, 10, {},
       "own moves still expected per empty point on 19x19; sizes between interpolate"},
      {"time-by-phase", &S::time_by_phase, 0, 1, {},
       "spread main time by the phase of the game: up to twice the even share in the middle game, less in the endgame"},
      {"cluster-sync-ms", &S::cluster_sync_ms, 1, 60000, {},
       "cluster (mpirun): milliseconds between two exchanges of tree statistics between the ranks"},
      {"cluster-share-depth", &S::cluster_share_depth, 0, 8, {},
       "cluster: the deepest nodes whose statistics the ranks share (0: the root alone)"},
      {"cluster-share-min-visits", &S::cluster_share_min_visits, 1, 1000000000, {},
       "cluster: a node's statistics are shared once it has this many visits"},
      {"cluster-timeout-ms", &S::cluster_timeout_ms, 100, 600000, {},
       "cluster: a rank that sends nothing for this long is given up, and play goes on without it"},
      {"cluster-final-wait-ms", &S::cluster_final_wait_ms, 0, 10000, {},
       "cluster: at the end of a search, how long rank 0 waits for the other ranks' last statistics"},
      {"board-size", &S::board_size, kMinSize, kMaxSize, {}, "board size at start-up"},
      {"komi", &S::komi, -361, 361, {}, "komi at start-up (no score reaches beyond the 361 points of 19x19)"},
      {"log-level", &S::log_level, 0, 0, {"trace", "debug", "info", "warn", "error", "off"},
       "logging level (logs go to stderr)"},
  };
}

std::optional<bool> parse_bool(std::string_view text) {
  if (text == "1" || text == "true" || text == "yes" || text == "on") return true;
  if (text == "0" || text == "false" || text == "no" || text == "off") return false;
  return std::nullopt;
}

std::string format_double(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

struct Setter {
  Settings& settings;
  const ParamDef& def;
  std::string_view text;

  std::optional<std::string> range_error(double v) const {
    if (!std::isfinite(v) || v < def.min || v > def.max) {
      return "value " + std::string(text) + " of " + std::string(def.name) + " is outside " + param_range(def);
    }
    return std::nullopt;
  }
  std::string malformed(std::string_view what) const {
    return "value '" + std::string(text) + "' of " + std::string(def.name) + " is not " + std::string(what);
  }
  template <typename T>
  std::optional<std::string> integer(T Settings::*field) const {
    auto v = parse_integer<T>(text);
    if (!v) return malformed("an integer");
    if (auto err = range_error(static_cast<double>(*v))) return err;
    settings.*field = *v;
    return std::nullopt;
  }
  std::optional<std::string> operator()(int Settings::*f) const { return integer(f); }
  std::optional<std::string> operator()(std::int64_t Settings::*f) const { return integer(f); }
  std::optional<std::string> operator()(std::uint64_t Settings::*f) const { return integer(f); }
  std::optional<std::string> operator()(double Settings::*f) const {
    auto v = parse_double(text);  // inf and nan fail the range check
    if (!v) return malformed("a number");
    if (auto err = range_error(*v)) return err;
    settings.*f = *v;
    return std::nullopt;
  }
  std::optional<std::string> operator()(bool Settings::*f) const {
    auto v = parse_bool(text);
    if (!v) return malformed("a boolean (true/false)");
    settings.*f = *v;
    return std::nullopt;
  }
  std::optional<std::string> operator()(std::string Settings::*f) const {
    if (!def.choices.empty() && !choice()) return malformed("one of " + param_range(def));
    settings.*f = std::string(text);
    return std::nullopt;
  }
  template <typename E>
    requires std::is_enum_v<E>
  std::optional<std::string> operator()(E Settings::*f) const {
    const auto i = choice();
    if (!i) return malformed("one of " + param_range(def));
    settings.*f = static_cast<E>(*i);
    return std::nullopt;
  }
  std::optional<std::size_t> choice() const {
    for (std::size_t i = 0; i < def.choices.size(); ++i) {
      if (def.choices[i] == text) return i;
    }
    return std::nullopt;
  }
};

struct Getter {
  const Settings& s;
  const ParamDef& def;
  std::string operator()(int Settings::*f) const { return std::to_string(s.*f); }
  std::string operator()(std::int64_t Settings::*f) const { return std::to_string(s.*f); }
  std::string operator()(std::uint64_t Settings::*f) const { return std::to_string(s.*f); }
  std::string operator()(double Settings::*f) const { return format_double(s.*f); }
  std::string operator()(bool Settings::*f) const { return s.*f ? "true" : "false"; }
  std::string operator()(std::string Settings::*f) const { return s.*f; }
  template <typename E>
    requires std::is_enum_v<E>
  std::string operator()(E Settings::*f) const {
    return std::string(def.choices.at(static_cast<std::size_t>(s.*f)));
  }
};

}  // namespace

double by_board_size(double at_9, double at_19, int size) {
  const double towards_19 = std::clamp((size - 9) / 10.0, 0.0, 1.0);
  return at_9 + towards_19 * (at_19 - at_9);
}

const std::vector<ParamDef>& param_registry() {
  static const std::vector<ParamDef> registry = make_registry();
  return registry;
}

const ParamDef* find_param(std::string_view name) {
  for (const auto& def : param_registry()) {
    if (def.name == name) return &def;
  }
  return nullptr;
}

std::optional<std::string> set_param(Settings& settings, std::string_view name, std::string_view value) {
  const ParamDef* def = find_param(name);
  if (!def) return "unknown parameter '" + std::string(name) + "'";
  return std::visit(Setter{settings, *def, value}, def->field);
}

std::string get_param(const Settings& settings, const ParamDef& def) {
  return std::visit(Getter{settings, def}, def.field);
}

std::string param_type(const ParamDef& def) {
  if (std::holds_alternative<bool Settings::*>(def.field)) return "bool";
  if (std::holds_alternative<double Settings::*>(def.field)) return "float";
  if (!def.choices.empty()) {
    std::string type = "list";
    for (auto c : def.choices) {
      type.append("/");
      type.append(c);
    }
    return type;
  }
  if (std::holds_alternative<std::string Settings::*>(def.field)) return "string";
  return "int";
}

std::string param_range(const ParamDef& def) {
  if (std::holds_alternative<bool Settings::*>(def.field)) return "{true, false}";
  if (!def.choices.empty()) {
    std::string out = "{";
    for (std::size_t i = 0; i < def.choices.size(); ++i) {
      if (i > 0) out.append(", ");
      out.append(def.choices[i]);
    }
    out.append("}");
    return out;
  }
  if (std::holds_alternative<std::string Settings::*>(def.field)) return "any text";
  std::ostringstream out;
  if (param_type(def) == "int") {
    out << '[' << static_cast<long long>(def.min) << ", " << static_cast<long long>(def.max) << ']';
  } else {
    out << '[' << def.min << ", " << def.max << ']';
  }
  return out.str();
}

std::string config_file_text(const Settings& settings) {
  std::string out =
      "# Tengen parameters: `name = value`, one a line; '#' starts a comment.\n"
      "# Use with: tengen --config FILE. Options on the command line override the file.\n"
      "# Written by `tengen --print-config`.\n";
  for (const ParamDef& def : param_registry()) {
    out += "\n# " + std::string(def.doc) + "\n# " + param_type(def) + ", " + param_range(def) + "\n";
    out += std::string(def.name) + " = " + get_param(settings, def) + "\n";
  }
  return out;
}

}  // namespace tengen
