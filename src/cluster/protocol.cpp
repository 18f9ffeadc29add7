#include "tengen/cluster/protocol.h"

#include <bit>
#include <utility>

#include "tengen/cluster/wire.h"

namespace tengen::cluster {

namespace {

void put_color(Writer& w, Color c) { w.u(static_cast<std::uint8_t>(c)); }
Color get_color(Reader& r) {
  const std::uint64_t v = r.u();
  return v == 1 ? Color::Black : v == 2 ? Color::White : Color::Empty;
}

struct Put {
  Writer& w;
  std::string& out;
  void operator()(const Hello& m) const {
    w.u(m.ready);
    w.s(m.error);
    w.s(m.host);
    w.i(m.pid);
    w.i(m.threads);
  }
  void operator()(const Verdict& m) const { w.u(m.play); }
  void operator()(const Command& m) const {
    w.u(m.seq);
    w.s(m.line);
    w.s(m.payload);
    w.u(m.hash);
  }
  void operator()(const Search& m) const {
    w.u(m.id);
    put_color(w, m.to_move);
    w.d(m.komi);
    put_color(w, m.draw_side);
    w.u(m.favoured.size());
    for (Point p : m.favoured) w.u(p);
    w.u(m.hash);
    w.u(m.dead.size());
    for (Point p : m.dead) w.u(p);
  }
  void operator()(const Stop& m) const { w.u(m.id); }
  void operator()(const Remote& m) const {
    w.u(m.id);
    encode(m.delta, out);
  }
  void operator()(const Stats& m) const {
    w.u(m.id);
    w.i(m.playouts);
    encode(m.delta, out);
  }
  void operator()(const Final& m) const {
    w.u(m.id);
    encode(m.delta, out);
  }
  void operator()(const StatusRequest& m) const { w.u(m.seq); }
  void operator()(const Status& m) const {
    w.u(m.seq);
    w.i(m.playouts);
    w.u(m.hash);
    w.i(m.traffic.messages_sent);
    w.i(m.traffic.bytes_sent);
    w.i(m.traffic.bytes_received);
    w.i(m.traffic.syncs);
    w.i(m.traffic.sync_bytes);
  }
  void operator()(const Heartbeat&) const {}
  void operator()(const Quit&) const {}
  void operator()(const QuitAck&) const {}
  void operator()(const Close& m) const { w.u(m.finalize); }
};

struct Get {
  Reader& r;
  const std::string& in;
  std::size_t& pos;
  bool& ok;

  StatsDelta delta() const {
    auto d = decode(in, pos);
    if (!d) ok = false;
    return d ? std::move(*d) : StatsDelta{};
  }
  void operator()(Hello& m) const {
    m.ready = r.u() != 0;
    m.error = r.s();
    m.host = r.s();
    m.pid = r.i();
    m.threads = r.i();
  }
  void operator()(Verdict& m) const { m.play = r.u() != 0; }
  void operator()(Command& m) const {
    m.seq = r.u();
    m.line = r.s();
    m.payload = r.s();
    m.hash = r.u();
  }
  void operator()(Search& m) const {
    m.id = r.u();
    m.to_move = get_color(r);
    m.komi = r.d();
    m.draw_side = get_color(r);
    const std::uint64_t n = r.u();
    if (n > kMaxPoints) {
      ok = false;
      return;
    }
    for (std::uint64_t i = 0; i < n; ++i) m.favoured.push_back(static_cast<Point>(r.u()));
    m.hash = r.u();
    const std::uint64_t dead = r.u();
    if (dead > kMaxPoints) {
      ok = false;
      return;
    }
    for (std::uint64_t i = 0; i < dead; ++i) m.dead.push_back(static_cast<Point>(r.u()));
  }
  void operator()(Stop& m) const { m.id = r.u(); }
  void operator()(Remote& m) const {
    m.id = r.u();
    m.delta = delta();
  }
  void operator()(Stats& m) const {
    m.id = r.u();
    m.playouts = r.i();
    m.delta = delta();
  }
  void operator()(Final& m) const {
    m.id = r.u();
    m.delta = delta();
  }
  void operator()(StatusRequest& m) const { m.seq = r.u(); }
  void operator()(Status& m) const {
    m.seq = r.u();
    m.playouts = r.i();
    m.hash = r.u();
    m.traffic.messages_sent = r.i();
    m.traffic.bytes_sent = r.i();
    m.traffic.bytes_received = r.i();
    m.traffic.syncs = r.i();
    m.traffic.sync_bytes = r.i();
  }
  void operator()(Heartbeat&) const {}
  void operator()(Quit&) const {}
  void operator()(QuitAck&) const {}
  void operator()(Close& m) const { m.finalize = r.u() != 0; }
};

template <std::size_t I = 0>
std::optional<Message> make(std::size_t kind) {
  if constexpr (I == std::variant_size_v<Message>) {
    return std::nullopt;
  } else {
    if (kind == I) return Message(std::in_place_index<I>);
    return make<I + 1>(kind);
  }
}

}  // namespace

std::string encode(const Message& m) {
  std::string out;
  out.push_back(static_cast<char>(m.index()));
  Writer w(out);
  std::visit(Put{w, out}, m);
  return out;
}

std::optional<Message> decode(const std::string& bytes) {
  if (bytes.empty()) return std::nullopt;
  std::optional<Message> m = make(static_cast<unsigned char>(bytes[0]));
  if (!m) return std::nullopt;
  std::size_t pos = 1;
  Reader r(bytes, pos);
  bool ok = true;
  std::visit(Get{r, bytes, pos, ok}, *m);
  if (!ok || !r.ok() || pos != bytes.size()) return std::nullopt;
  return m;
}

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  // splitmix64's finaliser over the running hash and the next value.
  std::uint64_t z = h ^ (v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

std::uint64_t game_hash(const Game& game) {
  std::uint64_t h = mix(0, static_cast<std::uint64_t>(game.size()));
  h = mix(h, std::bit_cast<std::uint64_t>(game.komi()));
  h = mix(h, static_cast<std::uint64_t>(game.handicap()));
  for (const Move& m : game.setup()) h = mix(h, static_cast<std::uint64_t>(m.color) << 16 | m.point);
  h = mix(h, 0xFFFF'FFFFULL);  // setup and moves apart
  for (const Move& m : game.moves()) h = mix(h, static_cast<std::uint64_t>(m.color) << 16 | m.point);
  h = mix(h, game.board().hash());
  return mix(h, static_cast<std::uint64_t>(game.to_move()));
}

}  // namespace tengen::cluster
