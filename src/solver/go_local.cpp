#include "tengen/solver/go_local.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "tengen/board/regions.h"
#include "tengen/sgf/position.h"

namespace tengen {

GoLocalGame::GoLocalGame(const Board& board, std::span<const Point> region, Point max_target, Point min_target)
    : board_(board), max_target_(max_target), min_target_(min_target) {
  if (!board.on_board(max_target) || !board.on_board(min_target) || !is_player(board.at(max_target)) ||
      board.at(min_target) != opponent(board.at(max_target)))
    throw std::invalid_argument("local game: the targets must be stones of opposite colours");
  max_color_ = board.at(max_target);
  set_region(region);
  board_.reset_pass_count();  // the fight starts afresh, whatever the record did
  history_[history_size_++] = board_.hash();
  update_status();
}

void GoLocalGame::set_region(std::span<const Point> region) {
  region_bb_.clear();
  touched_.clear();
  for (const Point p : region) {
    if (!board_.on_board(p)) throw std::invalid_argument("local game: region point off the board");
    if (region_bb_.test(p)) continue;
    if (region_size_ == kMaxRegion) throw std::invalid_argument("local game: region too large");
    region_bb_.set(p);
    region_[region_size_++] = p;
    if (board_.at(p) != Color::Empty) touched_.set(p);
  }
  outside_.clear();
  for (int i = 0; i < board_.num_points(); ++i) {
    const auto p = static_cast<Point>(i);
    if (board_.on_board(p) && !region_bb_.test(p)) outside_.set(p);
  }
}

void GoLocalGame::copy_all_but_board(const GoLocalGame& o) {
  region_bb_ = o.region_bb_;
  outside_ = o.outside_;
  touched_ = o.touched_;
  region_ = o.region_;
  region_size_ = o.region_size_;
  max_target_ = o.max_target_;
  min_target_ = o.min_target_;
  max_color_ = o.max_color_;
  status_ = o.status_;
  merge_twins_ = o.merge_twins_;
  captured_ = o.captured_;
  history_size_ = o.history_size_;
  std::copy_n(o.history_.begin(), o.history_size_, history_.begin());
}

int GoLocalGame::score() const {
  switch (status_) {
    case Status::kWon: return kWon;
    case Status::kLost: return kLost;
    default: return kDraw;
  }
}

bool GoLocalGame::is_legal(Point p) const {
  if (p == kPass) return true;
  const Color c = board_.to_move();
  return in_region(p) && board_.is_legal(p, c) && !repeats(p, c);
}

// Without a capture since the local root the stones only grow, so no
// position can come back: the common case costs nothing.
bool GoLocalGame::repeats(Point p, Color c) const {
  if (!captured_) return false;
  const std::uint64_t h = board_.hash_after(p, c);
  return std::find(history_.begin(), history_.begin() + history_size_, h) != history_.begin() + history_size_;
}

Point GoLocalGame::winning_capture() const {
  const Color c = board_.to_move();
  const Point target = c == max_color_ ? min_target_ : max_target_;
  if (board_.at(target) != opponent(c) || board_.liberties(target) != 1) return kNoPoint;
  const Point lib = board_.last_liberty(target);
  return is_legal(lib) ? lib : kNoPoint;
}

void GoLocalGame::update_status() {
  status_ = playout_status();
  if (status_ == Status::kOpen && winning_capture() != kNoPoint) {
    status_ = max_to_move() ? Status::kWon : Status::kLost;
  }
}

GoLocalGame::Status GoLocalGame::playout_status() const {
  if (board_.at(min_target_) != opponent(max_color_)) return Status::kWon;
  if (board_.at(max_target_) != max_color_) return Status::kLost;
  if (board_.consecutive_passes() >= 2) return Status::kDraw;
  return Status::kOpen;
}

void GoLocalGame::play(Move move) {
  const Color c = board_.to_move();
  if (move != kPass) {
    const int before = board_.stones(opponent(c));
    board_.play(move, c);
    captured_ |= board_.stones(opponent(c)) < before;
    touched_.set(move);
    if (history_size_ < kMaxHistory) history_[history_size_++] = board_.hash();
  } else {
    board_.play(kPass, c);
  }
  update_status();
}

int GoLocalGame::legal_moves(Move* out) const {
  int count = 0;
  std::array<TwinKey, kMaxRegion> seen;
  int num_seen = 0;
  for (int i = 0; i < region_size_; ++i) {
    const Point p = region_[i];
    if (!is_legal(p)) continue;
    TwinKey key;
    if (twin_key(p, key)) {
      if (std::find(seen.begin(), seen.begin() + num_seen, key) != seen.begin() + num_seen) continue;
      seen[num_seen++] = key;
    }
    out[count++] = p;
  }
  out[count++] = kPass;
  return count;
}

// The twin conditions of the header; key gets the adjacent string roots.
bool GoLocalGame::twin_key(Point p, TwinKey& key) const {
  if (!merge_twins_ || touched_.test(p)) return false;
  key.fill(kNoPoint);
  int n = 0;
  bool black = false, white = false;
  board_.for_each_neighbor(p, [&](Point q) {
    const Color qc = board_.at(q);
    if (!is_player(qc)) return;
    black |= qc == Color::Black;
    white |= qc == Color::White;
    const Point r = board_.root(q);
    if (std::find(key.begin(), key.begin() + n, r) == key.begin() + n) key[n++] = r;
  });
  if (!black || !white) return false;
  for (int i = 0; i < n; ++i) {
    if (!cannot_be_captured(key[i])) return false;
  }
  bool libs_shared = true;
  board_.for_each_neighbor(p, [&](Point q) {
    if (board_.at(q) != Color::Empty) return;
    for (int i = 0; i < n; ++i) libs_shared &= board_.liberty_set(key[i]).test(q);
  });
  std::sort(key.begin(), key.begin() + n);
  return libs_shared;
}

// Targets end the game when captured; a string with a liberty outside the
// region keeps it for ever, as no move is played there.
bool GoLocalGame::cannot_be_captured(Point root) const {
  if (root == board_.root(max_target_) || root == board_.root(min_target_)) return true;
  return !(board_.liberty_set(root) & outside_).empty();
}

int GoLocalGame::playout(Rng& rng) {
  const int limit = 3 * region_size_ + 16;  // random recaptures could go on; call it a draw
  for (int n = 0; status_ == Status::kOpen; ++n) {
    if (n == limit) return kDraw;
    const Color c = board_.to_move();
    board_.play(playout_move(c, rng), c);
    status_ = playout_status();
  }
  return score();
}

Point GoLocalGame::playout_move(Color c, Rng& rng) const {
  const Point target = c == max_color_ ? min_target_ : max_target_;
  if (board_.liberties(target) == 1) {
    const Point lib = board_.last_liberty(target);
    if (region_bb_.test(lib) && board_.is_legal(lib, c)) return lib;
  }
  std::array<Point, kMaxRegion> candidates = region_;
  for (int k = region_size_; k > 0; --k) {
    const int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(k)));
    const Point p = candidates[i];
    if (playout_acceptable(p, c)) return p;
    candidates[i] = candidates[k - 1];
  }
  return kPass;
}

bool GoLocalGame::playout_acceptable(Point p, Color c) const {
  if (board_.at(p) != Color::Empty || !board_.is_legal(p, c) || board_.is_true_eye(p, c)) return false;
  return board_.neighbor_count(p, c) == 0 || !board_.is_self_atari(p, c);
}

// --- Building a local game ---

namespace {

std::vector<Point> adjacent_strings(const Board& board, Point string, Color color) {
  std::vector<Point> roots;
  board.for_each_stone(string, [&](Point s) {
    board.for_each_neighbor(s, [&](Point n) {
      if (board.at(n) == color && std::find(roots.begin(), roots.end(), board.root(n)) == roots.end())
        roots.push_back(board.root(n));
    });
  });
  return roots;
}

// Two true eyes of its own next to it: no local fight can take it.
bool settled(const Board& board, Point string) {
  int eyes = 0;
  const Color c = board.at(string);
  board.liberty_set(string).for_each([&](Point p) { eyes += board.is_true_eye(p, c); });
  return eyes >= 2;
}

// Stones in host's eye space: they touch no other string of host's colour
// and have no liberty of their own.
bool inside(const Board& board, Point string, Point host) {
  const Bitboard& libs = board.liberty_set(string);
  if ((libs & board.liberty_set(host)) != libs) return false;
  const std::vector<Point> hosts = adjacent_strings(board, string, board.at(host));
  return hosts.size() == 1 && hosts[0] == board.root(host);
}

void add_stones(const Board& board, Point string, Bitboard& region) {
  board.for_each_stone(string, [&](Point s) { region.set(s); });
}

// The liberties of every unsettled string of the other colour next to
// `string`, and the stones of those inside it.
void add_neighbours(const Board& board, Point string, Bitboard& region) {
  region |= board.liberty_set(string);
  for (const Point s : adjacent_strings(board, string, opponent(board.at(string)))) {
    if (settled(board, s)) continue;
    region |= board.liberty_set(s);
    if (inside(board, s, string)) add_stones(board, s, region);
  }
}

// The empty area around p (4-connected), if it has at most kMaxEyeSpace
// points; empty otherwise.
Bitboard small_empty_area(const Board& board, Point p) {
  Bitboard area{};
  EmptyRegion region;
  const bool small = region.flood(board, p, [&](Point q) { return board.at(q); }, area, kMaxEyeSpace);
  return small ? area : Bitboard{};
}

void add_small_empty_areas(const Board& board, Bitboard& region) {
  const Bitboard start = region;
  start.for_each([&](Point p) {
    if (board.at(p) == Color::Empty) region |= small_empty_area(board, p);
  });
}

// Lower ranks come first: an open fight, then a settled string, then stones
// inside T.
int target_rank(const Board& board, Point s, Point t) {
  if (inside(board, s, t)) return 2;
  return settled(board, s) ? 1 : 0;
}

Point choose_opponent(const Board& board, Point t) {
  Point best = kNoPoint;
  auto key = [&](Point s) {
    return std::make_tuple(target_rank(board, s, t), board.liberties(s), -board.string_size(s), s);
  };
  for (const Point s : adjacent_strings(board, t, opponent(board.at(t)))) {
    if (best == kNoPoint || key(s) < key(best)) best = s;
  }
  return best;
}

std::optional<GoLocalGame> fail(std::string* why, std::string text) {
  if (why) *why = std::move(text);
  return std::nullopt;
}

}  // namespace

std::optional<GoLocalGame> local_game_at(const Board& board, Point vertex, std::string* why) {
  const std::string name = vertex_string(vertex, board.size());
  if (!board.on_board(vertex) || !is_player(board.at(vertex))) return fail(why, "no stone at " + name);
  const Point opp = choose_opponent(board, vertex);
  if (opp == kNoPoint) return fail(why, "no opposing string touches " + name);
  Bitboard region{};
  add_neighbours(board, vertex, region);
  if (!settled(board, opp)) add_neighbours(board, opp, region);
  add_small_empty_areas(board, region);
  std::vector<Point> points;
  region.for_each([&](Point p) { points.push_back(p); });
  if (static_cast<int>(points.size()) > GoLocalGame::kMaxRegion)
    return fail(why, "fight too large: " + std::to_string(points.size()) + " points (at most " +
                         std::to_string(GoLocalGame::kMaxRegion) + ")");
  const bool vertex_is_max = board.at(vertex) == board.to_move();
  return GoLocalGame(board, points, vertex_is_max ? vertex : opp, vertex_is_max ? opp : vertex);
}

Board setup_position(const sgf::Game& record) {
  Board board = sgf::start_position(record, 0).board();
  // Without PL a problem is Black's to play (a game gives White the move
  // after Black's setup stones, as after a handicap).
  board.set_to_move(record.to_move.value_or(Color::Black));
  return board;
}

// --- Solving ---

SolverConfig go_local_solver_config() {
  SolverConfig config;
  config.mode = SolverMode::kGuidedCuts;
  config.gamma = 0.0;
  config.delta = 10000.0;
  config.exploration = 0.1;
  // The value of a won playout: every child is tried before any is
  // searched deeper (branching is small once twins are merged), yet a child
  // proven not to win for the mover ranks below the unopened ones (its
  // delta term is smaller). Infinity (plain UCT) needed 1.5 times more
  // playouts, 0.5 as well (docs/solver.md).
  config.first_play_urgency = 1.0;
  return config;
}

namespace {

// At most 16 Mi nodes (400 MB of address space, touched only as used): a
// million playouts of the hardest seki problem, twins not merged, use 1.8 Mi.
// A full pool stops the tree growing; the answer may then be unknown
// (LocalSolve::pool_full).
constexpr std::size_t kMaxPoolNodes = std::size_t{1} << 24;

LocalOutcome outcome_of(int value) {
  if (value > 0) return LocalOutcome::kWon;
  return value < 0 ? LocalOutcome::kLost : LocalOutcome::kDraw;
}

}  // namespace

LocalSolve solve_local(const GoLocalGame& game, std::uint64_t max_playouts, std::uint64_t seed,
                       const SolverConfig& config) {
  using Solver = ScoreBoundedSolver<GoLocalGame>;
  Solver solver(config, std::min<std::size_t>(Solver::nodes_for(max_playouts), kMaxPoolNodes));
  Rng rng(seed);
  const Solver::Result r = solver.solve(game, max_playouts, rng);
  LocalSolve out;
  out.outcome = r.proven ? outcome_of(r.value) : LocalOutcome::kUnknown;
  out.playouts = r.playouts;
  out.pool_full = r.pool_full;
  // A root that is terminal already is one where the mover captures at once.
  const Point capture = game.winning_capture();
  out.best_move = r.has_move ? r.best_move : capture != kNoPoint ? capture : kPass;
  return out;
}

const char* outcome_name(LocalOutcome outcome) {
  switch (outcome) {
    case LocalOutcome::kWon: return "won";
    case LocalOutcome::kDraw: return "draw";
    case LocalOutcome::kLost: return "lost";
    default: return "unknown";
  }
}

}  // namespace tengen
