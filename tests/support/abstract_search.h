#pragma once
// For search tests on abstract games (no Go): one single-threaded search of
// a fixed number of simulations from the game's initial state, the tree
// left for the test to read.

#include <cstdint>

#include "tengen/search/mcts.h"

namespace tengen::test_support {

template <class Game>
void search_abstract_game(const Game& game, Tree& tree, const SelectionParams& params, const ChildInit* root,
                          int root_count, std::int64_t simulations, std::uint64_t seed, int draw_player = -1) {
  Mcts<Game> mcts(game, tree, params);
  mcts.set_expand_visits(1);
  mcts.prepare_root(root, root_count);
  MctsLimits limits;
  limits.playouts = simulations;
  limits.seed = seed;
  limits.draw_player = draw_player;
  mcts.run(typename Game::State{}, limits);
}

}  // namespace tengen::test_support
