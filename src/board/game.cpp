#include "tengen/board/game.h"

namespace tengen {

Game::Game(int size, double komi) : board_(size), start_(size), komi_(komi) { reset(size); }

void Game::reset(int size) {
  board_ = Board(size);
  start_ = board_;
  handicap_ = 0;
  setup_.clear();
  moves_.clear();
  hashes_.assign(1, board_.hash());
  seen_.clear();
  remember(board_.hash());
}

void Game::forget(std::uint64_t hash) {
  auto it = seen_.find(hash);
  if (it != seen_.end() && --it->second == 0) seen_.erase(it);
}

Game::Illegality Game::illegal_reason(Point p, Color c) const {
  if (p == kPass) return Illegality::None;
  if (!board_.on_board(p)) return Illegality::OffBoard;
  if (board_.at(p) != Color::Empty) return Illegality::Occupied;
  if (p == board_.ko_point() && c == board_.ko_color()) return Illegality::Ko;
  if (!board_.is_legal(p, c)) return Illegality::Suicide;
  if (superko_ && seen_.count(board_.hash_after(p, c)) > 0) return Illegality::Superko;
  return Illegality::None;
}

bool Game::play(Point p, Color c, Repetition repetition) {
  const Illegality reason = illegal_reason(p, c);
  if (reason != Illegality::None && !(reason == Illegality::Superko && repetition == Repetition::Accepted)) return false;
  board_.play(p, c);
  moves_.push_back({c, p});
  hashes_.push_back(board_.hash());
  remember(board_.hash());
  return true;
}

bool Game::undo() {
  if (moves_.empty()) return false;
  forget(hashes_.back());
  hashes_.pop_back();
  moves_.pop_back();
  board_ = start_;
  for (const Move& m : moves_) board_.play(m.point, m.color);
  return true;
}

bool Game::add_setup_stones(const std::vector<Point>& points, Color c) {
  if (!moves_.empty()) return false;
  if (points.empty()) return true;
  Board trial = board_;
  for (Point p : points) {
    if (!trial.on_board(p) || trial.at(p) != Color::Empty) return false;
    // A setup stone may not capture or be without liberties: a setup
    // position is a plain arrangement of living strings.
    if (trial.capture_size_if_played(p, c) > 0 || trial.liberties_after(p, c) == 0) return false;
    trial.add_stone(p, c);
  }
  for (Point p : points) setup_.push_back({c, p});
  // After Black's handicap or setup stones White moves; after White's, Black.
  trial.set_to_move(opponent(c));
  board_ = trial;
  start_ = trial;
  forget(hashes_.back());
  hashes_.assign(1, board_.hash());
  remember(board_.hash());
  return true;
}

}  // namespace tengen

namespace tengen {

bool Game::set_initial_to_move(Color c) {
  if (!moves_.empty()) return false;
  board_.set_to_move(c);
  start_.set_to_move(c);
  return true;
}

}  // namespace tengen
