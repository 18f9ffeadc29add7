#pragma once
// The Go side of the search: the Domain that plugs Go (moves, expert priors,
// playouts, area scoring, ownership) into the generic Mcts, and GoSearch,
// which keeps the tree between moves and turns a game record into a search.

#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "tengen/board/game.h"
#include "tengen/engine/criticality.h"
#include "tengen/engine/priors.h"
#include "tengen/engine/score_tally.h"
#include "tengen/engine/search_observer.h"
#include "tengen/patterns/model.h"
#include "tengen/playout/heavy.h"
#include "tengen/playout/playout.h"
#include "tengen/search/mcts.h"
#include "tengen/search/selection.h"
#include "tengen/search/tree.h"
#include "tengen/tactics/ladder.h"
#include "tengen/util/params.h"

namespace tengen {

// Pass is move 0 in the tree: point 0 is a border point, never a real move,
// and keeps every move number below kMaxPoints.
constexpr TreeMove kTreePass = 0;
constexpr TreeMove to_tree_move(Point p) { return p == kPass ? kTreePass : p; }
constexpr Point to_point(TreeMove m) { return m == kTreePass ? kPass : m; }

// A stone of the root position proven dead, and its colour there.
struct DeadStone {
  Point point;
  Color color;
};

struct GoDomain {
  using State = Board;
  struct Scratch {
    Point moves[kMaxPoints * 4];
    std::vector<std::int32_t> owned;  // per point: playouts Black owned it minus White did
    std::int8_t owners[kMaxPoints];   // the last playout's, as Board::playout_owner counts them
    std::optional<HeavyPolicy> heavy;  // this thread's, made on first use
    std::unique_ptr<LastGoodReply> replies;  // this thread's, when the heavy policy uses them
    patterns::FeatureExtractor features;  // for the learned priors
    LadderReader ladder;  // for the moves the tree leaves out
    ScoreTally scores;  // the final scores of this thread's simulations
    CriticalityTally criticality;  // this thread's playouts, when tallies_playouts()
  };
  static constexpr int kMaxMoves = kMaxPoints;
  static constexpr int kMaxChildren = kMaxPoints;
  static constexpr int kMaxTrail = 1024 + playout_move_limit(kMaxSize);

  double komi;
  PriorWeights priors;
  const HeavyConfig* heavy = nullptr;  // MoGo's playout policy; light playouts if null
  const patterns::PatternModel* model = nullptr;  // learned priors; the expert rules alone if null
  double learned_exponent;
  double learned_mix;
  // Score-aware search: the score term is tanh((area lead - centre) /
  // score_scale), centred on the area lead the search expects (NaN: komi).
  double score_scale;
  double score_center = NAN;
  bool rave;
  bool prune_ladders;
  // A self-atari of a string with more stones than this is what the heavy
  // playouts never play; where it is all a side can play, it may pass.
  int max_self_atari_stones;
  bool children_by_prior;  // list a node's children highest prior first (for widening)
  // Criticality in the priors (engine/criticality.h): 0 off. A thread uses
  // its own tally once it has criticality_min_playouts playouts, and the
  // previous search's map (null: none) before that.
  double criticality_weight;
  std::int64_t criticality_min_playouts;
  const std::vector<float>* criticality_map = nullptr;
  // The owner term (lower_settled_priors), 0 off; from the same tally and,
  // before a thread has enough playouts, the previous search's settled map.
  double owner_prior_weight;
  const std::vector<float>* settled_map = nullptr;
  bool tallies_playouts() const { return criticality_weight > 0 || owner_prior_weight > 0; }
  const std::vector<DeadStone>* dead_stones = nullptr;  // see SearchLimits::dead (null: none)

  // The parameters' values for a board of this size (Settings holds the
  // defaults); no playout policy, model or expected lead yet.
  static GoDomain from_settings(const Settings& s, double komi, int size);

  // The search's player index of a colour (Black moves first: player 0).
  static int player_of(Color c) { return c == Color::Black ? 0 : 1; }
  int player(const Board& b) const { return player_of(b.to_move()); }
  bool terminal(const Board& b) const { return b.consecutive_passes() >= 2; }
  int children(const Board& b, ChildInit* out, Scratch&) const;
  // A legal move of c the tree leaves out: one that only runs a string of c
  // out of atari into a ladder that catches it (with prune_ladders).
  bool pruned(const Board& b, Point p, Color c, LadderReader& ladder) const;
  // Pass joins n candidate moves of b when there are none, or when every one
  // gives a big string away: in a seki only the shared liberties are left,
  // and a tree that must fill one reads the seki as lost.
  bool offers_pass(const Board& b, const ChildInit* moves, int n) const;
  void play(Board& b, TreeMove m, Scratch&) const { b.play(to_point(m), b.to_move()); }
  int rollout(Board& b, Rng& rng, Scratch& scratch, TrailEntry* trail, int* length) const;
  // Teaches the thread's last good replies the simulation in trail[0, length).
  static void learn_replies(LastGoodReply& replies, const TrailEntry* trail, int length, int result_for_black);
  int terminal_result(const Board& b) const;
  // Black's area minus White's on a finished board whose playout scored
  // playout_score, with every proven-dead stone still standing counted for
  // its opponent.
  int final_area_lead(const Board& b, int playout_score) const;
  double score_utility(const Board& b) const;
  bool amaf(TreeMove m) const { return rave && m != kTreePass; }
  // H(d) of n candidate moves of b for the side to move: the expert rules,
  // the learned model, or their blend (learned_mix).
  void set_priors(const Board& b, ChildInit* out, int n, patterns::FeatureExtractor& fx) const;
  // Raises the priors of n candidate moves by criticality_weight times their
  // points' criticality (none below zero), from the thread's tally (null:
  // none) or the previous search's map.
  void add_criticality(ChildInit* out, int n, const CriticalityTally* tally) const;
  // Lowers the prior odds H / (1 - H) of n candidate moves by exp(-w s^2),
  // w = owner_prior_weight, s how settled the point's owner is over the
  // playouts (same sources as add_criticality). A point the playouts always
  // give to one side is inside a living group's area or a dead group's: a
  // stone there rarely changes the game, and on 19x19 the search kept adding
  // stones to groups already dead (docs/strength.md). Pachi's patterns learn
  // the same from its playouts' ownership (its mcowner feature).
  void lower_settled_priors(ChildInit* out, int n, const CriticalityTally* tally) const;
  // Both terms above, where on.
  void add_playout_priors(ChildInit* out, int n, const CriticalityTally* tally) const;

 private:
  GoDomain() = default;
};
static_assert(MctsDomain<GoDomain>);

struct SearchResult;

struct SearchLimits {
  SearchLimits() = default;
  SearchLimits(std::int64_t playouts_, double seconds_ = 0, double max_seconds_ = 0)
      : playouts(playouts_), seconds(seconds_), max_seconds(max_seconds_) {}

  std::int64_t playouts = 0;  // 0: no limit
  double seconds = 0;         // planned time; 0: no limit
  double max_seconds = 0;     // may stretch to this when the best move is unclear; 0: = seconds
  bool early_stop = true;     // may end once the best move cannot change (not for analysis)
  // The side a draw is worth draw-value to (Empty: the side to move; a
  // pondering engine names itself).
  Color draw_side = Color::Empty;
  // Root moves an exact reading (the solver) found worth playing: the search
  // starts them at the highest prior, with prior-visits wins, and decides.
  std::vector<Point> favoured;
  // Stones of strings an exact reading proved lost whoever moves first: a
  // simulation that ends with one of them still standing counts it for
  // the opponent (the playouts misjudged the fight).
  std::vector<Point> dead;
  // Called from the calling thread every report_interval seconds while the
  // search runs (ownership left empty), and once at the end (with the
  // ownership), for live analysis output.
  double report_interval = 0;
  std::function<void(const SearchResult&)> report;
};

struct RootChild {
  Point move;
  std::uint32_t visits;
  double win_rate;  // for the side to move at the root
  double prior;
  double rave;      // AMAF win rate for the side to move
  std::vector<Point> pv;  // this move, then the most visited replies
  // Mean final score (Black's area minus White's, komi not taken off) of
  // the simulations through the move since the root became this position
  // (over searches that kept the tree); NaN if none, or in a report made
  // while the search runs.
  double score = NAN;
};

struct SearchResult {
  Point best = kPass;
  double win_rate = 0.5;  // of best, for the side to move
  std::int64_t playouts = 0;
  double seconds = 0;
  std::size_t reused_visits = 0;  // root visits kept from the previous search
  std::vector<RootChild> children;  // most visited first
  std::vector<Point> principal_variation;  // the best child's pv
  double score = NAN;  // as RootChild::score, over all of the root's simulations
  // Per point index: the share of playouts in which Black owned the point,
  // minus the share in which White did, in [-1, 1].
  std::vector<float> ownership;
};

class GoSearch {
 public:
  explicit GoSearch(const Settings& settings);
  // New parameters; the tree is reallocated only if its memory changed.
  void configure(const Settings& settings);

  // Searches the position of `game` with `to_move` to play, scoring
  // playouts at `komi`. The root offers only moves legal under the game's
  // ko rule (superko included) that do not fill an own true eye, pass only
  // if nothing else is left but self-ataris of big strings. The subtree of
  // the moves played since the last search is reused when the game
  // continued from it.
  SearchResult run(const Game& game, Color to_move, double komi, const SearchLimits& limits,
                   const std::atomic<bool>* stop = nullptr);

  // Forgets the kept tree (a new game, an undo, a new position), and the
  // expected score the score term is centred on.
  void forget_tree();

  // The selection formula's parameters for a board of this size.
  static SelectionParams selection_params(const Settings& s, int size);
  // Visits of a leaf before it is expanded on a board of this size.
  static std::uint32_t expand_visits(const Settings& s, int size);
  // The certainty where the score term starts on a board of this size.
  static double score_decided(const Settings& s, int size);
  // The share of score-weight a search uses after one whose root win rate
  // was w, certainty = |2w - 1|: none while the game is open, all of it
  // once it is decided (score-decided sets where "decided" begins).
  static double score_weight_share(double decided, double certainty);

  // Cluster hook: told of every search (null: none). Not owned.
  void set_observer(SearchObserver* observer) { observer_ = observer; }

 private:
  void prepare_root(const Game& game, const Board& root_board, Color to_move, double komi, Color draw_side,
                    const std::vector<Point>& favoured);
  GoDomain domain(double komi, int size) const;  // the Go side of a search with these settings
  bool keep_going(std::int64_t playouts, double seconds, const SearchLimits& limits, double* last_report);
  SearchResult collect(const Node& root, std::int64_t playouts);
  std::vector<Point> principal_variation(const Node& node);

  Settings settings_;
  std::shared_ptr<const HeavyConfig> heavy_;  // loaded once, shared by every thread
  std::shared_ptr<const patterns::PatternModel> model_;  // likewise; null without learned priors
  std::unique_ptr<Tree> tree_;
  // What the kept tree's root is: the game's moves up to it and who moved.
  std::vector<Move> tree_history_;
  std::vector<Move> tree_setup_;  // and the setup stones below them (loadsgf can change these alone)
  double tree_komi_ = 0;           // and the game's komi (the komi command can change it alone)
  Color tree_draw_side_ = Color::Empty;  // and whom its draws were worth draw-value to
  bool tree_allowed_draws_ = true;       // and whether its search's komi allowed a draw at all
  Color tree_to_move_ = Color::Empty;
  int tree_size_ = 0;
  ScoreTally root_scores_;  // the final scores of the simulations from the kept root
  std::vector<float> criticality_;  // the last search's, per point (empty: none or off)
  std::vector<float> settled_;      // the last search's settled map, likewise
  double expected_area_lead_ = NAN;  // the last search's, where the score term is centred
  double last_certainty_ = 0;        // the last search's |2 * win rate - 1|
  SearchObserver* observer_ = nullptr;  // the cluster's, if any
};

}  // namespace tengen
