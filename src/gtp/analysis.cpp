// Analysis for GUIs: Leela Zero / KataGo style live analysis (Sabaki,
// Lizzie), GoGui's analyze commands and parameter editing, and the
// commands CGOS's client sends.

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "gtp/text.h"
#include "tengen/gtp/gtp.h"

namespace tengen {

using gtp_text::lower;
using gtp_text::parse_color;
using gtp_text::parse_float;
using gtp_text::parse_int;

namespace {

// Shortest analysis interval: printing more often only costs playouts.
constexpr double kMinInterval = 0.05;
// Children reported per info line, the most visited first.
constexpr std::size_t kMaxReported = 30;

struct AnalyzeArgs {
  std::optional<Color> color;
  double interval = 1.0;  // seconds
  bool ownership = false;
};

// [colour] [interval in centiseconds] then key value pairs; of those only
// "interval" and "ownership" mean something here, the rest (minmoves,
// maxmoves, avoid...) are accepted and ignored, as clients send them.
std::optional<AnalyzeArgs> parse_analyze_args(const std::vector<std::string>& args) {
  AnalyzeArgs out;
  std::size_t i = 0;
  if (i < args.size() && parse_color(args[i])) out.color = parse_color(args[i++]);
  if (i < args.size() && parse_int(args[i])) {
    const int cs = *parse_int(args[i++]);
    if (cs < 0) return std::nullopt;
    out.interval = cs / 100.0;
  }
  for (; i < args.size(); i += 2) {
    if (i + 1 >= args.size()) return std::nullopt;
    const std::string key = lower(args[i]);
    if (key == "interval") {
      const auto cs = parse_int(args[i + 1]);
      if (!cs || *cs < 0) return std::nullopt;
      out.interval = *cs / 100.0;
    } else if (key == "ownership") {
      const std::string v = lower(args[i + 1]);
      if (v != "true" && v != "false") return std::nullopt;
      out.ownership = v == "true";
    }
  }
  out.interval = std::max(out.interval, kMinInterval);
  return out;
}

// A rough lower confidence bound on a win rate from n visits.
double lower_bound(double w, std::uint32_t n) {
  if (n == 0) return 0;
  return std::max(0.0, w - 1.96 * std::sqrt(std::max(w * (1 - w), 0.0) / n));
}

std::string format_number(double v) {
  std::ostringstream out;
  out.precision(4);
  out << std::fixed << v;
  std::string s = out.str();
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

// One line of `info move ...` blocks, best first, pv last in each block:
// Leela Zero's integers out of 10000, or KataGo's fractions. Win rates and
// scores are for `c`, the side analysed; KataGo's scoreMean and scoreLead
// (the same number here: the mean final score of the move's simulations
// at the game's komi) come when the move had simulations in the searches
// of this position.
std::string info_line(const SearchResult& r, int size, bool kata, Color c, double komi) {
  // A prior is the move's share of the root's priors (H, which is no
  // probability by itself): Lizzie and Sabaki show it as one.
  double prior_sum = 0;
  for (const RootChild& child : r.children) prior_sum += child.prior;
  const double sign = c == Color::Black ? 1 : -1;
  std::string line;
  std::size_t order = 0;
  for (const RootChild& child : r.children) {
    if (child.visits == 0 || order >= kMaxReported) break;
    const double lcb = lower_bound(child.win_rate, child.visits);
    const double prior = prior_sum > 0 ? child.prior / prior_sum : 0;
    auto scaled = [&](double v) { return kata ? format_number(v) : std::to_string(static_cast<int>(std::lround(v * 10000))); };
    if (!line.empty()) line += ' ';
    line += "info move " + vertex_string(child.move, size) + " visits " + std::to_string(child.visits) + " winrate " +
            scaled(child.win_rate);
    if (kata && !std::isnan(child.score)) {
      const std::string lead = format_number(sign * (child.score - komi));
      line += " scoreMean " + lead + " scoreLead " + lead;
    }
    line += " prior " + scaled(prior) + " lcb " + scaled(lcb) + " order " + std::to_string(order++) + " pv";
    for (Point p : child.pv) line += " " + vertex_string(p, size);
  }
  return line;
}

// GoGui's parameter dialogs, one per group of the registry: a group runs,
// in registry order, from its first parameter to the next group's. GoGui
// lays a dialog out in columns of 15 and has no scroll bar: all 80 in one
// dialog made it wider than a 1280-pixel screen; 29 or fewer make two
// columns. The search's budget and its selection formula are apart for
// that reason, and so are the playout rules around the last move and the
// pattern, capture and sacrifice rules.
struct ParamGroup {
  std::string_view name;
  std::string_view first;
  std::string_view label;
};
constexpr ParamGroup kParamGroups[] = {
    {"search", "threads", "Search parameters"},
    {"selection", "rave", "Selection parameters"},
    {"priors", "prior-base", "Prior parameters"},
    {"playouts", "policy", "Playout policy parameters"},
    {"playout-shapes", "heavy-pattern", "Playout pattern and capture parameters"},
    {"playing", "resign-threshold", "Playing parameters"},
    {"solver", "solver-playouts", "Solver parameters"},
    {"game", "superko", "Game and clock parameters"},
};

bool is_group(std::string_view name) {
  return std::any_of(std::begin(kParamGroups), std::end(kParamGroups),
                     [&](const ParamGroup& g) { return g.name == name; });
}

// The parameters of a group (all of them for an empty name) that a game can
// change. The start-up board size and komi are left out: the game's come
// from boardsize and komi (GoGui's Game menu), and a dialog showing the
// start-up ones beside them would show a komi the game does not have.
std::vector<const ParamDef*> params_of(std::string_view group) {
  std::vector<const ParamDef*> out;
  std::string_view current;
  for (const ParamDef& def : param_registry()) {
    for (const ParamGroup& g : kParamGroups) {
      if (def.name == g.first) current = g.name;
    }
    if (def.name == "board-size" || def.name == "komi") continue;
    if (group.empty() || group == current) out.push_back(&def);
  }
  return out;
}

// KataGo's ownership: one value per point from the top-left, row by row,
// positive for `c`.
std::string ownership_text(const SearchResult& r, int size, Color c) {
  std::string out = "ownership";
  const double sign = c == Color::Black ? 1 : -1;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const Point p = point_at(x, y, size);
      const double o = r.ownership.empty() ? 0.0 : sign * r.ownership[p];
      out += " " + format_number(std::clamp(o, -1.0, 1.0));
    }
  }
  return out;
}

}  // namespace

// --- Sabaki / Lizzie live analysis ---

GtpServer::Reply GtpServer::analyze(const Args& args, bool kata) {
  const auto parsed = parse_analyze_args(args);
  if (!parsed) return failure("syntax error");
  const Color c = parsed->color.value_or(engine_.game().to_move());
  const int size = engine_.game().size();
  open_stream();
  // Report once per interval until the next command arrives (at least once).
  do {
    const SearchResult r = engine_.analyze(c, parsed->interval, input_ ? &input_->pending() : nullptr);
    std::string line = info_line(r, size, kata, c, engine_.game().komi());
    if (kata && parsed->ownership) line += (line.empty() ? "" : " ") + ownership_text(r, size, c);
    if (!line.empty()) emit(line + "\n");  // an empty line would end the reply
  } while (!input_pending());
  return {true, "", true};
}

GtpServer::Reply GtpServer::cmd_lz_analyze(const Args& args) { return analyze(args, false); }
GtpServer::Reply GtpServer::cmd_kata_analyze(const Args& args) { return analyze(args, true); }

GtpServer::Reply GtpServer::genmove_analyze(const Args& args, bool kata) {
  const auto parsed = parse_analyze_args(args);
  if (!parsed || !parsed->color) return failure("syntax error");
  const int size = engine_.game().size();
  open_stream();
  SearchHooks hooks;
  hooks.stop = interrupt_flag();
  hooks.report_interval = parsed->interval;
  const Color c = *parsed->color;
  hooks.report = [&](const SearchResult& r) {
    std::string line = info_line(r, size, kata, c, engine_.game().komi());
    // The CGOS client stores the last line's ownership in its records; only
    // the final report has one (the threads' counts are merged at the end).
    if (kata && parsed->ownership && !r.ownership.empty()) {
      line += (line.empty() ? "" : " ") + ownership_text(r, size, c);
    }
    if (!line.empty()) emit(line + "\n");
  };
  const Point p = engine_.genmove(c, false, hooks);
  return {true, "play " + vertex(p), true};
}

GtpServer::Reply GtpServer::cmd_lz_genmove_analyze(const Args& args) { return genmove_analyze(args, false); }
GtpServer::Reply GtpServer::cmd_kata_genmove_analyze(const Args& args) { return genmove_analyze(args, true); }
GtpServer::Reply GtpServer::cmd_genmove_analyze(const Args& args) { return genmove_analyze(args, false); }

// --- GoGui ---

GtpServer::Reply GtpServer::cmd_gogui_analyze_commands(const Args&) {
  // (command, GoGui entry); entries whose command this build lacks are left out.
  const std::vector<std::pair<std::string, std::string>> entries = {
      {"tengen-visits", "gfx/Visits and win rates/tengen-visits"},
      {"tengen-pv", "var/Principal variation/tengen-pv"},
      {"tengen-ownership", "dboard/Ownership/tengen-ownership"},
      {"final_score", "string/Score estimate/final_score"},
      // plist: GoGui marks the stones on the board (one string a line is
      // whitespace to its point-list reader).
      {"final_status_list", "plist/Dead stones/final_status_list dead"},
      {"tengen-playout_stats", "string/Playout policy statistics/tengen-playout_stats"},
      {"tengen-solve", "string/Solve the fight at a point/tengen-solve %p"},
  };
  std::string out;
  for (const auto& [command, entry] : entries) {
    if (is_known(command)) out += (out.empty() ? "" : "\n") + entry;
  }
  for (const ParamGroup& g : kParamGroups) {
    out += "\nparam/" + std::string(g.label) + "/tengen-param " + std::string(g.name);
  }
  return success(out);
}

// GoGui sends "# interrupt" while a command runs; the reader turns it into
// the stop flag of the running search. This command only says so.
GtpServer::Reply GtpServer::cmd_gogui_interrupt(const Args&) { return success(); }

GtpServer::Reply GtpServer::cmd_visits(const Args& args) {
  if (args.size() > 1) return failure("syntax error");
  const Color c = args.empty() ? engine_.game().to_move() : parse_color(args[0]).value_or(Color::Empty);
  if (c == Color::Empty) return failure("syntax error");
  SearchHooks hooks;
  hooks.stop = interrupt_flag();
  const SearchResult& r = engine_.search(c, hooks);
  const int size = engine_.game().size();
  std::uint32_t most = 1;
  for (const RootChild& child : r.children) most = std::max(most, child.visits);
  std::string labels = "LABEL", influence = "INFLUENCE";
  for (const RootChild& child : r.children) {
    if (child.visits == 0 || child.move == kPass) continue;
    const std::string v = vertex_string(child.move, size);
    labels += " " + v + " " + std::to_string(static_cast<int>(std::lround(child.win_rate * 100)));
    influence += " " + v + " " + format_number(static_cast<double>(child.visits) / most);
  }
  std::ostringstream text;
  text << "TEXT " << color_name(c) << " " << vertex_string(r.best, size) << " " << format_number(r.win_rate * 100)
       << "% after " << r.playouts << " playouts (labels: win rate %, shading: visits)";
  return success("\n" + influence + "\n" + labels + "\n" + text.str());
}

GtpServer::Reply GtpServer::cmd_pv(const Args& args) {
  if (!args.empty()) return failure("syntax error");
  const Color c = engine_.game().to_move();
  SearchHooks hooks;
  hooks.stop = interrupt_flag();
  const SearchResult& r = engine_.search(c, hooks);
  std::string out;
  Color mover = c;
  for (Point p : r.principal_variation) {
    out += (out.empty() ? "" : " ") + std::string(mover == Color::Black ? "b " : "w ") + vertex(p);
    mover = opponent(mover);
  }
  return success(out);
}

GtpServer::Reply GtpServer::cmd_ownership(const Args& args) {
  if (!args.empty()) return failure("syntax error");
  const Judgement j = engine_.judge_position();
  const int size = engine_.game().size();
  std::string out;
  for (int y = 0; y < size; ++y) {
    out += "\n";
    for (int x = 0; x < size; ++x) {
      out += (x ? " " : "") + format_number(j.ownership[point_at(x, y, size)]);
    }
  }
  return success(out);
}

// GoGui's parameter view: tengen-param [group] lists "[type] key value"
// lines; tengen-param [group] key value sets one (GoGui sends the view's
// command, then the key and the value).
GtpServer::Reply GtpServer::cmd_param(const Args& args) {
  // The arity tells a group from a key: a group name may be a key too.
  const bool grouped = args.size() % 2 == 1;
  if (grouped && !is_group(args[0])) return failure("unknown parameter group '" + args[0] + "'");
  const std::size_t rest = args.size() - (grouped ? 1 : 0);
  if (rest == 0) {
    std::string out;
    for (const ParamDef* def : params_of(grouped ? args[0] : "")) {
      std::string type = param_type(*def);
      std::string value = get_param(engine_.settings(), *def);
      if (type == "bool") {
        value = value == "true" ? "1" : "0";
      } else if (type == "int" || type == "float") {
        type = "string";
      }
      out += (out.empty() ? "" : "\n") + std::string("[") + type + "] " + std::string(def->name) + " " + value;
    }
    return success(out);
  }
  if (rest != 2) return failure("syntax error");
  if (auto err = engine_.set_param(args[args.size() - 2], args.back())) return failure(*err);
  return success();
}

// --- CGOS ---

// The CGOS client quits on any '?' reply, so these only log what they say.
GtpServer::Reply GtpServer::cmd_cgos_info(const Args& args) {
  std::string text;
  for (const auto& a : args) text += (text.empty() ? "" : " ") + a;
  spdlog::info("cgos: {}", text);
  return success();
}

GtpServer::Reply GtpServer::cmd_cgos_gameover(const Args& args) {
  spdlog::info("cgos game over: {}", args.empty() ? std::string("?") : args[0]);
  return success();
}

}  // namespace tengen
