#pragma once
// The GTP v2 front end: a table of commands over the Engine. Testable in
// process: feed a line, get the exact response text.

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/engine/engine.h"

namespace tengen {

class GtpServer {
 public:
  explicit GtpServer(Engine& engine);

  // Processes one line of input. Returns the complete response ("=id ...\n\n"
  // or "?id ...\n\n"), or nullopt for lines GTP says to ignore (empty lines,
  // comments).
  std::optional<std::string> handle_line(std::string_view line);

  // Reads commands until quit or end of input, answering each in order.
  void run(std::istream& in, std::ostream& out);

  bool quit_requested() const { return quit_; }
  std::vector<std::string> command_names() const;

 private:
  using Args = std::vector<std::string>;
  struct Reply {
    bool ok;
    std::string text;
  };
  struct Command {
    std::string_view name;
    Reply (GtpServer::*handler)(const Args&);
  };
  static const std::vector<Command>& commands();

  static Reply success(std::string text = "") { return {true, std::move(text)}; }
  static Reply failure(std::string text) { return {false, std::move(text)}; }

  // Argument parsing helpers; nullopt when malformed.
  std::optional<Color> parse_color(std::string_view s) const;
  std::optional<Point> parse_point(std::string_view s) const;
  std::string vertex(Point p) const;

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
  Reply cmd_final_score(const Args&);
  Reply cmd_final_status_list(const Args&);
  Reply cmd_showboard(const Args&);
  Reply cmd_loadsgf(const Args&);
  Reply cmd_printsgf(const Args&);
  Reply cmd_kgs_game_over(const Args&);
  Reply cmd_kgs_rules(const Args&);
  Reply cmd_playout_stats(const Args&);

  Reply generate(const Args& args, bool play, bool cleanup);
  Reply place_handicap(const std::vector<Point>& points);

  Engine& engine_;
  bool quit_ = false;
};

}  // namespace tengen
