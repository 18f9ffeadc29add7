#pragma once
// Monte-Carlo tree search with RAVE over any two-player game: the Domain
// supplies states, moves, priors and rollouts; this file knows nothing of Go.
// Tree parallelism: every thread descends the shared Tree from its own copy
// of the root state, with virtual loss to spread the threads out.
//
// The Domain (see the MctsDomain concept below) supplies the game; the
// search calls nothing else.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "tengen/search/selection.h"
#include "tengen/search/tree.h"
#include "tengen/util/random.h"

namespace tengen {

struct TrailEntry {
  TreeMove move;
  std::uint8_t player;
};

struct MctsLimits {
  std::int64_t playouts = 0;  // 0: no limit
  double seconds = 0;         // 0: no limit
  int threads = 1;
  std::uint64_t seed = 1;
  const std::atomic<bool>* stop = nullptr;  // set by someone else to end the search
  // The player a draw is worth SelectionParams::draw_value to (-1: the root
  // player); a pondering engine counts draws for itself, not for the side to
  // move.
  int draw_player = -1;
  // Asked by thread 0 every kCheckInterval of its simulations with
  // (playouts so far, seconds so far); returning false ends the search.
  // Time management lives there. Counting simulations rather than
  // milliseconds keeps a one-thread search under a playout limit (early
  // stop included) reproducible for a given seed.
  std::function<bool(std::int64_t, double)> keep_going;
};

struct MctsStats {
  std::int64_t playouts = 0;
  double seconds = 0;
  int max_depth = 0;
};

// What the search needs from a game.
//   State, Scratch     a copyable position; per-thread working memory
//   kMaxMoves          move numbers are below this
//   kMaxChildren       most children a node can have
//   kMaxTrail          most moves in one simulation
//   player(s)          0 or 1, to move
//   children(s, out)   writes the moves (with priors) of a non-terminal state, >= 1
//   rollout(...)       plays s to the end, appending each move to
//                      trail[*length] (bounded by kMaxTrail); returns player
//                      0's result in half points: 2 win, 1 draw, 0 loss
//   terminal_result(s) the same, at a terminal state
//   amaf(move)         takes part in RAVE (a pass does not)
// Score-aware search (SelectionParams::score_weight) also uses, where the
// domain has it, score_utility(s): in [-1, 1] for player 0, at the end.
template <class D>
concept MctsDomain = requires(const D& domain, typename D::State& state, const typename D::State& cstate,
                              typename D::Scratch& scratch, ChildInit* children, TreeMove move, Rng& rng,
                              TrailEntry* trail, int* length) {
  requires std::copyable<typename D::State>;
  requires std::default_initializable<typename D::Scratch>;
  { D::kMaxMoves } -> std::convertible_to<int>;
  { D::kMaxChildren } -> std::convertible_to<int>;
  { D::kMaxTrail } -> std::convertible_to<int>;
  { domain.player(cstate) } -> std::convertible_to<int>;
  { domain.terminal(cstate) } -> std::same_as<bool>;
  { domain.children(cstate, children, scratch) } -> std::convertible_to<int>;
  domain.play(state, move, scratch);
  { domain.rollout(state, rng, scratch, trail, length) } -> std::convertible_to<int>;
  { domain.terminal_result(cstate) } -> std::convertible_to<int>;
  { domain.amaf(move) } -> std::same_as<bool>;
};

template <MctsDomain Domain>
class Mcts {
 public:
  using State = typename Domain::State;

  Mcts(const Domain& domain, Tree& tree, const SelectionParams& params)
      : domain_(domain), tree_(tree), params_(params) {}

  // Expands the root with the given children unless it is expanded already
  // (tree reuse keeps the old expansion, with its statistics).
  void prepare_root(const ChildInit* children, int count) {
    if (!tree_.root().expanded()) tree_.expand(tree_.root(), children, count, params_.prior_visits);
  }

  // harvest, if given, sees every thread's scratch once the threads are done
  // (for statistics the domain gathers on the side, such as ownership).
  MctsStats run(const State& root_state, const MctsLimits& limits,
                const std::function<void(typename Domain::Scratch&)>& harvest = {}) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    std::atomic<bool> done{false};
    std::atomic<std::int64_t> started{0};
    std::atomic<int> max_depth{0};
    const int threads = std::max(1, limits.threads);
    draw_player_ = limits.draw_player >= 0 ? limits.draw_player : domain_.player(root_state);
    std::vector<std::unique_ptr<Worker>> workers;
    for (int t = 0; t < threads; ++t) {
      workers.push_back(std::make_unique<Worker>());
      workers.back()->rng.reseed(limits.seed + 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(t + 1));
    }
    auto work = [&](int t) {
      Worker& w = *workers[t];
      while (!done.load(std::memory_order_relaxed)) {
        const std::int64_t n = started.fetch_add(1, std::memory_order_relaxed);
        if (limits.playouts > 0 && n >= limits.playouts) break;
        simulate(w, root_state);
        // Thread 0 watches the clock and the caller.
        if (t != 0 || w.playouts % kCheckInterval != 0) continue;
        const double secs = elapsed();
        if ((limits.stop && limits.stop->load(std::memory_order_relaxed)) ||
            (limits.seconds > 0 && secs >= limits.seconds) ||
            (limits.keep_going && !limits.keep_going(started.load(std::memory_order_relaxed), secs))) {
          done.store(true, std::memory_order_relaxed);
        }
      }
      int depth = max_depth.load(std::memory_order_relaxed);
      while (w.max_depth > depth && !max_depth.compare_exchange_weak(depth, w.max_depth)) {
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    // Thread 0 may leave on a playout limit while others still run: once it
    // is out, nobody else watches the clock.
    done.store(true, std::memory_order_relaxed);
    for (auto& th : pool) th.join();

    MctsStats stats;
    for (const auto& w : workers) {
      stats.playouts += w->playouts;
      if (harvest) harvest(w->scratch);
    }
    stats.seconds = elapsed();
    stats.max_depth = max_depth.load();
    return stats;
  }

 private:
  static constexpr int kMaxDepth = Domain::kMaxTrail;
  // A millisecond or less of simulations on 9x9 and 19x19 alike.
  static constexpr std::int64_t kCheckInterval = 8;

  struct Worker {
    Rng rng;
    typename Domain::Scratch scratch;
    Node* path[kMaxDepth + 1];
    TrailEntry trail[Domain::kMaxTrail + 1];
    ChildInit children[Domain::kMaxChildren];
    std::uint8_t first_player[Domain::kMaxMoves];  // kNobody, or who played the move first
    std::uint16_t first_ply[Domain::kMaxMoves];    // where, when first_player is set
    std::int64_t playouts = 0;
    int max_depth = 0;
    Worker() { std::fill(std::begin(first_player), std::end(first_player), kNobody); }
  };
  static constexpr std::uint8_t kNobody = 0xFF;

  // parent_value: the parent's value for the side to move there.
  Node* select(Node& parent, Worker& w, double parent_value) {
    Node* kids = tree_.children(parent);
    const int count = parent.num_children;
    const std::uint32_t parent_n = parent.n();
    // Berthier et al., Algorithm 2, every other draw (why: selection.h).
    if (params_.consistency_threshold > 0 && parent_n >= params_.consistency_min_visits &&
        parent_value < params_.consistency_threshold && w.rng.below(2) == 0) {
      return &kids[w.rng.below(static_cast<std::uint32_t>(count))];
    }
    // The root's children are the position's own list (favoured moves
    // raised after it was sorted): all of them.
    const int widened = &parent == &tree_.root() ? count : widened_count(count, parent_n, params_);
    Node* best = kids;
    double best_score = -1e300;
    for (int i = 0; i < widened; ++i) {
      const double s = mogo_score(kids[i], parent_n, params_);
      if (s > best_score) {
        best_score = s;
        best = &kids[i];
      }
    }
    return best;
  }

  void descend_into(Worker& w, State& state, Node* child, int& depth) {
    child->virtual_loss.fetch_add(1, std::memory_order_relaxed);
    w.trail[depth] = {child->move, static_cast<std::uint8_t>(domain_.player(state))};
    domain_.play(state, child->move, w.scratch);
    w.path[++depth] = child;
  }

  void simulate(Worker& w, const State& root_state) {
    State state = root_state;
    Node* node = &tree_.root();
    int depth = 0;
    w.path[0] = node;
    const int root_player = domain_.player(root_state);
    // A node's value is kept for the player who moved into it (the root's
    // for the opponent of its side to move); turn it to the side to move.
    auto value_to_move = [&](const Node& n) {
      const int mover = depth == 0 ? 1 - root_player : w.trail[depth - 1].player;
      return mover == domain_.player(state) ? n.value() : 1.0 - n.value();
    };
    while (node->expanded() && depth < kMaxDepth / 2 && !domain_.terminal(state)) {
      Node* child = select(*node, w, value_to_move(*node));
      descend_into(w, state, child, depth);
      node = child;
    }
    if (!domain_.terminal(state) && depth < kMaxDepth / 2 && node->state.load(std::memory_order_relaxed) == Node::kLeaf &&
        node->n() + 1 >= expand_visits_) {
      const int count = domain_.children(state, w.children, w.scratch);
      if (tree_.expand(*node, w.children, count, params_.prior_visits)) {
        Node* child = select(*node, w, value_to_move(*node));
        descend_into(w, state, child, depth);
      }
    }
    int length = depth;
    const int result = domain_.terminal(state) ? domain_.terminal_result(state)
                                               : domain_.rollout(state, w.rng, w.scratch, w.trail, &length);
    const std::uint32_t outcome = outcome_units(result);
    std::uint32_t value = outcome;
    if constexpr (requires { domain_.score_utility(state); }) {
      if (params_.score_weight > 0) value = score_aware_units(outcome, domain_.score_utility(state));
    }
    ++w.playouts;
    w.max_depth = std::max(w.max_depth, depth);
    backup(w, depth, length, value, outcome, root_player);
  }

  // Player 0's share of a result given in half points, in kWinUnits; a draw
  // is worth draw_value to draw_player_ and the rest to the other player.
  std::uint32_t outcome_units(int half_points) const {
    if (half_points != 1) return half_points == 2 ? kWinUnits : 0;
    const double d = params_.draw_value;
    return static_cast<std::uint32_t>(std::lround((draw_player_ == 0 ? d : 1 - d) * kWinUnits));
  }

  // The outcome blended with the score term, both for player 0.
  std::uint32_t score_aware_units(std::uint32_t outcome, double utility) const {
    const double w = params_.score_weight;
    const double u = std::clamp(utility, -1.0, 1.0);
    return static_cast<std::uint32_t>(std::lround((1 - w) * outcome + w * (1 + u) / 2 * kWinUnits));
  }

  // Credits every node on the path, and the RAVE statistics of the children
  // of every node on the path: a child counts for node path[d] when its move
  // was first played, at ply d or later, by the side to move at path[d].
  // value and outcome are player 0's, in kWinUnits.
  void backup(Worker& w, int depth, int length, std::uint32_t value, std::uint32_t outcome, int root_player) {
    const auto value_for = [&](int player) { return player == 0 ? value : kWinUnits - value; };
    const auto outcome_for = [&](int player) { return player == 0 ? outcome : kWinUnits - outcome; };
    for (int j = length - 1; j >= 0; --j) {
      const TrailEntry& e = w.trail[j];
      if (domain_.amaf(e.move)) {
        w.first_player[e.move] = e.player;
        w.first_ply[e.move] = static_cast<std::uint16_t>(j);
      }
      if (j > depth) continue;
      Node& node = *w.path[j];
      if (!node.expanded()) continue;
      Node* kids = tree_.children(node);
      const std::uint32_t points = value_for(e.player);
      if (params_.rave_distance == 0) {
        for (int i = 0; i < node.num_children; ++i) {
          if (w.first_player[kids[i].move] == e.player) Tree::add_rave_result(kids[i], points);
        }
        continue;
      }
      // A move played soon after the node says more about it than one
      // played at the end of the playout (Pachi's distance_rave): weight
      // 1 + rave_distance at ply j, falling to 1 at the last ply.
      const double per_ply = params_.rave_distance / static_cast<double>(length - j);
      for (int i = 0; i < node.num_children; ++i) {
        const TreeMove move = kids[i].move;
        if (w.first_player[move] != e.player) continue;
        const auto weight = static_cast<std::uint32_t>(1 + (length - 1 - w.first_ply[move]) * per_ply + 0.5);
        Tree::add_rave_result(kids[i], points, weight);
      }
    }
    for (int j = 0; j < length; ++j) w.first_player[w.trail[j].move] = kNobody;
    // path[d] was reached by the move of ply d-1; the root counts for the
    // opponent of the side to move there.
    Tree::add_result(*w.path[0], value_for(1 - root_player), outcome_for(1 - root_player));
    for (int d = 1; d <= depth; ++d) {
      const int mover = w.trail[d - 1].player;
      Tree::add_result(*w.path[d], value_for(mover), outcome_for(mover));
      w.path[d]->virtual_loss.fetch_sub(1, std::memory_order_relaxed);
    }
  }

 public:
  void set_expand_visits(std::uint32_t v) { expand_visits_ = std::max<std::uint32_t>(v, 1); }

 private:
  const Domain& domain_;
  Tree& tree_;
  SelectionParams params_;
  int draw_player_ = 0;  // set by run() before its threads start
  std::uint32_t expand_visits_ = 2;
};

}  // namespace tengen
