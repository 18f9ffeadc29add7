#pragma once
// The messages between rank 0 (the front end, which speaks GTP) and the
// other ranks (workers). A star: workers talk to rank 0 only. Every message
// is one byte string: its kind, then its fields (wire.h).
//
//   rank 0 -> worker                     worker -> rank 0
//   Verdict   start-up: play or exit     Hello    start-up: ready or an error
//   Command   a GTP line to replay       Stats    own counts of a search, or a heartbeat
//   Search    search this position       Final    the last own counts, on Stop
//   Stop      end that search            Status   playouts, position hash, traffic
//   Remote    the other ranks' counts    QuitAck  ready to close
//   StatusRequest, Heartbeat
//   Quit      stop everything
//   Close     exit, with MPI_Finalize or without (when a rank is lost)
//
// Between two ranks messages arrive in the order sent (MPI's non-overtaking
// rule), so a worker has replayed every Command before it sees the Search or
// StatusRequest sent after it.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tengen/board/color.h"
#include "tengen/board/game.h"
#include "tengen/board/point.h"
#include "tengen/cluster/stats.h"

namespace tengen::cluster {

struct Hello {
  bool ready = false;  // false: the rank will not play (see error)
  std::string error;   // why, if it failed; empty if it only stops (--help)
  std::string host;
  std::int64_t pid = 0;
  std::int64_t threads = 0;
};
struct Verdict {
  bool play = false;
};
struct Command {
  std::uint64_t seq = 0;
  std::string line;     // a GTP command, without id
  std::string payload;  // loadsgf: the file's text (the file may exist on rank 0's machine only)
  std::uint64_t hash = 0;  // rank 0's game after the command
};
struct Search {
  std::uint64_t id = 0;
  Color to_move = Color::Black;
  double komi = 0;
  Color draw_side = Color::Black;
  std::vector<Point> favoured;
  std::uint64_t hash = 0;  // rank 0's game
  std::vector<Point> dead;
};
struct Stop {
  std::uint64_t id = 0;
};
struct Remote {
  std::uint64_t id = 0;
  StatsDelta delta;
};
struct Stats {
  std::uint64_t id = 0;  // 0: no search (a heartbeat)
  StatsDelta delta;
  std::int64_t playouts = 0;  // the worker's simulations since it started
};
struct Final {
  std::uint64_t id = 0;
  StatsDelta delta;
};
struct StatusRequest {
  std::uint64_t seq = 0;
};
struct Traffic {
  std::int64_t messages_sent = 0;
  std::int64_t bytes_sent = 0;
  std::int64_t bytes_received = 0;
  std::int64_t syncs = 0;       // statistics sent: Stats or Final with counts (workers), Remote (rank 0)
  std::int64_t sync_bytes = 0;  // their bytes
};
struct Status {
  std::uint64_t seq = 0;
  std::int64_t playouts = 0;
  std::uint64_t hash = 0;
  Traffic traffic;
};
struct Heartbeat {};
struct Quit {};
struct QuitAck {};
struct Close {
  bool finalize = true;  // false: some rank is lost, and MPI_Finalize could wait for it forever
};

using Message = std::variant<Hello, Verdict, Command, Search, Stop, Remote, Stats, Final, StatusRequest, Status,
                             Heartbeat, Quit, QuitAck, Close>;

std::string encode(const Message& m);
std::optional<Message> decode(const std::string& bytes);

// The game as the ranks must agree on it: size, komi, handicap, setup
// stones, every move, and the board (tengen-cluster's "hash").
std::uint64_t game_hash(const Game& game);

}  // namespace tengen::cluster
