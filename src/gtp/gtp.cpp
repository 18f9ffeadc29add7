#include "tengen/gtp/gtp.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

#include "gtp/text.h"
#include "tengen/engine/handicap.h"
#include "tengen/playout/playout_stats.h"
#include "tengen/sgf/position.h"

namespace tengen {

using gtp_text::lower;
using gtp_text::parse_color;
using gtp_text::parse_float;
using gtp_text::parse_int;

namespace {

// GTP 2 section 2.2: drop control characters but HT and LF, turn HT into
// space, cut comments at '#'.
std::string preprocess(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (char ch : line) {
    if (ch == '#') break;
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '\t') {
      out.push_back(' ');
    } else if (u >= 32 && u != 127) {
      out.push_back(ch);
    }
  }
  return out;
}

// Black's area can be the whole largest board, and no more.
constexpr int kMaxKomi = kMaxSize * kMaxSize;

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// A response never contains an empty line: that would end it early.
std::string without_blank_lines(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (!out.empty()) out.push_back('\n');
    out += line;
  }
  return out;
}

}  // namespace

GtpServer::GtpServer(Engine& engine) : engine_(engine) {}

const std::vector<GtpServer::Command>& GtpServer::commands() {
  static const std::vector<Command> table = {
      {"protocol_version", &GtpServer::cmd_protocol_version},
      {"name", &GtpServer::cmd_name},
      {"version", &GtpServer::cmd_version},
      {"known_command", &GtpServer::cmd_known_command},
      {"list_commands", &GtpServer::cmd_list_commands},
      {"quit", &GtpServer::cmd_quit},
      {"boardsize", &GtpServer::cmd_boardsize},
      {"clear_board", &GtpServer::cmd_clear_board},
      {"komi", &GtpServer::cmd_komi},
      {"play", &GtpServer::cmd_play},
      {"genmove", &GtpServer::cmd_genmove},
      {"reg_genmove", &GtpServer::cmd_reg_genmove},
      {"kgs-genmove_cleanup", &GtpServer::cmd_genmove_cleanup},
      {"undo", &GtpServer::cmd_undo},
      {"fixed_handicap", &GtpServer::cmd_fixed_handicap},
      {"place_free_handicap", &GtpServer::cmd_place_free_handicap},
      {"set_free_handicap", &GtpServer::cmd_set_free_handicap},
      {"time_settings", &GtpServer::cmd_time_settings},
      {"kgs-time_settings", &GtpServer::cmd_kgs_time_settings},
      {"time_left", &GtpServer::cmd_time_left},
      {"final_score", &GtpServer::cmd_final_score},
      {"final_status_list", &GtpServer::cmd_final_status_list},
      {"showboard", &GtpServer::cmd_showboard},
      {"loadsgf", &GtpServer::cmd_loadsgf},
      {"printsgf", &GtpServer::cmd_printsgf},
      {"kgs-game_over", &GtpServer::cmd_kgs_game_over},
      {"kgs-rules", &GtpServer::cmd_kgs_rules},
      {"tengen-playout_stats", &GtpServer::cmd_playout_stats},
      {"tengen-solve", &GtpServer::cmd_solve},
      // Live analysis (Sabaki, Lizzie) and GoGui's views: src/gtp/analysis.cpp.
      {"lz-analyze", &GtpServer::cmd_lz_analyze},
      {"kata-analyze", &GtpServer::cmd_kata_analyze},
      {"lz-genmove_analyze", &GtpServer::cmd_lz_genmove_analyze},
      {"kata-genmove_analyze", &GtpServer::cmd_kata_genmove_analyze},
      {"genmove_analyze", &GtpServer::cmd_genmove_analyze},
      {"gogui-analyze_commands", &GtpServer::cmd_gogui_analyze_commands},
      {"gogui-interrupt", &GtpServer::cmd_gogui_interrupt},
      {"tengen-param", &GtpServer::cmd_param},
      {"tengen-visits", &GtpServer::cmd_visits},
      {"tengen-pv", &GtpServer::cmd_pv},
      {"tengen-ownership", &GtpServer::cmd_ownership},
      {"cputime", &GtpServer::cmd_cputime},
      {"cgos-opponent_name", &GtpServer::cmd_cgos_info},
      {"cgos-opponent_rating", &GtpServer::cmd_cgos_info},
      {"cgos-gameover", &GtpServer::cmd_cgos_gameover},
  };
  return table;
}

std::vector<std::string> GtpServer::command_names() const {
  std::vector<std::string> names;
  for (const auto& c : commands()) names.emplace_back(c.name);
  for (const auto& [name, handler] : extra_commands_) names.push_back(name);
  return names;
}

void GtpServer::add_command(std::string name, ExtraCommand handler) {
  extra_commands_.emplace_back(std::move(name), std::move(handler));
}

std::optional<std::string> GtpServer::handle_line(std::string_view raw) {
  std::vector<std::string> words = gtp_text::split_words(preprocess(raw));
  if (words.empty()) return std::nullopt;
  id_.clear();
  stream_.clear();
  if (all_digits(words.front())) {
    id_ = words.front();
    words.erase(words.begin());
  }
  Reply reply = failure("empty command");
  if (!words.empty()) {
    const std::string name = words.front();
    const Args args(words.begin() + 1, words.end());
    const auto& table = commands();
    auto it = std::find_if(table.begin(), table.end(), [&](const Command& c) { return c.name == name; });
    auto extra = std::find_if(extra_commands_.begin(), extra_commands_.end(), [&](const auto& c) { return c.first == name; });
    if (it == table.end() && extra == extra_commands_.end()) {
      reply = failure("unknown command");
    } else {
      try {
        if (it != table.end()) {
          reply = (this->*(it->handler))(args);
        } else {
          const auto [ok, text] = extra->second(args);
          reply = {ok, text};
        }
      } catch (const std::exception& e) {
        // A failed command must not take the engine down; the game state is
        // only changed by handlers after their checks pass.
        spdlog::error("command '{}' failed: {}", name, e.what());
        reply = failure(std::string("internal error: ") + e.what());
      }
    }
    if (listener_) listener_({name, args, reply.ok, reply.text});
  }
  if (reply.streamed) {
    // The "=id" line and the streamed lines are out; the rest, then the end.
    std::string out = stream_;
    const std::string text = without_blank_lines(reply.text);
    if (!text.empty()) out += text + "\n";
    out += "\n";
    return out;
  }
  // Multi-line replies (a leading newline) start on the line after "= ".
  const bool multiline = !reply.text.empty() && reply.text.front() == '\n';
  const std::string text = without_blank_lines(reply.text);
  std::string out = status_line(reply.ok, !text.empty());
  if (!text.empty()) out += (multiline ? "\n" : "") + text;
  out += "\n\n";
  return out;
}

// "=" or "?", the id, and a space before any text, as GNU Go writes it:
// GoGui takes the text to start after the first space of the reply, so
// without that space the first word of the text would go with the status.
// Only a bare "=" or "?" (no id, no text) has no space.
std::string GtpServer::status_line(bool ok, bool has_text) const {
  std::string out = (ok ? "=" : "?") + id_;
  if (has_text || !id_.empty()) out += ' ';
  return out;
}

void GtpServer::run(std::istream& in, std::ostream& out) {
  input_ = InputQueue::start(in);
  out_ = &out;
  while (!quit_) {
    if (engine_.settings().ponder && !input_pending()) ponder_until_input();
    const std::optional<std::string> line = input_->pop();
    if (!line) break;
    if (auto response = handle_line(*line)) out << *response << std::flush;
  }
  input_->stop_listening(&in != &std::cin);
  input_.reset();
  out_ = nullptr;
}

void GtpServer::open_stream() { emit(status_line(true, true) + "\n"); }

void GtpServer::emit(const std::string& text) {
  if (out_) {
    *out_ << text << std::flush;
  } else {
    stream_ += text;
  }
}

bool GtpServer::input_pending() const { return !input_ || input_->pending().load(); }

const std::atomic<bool>* GtpServer::interrupt_flag() const { return input_ ? &input_->interrupted() : nullptr; }

// Thinks on the opponent's time (or on our own, if the controller has not
// asked for a move yet) until the next command arrives; the tree is kept
// for that command's search, so its draws count for the colour Tengen
// plays (of its last genmove; before one, the side that just moved).
void GtpServer::ponder_until_input() {
  const Game& game = engine_.game();
  if (game.finished()) return;
  spdlog::debug("pondering");
  const Color own = engine_.own_color() != Color::Empty ? engine_.own_color() : opponent(game.to_move());
  while (!input_pending()) engine_.analyze(game.to_move(), 0, &input_->pending(), own);
}

std::optional<Point> GtpServer::parse_point(std::string_view s) const {
  return parse_vertex(s, engine_.game().size());
}

std::string GtpServer::vertex(Point p) const { return vertex_string(p, engine_.game().size()); }

// --- Administrative commands ---

GtpServer::Reply GtpServer::cmd_protocol_version(const Args&) { return success("2"); }
GtpServer::Reply GtpServer::cmd_name(const Args&) { return success("Tengen"); }
GtpServer::Reply GtpServer::cmd_version(const Args&) { return success(TENGEN_VERSION); }

bool GtpServer::is_known(std::string_view name) {
  const auto& table = commands();
  return std::any_of(table.begin(), table.end(), [&](const Command& c) { return c.name == name; });
}

GtpServer::Reply GtpServer::cmd_known_command(const Args& args) {
  if (args.size() != 1) return failure("syntax error");
  const std::vector<std::string> names = command_names();
  return success(std::find(names.begin(), names.end(), args[0]) != names.end() ? "true" : "false");
}

GtpServer::Reply GtpServer::cmd_list_commands(const Args&) {
  std::string out;
  for (const std::string& name : command_names()) {
    if (!out.empty()) out += '\n';
    out += name;
  }
  return success(out);
}

GtpServer::Reply GtpServer::cmd_quit(const Args&) {
  quit_ = true;
  return success();
}

// --- Setup ---

GtpServer::Reply GtpServer::cmd_boardsize(const Args& args) {
  if (args.size() != 1) return failure("syntax error");
  const auto size = parse_int(args[0]);
  if (!size) return failure("syntax error");
  if (*size < kMinSize || *size > kMaxSize) return failure("unacceptable size");
  engine_.new_game(*size);
  return success();
}

GtpServer::Reply GtpServer::cmd_clear_board(const Args& args) {
  if (!args.empty()) return failure("syntax error");
  engine_.new_game(engine_.game().size());
  return success();
}

GtpServer::Reply GtpServer::cmd_komi(const Args& args) {
  if (args.size() != 1) return failure("syntax error");
  // GTP: "The engine must accept the komi even if it should be ridiculous";
  // refused are a value that is not a finite number, and one beyond the
  // area of the largest board, which no score can reach: the result would
  // be foregone, and every score printed beside it no real one.
  const auto komi = parse_float(args[0]);
  if (!komi) return failure("syntax error");
  if (std::fabs(*komi) > kMaxKomi) return failure("komi beyond any score (at most " + std::to_string(kMaxKomi) + ")");
  engine_.game().set_komi(*komi);
  return success();
}

GtpServer::Reply GtpServer::place_handicap(const std::vector<Point>& points) {
  Game& game = engine_.game();
  if (game.board().stones(Color::Black) + game.board().stones(Color::White) > 0 || game.has_moves()) {
    return failure("board not empty");
  }
  if (!game.add_setup_stones(points, Color::Black)) return failure("bad vertex list");
  game.set_handicap(static_cast<int>(points.size()));
  std::string out;
  for (Point p : points) out += (out.empty() ? "" : " ") + vertex(p);
  return success(out);
}

GtpServer::Reply GtpServer::cmd_fixed_handicap(const Args& args) {
  if (args.size() != 1) return failure("syntax error");
  const auto n = parse_int(args[0]);
  if (!n) return failure("syntax error");
  const auto points = fixed_handicap(engine_.game().size(), *n);
  if (!points) return failure("invalid number of stones");
  return place_handicap(*points);
}

GtpServer::Reply GtpServer::cmd_place_free_handicap(const Args& args) {
  if (args.size() != 1) return failure("syntax error");
  const auto n = parse_int(args[0]);
  const int size = engine_.game().size();
  if (!n) return failure("syntax error");
  if (*n < 2 || *n > size * size - 1) return failure("invalid number of stones");
  return place_handicap(free_handicap(size, *n));
}

GtpServer::Reply GtpServer::cmd_set_free_handicap(const Args& args) {
  const int size = engine_.game().size();
  if (args.size() < 2 || static_cast<int>(args.size()) > size * size - 1) return failure("bad vertex list");
  std::vector<Point> points;
  for (const auto& a : args) {
    const auto p = parse_point(a);
    if (!p || *p == kPass || std::find(points.begin(), points.end(), *p) != points.end()) {
      return failure("bad vertex list");
    }
    points.push_back(*p);
  }
  const Reply r = place_handicap(points);
  return r.ok ? success() : r;
}

// --- Play ---

GtpServer::Reply GtpServer::cmd_play(const Args& args) {
  if (args.size() != 2) return failure("syntax error");
  const auto color = parse_color(args[0]);
  const auto p = parse_point(args[1]);
  // GTP names two failures for play: a syntax error or an illegal move.
  if (!color || !p) return failure("syntax error");
  const bool repeats = engine_.game().illegal_reason(*p, *color) == Game::Illegality::Superko;
  if (!engine_.game().play(*p, *color, Game::Repetition::Accepted)) return failure("illegal move");
  if (repeats) {
    spdlog::warn("play {} {} repeats an earlier position: accepted, the controller's ko rule allows it", color_name(*color),
                 vertex(*p));
  }
  return success();
}

GtpServer::Reply GtpServer::generate(const Args& args, bool play, bool cleanup) {
  if (args.size() != 1) return failure("syntax error");
  const auto color = parse_color(args[0]);
  if (!color) return failure("syntax error");
  SearchHooks hooks;
  hooks.stop = interrupt_flag();
  // reg_genmove (play false) answers the best move, never a resignation:
  // regression suites and gogui-statistics stop at one.
  const Point p = play ? engine_.genmove(*color, cleanup, hooks) : engine_.choose_move(*color, cleanup, hooks, false);
  return success(vertex(p));
}

GtpServer::Reply GtpServer::cmd_genmove(const Args& args) { return generate(args, true, false); }
GtpServer::Reply GtpServer::cmd_reg_genmove(const Args& args) { return generate(args, false, false); }
GtpServer::Reply GtpServer::cmd_genmove_cleanup(const Args& args) { return generate(args, true, true); }

GtpServer::Reply GtpServer::cmd_undo(const Args& args) {
  if (!args.empty()) return failure("syntax error");
  if (!engine_.game().undo()) return failure("cannot undo");
  return success();
}

// --- Time ---

GtpServer::Reply GtpServer::cmd_time_settings(const Args& args) {
  if (args.size() != 3) return failure("syntax error");
  const auto main = parse_float(args[0]);
  const auto byo = parse_float(args[1]);
  const auto stones = parse_int(args[2]);
  if (!main || !byo || !stones || *main < 0 || *byo < 0 || *stones < 0) return failure("syntax error");
  engine_.clock().set_gtp(*main, *byo, *stones);
  return success();
}

GtpServer::Reply GtpServer::cmd_kgs_time_settings(const Args& args) {
  if (args.empty()) return failure("syntax error");
  const std::string kind = lower(args[0]);
  // Times are seconds; the last argument of byoyomi (periods) and canadian
  // (stones per period) is a count and must be an integer (a float would
  // have to be converted, which is undefined for huge values).
  const bool counted = kind == "byoyomi" || kind == "canadian";
  std::vector<double> times;
  std::optional<int> count;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (counted && i == 3) {
      count = parse_int(args[i]);
      if (!count || *count < 0) return failure("syntax error");
      continue;
    }
    const auto x = parse_float(args[i]);
    if (!x || *x < 0) return failure("syntax error");
    times.push_back(*x);
  }
  if (kind == "none" && args.size() == 1) {
    engine_.clock().set_none();
  } else if (kind == "absolute" && args.size() == 2) {
    engine_.clock().set_gtp(times[0], 0, 0);
  } else if (kind == "byoyomi" && args.size() == 4) {
    engine_.clock().set_japanese(times[0], times[1], *count);
  } else if (kind == "canadian" && args.size() == 4) {
    engine_.clock().set_gtp(times[0], times[1], *count);
  } else {
    return failure("syntax error");
  }
  return success();
}

GtpServer::Reply GtpServer::cmd_time_left(const Args& args) {
  if (args.size() != 3) return failure("syntax error");
  const auto color = parse_color(args[0]);
  const auto seconds = parse_float(args[1]);
  const auto stones = parse_int(args[2]);
  if (!color || !seconds || !stones || *stones < 0) return failure("syntax error");
  engine_.clock().set_time_left(*color, *seconds, *stones);
  return success();
}

// GoGui's cputime: processor seconds the engine has used, all threads
// together (gogui-twogtp shows the difference over a game).
GtpServer::Reply GtpServer::cmd_cputime(const Args& args) {
  if (!args.empty()) return failure("syntax error");
  std::ostringstream out;
  out.precision(3);
  out << std::fixed << static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
  return success(out.str());
}

// --- End of game ---

GtpServer::Reply GtpServer::cmd_final_score(const Args& args) {
  if (!args.empty()) return failure("syntax error");
  SearchHooks hooks;
  hooks.stop = interrupt_flag();  // an unfinished game's score comes from a search
  return success(score_string(engine_.final_score(hooks)));
}

GtpServer::Reply GtpServer::cmd_final_status_list(const Args& args) {
  if (args.size() != 1) return failure("syntax error");
  const std::string which = lower(args[0]);
  StoneStatus wanted;
  if (which == "alive") {
    wanted = StoneStatus::Alive;
  } else if (which == "dead") {
    wanted = StoneStatus::Dead;
  } else if (which == "seki") {
    wanted = StoneStatus::Seki;
  } else {
    return failure("syntax error");
  }
  const Judgement j = engine_.judge_position();
  const Board& board = engine_.game().board();
  // GTP's vertex*&: one string per line, its stones separated by spaces.
  std::string out;
  std::vector<bool> listed(board.num_points(), false);
  for (int y = 0; y < board.size(); ++y) {
    for (int x = 0; x < board.size(); ++x) {
      const Point p = board.point(x, y);
      if (!is_player(board.at(p)) || j.status[p] != wanted || listed[p]) continue;
      std::vector<Point> stones;
      board.for_each_stone(p, [&](Point s) {
        listed[s] = true;
        stones.push_back(s);
      });
      // Reading order (top row first, then left to right), as for the strings.
      std::sort(stones.begin(), stones.end());
      if (!out.empty()) out += '\n';
      for (std::size_t i = 0; i < stones.size(); ++i) out += (i ? " " : "") + vertex(stones[i]);
    }
  }
  return success(out);
}

GtpServer::Reply GtpServer::cmd_kgs_game_over(const Args&) {
  spdlog::info("game over");
  return success();
}

GtpServer::Reply GtpServer::cmd_kgs_rules(const Args& args) {
  if (args.size() != 1) return failure("syntax error");
  // Tengen plays and scores by area (Chinese) whatever the server's rules;
  // accept them all so that the game can go on.
  spdlog::info("kgs-rules {}: playing by area scoring", args[0]);
  return success();
}

// --- Board and records ---

GtpServer::Reply GtpServer::cmd_showboard(const Args&) {
  const Board& b = engine_.game().board();
  std::ostringstream out;
  out << '\n' << b.to_string();
  out << "Black prisoners " << b.prisoners(Color::Black) << ", White prisoners " << b.prisoners(Color::White)
      << ", komi " << engine_.game().komi() << ", " << color_name(b.to_move()) << " to move";
  return success(out.str());
}

GtpServer::Reply GtpServer::cmd_loadsgf(const Args& args) {
  if (args.empty() || args.size() > 2) return failure("syntax error");
  int until = 0;
  if (args.size() == 2) {
    const auto n = parse_int(args[1]);
    if (!n || *n < 1) return failure("syntax error");
    until = *n;
  }
  std::ifstream file(args[0], std::ios::binary);
  if (!file) return failure("cannot load file");
  std::ostringstream text;
  text << file.rdbuf();
  try {
    engine_.load_sgf(sgf::parse(text.str()), until);
  } catch (const std::exception& e) {
    spdlog::warn("loadsgf {}: {}", args[0], e.what());
    return failure("cannot load file");
  }
  // GTP: loadsgf has no output.
  return success();
}

GtpServer::Reply GtpServer::cmd_printsgf(const Args& args) {
  if (args.size() > 1) return failure("syntax error");
  const std::string text = sgf::write(sgf::to_record(engine_.game()));
  if (args.empty()) return success("\n" + text);
  std::ofstream file(args[0]);
  if (!(file << text << '\n')) return failure("cannot write file");
  return success();
}

// --- Debugging ---

// tengen-playout_stats [n]: n playouts (1000 by default) from the current
// position with the configured policy: how often each rule chose a move,
// then one sample playout with every move tagged.
GtpServer::Reply GtpServer::cmd_playout_stats(const Args& args) {
  if (args.size() > 1) return failure("syntax error");
  const auto n = args.empty() ? std::optional<int>(1000) : parse_int(args[0]);
  if (!n || *n < 1 || *n > 1000000) return failure("syntax error");
  const Settings& s = engine_.settings();
  std::shared_ptr<const HeavyConfig> heavy;
  try {
    heavy = heavy_config(s);
  } catch (const PatternFileError& e) {
    return failure(e.what());
  }
  Rng rng(seed_or_clock(s.seed));
  const Game& game = engine_.game();
  const PlayoutStats stats = collect_playout_stats(game.board(), heavy.get(), *n, game.komi(), rng);
  return success("\n" + format_playout_stats(stats, game.size()));
}

}  // namespace tengen
