#include "tengen/patterns/model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tengen/util/data_files.h"
#include "tengen/util/parse.h"

namespace tengen::patterns {

namespace {

namespace fs = std::filesystem;

std::string format_gamma(float g) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", static_cast<double>(g));
  return buffer;
}

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

// The rest of the line after its first word.
std::string rest_of(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t");
  const std::size_t space = line.find_first_of(" \t", first);
  if (space == std::string_view::npos) return "";
  const std::size_t text = line.find_first_not_of(" \t", space);
  return text == std::string_view::npos ? "" : std::string(line.substr(text));
}

class ModelParser {
 public:
  explicit ModelParser(std::string origin) : origin_(std::move(origin)) {}

  PatternModel parse(std::string_view text) {
    PatternModel m;
    bool version = false, shape_hash = false, ended = false;
    std::size_t features = 0;
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      start = end + 1;
      ++line_;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      const auto w = words_of(line);
      if (w.empty() || w[0][0] == '#') continue;
      if (ended) fail("text after the 'end' line");
      if (!version) {
        if (w.size() != 2 || w[0] != "tengen-patterns") fail("not a Tengen pattern model (expected 'tengen-patterns 1')");
        if (w[1] != std::to_string(PatternModel::kVersion)) fail("model format version " + std::string(w[1]) + " is not supported (this build reads version 1)");
        version = true;
      } else if (w[0] == "shape-hash") {
        if (w.size() != 2 || w[1] != std::to_string(PatternModel::kShapeHashVersion)) fail("shape hash version must be 1");
        shape_hash = true;
      } else if (w[0] == "data") {
        m.data = rest_of(line);
      } else if (w[0] == "command") {
        m.command = rest_of(line);
      } else if (w[0] == "date") {
        m.date = rest_of(line);
      } else if (w[0] == "note") {
        m.notes.push_back(rest_of(line));
      } else if (w[0] == "tactical") {
        expect(w, 4, "tactical <group> <value> <gamma>");
        int group = -1;
        for (int g = 0; g < kTacticalGroups; ++g) {
          if (group_name(g) == w[1]) group = g;
        }
        if (group < 0) fail("unknown feature group '" + std::string(w[1]) + "'");
        const int value = value_from_name(group, w[2]);
        if (value == 0) fail("unknown value '" + std::string(w[2]) + "' of group " + std::string(w[1]));
        m.set_tactical_gamma(group, value, gamma(w[3]));
        ++features;
      } else if (w[0] == "3x3") {
        expect(w, 3, "3x3 <8 cells> <gamma>");
        std::uint32_t code = 0;
        if (!parse_pattern3(w[1], &code)) fail("bad 3x3 cells '" + std::string(w[1]) + "'");
        const std::uint32_t canonical = canonical_pattern3(code);
        if (m.pattern3_gammas().find(pattern3_key(canonical))) fail("3x3 pattern " + std::string(w[1]) + " given twice (or a symmetric copy of it)");
        m.set_pattern3_gamma(canonical, gamma(w[2]));
        ++features;
      } else if (w[0] == "shape") {
        expect(w, 4, "shape <size> <key> <gamma>");
        const auto size = parse_integer<int>(w[1]);
        const auto key = parse_integer<std::uint64_t>(w[2], 16);
        if (!size || *size < kMinShapeSize || *size > kMaxShapeSize) fail("bad shape size '" + std::string(w[1]) + "'");
        if (!key || *key == 0 || shape_size_of(*key) != *size) fail("bad shape key '" + std::string(w[2]) + "'");
        if (m.shape_gammas().find(*key)) fail("shape " + std::string(w[2]) + " given twice");
        m.set_shape_gamma(*key, gamma(w[3]));
        ++features;
      } else if (w[0] == "end") {
        const auto count = w.size() == 2 ? parse_integer<std::size_t>(w[1]) : std::nullopt;
        if (!count) fail("expected 'end <number of feature lines>'");
        if (*count != features) fail("the file lists " + std::to_string(features) + " features, 'end' says " + std::string(w[1]));
        ended = true;
      } else {
        fail("unknown line '" + std::string(w[0]) + "'");
      }
    }
    if (!version) fail("empty model (expected 'tengen-patterns 1')");
    if (!shape_hash) fail("no 'shape-hash' line");
    if (!ended) fail("no 'end' line: the file is truncated");
    return m;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw PatternModelError(origin_ + ":" + std::to_string(line_) + ": " + why);
  }
  void expect(const std::vector<std::string_view>& w, std::size_t n, const char* form) const {
    if (w.size() != n) fail(std::string("expected '") + form + "'");
  }
  float gamma(std::string_view s) const {
    const auto g = parse_finite(s);
    if (!g || *g <= 0 || *g > 1e30) fail("bad gamma '" + std::string(s) + "' (a positive number)");
    return static_cast<float>(*g);
  }

  std::string origin_;
  int line_ = 0;
};

}  // namespace

PatternModel::PatternModel() {
  for (auto& group : tactical_) group.fill(1.0f);
}

PatternModel PatternModel::parse(std::string_view text, const std::string& origin) { return ModelParser(origin).parse(text); }

PatternModel PatternModel::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::error_code ec;
  if (!in || fs::is_directory(path, ec)) {
    throw PatternModelError("cannot read pattern model '" + path +
                            "' (learned priors need it; set prior-model-file to its path, or learned-priors = false)");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path);
}

std::string PatternModel::to_text() const {
  std::ostringstream out;
  out << "# Tengen move-pattern model: Bradley-Terry gammas learned by Coulom's minorization-maximization\n"
      << "# (`tengen learn`, see docs/patterns.md). A move's strength is the product of its features' gammas.\n"
      << "tengen-patterns " << kVersion << "\n"
      << "shape-hash " << kShapeHashVersion << "\n";
  if (!data.empty()) out << "data " << data << "\n";
  if (!command.empty()) out << "command " << command << "\n";
  if (!date.empty()) out << "date " << date << "\n";
  for (const auto& n : notes) out << "note " << n << "\n";
  std::size_t features = 0;
  for (int g = 0; g < kTacticalGroups; ++g) {
    for (int v = 1; v <= kGroupValues[g]; ++v) {
      out << "tactical " << group_name(g) << ' ' << value_name(g, v) << ' ' << format_gamma(tactical_[g][v]) << "\n";
      ++features;
    }
  }
  std::vector<std::pair<std::uint64_t, float>> items;
  pattern3_.for_each([&](std::uint64_t key, float g) { items.emplace_back(key, g); });
  std::sort(items.begin(), items.end());
  for (const auto& [key, g] : items) {
    out << "3x3 " << pattern3_text(static_cast<std::uint32_t>(key)) << ' ' << format_gamma(g) << "\n";
  }
  features += items.size();
  items.clear();
  shapes_.for_each([&](std::uint64_t key, float g) { items.emplace_back(key, g); });
  std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) {
    const int sa = shape_size_of(a.first), sb = shape_size_of(b.first);
    return sa != sb ? sa < sb : a.first < b.first;
  });
  char hex[20];
  for (const auto& [key, g] : items) {
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(key));
    out << "shape " << shape_size_of(key) << ' ' << hex << ' ' << format_gamma(g) << "\n";
  }
  features += items.size();
  out << "end " << features << "\n";
  return out.str();
}

std::string default_model_file() { return shipped_pattern_file("mm-v1.txt"); }

void strengths_to_priors(float* h, int n, double exponent) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += h[i];
  if (!(sum > 0)) return;
  const double scale = n / sum;
  for (int i = 0; i < n; ++i) {
    const double x = std::pow(h[i] * scale, exponent);
    h[i] = static_cast<float>(std::clamp(x / (1.0 + x), 0.02, 0.98));
  }
}

}  // namespace tengen::patterns
