#pragma once
// The one typed parameter registry. Every tunable number of the engine is a
// field of Settings with a registry entry (name, default, range, doc); the
// command line, config files and GTP all go through the registry, and the
// components copy what they need from a Settings value at construction, so
// there is no global mutable configuration.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tengen {

// The playout policy: light (uniformly random) or heavy (MoGo's, see
// playout/heavy.h). kPolicyNames, in enum order, are the parameter's values.
enum class Policy { Light, Heavy };
inline constexpr std::array<std::string_view, 2> kPolicyNames = {"light", "heavy"};
constexpr std::string_view policy_name(Policy p) { return kPolicyNames[static_cast<std::size_t>(p)]; }

// The most an unproven fight's reading may grow from move to move, in
// multiples of solver-playouts (engine/fights.h, FightMemo).
inline constexpr double kMaxSolverRetryGrowth = 16;

struct Settings {
  // Search
  int threads = 1;
  std::int64_t playouts = 10000;   // per move; 0: limited by time only
  double time = 0;                 // max seconds per move; 0: no cap besides the clock
  std::int64_t memory = 512;       // MiB for the search tree
  int expand_visits = 2;     // on 9x9 and smaller
  int expand_visits_19 = 4;  // on 19x19; sizes between interpolate
  // MoGo's formula and the consistency fixes (see search/selection.h)
  bool rave = true;                // AMAF statistics at all (off: plain UCT with ucb-c)
  double rave_equivalence = 1500;
  double prior_weight = 1.0;
  double progressive_bias = 0.5;     // on 9x9 and smaller
  double progressive_bias_19 = 0.5;  // on 19x19; sizes between interpolate
  double ucb_c = 0.0;
  double rave_floor = 0.1;
  double rave_distance = 0;  // extra AMAF weight of early moves (0: off)
  double consistency_threshold = 0.3;
  int consistency_min_visits = 1000;
  double draw_value = 0.25;  // under 0.5: shun draws (docs/strength.md)
  int prior_visits = 10;
  double prior_mean_visits = 0;     // on 9x9 and smaller; 0: off
  double prior_mean_visits_19 = 50;  // on 19x19; sizes between interpolate
  double widening = 0;  // progressive widening's mu (search/selection.h); 0: off
  // Score-aware search (search/selection.h): the weight of the score term
  // and its scale in points on 19x19 (proportional to the board's side).
  double score_weight = 0.0;
  double score_scale = 20.0;
  double score_decided = 0.6;  // the term grows from this |2 * win rate - 1| to full weight at 1 (9x9 and smaller)
  double score_decided_19 = 0.9;  // on 19x19; sizes between interpolate
  // Expert-rule prior H(d) (engine/priors.h): a base and additive terms.
  double prior_base = 0.4;
  double prior_capture = 0.3;
  double prior_capture_last_move = 0.1;
  double prior_escape = 0.25;
  double prior_atari = 0.1;
  double prior_self_atari = -0.3;
  double prior_first_line = -0.15;
  double prior_second_line = -0.03;
  double prior_third_line = 0.05;
  double prior_fourth_line = 0.03;
  double prior_near_last = 0.08;
  double prior_near_second_last = 0.04;
  // Learned prior H(d) (patterns/model.h): move-pattern gammas learned by MM
  bool learned_priors = true;       // H from the learned model (docs/patterns.md), blended with the expert rules by the mix
  std::string prior_model_file;     // empty: patterns/mm-v1.txt (install, build or source tree)
  double learned_prior_exponent = 0.5;
  double learned_prior_mix = 1.0;   // weight of the learned H against the expert one (1: learned only)
  // Criticality (engine/criticality.h): added to the prior of a move, times
  // the covariance of owning its point and winning; 0: off.
  double criticality_weight = 0.0;
  // The owner term (GoDomain::lower_settled_priors): a move's prior odds
  // times exp(-w s^2), s how settled its point's owner is; 0: off.
  double owner_prior_weight = 0.0;
  int criticality_min_playouts = 500;  // a thread's own playouts before it trusts its own tally
  bool prune_ladders = true;        // the tree never runs a string out of atari into a ladder it loses
  bool reuse_tree = true;
  bool ponder = false;             // think while waiting for the next command
  bool early_stop = true;
  double time_extension = 1.5;     // a move may take this times its plan when the best move is unclear
  std::uint64_t seed = 0;          // 0: seeded from the clock
  Policy policy = Policy::Heavy;
  // Heavy playouts: each rule's switch and probability, in MoGo's order
  bool heavy_atari_save = true;
  double heavy_atari_save_prob = 1.0;
  bool heavy_ladder_check = true;
  bool heavy_nakade = true;
  double heavy_nakade_prob = 1.0;
  bool heavy_fill_board = true;
  double heavy_fill_board_prob = 1.0;
  int heavy_fill_board_tries_9 = 3;
  int heavy_fill_board_tries_19 = 6;
  bool heavy_pattern = true;
  double heavy_pattern_prob = 1.0;
  bool heavy_approach = true;
  double heavy_approach_prob = 0.5;
  // MoGo's rules on 9x9 and smaller boards (the capture rule on, race-atari
  // off); on larger ones the capture rule off and race-atari on at a reach
  // of 3: 86.9% against GNU Go on 19x19 where MoGo's rules won 71.5%, while
  // on 9x9 that pair fell to 95.4% over 400 games from 97%+
  // (docs/strength.md, "Capture off with the race reach", "MoGo's rules on
  // small boards").
  bool heavy_capture = true;      // boards up to 9x9
  bool heavy_capture_19 = false;  // larger boards
  double heavy_capture_prob = 1.0;
  int heavy_self_atari_max = 3;
  bool heavy_nakade_sacrifice = true;
  bool heavy_keep_false_eyes = false;
  bool heavy_pattern_self_atari_filter = true;
  int heavy_ko_captures = 6;
  bool heavy_race_atari = false;    // boards up to 9x9
  bool heavy_race_atari_19 = true;  // larger boards
  double heavy_race_atari_prob = 1.0;
  int heavy_race_liberties = 3;
  bool heavy_two_liberties = false;
  double heavy_two_liberties_prob = 1.0;
  bool heavy_last_good_reply = false;
  double heavy_last_good_reply_prob = 1.0;
  std::string heavy_pattern_file;  // empty: patterns/mogo-3x3.txt in the source tree
  // Playing
  double resign_threshold = 0.1;
  int resign_min_moves = 60;       // per side, on 19x19; scaled by board area
  int resign_after_searches = 3;   // own searches in a row below resign_threshold
  double pass_ownership = 0.9;     // a point this settled is not worth a move
  int score_playouts = 2000;       // for final_score / final_status_list
  bool score_keep_seki_eyes = true;
  double dead_threshold = 0.3;     // how surely the opponent must own a string for it to be dead
  double settled_ownership = 0.6;  // a string owned less surely is unsettled: no pass after a pass
  bool superko = true;
  // The solver in play (engine/fights.h)
  std::int64_t solver_playouts = 3000;   // per fight and side to move; 0: the solver stays out of play
  int solver_fights = 4;
  int solver_liberties = 4;
  double solver_time_share = 0.2;  // of a timed move's budget
  bool solver_favour = true;             // the proven move of an urgent fight is favoured at the root
  bool solver_dead_in_playouts = false;  // playouts count the solver's dead strings for their captor
  bool solver_unsure_first = false;  // read first the fights the last search's playouts were least sure of
  bool solver_memo = true;           // keep readings from move to move (engine/fights.h, FightMemo)
  double solver_retry_growth = 1;    // an unknown fight met again: this times its last budget (FightMemo)
  std::int64_t solver_judge_playouts = 30000;  // an unknown fight read again when the position is judged
  bool capture_dead = false;       // never pass while dead opponent stones remain (CGOS)
  bool fill_dame = true;           // fill a dame point (safely) rather than pass
  // Dynamic komi: handicap stones count for White early on, fading out;
  // then a ratchet keeps a far-ahead side honest (even games: see
  // ratchet_even_points).
  bool dynamic_komi = true;
  double handicap_stone_value = 7.0;
  int dynamic_komi_moves = 200;    // over which the handicap bonus fades (19x19; scaled by area)
  double ratchet_win_rate = 0.8;   // above this the search plays for one more point
  double ratchet_back_win_rate = 0.2;  // below this it plays for one point less
  double ratchet_even_points = 0;  // the ratchet's cap in an even game (0: only handicap games)
  // Time
  double time_margin = 1.0;        // seconds kept in reserve
  double time_moves_ahead = 0.4;     // expected remaining own moves per empty point, 9x9 and smaller
  double time_moves_ahead_19 = 0.4;  // on 19x19 (0.2 spent more of the clock and won no more: docs/strength.md)
  bool time_by_phase = true;       // main time weighted by the phase of the game (time_control.h)
  // Cluster (cluster/, under mpirun): how the ranks share their trees
  int cluster_sync_ms = 100;        // between two exchanges of statistics
  int cluster_share_depth = 3;      // deepest node shared (the root is 0)
  int cluster_share_min_visits = 16;  // a node is shared once it has this many visits
  int cluster_timeout_ms = 3000;    // a rank silent this long is given up
  int cluster_final_wait_ms = 50;   // at the end of a search, wait this long for the last statistics
  // Game defaults
  int board_size = 19;
  double komi = 7.5;
  // Logging
  std::string log_level = "info";
};

struct ParamDef {
  using Field = std::variant<int Settings::*, std::int64_t Settings::*, std::uint64_t Settings::*,
                             double Settings::*, bool Settings::*, std::string Settings::*, Policy Settings::*>;
  std::string_view name;
  Field field;
  double min = 0;  // numeric ranges, inclusive
  double max = 0;
  // Allowed strings; empty: any. An enum field's value is the index of its name here.
  std::vector<std::string_view> choices;
  std::string_view doc;
};

// A parameter set for 9x9 (and smaller) and for 19x19, on a board of this
// size: the sizes in between interpolate.
double by_board_size(double at_9, double at_19, int size);

// All parameters, in the order they are documented.
const std::vector<ParamDef>& param_registry();
const ParamDef* find_param(std::string_view name);

// Sets a parameter from text; returns an error message (and leaves settings
// unchanged) if the name is unknown or the value malformed or out of range.
std::optional<std::string> set_param(Settings& settings, std::string_view name, std::string_view value);
std::string get_param(const Settings& settings, const ParamDef& def);
// "int", "float", "bool", "string" (GoGui's param types, with "list/a/b" for choices).
std::string param_type(const ParamDef& def);
std::string param_range(const ParamDef& def);
// A config file holding every parameter with its doc line and value (what
// `tengen --print-config` writes, and what configs/default.cfg holds).
std::string config_file_text(const Settings& settings);

}  // namespace tengen
