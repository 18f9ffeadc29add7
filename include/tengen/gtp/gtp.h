#pragma once
// The GTP v2 front end: a table of commands over the Engine. Testable in
// process: feed a line, get the exact response text.

#include <atomic>
#include <functional>
#include <memory>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/engine/engine.h"
#include "tengen/gtp/input.h"

namespace tengen {

class GtpServer {
 public:
  explicit GtpServer(Engine& engine);

  // Processes one line of input. Returns the complete response ("=id text\n\n"
  // or "?id text\n\n"; "=\n\n" when empty without an id), or nullopt for
  // lines GTP says to ignore (empty lines, comments).
  std::optional<std::string> handle_line(std::string_view line);

  // Reads commands until quit or end of input, answering each in order.
  // Input is read ahead on a thread of its own, so that analysis stops as
  // soon as the next command arrives, GoGui's "# interrupt" ends a search,
  // and the engine may ponder while it waits.
  void run(std::istream& in, std::ostream& out);

  bool quit_requested() const { return quit_; }
  std::vector<std::string> command_names() const;

  // Extension points for the cluster (cluster/front.h): commands beyond the
  // table (the handler answers ok or not, and the text), and a listener
  // told of every command handled, after it ran.
  using ExtraCommand = std::function<std::pair<bool, std::string>(const std::vector<std::string>& args)>;
  void add_command(std::string name, ExtraCommand handler);
  struct Handled {
    const std::string& name;
    const std::vector<std::string>& args;
    bool ok;
    const std::string& text;  // the reply's text (streamed lines excluded)
  };
  void set_listener(std::function<void(const Handled&)> listener) { listener_ = std::move(listener); }

 private:
  using Args = std::vector<std::string>;
  struct Reply {
    bool ok;
    std::string text;
    bool streamed = false;  // the "=id" line and more went out through emit()
  };
  struct Command {
    std::string_view name;
    Reply (GtpServer::*handler)(const Args&);
  };
  static const std::vector<Command>& commands();
  static bool is_known(std::string_view name);

  static Reply success(std::string text = "") { return {true, std::move(text)}; }
  static Reply failure(std::string text) { return {false, std::move(text)}; }

  // The start of a reply: status, id, and the space GoGui cuts at.
  std::string status_line(bool ok, bool has_text) const;

  // Argument parsing helpers; nullopt when malformed.
  std::optional<Point> parse_point(std::string_view s) const;
  std::string vertex(Point p) const;

  // Streaming replies (analysis): the handler opens the reply, emits lines
  // as it goes, and returns the rest. Without run() (in-process tests) the
  // lines are collected, and input always counts as pending, so analysis
  // reports once and stops.
  void open_stream();
  void emit(const std::string& text);
  bool input_pending() const;
  const std::atomic<bool>* interrupt_flag() const;
  void ponder_until_input();

  Reply cmd_protocol_version(const Args&);
  Reply cmd_name(const Args&);
  Reply cmd_version(const Args&);
  Reply cmd_known_command(const Args&);
  Reply cmd_list_commands(const Args&);
  Reply cmd_quit(const Args&);
  Reply cmd_boardsize(const Args&);
  Reply cmd_clear_board(const Args&);
  Reply cmd_komi(const Args&);
  Reply cmd_play(const Args&);
  Reply cmd_genmove(const Args&);
  Reply cmd_reg_genmove(const Args&);
  Reply cmd_genmove_cleanup(const Args&);
  Reply cmd_undo(const Args&);
  Reply cmd_fixed_handicap(const Args&);
  Reply cmd_place_free_handicap(const Args&);
  Reply cmd_set_free_handicap(const Args&);
  Reply cmd_time_settings(const Args&);
  Reply cmd_kgs_time_settings(const Args&);
  Reply cmd_time_left(const Args&);
  Reply cmd_cputime(const Args&);
  Reply cmd_final_score(const Args&);
  Reply cmd_final_status_list(const Args&);
  Reply cmd_showboard(const Args&);
  Reply cmd_loadsgf(const Args&);
  Reply cmd_printsgf(const Args&);
  Reply cmd_kgs_game_over(const Args&);
  Reply cmd_kgs_rules(const Args&);
  Reply cmd_playout_stats(const Args&);
  Reply cmd_solve(const Args&);  // src/gtp/solve_command.cpp

  Reply generate(const Args& args, bool play, bool cleanup);
  Reply place_handicap(const std::vector<Point>& points);

  // Analysis commands (src/gtp/analysis.cpp).
  Reply cmd_lz_analyze(const Args&);
  Reply cmd_kata_analyze(const Args&);
  Reply cmd_lz_genmove_analyze(const Args&);
  Reply cmd_kata_genmove_analyze(const Args&);
  Reply cmd_genmove_analyze(const Args&);
  Reply analyze(const Args& args, bool kata);
  Reply genmove_analyze(const Args& args, bool kata);
  Reply cmd_gogui_analyze_commands(const Args&);
  Reply cmd_gogui_interrupt(const Args&);
  Reply cmd_param(const Args&);
  Reply cmd_visits(const Args&);
  Reply cmd_pv(const Args&);
  Reply cmd_ownership(const Args&);
  Reply cmd_score_estimate(const Args&);
  Reply cmd_cgos_info(const Args&);
  Reply cmd_cgos_gameover(const Args&);

  Engine& engine_;
  std::vector<std::pair<std::string, ExtraCommand>> extra_commands_;
  std::function<void(const Handled&)> listener_;
  bool quit_ = false;
  std::shared_ptr<InputQueue> input_;
  std::ostream* out_ = nullptr;
  std::string id_;      // of the command being handled
  std::string stream_;  // emitted text, when there is no out_
};

}  // namespace tengen
