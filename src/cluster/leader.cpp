#include "tengen/cluster/leader.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace tengen::cluster {

namespace {

using namespace std::chrono_literals;

// How often rank 0 tells idle workers it is alive, and how often the
// thread looks at the transport.
constexpr auto kHeartbeat = 500ms;
constexpr auto kPoll = 1ms;

std::string join(const std::string& name, const std::vector<std::string>& args) {
  std::string line = name;
  for (const std::string& a : args) line += " " + a;
  return line;
}

bool is_genmove(const std::string& name) {
  static const std::set<std::string> names = {"genmove", "kgs-genmove_cleanup", "lz-genmove_analyze",
                                              "kata-genmove_analyze", "genmove_analyze"};
  return names.count(name) > 0;
}

// Replayed on the workers as they are: they change the game, the clock or
// the parameters, and do the same on every rank.
bool replayed_as_is(const std::string& name, const std::vector<std::string>& args) {
  static const std::set<std::string> names = {"play",          "undo",         "clear_board",       "boardsize",
                                              "komi",          "fixed_handicap", "set_free_handicap", "time_settings",
                                              "kgs-time_settings", "time_left"};
  // tengen-param with a key and a value sets it; with fewer words it lists.
  return names.count(name) > 0 || (name == "tengen-param" && args.size() >= 2);
}

std::string hex(std::uint64_t h) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return text;
}

// The same program on this machine: a worker that stopped answering there
// is killed at the end, or mpirun would wait for it forever (a stopped
// process never finishes MPI_Finalize nor exits).
bool same_program_here(const WorkerInfo& w) {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  if (w.host != host || w.pid <= 0 || w.pid == getpid()) return false;
  std::error_code ec;
  const auto theirs = std::filesystem::read_symlink("/proc/" + std::to_string(w.pid) + "/exe", ec);
  return !ec && theirs == std::filesystem::read_symlink("/proc/self/exe", ec) && !ec;
}

}  // namespace

Leader::Leader(Transport& transport, Engine& engine, std::vector<WorkerInfo> workers)
    : transport_(transport), engine_(engine), peers_(transport.size()) {
  const auto now = Clock::now();
  for (int r = 1; r < transport_.size(); ++r) {
    peers_[r].info = r < static_cast<int>(workers.size()) ? workers[r] : WorkerInfo{false, "", 0};
    peers_[r].last_heard = now;
    // A rank that never started may be hung: MPI_Finalize would wait for it.
    ever_lost_ |= !peers_[r].info.alive;
  }
  timeout_ = timeout_ms();
  last_hash_ = game_hash(engine_.game());
  thread_ = std::thread([this] { loop(); });
}

Leader::~Leader() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  if (thread_.joinable()) thread_.join();
}

int Leader::live_workers() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(std::count_if(peers_.begin() + 1, peers_.end(), [](const Peer& p) { return p.info.alive; }));
}

void Leader::post_to(int rank, const Message& m) {
  std::string bytes = encode(m);
  traffic_.messages_sent++;
  traffic_.bytes_sent += static_cast<std::int64_t>(bytes.size());
  if (std::holds_alternative<Remote>(m)) {
    traffic_.syncs++;
    traffic_.sync_bytes += static_cast<std::int64_t>(bytes.size());
  }
  outbox_.emplace_back(rank, std::move(bytes));
}

void Leader::post(const Message& m) {
  for (int r = 1; r < static_cast<int>(peers_.size()); ++r) {
    if (peers_[r].info.alive) post_to(r, m);
  }
}

void Leader::loop() {
  auto last_beat = Clock::now();
  Drain drain;
  while (true) {
    std::vector<std::pair<int, std::string>> out;
    {
      std::lock_guard lock(mutex_);
      out.swap(outbox_);
    }
    for (auto& [to, bytes] : out) {
      if (!transport_.send(to, std::move(bytes))) {
        std::lock_guard lock(mutex_);
        lose(to, "a message to it could not be sent");
      }
    }
    transport_.progress();
    while (auto m = transport_.receive()) handle(m->first, m->second);
    {
      std::lock_guard lock(mutex_);
      const auto now = Clock::now();
      if (closing_) {
        if (drain.over(outbox_.empty(), transport_)) break;
      } else {
        if (sharing_ && now - last_relay_ >= std::chrono::milliseconds(sync_ms_)) relay(false);
        if (now - last_beat >= kHeartbeat) {
          post(Heartbeat{});
          last_beat = now;
        }
        check_silence(now);
      }
    }
    std::this_thread::sleep_for(kPoll);
  }
}

void Leader::handle(int from, const std::string& bytes) {
  const std::optional<Message> m = decode(bytes);
  std::lock_guard lock(mutex_);
  traffic_.bytes_received += static_cast<std::int64_t>(bytes.size());
  if (from < 1 || from >= static_cast<int>(peers_.size())) return;
  Peer& p = peers_[from];
  if (!p.info.alive) return;  // a lost rank stays lost: it missed commands
  if (!m) {
    spdlog::warn("cluster: a malformed message from rank {}", from);
    return;
  }
  p.last_heard = Clock::now();
  if (const auto* s = std::get_if<Stats>(&*m)) {
    p.playouts = s->playouts;
    if (sharing_ && s->id == search_id_ && !s->delta.empty()) p.stash.push_back(s->delta);
  } else if (const auto* f = std::get_if<Final>(&*m)) {
    if (sharing_ && f->id == search_id_ && !f->delta.empty()) p.stash.push_back(f->delta);
    p.final_id = std::max(p.final_id, f->id);
    ready_.notify_all();
  } else if (const auto* st = std::get_if<Status>(&*m)) {
    p.status = *st;
    p.playouts = st->playouts;
    ready_.notify_all();
  } else if (std::holds_alternative<QuitAck>(*m)) {
    p.quit_acked = true;
    ready_.notify_all();
  }
}

// MoGo's exchange in a star: every rank's own counts since the last relay
// are summed; rank 0 adds the workers' to its tree, and each worker gets the
// sum less its own. `last`: the search is over, only rank 0's tree gains.
void Leader::relay(bool last) {
  const auto start = Clock::now();
  const StatsDelta own = last ? StatsDelta{} : sharing_->take_local();
  std::vector<StatsDelta> from(peers_.size());
  std::vector<const StatsDelta*> parts{&own};
  for (std::size_t r = 1; r < peers_.size(); ++r) {
    Peer& p = peers_[r];
    if (p.stash.empty()) continue;
    std::vector<const StatsDelta*> mine;
    for (const StatsDelta& d : p.stash) mine.push_back(&d);
    from[r] = sum(mine);
    p.stash.clear();
    parts.push_back(&from[r]);
  }
  const StatsDelta total = sum(parts);
  remote_root_visits_ += sharing_->add_remote(minus(total, own));
  own_root_visits_ += root_visits(own);
  if (own_root_visits_ > 0) scale_ = 1.0 + static_cast<double>(remote_root_visits_) / own_root_visits_;
  if (!last) {
    for (std::size_t r = 1; r < peers_.size(); ++r) {
      if (!peers_[r].info.alive) continue;
      StatsDelta others = minus(total, from[r]);
      if (!others.empty()) post_to(static_cast<int>(r), Remote{search_id_, std::move(others)});
    }
  }
  ++relays_;
  last_relay_ = Clock::now();
  sharing_time_ += last_relay_ - start;
}

void Leader::lose(int rank, const std::string& why) {
  Peer& p = peers_[rank];
  if (!p.info.alive) return;
  p.info.alive = false;
  p.stash.clear();
  ever_lost_ = true;
  const int live = static_cast<int>(std::count_if(peers_.begin() + 1, peers_.end(), [](const Peer& q) { return q.info.alive; }));
  spdlog::warn("cluster: rank {} is lost ({}); going on with {} of {} ranks", rank, why, live + 1, peers_.size());
  ready_.notify_all();
}

void Leader::check_silence(Clock::time_point now) {
  const auto limit = std::chrono::milliseconds(timeout_.load());
  for (std::size_t r = 1; r < peers_.size(); ++r) {
    if (peers_[r].info.alive && now - peers_[r].last_heard > limit) {
      lose(static_cast<int>(r), "nothing from it for " + std::to_string(timeout_.load()) + " ms");
    }
  }
}

template <class Done>
bool Leader::wait(std::unique_lock<std::mutex>& lock, std::chrono::milliseconds limit, Done done) {
  return ready_.wait_until(lock, Clock::now() + limit, done);
}

bool Leader::all_live(const std::function<bool(const Peer&)>& pred) const {
  return std::all_of(peers_.begin() + 1, peers_.end(), [&](const Peer& p) { return !p.info.alive || pred(p); });
}

void Leader::search_started(const SearchSpec& spec, Tree& tree) {
  const Settings& s = engine_.settings();
  timeout_ = timeout_ms();
  std::lock_guard lock(mutex_);
  ++search_id_;
  const auto start = Clock::now();
  sharing_ = std::make_unique<TreeSharing>(tree, ShareConfig{s.cluster_share_depth, s.cluster_share_min_visits});
  sharing_time_ = Clock::now() - start;
  sync_ms_ = s.cluster_sync_ms;
  last_relay_ = Clock::now();
  own_root_visits_ = remote_root_visits_ = relays_ = 0;
  scale_ = 1.0;
  for (Peer& p : peers_) p.stash.clear();
  post(Search{search_id_, spec.to_move, spec.komi, spec.draw_side, spec.favoured, game_hash(spec.game), spec.dead});
}

std::int64_t Leader::search_finished(Tree&, std::int64_t local_playouts) {
  std::unique_lock lock(mutex_);
  post(Stop{search_id_});
  const std::uint64_t id = search_id_;
  // The workers' last counts, so that the move is chosen on all of them.
  wait(lock, std::chrono::milliseconds(engine_.settings().cluster_final_wait_ms),
       [&] { return all_live([&](const Peer& p) { return p.final_id >= id; }); });
  relay(true);
  const std::int64_t remote = remote_root_visits_;
  spdlog::debug("cluster: search {}: {} own and {} remote simulations, {} relays, {:.1f} ms of sharing work", id,
                local_playouts, remote, relays_, std::chrono::duration<double, std::milli>(sharing_time_).count());
  sharing_.reset();
  playouts_ += local_playouts;
  return remote;
}

void Leader::forward_command(const std::string& name, const std::vector<std::string>& args, const std::string& text) {
  const Game& game = engine_.game();
  const std::uint64_t hash = game_hash(game);
  Command c;
  if (is_genmove(name)) {
    // The move rank 0 chose (none on a resignation) is an ordinary move there.
    if (hash != last_hash_ && game.has_moves()) {
      const Move& m = game.moves().back();
      c.line = "play " + std::string(color_name(m.color)) + " " + vertex_string(m.point, game.size());
    }
  } else if (name == "place_free_handicap") {
    c.line = "set_free_handicap " + text;  // the stones rank 0 chose
  } else if (name == "loadsgf" && !args.empty()) {
    // The file may exist on rank 0's machine only: its text travels.
    std::ifstream file(args[0], std::ios::binary);
    std::ostringstream content;
    content << file.rdbuf();
    c.line = join(name, args);
    c.payload = content.str();
  } else if (replayed_as_is(name, args)) {
    c.line = join(name, args);
  } else if (hash != last_hash_) {
    spdlog::error("cluster: '{}' changed the game but is not replayed on the other ranks", name);
  }
  last_hash_ = hash;
  if (c.line.empty()) return;
  c.hash = hash;
  std::lock_guard lock(mutex_);
  c.seq = ++command_seq_;
  post(c);
}

std::string Leader::status(bool traffic) {
  std::unique_lock lock(mutex_);
  const std::uint64_t seq = ++status_seq_;
  post(StatusRequest{seq});
  wait(lock, std::chrono::milliseconds(timeout_.load()),
       [&] { return all_live([&](const Peer& p) { return p.status.seq >= seq; }); });
  for (std::size_t r = 1; r < peers_.size(); ++r) {
    if (peers_[r].info.alive && peers_[r].status.seq < seq) lose(static_cast<int>(r), "no answer to tengen-cluster");
  }
  auto line = [&](int r, std::int64_t playouts, std::uint64_t hash, const Traffic& t) {
    std::string out = "rank " + std::to_string(r);
    if (traffic) {
      out += " messages " + std::to_string(t.messages_sent) + " bytes_sent " + std::to_string(t.bytes_sent) +
             " bytes_received " + std::to_string(t.bytes_received) + " syncs " + std::to_string(t.syncs) +
             " sync_bytes " + std::to_string(t.sync_bytes);
    } else {
      out += " playouts " + std::to_string(playouts) + " hash " + hex(hash);
    }
    return out;
  };
  std::string out = line(0, playouts_, game_hash(engine_.game()), traffic_);
  for (std::size_t r = 1; r < peers_.size(); ++r) {
    const Peer& p = peers_[r];
    out += "\n" + (p.info.alive ? line(static_cast<int>(r), p.status.playouts, p.status.hash, p.status.traffic)
                                : "rank " + std::to_string(r) + " lost");
  }
  return out;
}

bool Leader::finish() {
  bool finalize = false;
  std::vector<WorkerInfo> silent;
  {
    std::unique_lock lock(mutex_);
    post(Quit{});
    wait(lock, std::chrono::milliseconds(timeout_.load()),
         [&] { return all_live([](const Peer& p) { return p.quit_acked; }); });
    for (std::size_t r = 1; r < peers_.size(); ++r) {
      if (!peers_[r].info.alive) {
        if (peers_[r].info.pid > 0) silent.push_back(peers_[r].info);
      } else if (!peers_[r].quit_acked) {
        lose(static_cast<int>(r), "no answer to quit");
        silent.push_back(peers_[r].info);
      }
    }
    // MPI_Finalize waits for every rank, a stopped one forever.
    finalize = !ever_lost_;
    post(Close{finalize});
    closing_ = true;
  }
  thread_.join();
  for (const WorkerInfo& w : silent) {
    if (same_program_here(w)) {
      spdlog::warn("cluster: killing the lost rank's process {} on this machine, so that mpirun can end", w.pid);
      ::kill(static_cast<pid_t>(w.pid), SIGKILL);
    }
  }
  if (!finalize) spdlog::warn("cluster: a rank was lost: every rank exits without MPI_Finalize");
  transport_.close(finalize);
  return finalize;
}

}  // namespace tengen::cluster
