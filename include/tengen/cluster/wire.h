#pragma once
// Bytes on the wire between ranks: unsigned varints (LEB128), zig-zag
// signed ones, doubles by their bits, and length-prefixed strings. A reader
// never reads past its input: a short or malformed message reads as a
// failure, not as garbage.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>

namespace tengen::cluster {

class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  void u(std::uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>((v & 0x7F) | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  void i(std::int64_t v) { u((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63)); }
  void d(double v) { u(std::bit_cast<std::uint64_t>(v)); }
  void s(const std::string& text) {
    u(text.size());
    out_ += text;
  }

 private:
  std::string& out_;
};

class Reader {
 public:
  Reader(const std::string& in, std::size_t& pos) : in_(in), pos_(pos) {}
  bool ok() const { return ok_; }
  std::uint64_t u() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= in_.size()) break;
      const auto byte = static_cast<unsigned char>(in_[pos_++]);
      v |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
      if (byte < 0x80) return v;
    }
    ok_ = false;
    return 0;
  }
  std::int64_t i() {
    const std::uint64_t z = u();
    return static_cast<std::int64_t>((z >> 1) ^ (~(z & 1) + 1));
  }
  double d() { return std::bit_cast<double>(u()); }
  std::string s() {
    const std::uint64_t n = u();
    if (!ok_ || n > in_.size() - pos_) {
      ok_ = false;
      return {};
    }
    std::string text = in_.substr(pos_, n);
    pos_ += n;
    return text;
  }

 private:
  const std::string& in_;
  std::size_t& pos_;
  bool ok_ = true;
};

}  // namespace tengen::cluster
