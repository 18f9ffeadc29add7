#pragma once
// The learned move-pattern model: one gamma (Bradley-Terry strength) per
// feature value, read from and written to readable, versioned text
// (patterns/mm-v1.txt). A move's strength is the product of the gammas of
// its features (features.h); its probability among the legal moves is its
// strength over their sum.
//
// File format, one item a line ('#' starts a comment line):
//   tengen-patterns 1                  the format version (first line)
//   shape-hash 1                       the version of the shape hashing
//   data|command|date|note <text>      free text about the training run
//   tactical <group> <value> <gamma>   e.g. "tactical capture last-move 29.1"
//   3x3 <cells> <gamma>                e.g. "3x3 X.O.Q.x. 0.53" (see pattern3_text)
//   shape <size> <key, hex> <gamma>    a nested shape of that gridcular size
//   end <feature lines>                the last line: the count guards against a truncated file
// Features not listed have gamma 1.

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/board/board.h"
#include "tengen/patterns/features.h"

namespace tengen::patterns {

// Open addressing from non-zero 64-bit keys to values, linear probing.
template <typename V>
class KeyMap {
 public:
  const V* find(std::uint64_t key) const {
    if (size_ == 0) return nullptr;
    for (std::size_t i = slot(key);; i = (i + 1) & mask_) {
      if (keys_[i] == key) return &values_[i];
      if (keys_[i] == 0) return nullptr;
    }
  }
  V* find(std::uint64_t key) { return const_cast<V*>(static_cast<const KeyMap&>(*this).find(key)); }
  // Inserts (key must be non-zero) or overwrites.
  void set(std::uint64_t key, V value) {
    if (2 * (size_ + 1) > keys_.size()) grow();
    std::size_t i = slot(key);
    while (keys_[i] != 0 && keys_[i] != key) i = (i + 1) & mask_;
    if (keys_[i] == 0) ++size_;
    keys_[i] = key;
    values_[i] = value;
  }
  std::size_t size() const { return size_; }
  template <typename F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (keys_[i] != 0) f(keys_[i], values_[i]);
    }
  }

 private:
  std::size_t slot(std::uint64_t key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask_; }
  void grow() {
    std::vector<std::uint64_t> old_keys = std::move(keys_);
    std::vector<V> old_values = std::move(values_);
    const std::size_t capacity = old_keys.empty() ? 64 : 2 * old_keys.size();
    keys_.assign(capacity, 0);
    values_.assign(capacity, V{});
    mask_ = capacity - 1;
    size_ = 0;
    for (std::size_t i = 0; i < old_keys.size(); ++i) {
      if (old_keys[i] != 0) set(old_keys[i], old_values[i]);
    }
  }

  std::vector<std::uint64_t> keys_;
  std::vector<V> values_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

// The key of a canonical 3x3 code in a KeyMap (codes may be 0).
inline std::uint64_t pattern3_key(std::uint32_t canonical) { return canonical | (std::uint64_t{1} << 32); }

// A missing, unreadable or malformed model file; what() names the file, the
// line and what is wrong.
struct PatternModelError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class PatternModel {
 public:
  static constexpr int kVersion = 1;
  static constexpr int kShapeHashVersion = 1;

  PatternModel();

  // Throws PatternModelError; `origin` names the text in messages.
  static PatternModel parse(std::string_view text, const std::string& origin);
  static PatternModel load(const std::string& path);
  // The file text: features in a fixed order, gammas to 6 significant digits.
  std::string to_text() const;

  float tactical_gamma(int group, int value) const { return tactical_[group][value]; }
  void set_tactical_gamma(int group, int value, float gamma) { tactical_[group][value] = gamma; }
  void set_pattern3_gamma(std::uint32_t canonical, float gamma) { pattern3_.set(pattern3_key(canonical), gamma); }
  void set_shape_gamma(std::uint64_t key, float gamma) { shapes_.set(key, gamma); }
  const KeyMap<float>& pattern3_gammas() const { return pattern3_; }
  const KeyMap<float>& shape_gammas() const { return shapes_; }

  // The strength of c playing the legal move p; view is ShapeView(b, c),
  // made once for all of a position's candidates.
  float strength(const Board& b, const ShapeView& view, Point p, Color c, FeatureExtractor& fx) const {
    const Tactics t = fx.tactics(b, p, c);
    float g = 1.0f;
    for (int k = 0; k < kTacticalGroups; ++k) g *= tactical_[k][t.value[k]];
    if (const float* g3 = pattern3_.find(pattern3_key(canonical_pattern3(pattern3_code(b, p, c))))) g *= *g3;
    const float* shape_gamma = nullptr;  // of the largest known shape, found on the way
    largest_known_shape(view, p, [&](std::uint64_t key) {
      const float* found = shapes_.find(key);
      if (found) shape_gamma = found;
      return found != nullptr;
    });
    if (shape_gamma) g *= *shape_gamma;
    return g;
  }
  float strength(const Board& b, Point p, Color c, FeatureExtractor& fx) const {
    return strength(b, ShapeView(b, c), p, c, fx);
  }

  // Free text about the run that made the model (the header lines).
  std::string data, command, date;
  std::vector<std::string> notes;

 private:
  std::array<std::array<float, 17>, kTacticalGroups> tactical_;
  KeyMap<float> pattern3_;
  KeyMap<float> shapes_;
};

// The model the engine uses when prior-model-file is empty: the shipped
// mm-v1.txt (util/data_files.h says where it is looked for).
std::string default_model_file();

// H(d) for the tree from the model's strengths h[0..n) of the n legal moves
// of a position, in place: with p a move's probability (its strength over
// the sum), x = (n p)^exponent and H = x / (1 + x), clamped to [0.02, 0.98].
// An average move gets 0.5; with exponent 0.5, one the model likes 100 times
// more than average gets 0.91, one it likes 100 times less 0.09.
void strengths_to_priors(float* h, int n, double exponent);

}  // namespace tengen::patterns
