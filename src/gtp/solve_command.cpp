// tengen-solve <vertex> [max_playouts]: proves the capturing race or seki
// around the string at <vertex> with the score-bounded solver, for the side
// to move (docs/solver.md, "Go local games"). The reply is
// "<won|draw|lost|unknown> <best move or pass> <playouts used>", the outcome
// from the side to move's point of view.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tengen/gtp/gtp.h"
#include "tengen/solver/go_local.h"
#include "tengen/util/parse.h"

namespace tengen {
namespace {

constexpr std::uint64_t kDefaultSolvePlayouts = 1'000'000;
constexpr std::uint64_t kMaxSolvePlayouts = 100'000'000;
constexpr std::uint64_t kSolveSeed = 1;  // the same question always gets the same answer

std::optional<std::uint64_t> parse_budget(std::string_view s) {
  const auto v = parse_integer<std::uint64_t>(s);
  if (!v || *v == 0 || *v > kMaxSolvePlayouts) return std::nullopt;
  return v;
}

}  // namespace

GtpServer::Reply GtpServer::cmd_solve(const Args& args) {
  if (args.empty() || args.size() > 2) return failure("syntax error");
  const std::optional<Point> p = parse_point(args[0]);
  if (!p || *p == kPass) return failure("invalid vertex");
  std::uint64_t budget = kDefaultSolvePlayouts;
  if (args.size() == 2) {
    const std::optional<std::uint64_t> b = parse_budget(args[1]);
    if (!b) return failure("invalid playout budget (1 to " + std::to_string(kMaxSolvePlayouts) + ")");
    budget = *b;
  }
  std::string why;
  const std::optional<GoLocalGame> game = local_game_at(engine_.game().board(), *p, &why);
  if (!game) return failure(why);
  const LocalSolve r = solve_local(*game, budget, kSolveSeed);
  return success(std::string(outcome_name(r.outcome)) + " " + vertex(r.best_move) + " " + std::to_string(r.playouts));
}

}  // namespace tengen
