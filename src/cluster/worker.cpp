#include "tengen/cluster/worker.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "gtp/text.h"
#include "tengen/util/parse.h"

namespace tengen::cluster {

namespace {

using namespace std::chrono_literals;

constexpr auto kPoll = 1ms;

std::string joined(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& w : words) line += (line.empty() ? "" : " ") + w;
  return line;
}

}  // namespace

std::uint64_t rank_seed(std::uint64_t seed, int rank) {
  // Seeds stay below 2^53 (the registry's bound).
  return seed == 0 ? 0 : (seed + 1000003ULL * static_cast<std::uint64_t>(rank)) % (1ULL << 53);
}

Worker::Worker(Transport& transport, Engine& engine)
    : transport_(transport), engine_(engine), server_(engine) {
  silence_ms_ = 2 * std::int64_t{engine_.settings().cluster_timeout_ms};
  sync_ms_ = engine_.settings().cluster_sync_ms;
  last_heard_ = last_sync_ = Clock::now();
  engine_.set_search_observer(this);
  thread_ = std::thread([this] { loop(); });
}

Worker::~Worker() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  if (thread_.joinable()) thread_.join();
  engine_.set_search_observer(nullptr);
}

void Worker::post(const Message& m) {
  std::string bytes = encode(m);
  traffic_.messages_sent++;
  traffic_.bytes_sent += static_cast<std::int64_t>(bytes.size());
  const auto* stats = std::get_if<Stats>(&m);
  const auto* final = std::get_if<Final>(&m);
  if ((stats && !stats->delta.empty()) || (final && !final->delta.empty())) {
    traffic_.syncs++;
    traffic_.sync_bytes += static_cast<std::int64_t>(bytes.size());
  }
  outbox_.push_back(std::move(bytes));
}

void Worker::loop() {
  Drain drain;
  while (true) {
    std::vector<std::string> out;
    {
      std::lock_guard lock(mutex_);
      out.swap(outbox_);
    }
    for (std::string& bytes : out) transport_.send(0, std::move(bytes));
    transport_.progress();
    while (auto m = transport_.receive()) {
      if (m->first == 0) handle(m->second);
    }
    {
      std::lock_guard lock(mutex_);
      const auto now = Clock::now();
      if (done_) {
        if (drain.over(outbox_.empty(), transport_)) break;
      } else {
        if (now - last_sync_ >= std::chrono::milliseconds(sync_ms_)) {
          // Own counts while searching; a heartbeat otherwise.
          Stats s{active_id_, sharing_ ? sharing_->take_local() : StatsDelta{}, playouts_};
          post(s);
          last_sync_ = now;
        }
        if (now - last_heard_ > std::chrono::milliseconds(silence_ms_.load())) {
          spdlog::error("cluster: nothing from rank 0 for {} ms: stopping", silence_ms_.load());
          stop_search_ = true;
          orders_.push_back(Close{false});
          ready_.notify_all();
          last_heard_ = now;  // once
        }
      }
    }
    std::this_thread::sleep_for(kPoll);
  }
}

void Worker::handle(const std::string& bytes) {
  std::optional<Message> m = decode(bytes);
  std::lock_guard lock(mutex_);
  traffic_.bytes_received += static_cast<std::int64_t>(bytes.size());
  last_heard_ = Clock::now();
  if (!m) {
    spdlog::warn("cluster: a malformed message from rank 0");
    return;
  }
  if (const auto* stop = std::get_if<Stop>(&*m)) {
    // At once, not after the orders queued: the search must end now, and
    // its last counts go to rank 0 while it waits for them.
    stopped_upto_ = std::max(stopped_upto_, stop->id);
    if (current_id_ <= stopped_upto_) stop_search_ = true;
    post(Final{stop->id, sharing_ && active_id_ == stop->id ? sharing_->take_local() : StatsDelta{}});
  } else if (const auto* remote = std::get_if<Remote>(&*m)) {
    if (sharing_ && remote->id == active_id_) sharing_->add_remote(remote->delta);
  } else if (std::holds_alternative<Heartbeat>(*m)) {
    // last_heard_ is all it is for
  } else if (std::holds_alternative<Quit>(*m) || std::holds_alternative<Close>(*m)) {
    stop_search_ = true;
    orders_.push_back(std::move(*m));
    ready_.notify_all();
  } else {
    orders_.push_back(std::move(*m));
    ready_.notify_all();
  }
}

bool Worker::run() {
  while (true) {
    Message order;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return !orders_.empty(); });
      order = std::move(orders_.front());
      orders_.pop_front();
    }
    if (const auto* c = std::get_if<Command>(&order)) {
      replay(*c);
    } else if (const auto* s = std::get_if<Search>(&order)) {
      search(*s);
    } else if (const auto* r = std::get_if<StatusRequest>(&order)) {
      std::lock_guard lock(mutex_);
      post(Status{r->seq, playouts_, game_hash(engine_.game()), traffic_});
    } else if (std::holds_alternative<Quit>(order)) {
      std::lock_guard lock(mutex_);
      post(QuitAck{});
    } else if (const auto* close = std::get_if<Close>(&order)) {
      return close->finalize;
    }
  }
}

void Worker::replay(const Command& c) {
  std::vector<std::string> words = gtp_text::split_words(c.line);
  if (words.empty()) return;
  std::filesystem::path sgf;
  if (words[0] == "loadsgf" && words.size() >= 2) {
    // Rank 0's file, written here: this machine may not have it. Named by
    // process and rank: in-process test clusters share one process.
    sgf = std::filesystem::temp_directory_path() /
          ("tengen-" + std::to_string(getpid()) + "-rank-" + std::to_string(transport_.rank()) + ".sgf");
    std::ofstream(sgf, std::ios::binary) << c.payload;
    words[1] = sgf.string();
  }
  if (words[0] == "tengen-param" && words.size() >= 3 && words[words.size() - 2] == "seed") {
    const auto seed = parse_integer<std::uint64_t>(words.back());
    if (seed) words.back() = std::to_string(rank_seed(*seed, transport_.rank()));
  }
  const std::string line = joined(words);
  const std::optional<std::string> reply = server_.handle_line(line);
  if (!sgf.empty()) std::filesystem::remove(sgf);
  if (reply && !reply->empty() && (*reply)[0] == '?') {
    spdlog::error("cluster: rank 0's '{}' failed here: {}", line, reply->substr(0, reply->find('\n')));
  }
  const std::uint64_t hash = game_hash(engine_.game());
  if (hash != c.hash) {
    spdlog::error("cluster: out of step with rank 0 after '{}' (game {:016x} here, {:016x} there)", line, hash, c.hash);
  }
  silence_ms_ = 2 * std::int64_t{engine_.settings().cluster_timeout_ms};
}

void Worker::search(const Search& s) {
  if (s.hash != game_hash(engine_.game())) {
    spdlog::error("cluster: not searching: this rank's game differs from rank 0's");
    return;
  }
  {
    std::lock_guard lock(mutex_);
    if (s.id <= stopped_upto_) return;  // over before it began
    current_id_ = s.id;
    stop_search_ = false;
  }
  SearchLimits limits;  // no playout or time limit: rank 0 says when to stop
  limits.early_stop = false;
  limits.draw_side = s.draw_side;
  limits.favoured = s.favoured;
  limits.dead = s.dead;
  engine_.search_position(s.to_move, s.komi, limits, &stop_search_);
}

void Worker::search_started(const SearchSpec&, Tree& tree) {
  const Settings& settings = engine_.settings();
  std::lock_guard lock(mutex_);
  sharing_ = std::make_unique<TreeSharing>(tree,
                                           ShareConfig{settings.cluster_share_depth, settings.cluster_share_min_visits});
  active_id_ = current_id_;
  sync_ms_ = settings.cluster_sync_ms;
  last_sync_ = Clock::now();
}

std::int64_t Worker::search_finished(Tree&, std::int64_t local_playouts) {
  std::lock_guard lock(mutex_);
  sharing_.reset();
  active_id_ = 0;
  playouts_ += local_playouts;
  return 0;
}

}  // namespace tengen::cluster
