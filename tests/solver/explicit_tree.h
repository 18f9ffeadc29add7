#pragma once
// A game given as an explicit tree, for testing the solver on hand-made and
// random trees: "max(0, min(1, -1), -1)" is a Max node with three children.
// Moves are child indices; playouts pick children uniformly.

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/util/random.h"

namespace tengen::test {

struct ExplicitTree {
  struct Node {
    bool max_to_move = true;
    int score = 0;  // leaves only
    std::vector<int> children;
  };
  std::vector<Node> nodes;  // nodes[0] is the root
  int min_score = -1;
  int max_score = 1;
};

class TreeGame {
 public:
  using Move = std::uint16_t;
  static constexpr int kMaxMoves = 8;

  explicit TreeGame(const ExplicitTree& tree, int node = 0) : tree_(&tree), node_(node) {}

  int node() const { return node_; }
  bool max_to_move() const { return at().max_to_move; }
  bool is_terminal() const { return at().children.empty(); }
  int score() const { return at().score; }
  int min_score() const { return tree_->min_score; }
  int max_score() const { return tree_->max_score; }
  int legal_moves(Move* out) const {
    const int n = static_cast<int>(at().children.size());
    for (int i = 0; i < n; ++i) out[i] = static_cast<Move>(i);
    return n;
  }
  void play(Move m) { node_ = at().children.at(m); }
  int playout(Rng& rng) {
    while (!is_terminal()) play(static_cast<Move>(rng.below(static_cast<std::uint32_t>(at().children.size()))));
    return score();
  }

 private:
  const ExplicitTree::Node& at() const { return tree_->nodes[node_]; }
  const ExplicitTree* tree_;
  int node_;
};

// The exact minimax value of a node.
inline int minimax(const ExplicitTree& t, int node = 0) {
  const ExplicitTree::Node& n = t.nodes[node];
  if (n.children.empty()) return n.score;
  int best = n.max_to_move ? t.min_score : t.max_score;
  for (const int c : n.children) best = n.max_to_move ? std::max(best, minimax(t, c)) : std::min(best, minimax(t, c));
  return best;
}

namespace detail {

class TreeParser {
 public:
  TreeParser(std::string_view text, ExplicitTree& tree) : text_(text), tree_(tree) {}

  int parse_node() {
    skip_spaces();
    const int index = static_cast<int>(tree_.nodes.size());
    tree_.nodes.emplace_back();
    if (text_.substr(pos_, 4) == "max(" || text_.substr(pos_, 4) == "min(") {
      const bool is_max = text_.substr(pos_, 3) == "max";
      pos_ += 4;
      std::vector<int> children;
      do children.push_back(parse_node());
      while (consume(','));
      if (!consume(')')) throw std::invalid_argument("tree: ')' expected");
      tree_.nodes[index].max_to_move = is_max;
      tree_.nodes[index].children = std::move(children);
    } else {
      tree_.nodes[index].score = parse_int();
    }
    return index;
  }

  void finish() {
    skip_spaces();
    if (pos_ != text_.size()) throw std::invalid_argument("tree: trailing text");
  }

 private:
  void skip_spaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool consume(char c) {
    skip_spaces();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  int parse_int() {
    const std::size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    if (pos_ == start) throw std::invalid_argument("tree: number expected");
    return std::stoi(std::string(text_.substr(start, pos_ - start)));
  }

  std::string_view text_;
  ExplicitTree& tree_;
  std::size_t pos_ = 0;
};

inline int add_random_node(ExplicitTree& t, Rng& rng, int depth, int max_branching, bool max_to_move) {
  const int index = static_cast<int>(t.nodes.size());
  t.nodes.emplace_back();
  const int range = t.max_score - t.min_score + 1;
  if (depth == 0 || rng.below(6) == 0) {
    t.nodes[index].score = t.min_score + static_cast<int>(rng.below(static_cast<std::uint32_t>(range)));
    return index;
  }
  t.nodes[index].max_to_move = max_to_move;
  const int count = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(max_branching)));
  for (int i = 0; i < count; ++i) {
    // Mostly alternating, sometimes the same side moves twice (the paper
    // allows it, and Go local games may too).
    const bool next = rng.below(5) == 0 ? max_to_move : !max_to_move;
    const int child = add_random_node(t, rng, depth - 1, max_branching, next);
    t.nodes[index].children.push_back(child);
  }
  return index;
}

}  // namespace detail

inline ExplicitTree parse_tree(std::string_view text, int min_score = -1, int max_score = 1) {
  ExplicitTree tree;
  tree.min_score = min_score;
  tree.max_score = max_score;
  detail::TreeParser parser(text, tree);
  parser.parse_node();
  parser.finish();
  return tree;
}

inline ExplicitTree random_tree(Rng& rng, int depth, int max_branching, int min_score, int max_score) {
  ExplicitTree tree;
  tree.min_score = min_score;
  tree.max_score = max_score;
  detail::add_random_node(tree, rng, depth, max_branching, rng.below(2) == 0);
  return tree;
}

// The same game with Max and Min swapped and every score negated.
inline ExplicitTree mirrored(const ExplicitTree& t) {
  ExplicitTree m = t;
  m.min_score = -t.max_score;
  m.max_score = -t.min_score;
  for (ExplicitTree::Node& n : m.nodes) {
    n.max_to_move = !n.max_to_move;
    n.score = -n.score;
  }
  return m;
}

}  // namespace tengen::test
