#include "tengen/engine/go_search.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <cmath>

#include "tengen/tactics/self_atari.h"

namespace tengen {

namespace {

// Black's half points for a finished board's score (Black's area minus
// White's) at this komi.
int result_for_black(int area_lead, double komi) {
  const double score = area_lead - komi;
  return score > 0 ? 2 : score < 0 ? 0 : 1;
}

void log_most_critical(const std::vector<float>& map, int size) {
  std::vector<Point> points;
  for (int q = 0; q < static_cast<int>(map.size()); ++q) {
    if (is_on_board(static_cast<Point>(q), size)) points.push_back(static_cast<Point>(q));
  }
  const auto top = points.begin() + std::min<std::ptrdiff_t>(8, std::ssize(points));
  std::partial_sort(points.begin(), top, points.end(), [&](Point a, Point b) { return map[a] > map[b]; });
  std::string text;
  for (auto it = points.begin(); it != top; ++it) text += fmt::format(" {} {:.3f}", vertex_string(*it, size), map[*it]);
  spdlog::debug("most critical points:{}", text);
}

}  // namespace

int GoDomain::children(const Board& b, ChildInit* out, Scratch& scratch) const {
  const Color c = b.to_move();
  int n = 0;
  for (int i = 0; i < b.empty_count(); ++i) {
    const Point p = b.empty_point(i);
    if (b.is_playable(p, c) && !pruned(b, p, c, scratch.ladder)) out[n++] = {to_tree_move(p), 0.5f};
  }
  set_priors(b, out, n, scratch.features);
  add_playout_priors(out, n, &scratch.criticality);
  if (children_by_prior) {
    std::stable_sort(out, out + n, [](const ChildInit& a, const ChildInit& b) { return a.prior > b.prior; });
  }
  if (offers_pass(b, out, n)) out[n++] = {kTreePass, 0.5f};
  return n;
}

bool GoDomain::offers_pass(const Board& b, const ChildInit* moves, int n) const {
  const Color c = b.to_move();
  for (int i = 0; i < n; ++i) {
    if (!is_big_self_atari(b, to_point(moves[i].move), c, max_self_atari_stones)) return false;
  }
  return true;
}

// Running out of a ladder that works only feeds the opponent more stones,
// wherever in the tree it is tried. The playouts rarely chase a ladder to
// its end, so they rate the escape well and the search kept running ladders
// out on 19x19; Pachi prunes these moves from its tree too. While a ko is
// on, an escape may serve as a ko threat, so nothing is pruned then.
bool GoDomain::pruned(const Board& b, Point p, Color c, LadderReader& ladder) const {
  if (!prune_ladders || b.ko_point() != kNoPoint) return false;
  bool extends_from_atari = false;
  b.for_each_neighbor(p, [&](Point q) { extends_from_atari |= b.at(q) == c && b.liberties(q) == 1; });
  if (!extends_from_atari || b.capture_size_if_played(p, c) > 0 || b.liberties_after(p, c) != 2) return false;
  return ladder.escape_is_caught(b, p, c);
}

void GoDomain::set_priors(const Board& b, ChildInit* out, int n, patterns::FeatureExtractor& fx) const {
  const Color c = b.to_move();
  const bool learned_only = model && learned_mix >= 1.0;  // the expert rules would be thrown away
  if (!learned_only) {
    for (int i = 0; i < n; ++i) out[i].prior = expert_prior(b, to_point(out[i].move), c, priors);
  }
  if (!model || n == 0) return;
  float h[kMaxPoints];
  const patterns::ShapeView view(b, c);
  for (int i = 0; i < n; ++i) h[i] = model->strength(b, view, to_point(out[i].move), c, fx);
  patterns::strengths_to_priors(h, n, learned_exponent);
  const float mix = static_cast<float>(learned_mix);
  for (int i = 0; i < n; ++i) out[i].prior = mix * h[i] + (1.0f - mix) * out[i].prior;  // exactly h[i] at mix 1
}

namespace {
// A thread's own tally once it has min_playouts, else the previous search's
// map (null: nothing).
template <class F>
void for_each_from_playouts(ChildInit* out, int n, const CriticalityTally* tally, std::int64_t min_playouts,
                            float (CriticalityTally::*own)(Point) const, const std::vector<float>* previous, F&& f) {
  const bool mine = tally && tally->playouts() >= min_playouts;
  if (!mine && !previous) return;
  for (int i = 0; i < n; ++i) {
    if (out[i].move == kTreePass) continue;
    const Point p = to_point(out[i].move);
    f(out[i], mine ? (tally->*own)(p) : p < previous->size() ? (*previous)[p] : 0.0f);
  }
}
}  // namespace

void GoDomain::add_criticality(ChildInit* out, int n, const CriticalityTally* tally) const {
  for_each_from_playouts(out, n, tally, criticality_min_playouts, &CriticalityTally::at, criticality_map,
                         [&](ChildInit& kid, float crit) {
                           if (crit > 0) kid.prior = std::min(0.98f, kid.prior + static_cast<float>(criticality_weight) * crit);
                         });
}

void GoDomain::lower_settled_priors(ChildInit* out, int n, const CriticalityTally* tally) const {
  for_each_from_playouts(out, n, tally, criticality_min_playouts, &CriticalityTally::settled, settled_map,
                         [&](ChildInit& kid, float s) {
                           const float factor = std::exp(-static_cast<float>(owner_prior_weight) * s * s);
                           const float odds = kid.prior / std::max(1e-6f, 1.0f - kid.prior) * factor;
                           kid.prior = odds / (1.0f + odds);
                         });
}

void GoDomain::add_playout_priors(ChildInit* out, int n, const CriticalityTally* tally) const {
  if (criticality_weight > 0) add_criticality(out, n, tally);
  if (owner_prior_weight > 0) lower_settled_priors(out, n, tally);
}

int GoDomain::rollout(Board& b, Rng& rng, Scratch& scratch, TrailEntry* trail, int* length) const {
  const int root_move = *length > 0 ? trail[0].move : ScoreTally::kNoRootMove;  // before the playout's moves
  const int room = std::min(kMaxTrail - *length, playout_move_limit(b.size()));
  std::uint8_t player = static_cast<std::uint8_t>(this->player(b));
  PlayoutResult r;
  if (heavy) {
    if (!scratch.heavy) {
      scratch.heavy.emplace(*heavy);
      if (heavy->last_good_reply.on) {
        scratch.replies = std::make_unique<LastGoodReply>();
        scratch.heavy->use_replies(scratch.replies.get());
      }
    }
    r = scratch.heavy->playout(b, rng, room, scratch.moves);
  } else {
    r = light_playout(b, rng, room, scratch.moves);
  }
  for (int i = 0; i < r.moves_played; ++i) {
    trail[(*length)++] = {to_tree_move(scratch.moves[i]), player};
    player ^= 1;
  }
  if (scratch.owned.size() != static_cast<std::size_t>(b.num_points())) scratch.owned.assign(b.num_points(), 0);
  for (int q = 0; q < b.num_points(); ++q) {
    const int owner = b.playout_owner(static_cast<Point>(q));
    scratch.owned[q] += owner;
    scratch.owners[q] = static_cast<std::int8_t>(owner);
  }
  const int area_lead = final_area_lead(b, r.score);  // the playout scored its final board already
  scratch.scores.add(root_move, area_lead);
  const int result = result_for_black(area_lead, komi);
  if (tallies_playouts()) scratch.criticality.add({scratch.owners, static_cast<std::size_t>(b.num_points())}, result);
  if (scratch.replies) learn_replies(*scratch.replies, trail, *length, result);
  return result;
}

void GoDomain::learn_replies(LastGoodReply& replies, const TrailEntry* trail, int length, int result_for_black) {
  if (result_for_black == 1) return;  // a draw teaches nothing
  const std::uint8_t winner = result_for_black == 2 ? 0 : 1;
  for (int i = 1; i < length; ++i) {
    const Color mover = trail[i].player == 0 ? Color::Black : Color::White;
    const Point second_last = i >= 2 ? to_point(trail[i - 2].move) : kNoPoint;
    replies.learn(mover, second_last, to_point(trail[i - 1].move), to_point(trail[i].move),
                  trail[i].player == winner);
  }
}

int GoDomain::terminal_result(const Board& b) const { return result_for_black(final_area_lead(b, b.playout_score()), komi); }

int GoDomain::final_area_lead(const Board& b, int playout_score) const {
  if (!dead_stones) return playout_score;
  int lead = playout_score;
  for (const DeadStone& d : *dead_stones) {
    if (b.at(d.point) == d.color) lead += d.color == Color::Black ? -2 : 2;
  }
  return lead;
}

// Centred on the score the search expects rather than on zero, the term
// tells a win by 30 from a win by 10 when the game is decided (and a loss
// by 10 from one by 30), where the outcome alone makes every move alike
// (KataGo's dynamic score utility does the same).
double GoDomain::score_utility(const Board& b) const {
  const double centre = std::isnan(score_center) ? komi : score_center;
  return std::tanh((final_area_lead(b, b.playout_score()) - centre) / score_scale);
}

// A search that maximises only its chance of winning plays any winning
// move once the game is decided, and gives away points (seki, endgame,
// ko threats) that cost real games when "decided" was wrong. In an open
// game the score term only adds noise from the playouts' scores: at full
// weight it lost 17 of 20 games on 19x19 (docs/strength.md).
double GoSearch::score_weight_share(double decided, double certainty) {
  if (decided >= 1) return certainty >= 1 ? 1 : 0;
  return std::clamp((certainty - decided) / (1 - decided), 0.0, 1.0);
}

// MoGo tunes C by board size. On 19x19 a move gets some 2,000 playouts
// spread over 300 candidates, and the learned prior must weigh more against
// their noise than on 9x9. Not as an added bias, which drowns the values
// (C = 4 lost 19 of 20 games to Pachi), but as visits in each move's mean,
// which its own results outweigh (docs/strength.md).
SelectionParams GoSearch::selection_params(const Settings& s, int size) {
  SelectionParams p = SelectionParams::from_settings(s);
  p.progressive_bias = by_board_size(s.progressive_bias, s.progressive_bias_19, size);
  p.prior_mean_visits = by_board_size(s.prior_mean_visits, s.prior_mean_visits_19, size);
  return p;
}

// Expanding a node computes the learned prior of every legal move. On 19x19
// a leaf waits for its 4th visit: 87 of 180 games against Pachi, against 30
// of 80 at the 2nd (not a significant gain, docs/strength.md). On 9x9 the
// 2nd stays, as its matches chose.
std::uint32_t GoSearch::expand_visits(const Settings& s, int size) {
  // Both values are at least 1 (the registry's range), so is what lies between.
  return static_cast<std::uint32_t>(std::lround(by_board_size(s.expand_visits, s.expand_visits_19, size)));
}

// A 19x19 search's win rate of 0.8 is far from a decided game: starting
// the score term there, as on 9x9, scored 48% over 200 games against the
// defaults; from 0.95, 51% over 100, with its wins as large
// (docs/strength.md).
double GoSearch::score_decided(const Settings& s, int size) {
  return by_board_size(s.score_decided, s.score_decided_19, size);
}

namespace {

// The learned pattern model when the settings ask for it, else null. Throws
// PatternModelError on a malformed file, or a missing one that was named;
// without the shipped model, Tengen falls back to the expert rules.
std::shared_ptr<const patterns::PatternModel> prior_model(const Settings& s) {
  if (!s.learned_priors) return nullptr;
  const std::string path = s.prior_model_file.empty() ? patterns::default_model_file() : s.prior_model_file;
  if (s.prior_model_file.empty() && !std::filesystem::exists(path)) {
    spdlog::warn("no learned pattern model at {}: priors from the expert rules alone", path);
    return nullptr;
  }
  return std::make_shared<const patterns::PatternModel>(patterns::PatternModel::load(path));
}

}  // namespace

GoSearch::GoSearch(const Settings& settings)
    : settings_(settings),
      heavy_(heavy_config(settings)),
      model_(prior_model(settings)),
      tree_(std::make_unique<Tree>(static_cast<std::size_t>(settings.memory) << 20)) {}

void GoSearch::configure(const Settings& settings) {
  const bool resize = settings.memory != settings_.memory;
  // First, so a bad pattern or model file changes nothing; the model is
  // read again only when it changes.
  auto heavy = heavy_config(settings);
  auto model = settings.learned_priors == settings_.learned_priors && settings.prior_model_file == settings_.prior_model_file
                   ? model_
                   : prior_model(settings);
  heavy_ = std::move(heavy);
  model_ = std::move(model);
  settings_ = settings;
  if (resize) tree_ = std::make_unique<Tree>(static_cast<std::size_t>(settings.memory) << 20);
  forget_tree();
}

void GoSearch::forget_tree() {
  tree_->clear();
  expected_area_lead_ = NAN;
  last_certainty_ = 0;
  criticality_.clear();
  settled_.clear();
  tree_history_.clear();
  tree_setup_.clear();
  tree_to_move_ = Color::Empty;
  tree_size_ = 0;
}

// Keeps the subtree of the moves played since the last search, if this game
// continues that one; then gives the root exactly the moves the game allows.
void GoSearch::prepare_root(const Game& game, const Board& root_board, Color to_move, double komi, Color draw_side,
                            const std::vector<Point>& favoured) {
  const std::vector<Move>& moves = game.moves();
  // Whom a draw is worth draw-value to matters only where a simulation can
  // end drawn: area leads are whole points, so a komi off the whole points
  // allows none (an engine playing both colours keeps its tree then).
  const bool draws = komi == std::floor(komi);
  const bool same_draws =
      settings_.draw_value == 0.5 || draw_side == tree_draw_side_ || (!draws && !tree_allowed_draws_);
  bool continues = settings_.reuse_tree && tree_to_move_ != Color::Empty && tree_size_ == game.size() &&
                   tree_setup_ == game.setup() && tree_komi_ == game.komi() && same_draws &&
                   moves.size() >= tree_history_.size() &&
                   std::equal(tree_history_.begin(), tree_history_.end(), moves.begin());
  std::vector<TreeMove> path;
  Color next = tree_to_move_;
  for (std::size_t i = tree_history_.size(); continues && i < moves.size(); ++i) {
    continues = moves[i].color == next;
    path.push_back(to_tree_move(moves[i].point));
    next = opponent(next);
  }
  continues = continues && next == to_move;
  // The scores of the root's simulations are kept while the root stays the
  // same position (analysis, or a genmove after pondering there).
  if (!continues || !path.empty()) root_scores_ = ScoreTally();
  // The last search's criticality describes this game's board, one or two
  // moves ago (a fresh tree need not mean a new game: reuse-tree false).
  if (tree_size_ != game.size()) {
    criticality_.clear();
    settled_.clear();
  }
  if (continues) {
    tree_->reroot(path.data(), static_cast<int>(path.size()));
  } else {
    tree_->clear();
  }
  tree_history_ = moves;
  tree_setup_ = game.setup();
  tree_komi_ = game.komi();
  tree_draw_side_ = draw_side;
  tree_allowed_draws_ = draws;
  tree_to_move_ = to_move;
  tree_size_ = game.size();

  // As GoDomain::children, but legal under superko.
  const GoDomain go = domain(0, game.size());
  auto ladder = std::make_unique<LadderReader>();
  std::vector<ChildInit> root_children;
  for (int i = 0; i < root_board.empty_count(); ++i) {
    const Point p = root_board.empty_point(i);
    if (!root_board.is_true_eye(p, to_move) && game.is_legal(p, to_move) && !go.pruned(root_board, p, to_move, *ladder)) {
      root_children.push_back({to_tree_move(p), 0.5f});
    }
  }
  patterns::FeatureExtractor fx;
  go.set_priors(root_board, root_children.data(), static_cast<int>(root_children.size()), fx);
  go.add_playout_priors(root_children.data(), static_cast<int>(root_children.size()), nullptr);
  if (go.offers_pass(root_board, root_children.data(), static_cast<int>(root_children.size()))) {
    root_children.push_back({kTreePass, 0.5f});
  }
  tree_->set_root_children(root_children.data(), static_cast<int>(root_children.size()),
                           static_cast<std::uint32_t>(settings_.prior_visits));
  // A favoured move, kept from the last search or new, starts as if its
  // prior visits had all been won.
  Node& root = tree_->root();
  Node* kids = tree_->children(root);
  for (Point p : favoured) {
    for (int i = 0; i < root.num_children; ++i) {
      if (kids[i].move != to_tree_move(p)) continue;
      kids[i].prior = 1.0f;
      for (int v = 0; v < settings_.prior_visits; ++v) Tree::add_rave_result(kids[i], kWinUnits);
    }
  }
}

// Time management inside the search: stop early once the most visited move
// can no longer be overtaken; past the planned time, go on (up to
// max_seconds) while the most visited move is not also the best valued one.
bool GoSearch::keep_going(std::int64_t playouts, double seconds, const SearchLimits& limits, double* last_report) {
  Node& root = tree_->root();
  if (limits.report && seconds - *last_report >= limits.report_interval) {
    *last_report = seconds;
    limits.report(collect(root, playouts));
  }
  const Node* kids = tree_->children(root);
  std::uint32_t first = 0, second = 0;
  const Node* most = nullptr;
  for (int i = 0; i < root.num_children; ++i) {
    const std::uint32_t n = kids[i].n();
    if (n > first) {
      second = first;
      first = n;
      most = &kids[i];
    } else if (n > second) {
      second = n;
    }
  }
  if (!most || playouts < 100) return true;
  double remaining = 1e300;
  if (limits.playouts > 0) remaining = static_cast<double>(limits.playouts - playouts);
  if (limits.seconds > 0) {
    const double rate = playouts / std::max(seconds, 1e-3);
    const double end = std::max(limits.seconds, limits.max_seconds);
    remaining = std::min(remaining, rate * std::max(0.0, end - seconds));
  }
  // In a cluster the other ranks' simulations close the gap too.
  if (observer_) remaining *= observer_->playout_scale();
  if (settings_.early_stop && limits.early_stop && first - second > remaining) return false;
  if (limits.seconds > 0 && seconds >= limits.seconds) {
    bool most_is_best = true;
    for (int i = 0; i < root.num_children; ++i) {
      if (kids[i].n() > first / 4 && kids[i].value() > most->value() + 0.02) most_is_best = false;
    }
    if (most_is_best || seconds >= std::max(limits.seconds, limits.max_seconds)) return false;
  }
  return true;
}

SearchResult GoSearch::run(const Game& game, Color to_move, double komi, const SearchLimits& limits,
                           const std::atomic<bool>* stop) {
  Board root_board = game.board();
  root_board.set_to_move(to_move);
  // A position both players passed in is still played out by the search.
  root_board.reset_pass_count();
  // A kept tree was grown at the komi of its time; dynamic komi moves it by a
  // point or so a move, which the statistics absorb.
  const Color draw_side = limits.draw_side == Color::Empty ? to_move : limits.draw_side;
  prepare_root(game, root_board, to_move, komi, draw_side, limits.favoured);
  const std::size_t reused = tree_->root().n();
  if (observer_) observer_->search_started({game, to_move, komi, draw_side, limits.favoured, limits.dead}, *tree_);

  GoDomain domain = this->domain(komi, game.size());
  std::vector<DeadStone> dead;
  for (Point p : limits.dead) {
    if (root_board.on_board(p) && is_player(root_board.at(p))) dead.push_back({p, root_board.at(p)});
  }
  if (!dead.empty()) domain.dead_stones = &dead;
  SelectionParams params = selection_params(settings_, game.size());
  params.score_weight *= score_weight_share(score_decided(settings_, game.size()), last_certainty_);
  Mcts<GoDomain> mcts(domain, *tree_, params);
  mcts.set_expand_visits(expand_visits(settings_, game.size()));
  MctsLimits mcts_limits;
  mcts_limits.playouts = limits.playouts;
  mcts_limits.threads = settings_.threads;
  mcts_limits.seed = seed_or_clock(settings_.seed, game.moves().size());
  mcts_limits.stop = stop;
  mcts_limits.draw_player = GoDomain::player_of(draw_side);
  double last_report = 0;
  mcts_limits.keep_going = [&](std::int64_t n, double secs) { return keep_going(n, secs, limits, &last_report); };
  std::vector<std::int64_t> owned(root_board.num_points(), 0);
  CriticalityTally criticality;
  const MctsStats stats = mcts.run(root_board, mcts_limits, [&](GoDomain::Scratch& s) {
    for (std::size_t q = 0; q < s.owned.size(); ++q) owned[q] += s.owned[q];
    root_scores_.merge(s.scores);
    criticality.merge(s.criticality);
  });
  if (criticality.playouts() > 0) {
    criticality_ = criticality.map(root_board.num_points());
    settled_ = criticality.settled_map(root_board.num_points());
    if (spdlog::should_log(spdlog::level::debug)) log_most_critical(criticality_, root_board.size());
  }

  // The cluster's simulations count (the ownership below is this process's).
  const std::int64_t remote = observer_ ? observer_->search_finished(*tree_, stats.playouts) : 0;
  SearchResult result = collect(tree_->root(), stats.playouts + remote);
  result.score = root_scores_.mean();
  if (!std::isnan(result.score)) expected_area_lead_ = result.score;
  last_certainty_ = std::fabs(2 * result.win_rate - 1);
  for (RootChild& c : result.children) c.score = root_scores_.mean(to_tree_move(c.move));
  result.seconds = stats.seconds;
  result.reused_visits = reused;
  result.ownership.assign(root_board.num_points(), 0.0f);
  for (std::size_t q = 0; q < owned.size(); ++q) {
    result.ownership[q] = stats.playouts > 0 ? static_cast<float>(owned[q]) / stats.playouts : 0.0f;
  }
  if (limits.report) limits.report(result);  // the final state, however short the search, with ownership
  spdlog::debug("search: {} playouts in {:.2f} s, depth {}, {} nodes, {} reused visits", stats.playouts,
                stats.seconds, stats.max_depth, tree_->used(), reused);
  return result;
}

GoDomain GoDomain::from_settings(const Settings& s, double komi, int size) {
  GoDomain d{};
  d.komi = komi;
  d.score_scale = s.score_scale * size / 19.0;
  d.priors = prior_weights(s);
  d.rave = s.rave;
  d.prune_ladders = s.prune_ladders;
  d.max_self_atari_stones = s.heavy_self_atari_max;
  d.children_by_prior = SelectionParams::widens(s.widening);
  d.criticality_weight = s.criticality_weight;
  d.criticality_min_playouts = s.criticality_min_playouts;
  d.owner_prior_weight = s.owner_prior_weight;
  d.learned_exponent = s.learned_prior_exponent;
  d.learned_mix = s.learned_prior_mix;
  return d;
}

GoDomain GoSearch::domain(double komi, int size) const {
  GoDomain d = GoDomain::from_settings(settings_, komi, size);
  d.score_center = expected_area_lead_;
  if (!criticality_.empty()) d.criticality_map = &criticality_;
  if (!settled_.empty()) d.settled_map = &settled_;
  d.heavy = heavy_.get();
  d.model = model_.get();
  return d;
}

SearchResult GoSearch::collect(const Node& root, std::int64_t playouts) {
  SearchResult result;
  result.playouts = playouts;
  const Node* kids = tree_->children(root);
  for (int i = 0; i < root.num_children; ++i) {
    const Node& c = kids[i];
    result.children.push_back({to_point(c.move), c.n(), c.win_rate(), c.prior, c.rave_value(), {}});
    if (c.n() > 0) result.children.back().pv = principal_variation(c);
  }
  std::stable_sort(result.children.begin(), result.children.end(),
                   [](const RootChild& a, const RootChild& b) { return a.visits > b.visits; });
  result.best = result.children.front().move;
  result.win_rate = result.children.front().win_rate;
  result.principal_variation = result.children.front().pv;
  return result;
}

// The move of `node`, then the most visited child, level by level.
std::vector<Point> GoSearch::principal_variation(const Node& node) {
  constexpr int kMaxLength = 20;
  std::vector<Point> pv{to_point(node.move)};
  const Node* n = &node;
  while (static_cast<int>(pv.size()) < kMaxLength && n->expanded() && n->num_children > 0) {
    const Node* ks = tree_->children(*n);
    const Node* best = std::max_element(ks, ks + n->num_children, [](const Node& a, const Node& b) { return a.n() < b.n(); });
    if (best->n() == 0) break;
    pv.push_back(to_point(best->move));
    n = best;
  }
  return pv;
}

}  // namespace tengen
