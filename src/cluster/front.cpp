#include "tengen/cluster/front.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <thread>
#include <vector>

#include "tengen/cluster/leader.h"
#include "tengen/cluster/protocol.h"
#include "tengen/cluster/worker.h"
#include "tengen/gtp/gtp.h"

namespace tengen::cluster {

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// How long rank 0 waits for every rank to start (each loads its pattern
// model), and a worker for rank 0's verdict.
constexpr auto kStartupLimit = 60s;

std::string hostname() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return host;
}

// tengen-cluster's arguments: none, or "traffic".
std::optional<bool> traffic_arg(const std::vector<std::string>& args) {
  if (args.empty()) return false;
  if (args.size() == 1 && args[0] == "traffic") return true;
  return std::nullopt;
}

// One process: counts its simulations for tengen-cluster.
class Alone final : public SearchObserver {
 public:
  void search_started(const SearchSpec&, Tree&) override {}
  std::int64_t search_finished(Tree&, std::int64_t local) override {
    playouts += local;
    return 0;
  }
  std::int64_t playouts = 0;
};

int play_alone(Engine& engine, std::istream& in, std::ostream& out) {
  Alone alone;
  engine.set_search_observer(&alone);
  GtpServer server(engine);
  server.add_command("tengen-cluster", [&](const std::vector<std::string>& args) -> std::pair<bool, std::string> {
    const auto traffic = traffic_arg(args);
    if (!traffic) return {false, "syntax error"};
    if (*traffic) return {true, "rank 0 messages 0 bytes_sent 0 bytes_received 0 syncs 0 sync_bytes 0"};
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(game_hash(engine.game())));
    return {true, "rank 0 playouts " + std::to_string(alone.playouts) + " hash " + hash};
  });
  server.run(in, out);
  engine.set_search_observer(nullptr);
  return 0;
}

void log_with_rank(int rank) {
  spdlog::default_logger()->set_pattern("[%H:%M:%S.%e] [rank " + std::to_string(rank) + "] [%^%l%$] %v");
}

// Rank 0: every worker's Hello, or none from those that did not start in
// time (index r for rank r).
std::vector<std::optional<Hello>> gather_hellos(Transport& t) {
  std::vector<std::optional<Hello>> hellos(t.size());
  int missing = t.size() - 1;
  const auto deadline = Clock::now() + kStartupLimit;
  while (missing > 0 && Clock::now() < deadline) {
    t.progress();
    while (auto m = t.receive()) {
      const auto msg = decode(m->second);
      if (!msg || !std::holds_alternative<Hello>(*msg) || m->first < 1 || m->first >= t.size() || hellos[m->first]) continue;
      hellos[m->first] = std::get<Hello>(*msg);
      --missing;
    }
    std::this_thread::sleep_for(1ms);
  }
  return hellos;
}

// A worker: rank 0's verdict, or none if it never came.
std::optional<Verdict> await_verdict(Transport& t) {
  const auto deadline = Clock::now() + kStartupLimit;
  while (Clock::now() < deadline) {
    t.progress();
    while (auto m = t.receive()) {
      const auto msg = decode(m->second);
      if (m->first == 0 && msg && std::holds_alternative<Verdict>(*msg)) return std::get<Verdict>(*msg);
    }
    std::this_thread::sleep_for(1ms);
  }
  return std::nullopt;
}

void send_verdicts(Transport& t, bool play) {
  for (int r = 1; r < t.size(); ++r) t.send(r, encode(Verdict{play}));
  const auto deadline = Clock::now() + 500ms;
  while (!t.flushed() && Clock::now() < deadline) {
    t.progress();
    std::this_thread::sleep_for(1ms);
  }
}

// "tengen: error: ..." from ranks 1 and 2 reads "tengen: ranks 1, 2: error: ...".
std::string from_ranks(const std::string& message, const std::vector<int>& ranks) {
  std::string who = ranks.size() > 1 ? "ranks " : "rank ";
  for (std::size_t i = 0; i < ranks.size(); ++i) who += (i ? ", " : "") + std::to_string(ranks[i]);
  const std::string prefix = "tengen: ";
  if (message.rfind(prefix, 0) == 0) return prefix + who + ": " + message.substr(prefix.size());
  return prefix + who + ": " + message;
}

// Rank 0 prints its own message, then each other message once.
bool report(const std::string& own, const std::vector<std::optional<Hello>>& hellos) {
  bool failed = !own.empty();
  if (!own.empty()) std::cerr << own << std::endl;
  std::map<std::string, std::vector<int>> others;
  for (std::size_t r = 1; r < hellos.size(); ++r) {
    if (!hellos[r] || hellos[r]->error.empty()) continue;
    failed = true;
    if (hellos[r]->error != own) others[hellos[r]->error].push_back(static_cast<int>(r));
  }
  for (const auto& [message, ranks] : others) std::cerr << from_ranks(message, ranks) << std::endl;
  return failed;
}

Hello own_hello(bool ready, const std::string& error, const Engine* engine) {
  return {ready, error, hostname(), static_cast<std::int64_t>(getpid()), engine ? engine->settings().threads : 0};
}

// mpirun without --enable-recovery ends every rank when one fails: say so
// on the way out.
void on_terminate(int) {
  static const char text[] =
      "tengen: ended by a signal (under mpirun: a rank failed or the job was stopped; mpirun "
      "--enable-recovery lets the other ranks play on)\n";
  [[maybe_unused]] const auto written = ::write(2, text, sizeof text - 1);
  std::_Exit(143);
}

int lead(Engine& engine, Transport& t, std::istream& in, std::ostream& out) {
  const std::vector<std::optional<Hello>> hellos = gather_hellos(t);
  bool all_answered = true;
  bool all_ready = true;
  std::vector<WorkerInfo> workers(t.size());
  for (int r = 1; r < t.size(); ++r) {
    all_answered &= hellos[r].has_value();
    all_ready &= hellos[r] && hellos[r]->ready;
    workers[r] = hellos[r] ? WorkerInfo{hellos[r]->ready, hellos[r]->host, hellos[r]->pid} : WorkerInfo{false, "", 0};
    if (!hellos[r]) spdlog::warn("cluster: rank {} did not start within {} s: playing without it", r, kStartupLimit.count());
  }
  if (report("", hellos) || !all_ready) {
    send_verdicts(t, false);
    t.close(all_answered);
    return 2;
  }
  send_verdicts(t, true);
  spdlog::info("cluster: {} ranks ready", t.size());
  std::signal(SIGTERM, on_terminate);
  Leader leader(t, engine, workers);
  engine.set_search_observer(&leader);
  GtpServer server(engine);
  server.add_command("tengen-cluster", [&](const std::vector<std::string>& args) -> std::pair<bool, std::string> {
    const auto traffic = traffic_arg(args);
    if (!traffic) return {false, "syntax error"};
    return {true, leader.status(*traffic)};
  });
  server.set_listener([&](const GtpServer::Handled& h) {
    if (h.ok) leader.forward_command(h.name, h.args, h.text);
  });
  server.run(in, out);
  engine.set_search_observer(nullptr);
  leader.finish();
  out.flush();
  return 0;
}

int work(Engine& engine, Transport& t) {
  t.send(0, encode(own_hello(true, "", &engine)));
  const std::optional<Verdict> verdict = await_verdict(t);
  if (!verdict || !verdict->play) {
    t.close(verdict.has_value());
    return 2;
  }
  // Every rank its own seed: the same one everywhere would grow the same tree.
  const std::uint64_t seed = engine.settings().seed;
  if (seed != 0) engine.set_param("seed", std::to_string(rank_seed(seed, t.rank())));
  bool finalize = false;
  {
    Worker worker(t, engine);
    finalize = worker.run();
  }
  t.close(finalize);
  return 0;
}

}  // namespace

int play(Engine& engine, Transport* transport, std::istream& in, std::ostream& out) {
  if (!transport) return play_alone(engine, in, out);
  log_with_rank(transport->rank());
  return transport->rank() == 0 ? lead(engine, *transport, in, out) : work(engine, *transport);
}

int leave(Transport* transport, int code, const std::string& message) {
  if (!transport) {
    if (!message.empty()) std::cerr << message << std::endl;
    return code;
  }
  Transport& t = *transport;
  if (t.rank() != 0) {
    t.send(0, encode(own_hello(false, message, nullptr)));
    const std::optional<Verdict> verdict = await_verdict(t);
    t.close(verdict.has_value());
    return code;
  }
  const std::vector<std::optional<Hello>> hellos = gather_hellos(t);
  const bool failed = report(message, hellos);
  bool all_answered = true;
  for (int r = 1; r < t.size(); ++r) all_answered &= hellos[r].has_value();
  send_verdicts(t, false);
  t.close(all_answered);
  return failed && code == 0 ? 2 : code;
}

}  // namespace tengen::cluster
