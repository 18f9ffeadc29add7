#pragma once
// The last end-of-game judgement and the position it was made for. The same
// position is judged once: final_score, final_status_list and the pass
// decision then agree with each other, however uncertain a fight is (the
// judgement comes from random playouts).

#include <cstddef>
#include <cstdint>
#include <optional>

#include "tengen/board/game.h"
#include "tengen/engine/scoring.h"

namespace tengen {

class JudgementCache {
 public:
  // The judgement of the game's position: make() the first time this
  // position is asked about, the same judgement after that.
  template <typename Make>
  const Judgement& get(const Game& game, Make&& make) {
    const Key key = key_of(game);
    if (!judgement_ || !(key_ == key)) {
      judgement_ = make();
      key_ = key;
    }
    return *judgement_;
  }
  // Forgets it, for when what a judgement depends on (a setting) changes.
  void clear() { judgement_.reset(); }

 private:
  struct Key {
    std::uint64_t hash;
    Color to_move;
    int size;
    double komi;
    std::size_t moves;
    bool operator==(const Key&) const = default;
  };
  static Key key_of(const Game& game) {
    const Board& board = game.board();
    return {board.hash(), board.to_move(), game.size(), game.komi(), game.moves().size()};
  }

  std::optional<Judgement> judgement_;
  Key key_{};
};

}  // namespace tengen
