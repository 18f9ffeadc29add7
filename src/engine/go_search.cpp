#include "tengen/engine/go_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "tengen/playout/playout.h"
#include "tengen/util/random.h"

namespace tengen {

namespace {

constexpr int kMaxDepth = 1024;
// Unvisited children are tried before any child is tried twice.
constexpr double kFirstPlayUrgency = 10.0;

std::uint64_t clock_seed() {
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

}  // namespace

struct GoSearch::Worker {
  Rng rng;
  Node* path[kMaxDepth + 2];
  TreeMove moves[kMaxPoints + 1];
  std::vector<std::int32_t> owned;  // per point: playouts won by Black minus by White
  std::int64_t playouts = 0;
};

GoSearch::GoSearch(const Settings& settings)
    : settings_(settings), tree_(std::make_unique<Tree>(static_cast<std::size_t>(settings.memory) << 20)) {}

void GoSearch::configure(const Settings& settings) {
  const bool resize = settings.memory != settings_.memory;
  settings_ = settings;
  if (resize) tree_ = std::make_unique<Tree>(static_cast<std::size_t>(settings.memory) << 20);
}

int GoSearch::tree_moves(const Board& board, Color c, TreeMove* out) {
  int n = 0;
  for (int i = 0; i < board.empty_count(); ++i) {
    const Point p = board.empty_point(i);
    if (!board.is_true_eye(p, c) && board.is_legal(p, c)) out[n++] = p;
  }
  if (n == 0) out[n++] = kPass;
  return n;
}

Node* GoSearch::select_child(Node& parent) {
  Node* children = tree_->children(parent);
  const double log_n = std::log(static_cast<double>(parent.n() + 1));
  Node* best = children;
  double best_score = -1e300;
  for (int i = 0; i < parent.num_children; ++i) {
    Node& c = children[i];
    const std::uint32_t vl = static_cast<std::uint32_t>(c.virtual_loss.load(std::memory_order_relaxed));
    const std::uint32_t n = c.n() + vl;
    double score = kFirstPlayUrgency;
    if (n > 0) {
      const double mean = c.half_wins.load(std::memory_order_relaxed) / (2.0 * n);
      score = mean + settings_.uct_c * std::sqrt(log_n / n);
    }
    if (score > best_score) {
      best_score = score;
      best = &c;
    }
  }
  return best;
}

void GoSearch::simulate(Worker& w, const Board& root_board, double komi) {
  Board board = root_board;
  Node* node = &tree_->root();
  int depth = 0;
  w.path[0] = node;
  while (node->expanded() && depth < kMaxDepth && board.consecutive_passes() < 2) {
    node = select_child(*node);
    node->virtual_loss.fetch_add(1, std::memory_order_relaxed);
    board.play(node->move, board.to_move());
    w.path[++depth] = node;
  }
  if (board.consecutive_passes() < 2 && depth < kMaxDepth && node->n() + 1 >= std::uint32_t(settings_.expand_visits)) {
    const int count = tree_moves(board, board.to_move(), w.moves);
    // Shuffled, so that unvisited children are tried in random order.
    for (int i = count - 1; i > 0; --i) std::swap(w.moves[i], w.moves[w.rng.below(i + 1)]);
    if (tree_->expand(*node, w.moves, count)) {
      node = select_child(*node);
      node->virtual_loss.fetch_add(1, std::memory_order_relaxed);
      board.play(node->move, board.to_move());
      w.path[++depth] = node;
    }
  }
  light_playout(board, w.rng, playout_move_limit(board.size()));
  ++w.playouts;

  const double score = board.playout_score() - komi;
  const Color winner = score > 0 ? Color::Black : score < 0 ? Color::White : Color::Empty;
  // path[d] holds the move made by the side to move at depth d-1; the root
  // itself is credited to the opponent of the side to move.
  Color mover = opponent(root_board.to_move());
  for (int d = 0; d <= depth; ++d) {
    const int half_wins = winner == Color::Empty ? 1 : winner == mover ? 2 : 0;
    Tree::add_result(*w.path[d], half_wins);
    if (d > 0) w.path[d]->virtual_loss.fetch_sub(1, std::memory_order_relaxed);
    mover = opponent(mover);
  }
  for (int i = 0; i < board.num_points(); ++i) {
    const Point p = static_cast<Point>(i);
    const Color c = board.at(p);
    if (c == Color::Black || (c == Color::Empty && board.is_eyelike(p, Color::Black))) {
      ++w.owned[p];
    } else if (c == Color::White || (c == Color::Empty && board.is_eyelike(p, Color::White))) {
      --w.owned[p];
    }
  }
}

SearchResult GoSearch::run(const Game& game, Color to_move, const SearchLimits& limits,
                           const std::atomic<bool>* stop) {
  const auto start = std::chrono::steady_clock::now();
  Board root_board = game.board();
  root_board.set_to_move(to_move);
  root_board.reset_pass_count();
  tree_->clear();

  // The root is expanded here, with the game's own legality (superko).
  std::vector<TreeMove> root_moves;
  for (int i = 0; i < root_board.empty_count(); ++i) {
    const Point p = root_board.empty_point(i);
    if (!root_board.is_true_eye(p, to_move) && game.is_legal(p, to_move)) root_moves.push_back(p);
  }
  if (root_moves.empty()) root_moves.push_back(kPass);
  tree_->expand(tree_->root(), root_moves.data(), static_cast<int>(root_moves.size()));

  const std::uint64_t base_seed = settings_.seed != 0 ? settings_.seed : clock_seed();
  std::atomic<std::int64_t> started{0};
  auto out_of_time = [&] {
    if (stop && stop->load(std::memory_order_relaxed)) return true;
    if (limits.seconds <= 0) return false;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= limits.seconds;
  };

  const int threads = std::max(1, settings_.threads);
  std::vector<Worker> workers(threads);
  auto work = [&](int t) {
    Worker& w = workers[t];
    w.rng.reseed(base_seed + 7919 * static_cast<std::uint64_t>(t));
    w.owned.assign(root_board.num_points(), 0);
    for (std::int64_t i = 0;; ++i) {
      // The clock is read once every few playouts.
      if (i % 8 == 0 && out_of_time()) break;
      const std::int64_t n = started.fetch_add(1, std::memory_order_relaxed);
      if (limits.playouts > 0 && n >= limits.playouts) break;
      simulate(w, root_board, game.komi());
    }
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }

  SearchResult result;
  Node& root = tree_->root();
  Node* children = tree_->children(root);
  for (int i = 0; i < root.num_children; ++i) {
    result.children.push_back({children[i].move, children[i].n(), children[i].value()});
  }
  std::stable_sort(result.children.begin(), result.children.end(),
                   [](const RootChild& a, const RootChild& b) { return a.visits > b.visits; });
  result.best = result.children.front().move;
  result.win_rate = result.children.front().win_rate;
  result.ownership.assign(root_board.num_points(), 0.0f);
  for (const Worker& w : workers) {
    result.playouts += w.playouts;
    for (int p = 0; p < root_board.num_points(); ++p) result.ownership[p] += static_cast<float>(w.owned[p]);
  }
  if (result.playouts > 0) {
    for (float& o : result.ownership) o /= static_cast<float>(result.playouts);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tengen
