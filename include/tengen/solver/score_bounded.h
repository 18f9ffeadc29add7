#pragma once
// Score-bounded MCTS solver (Cazenave & Saffidine, "Score Bounded Monte-Carlo
// Tree Search", CG 2010), generic over any two-player game whose outcomes are
// integers in [min_score, max_score]. Max maximises the outcome, Min
// minimises it; the side to move need not alternate.
//
// Every node carries a pessimistic and an optimistic bound on its minimax
// value, from Max's view: pess <= real <= opti. Terminal nodes get
// pess = opti = score; Algorithms 1 and 2 of the paper carry the change up the
// descent path. A node is solved when pess == opti. Children not yet opened
// stand together as the paper's dummy child, with bounds [min, max].
//
// Modes:
// - kPlain: the paper's "plain MCTS Solver" (Winands et al.): the descent
//   avoids solved nodes and nothing else; no cuts, no bias. Bounds are kept
//   as in the other modes, so a win for the side to move proves a node at
//   once and draws get proven too. (The paper's plain solver proves the
//   drawn 3x3 board in 2700.9 playouts. Proving a node only once all its
//   children are solved would need all 5,247 non-root nodes of that tree
//   opened, one per playout; with bounds we need 2,687 when children open
//   as in plain UCT. See docs/solver.md.)
// - kCuts: the alpha-beta style cuts of Sec. 3.3 as well: in a Max node n
//   the descent skips a child s with opti(s) <= pess(n), in a Min node one
//   with pess(s) >= opti(n). Solved children always fall under it.
// - kGuidedCuts: kCuts plus the bias of Sec. 3.4 on the selection value,
//   Q' = Q + gamma * pess + delta * opti for Max and
//   Q' = Q - gamma * opti - delta * pess for Min (Q from the mover's view).
//   Both are taken in the mover's view on outcomes scaled to [0, 1]:
//   Q' = Q_m + gamma * pess_m + delta * opti_m, with pess_m = 1 - opti and
//   opti_m = 1 - pess for Min, which differs from the paper's Min formula by
//   a constant only. delta = -0.1, gamma = 0 is the paper's Connect Four
//   setting; delta = +10000 its Seki one. A negative delta steers each side
//   towards children whose best case is already capped (closer to solved).
// SolverConfig::window_cuts extends the cuts with the window of the whole
// path (not in the paper).
//
// Speed: no allocation, lock or virtual call inside solve(): the pool is
// reserved up front, the path grows only past 256 plies (once), and the
// game is a template parameter.

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include "tengen/util/random.h"

namespace tengen {

// What the solver needs from a game. The state is copied once per playout,
// so it should be cheap to copy.
//   Move                  an unsigned integer of at most 16 bits
//   kMaxMoves             upper bound on the number of legal moves
//   max_to_move()         true when Max is to move
//   is_terminal()         no legal move left; a non-terminal state has one
//   score()               the outcome of a terminal state, Max's view
//   min_score(), max_score()  the outcome range, constant over a game
//   legal_moves(out)      writes the legal moves to out, returns the count
//   play(move)            plays a legal move
//   playout(rng)          plays to the end and returns score()
template <class G>
concept SolverGame = std::copyable<G> && requires(G& game, const G& cgame, typename G::Move* out,
                                                  typename G::Move move, Rng& rng) {
  requires std::unsigned_integral<typename G::Move> && sizeof(typename G::Move) <= 2;
  { G::kMaxMoves } -> std::convertible_to<int>;
  { cgame.max_to_move() } -> std::same_as<bool>;
  { cgame.is_terminal() } -> std::same_as<bool>;
  { cgame.score() } -> std::convertible_to<int>;
  { cgame.min_score() } -> std::convertible_to<int>;
  { cgame.max_score() } -> std::convertible_to<int>;
  { cgame.legal_moves(out) } -> std::convertible_to<int>;
  game.play(move);
  { game.playout(rng) } -> std::convertible_to<int>;
};

enum class SolverMode : std::uint8_t { kPlain, kCuts, kGuidedCuts };

struct SolverConfig {
  SolverMode mode = SolverMode::kGuidedCuts;
  // UCT constant, on outcomes scaled to [0, 1]; 0.1 did well on Connect
  // Four (docs/solver.md).
  double exploration = 0.1;
  double gamma = 0.0;   // weight of the mover's pessimistic bound (kGuidedCuts only)
  double delta = -0.1;  // weight of the mover's optimistic bound (kGuidedCuts only)
  // Selection value of a child not yet opened (the dummy child), on the
  // [0, 1] scale of Q. Below a draw's 0.5, a child that holds its own is
  // explored deeper before its siblings are opened, which suits proofs;
  // infinity opens every child before any is visited twice (plain UCT).
  double first_play_urgency = 0.4;
  // kCuts and kGuidedCuts: cut with the alpha-beta window of the whole path
  // (alpha = highest pess of the node and its ancestors, beta = lowest
  // opti), not only with the parent's bounds. An extension beyond the paper:
  // still safe (bounds never lie, every descent opens a node) and on 4x4
  // Connect Four four times fewer playouts (docs/solver.md).
  bool window_cuts = false;
  // Open new children in random order (else in legal_moves order).
  bool shuffle_children = true;
};

inline constexpr std::uint32_t kNoSolverNode = 0xFFFFFFFFu;

struct SolverNode {
  std::uint32_t first_child = kNoSolverNode;  // children are contiguous
  std::uint32_t visits = 0;
  std::uint32_t score_sum = 0;  // sum of (outcome - min_score) over visits, Max's view
  std::int16_t pess = 0;        // bounds on the minimax value, Max's view
  std::int16_t opti = 0;
  std::uint16_t move = 0;  // the move that leads here
  std::uint16_t num_children = 0;
  std::uint16_t num_opened = 0;  // children [0, num_opened) are in the tree; the rest are the dummy child
  bool max_to_move = true;

  bool expanded() const { return first_child != kNoSolverNode; }
  bool solved() const { return pess == opti; }
};
// 24 bytes keeps a million-playout solve small: Connect Four uses 1.1 to 1.4
// nodes a playout, about 30 MB per million playouts.
static_assert(sizeof(SolverNode) <= 24, "SolverNode grew: check the memory budget in docs/solver.md");

template <class Move>
struct SolveResult {
  bool proven = false;  // the root's value is known: pess == opti
  int value = 0;        // the proven value (Max's view), when proven
  int pess = 0;         // the root's bounds when the search stopped
  int opti = 0;
  bool has_move = false;
  Move best_move = 0;  // proven: a move that achieves the value; else the most visited
  std::uint64_t playouts = 0;  // descents; each ends in one playout or at a terminal node
  std::size_t nodes = 0;       // pool nodes used
  bool pool_full = false;      // some leaf could not be expanded
};

template <SolverGame Game>
class ScoreBoundedSolver {
 public:
  using Move = typename Game::Move;
  using Result = SolveResult<Move>;

  // The pool holds max_nodes nodes (24 bytes each), reserved up front; the
  // memory is touched only as the tree grows. Each playout opens at most one
  // node and each expansion takes one slot per legal move, so a solve of P
  // playouts needs at most 1 + P * kMaxMoves nodes (nodes_for()). When the
  // pool is full, leaves stay leaves and the search goes on without growing.
  ScoreBoundedSolver(SolverConfig config, std::size_t max_nodes) : config_(config) {
    if (max_nodes < 1 || max_nodes >= kNoSolverNode) throw std::invalid_argument("solver pool size out of range");
    nodes_.reserve(max_nodes);
    path_.reserve(256);
  }

  static std::size_t nodes_for(std::uint64_t max_playouts) { return 1 + max_playouts * Game::kMaxMoves; }

  // Runs until the root is proven or max_playouts descents are spent.
  // Deterministic for a given rng state.
  Result solve(const Game& root, std::uint64_t max_playouts, Rng& rng) {
    start(root);
    return resume(root, max_playouts, rng);
  }

  // Goes on with the tree of the last solve() (same root) for at most
  // more_playouts descents; the result counts playouts since solve().
  Result resume(const Game& root, std::uint64_t more_playouts, Rng& rng) {
    if (nodes_.empty()) throw std::logic_error("solver: resume() before solve()");
    check_playouts(playouts_ + more_playouts);
    for (std::uint64_t i = 0; i < more_playouts && !nodes_[0].solved(); ++i) {
      descend(root, rng);
      ++playouts_;
    }
    return result();
  }

  const SolverConfig& config() const { return config_; }
  // Inspection, for tests and tools.
  const SolverNode& root() const { return nodes_[0]; }
  std::span<const SolverNode> children(const SolverNode& n) const {
    if (!n.expanded()) return {};
    return {nodes_.data() + n.first_child, n.num_children};
  }
  std::size_t nodes_used() const { return nodes_.size(); }
  int min_score() const { return min_score_; }
  int max_score() const { return max_score_; }

 private:
  void start(const Game& root) {
    min_score_ = root.min_score();
    max_score_ = root.max_score();
    constexpr int kLow = std::numeric_limits<std::int16_t>::min(), kHigh = std::numeric_limits<std::int16_t>::max();
    if (min_score_ > max_score_ || min_score_ < kLow || max_score_ > kHigh)
      throw std::invalid_argument("solver: scores must lie in a non-empty 16-bit range");
    playouts_ = 0;
    pool_full_ = false;
    nodes_.clear();
    SolverNode& r = nodes_.emplace_back();
    r.max_to_move = root.max_to_move();
    set_bounds(r, min_score_, max_score_);
    if (root.is_terminal()) set_bounds(r, root.score(), root.score());
  }

  // Score sums live in 32 bits: refuse a budget that could overflow them.
  void check_playouts(std::uint64_t total) const {
    const auto range = static_cast<std::uint64_t>(max_score_ - min_score_);
    if (total >= (std::uint64_t{1} << 32) || range * total >= (std::uint64_t{1} << 32))
      throw std::invalid_argument("solver: playouts times the score range must stay below 2^32");
  }

  static void set_bounds(SolverNode& n, int pess, int opti) {
    n.pess = static_cast<std::int16_t>(pess);
    n.opti = static_cast<std::int16_t>(opti);
  }

  // One descent: select down to an unopened child, open it, evaluate it by
  // its terminal score or a playout, back the outcome up.
  void descend(const Game& root, Rng& rng) {
    Game state = root;
    path_.clear();
    path_.push_back(0);
    Window window{min_score_, max_score_};
    int outcome = 0;
    for (;;) {
      SolverNode& n = nodes_[path_.back()];
      if (!n.expanded() && !expand(n, state, rng)) {
        outcome = state.playout(rng);
        break;
      }
      window = narrowed(window, n);
      const std::uint32_t c = select(n, window);
      const bool opening = c == n.first_child + n.num_opened;
      state.play(static_cast<Move>(nodes_[c].move));
      path_.push_back(c);
      if (opening) {
        ++n.num_opened;
        outcome = open(nodes_[c], state, rng);
        break;
      }
    }
    backpropagate(outcome);
  }

  // The values that still matter at a node, Max's view: a child whose
  // bounds lie wholly at or below alpha, or at or above beta, cannot change
  // the answer. The paper's cut (Sec. 3.3) takes the window from the node's
  // own bounds; window_cuts narrows it further with every ancestor's.
  struct Window {
    int alpha;
    int beta;
  };

  Window narrowed(Window outer, const SolverNode& n) const {
    if (!config_.window_cuts) return {n.pess, n.opti};
    return {std::max<int>(outer.alpha, n.pess), std::min<int>(outer.beta, n.opti)};
  }

  // A new child joins the tree: a terminal one gets its exact bounds (and
  // the change goes up), any other keeps the dummy's [min, max] and is
  // evaluated by a playout.
  int open(SolverNode& child, Game& state, Rng& rng) {
    child.max_to_move = state.max_to_move();
    if (!state.is_terminal()) return state.playout(rng);
    const int score = state.score();
    set_bounds(child, score, score);
    propagate();
    return score;
  }

  bool expand(SolverNode& n, const Game& state, Rng& rng) {
    std::array<Move, Game::kMaxMoves> moves;
    const int count = state.legal_moves(moves.data());
    assert(count > 0 && count <= Game::kMaxMoves);
    if (nodes_.size() + count > nodes_.capacity()) {
      pool_full_ = true;
      return false;
    }
    if (config_.shuffle_children) {
      for (int i = count - 1; i > 0; --i) std::swap(moves[i], moves[rng.below(static_cast<std::uint32_t>(i + 1))]);
    }
    n.first_child = static_cast<std::uint32_t>(nodes_.size());
    n.num_children = static_cast<std::uint16_t>(count);
    for (int i = 0; i < count; ++i) {
      SolverNode& child = nodes_.emplace_back();  // within capacity: no allocation
      child.move = static_cast<std::uint16_t>(moves[i]);
      set_bounds(child, min_score_, max_score_);
    }
    return true;
  }

  // Selection: UCT over the opened children that are neither solved nor
  // cut (kPlain skips only solved ones), with the bound bias in kGuidedCuts.
  // The dummy child, standing for the unopened children, scores the first
  // play urgency plus the bias of bounds [min, max]; with an infinite urgency
  // every child is opened before any is visited twice.
  std::uint32_t select(const SolverNode& n, Window window) const {
    const bool has_dummy = n.num_opened < n.num_children;
    const std::uint32_t dummy = n.first_child + n.num_opened;
    if (has_dummy && config_.first_play_urgency == kInfinity) return dummy;
    const double log_n = std::log(static_cast<double>(n.visits));
    std::uint32_t best = has_dummy ? dummy : kNoSolverNode;
    double best_value = has_dummy ? dummy_value() : -kInfinity;
    for (std::uint32_t i = n.first_child; i < n.first_child + n.num_opened; ++i) {
      const SolverNode& s = nodes_[i];
      if (skipped(s, window)) continue;
      const double value = selection_value(n, s, log_n);
      if (value > best_value) {
        best_value = value;
        best = i;
      }
    }
    // Never fires: an unsolved node inside its window has a child whose
    // bounds reach into the window (the paper's argument in Sec. 3.3).
    if (best == kNoSolverNode) throw std::logic_error("solver: no child to explore under an unsolved node");
    return best;
  }

  double dummy_value() const {
    return config_.first_play_urgency + (config_.mode == SolverMode::kGuidedCuts ? config_.delta : 0.0);
  }

  // In a Max node n the paper cuts s when opti(s) <= pess(n), in a Min node
  // when pess(s) >= opti(n); the other half of each test never fires there,
  // so one window test serves both.
  bool skipped(const SolverNode& s, Window window) const {
    if (config_.mode == SolverMode::kPlain) return s.solved();
    return s.opti <= window.alpha || s.pess >= window.beta;
  }

  double selection_value(const SolverNode& n, const SolverNode& s, double log_n) const {
    const double range = max_score_ - min_score_;
    const double max_mean = s.score_sum / (range * s.visits);
    double value = (n.max_to_move ? max_mean : 1.0 - max_mean) +
                   config_.exploration * std::sqrt(log_n / s.visits);
    if (config_.mode == SolverMode::kGuidedCuts) {
      const double pess = n.max_to_move ? s.pess - min_score_ : max_score_ - s.opti;
      const double opti = n.max_to_move ? s.opti - min_score_ : max_score_ - s.pess;
      value += (config_.gamma * pess + config_.delta * opti) / range;
    }
    return value;
  }

  void backpropagate(int outcome) {
    const auto points = static_cast<std::uint32_t>(outcome - min_score_);
    for (const std::uint32_t i : path_) {
      ++nodes_[i].visits;
      nodes_[i].score_sum += points;
    }
  }

  // The leaf at the end of the path has just got exact bounds.
  void propagate() {
    const int leaf = static_cast<int>(path_.size()) - 1;
    propagate_pess(leaf);
    propagate_opti(leaf);
  }

  // Algorithm 1, iteratively along the path: pess(path[depth]) has risen.
  // (The paper's Min branch reads "if old_pess > pess(n)"; pess never falls,
  // so the test that can fire is old_pess < pess(n).)
  void propagate_pess(int depth) {
    for (; depth > 0; --depth) {
      const SolverNode& s = nodes_[path_[depth]];
      SolverNode& n = nodes_[path_[depth - 1]];
      const int old_pess = n.pess;
      if (old_pess >= s.pess) return;
      if (n.max_to_move) {
        n.pess = s.pess;
      } else {
        n.pess = static_cast<std::int16_t>(min_child_pess(n));
        if (old_pess >= n.pess) return;
      }
    }
  }

  // Algorithm 2, iteratively along the path: opti(path[depth]) has fallen.
  void propagate_opti(int depth) {
    for (; depth > 0; --depth) {
      const SolverNode& s = nodes_[path_[depth]];
      SolverNode& n = nodes_[path_[depth - 1]];
      const int old_opti = n.opti;
      if (old_opti <= s.opti) return;
      if (n.max_to_move) {
        n.opti = static_cast<std::int16_t>(max_child_opti(n));
        if (old_opti <= n.opti) return;
      } else {
        n.opti = s.opti;
      }
    }
  }

  // Unopened children keep the [min, max] they got at expansion: together
  // they are the paper's dummy child. While one is left, no scan is needed.
  int min_child_pess(const SolverNode& n) const {
    if (n.num_opened < n.num_children) return min_score_;
    int low = max_score_;
    for (std::uint32_t i = n.first_child; i < n.first_child + n.num_children; ++i) low = std::min<int>(low, nodes_[i].pess);
    return low;
  }

  int max_child_opti(const SolverNode& n) const {
    if (n.num_opened < n.num_children) return max_score_;
    int high = min_score_;
    for (std::uint32_t i = n.first_child; i < n.first_child + n.num_children; ++i) high = std::max<int>(high, nodes_[i].opti);
    return high;
  }

  Result result() const {
    const SolverNode& r = nodes_[0];
    Result out;
    out.proven = r.solved();
    out.value = r.pess;
    out.pess = r.pess;
    out.opti = r.opti;
    out.playouts = playouts_;
    out.nodes = nodes_.size();
    out.pool_full = pool_full_;
    const std::uint32_t best = out.proven ? proving_child(r) : most_visited_child(r);
    if (best != kNoSolverNode) {
      out.has_move = true;
      out.best_move = static_cast<Move>(nodes_[best].move);
    }
    return out;
  }

  // A solved child with the root's value: it exists once the root is proven
  // through its children (pess(root) was set from one, and opti(child) <=
  // opti(root) makes it solved).
  std::uint32_t proving_child(const SolverNode& r) const {
    if (!r.expanded()) return kNoSolverNode;
    for (std::uint32_t i = r.first_child; i < r.first_child + r.num_opened; ++i) {
      if (nodes_[i].solved() && nodes_[i].pess == r.pess) return i;
    }
    return kNoSolverNode;
  }

  std::uint32_t most_visited_child(const SolverNode& r) const {
    std::uint32_t best = kNoSolverNode;
    for (std::uint32_t i = r.first_child; r.expanded() && i < r.first_child + r.num_opened; ++i) {
      if (best == kNoSolverNode || nodes_[i].visits > nodes_[best].visits) best = i;
    }
    return best;
  }

  static constexpr double kInfinity = std::numeric_limits<double>::infinity();

  SolverConfig config_;
  std::vector<SolverNode> nodes_;   // the pool: reserved once, never reallocated
  std::vector<std::uint32_t> path_;  // the current descent, root first
  int min_score_ = 0;
  int max_score_ = 0;
  std::uint64_t playouts_ = 0;  // since start()
  bool pool_full_ = false;
};

}  // namespace tengen
