#pragma once
// Small text helpers shared by the GTP command files.

#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/board/color.h"
#include "tengen/util/parse.h"

namespace tengen::gtp_text {

// GTP's numbers: an int, and a finite float that may carry a '+'.
inline std::optional<int> parse_int(std::string_view s) { return parse_integer<int>(s); }
inline std::optional<double> parse_float(std::string_view s) { return parse_finite(s, LeadingPlus::Accepted); }

// A command line's words, split at white space.
inline std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> words;
  std::istringstream in{std::string(s)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A GTP colour: b, w, black or white in any case.
inline std::optional<Color> parse_color(std::string_view s) {
  const std::string c = lower(s);
  if (c == "b" || c == "black") return Color::Black;
  if (c == "w" || c == "white") return Color::White;
  return std::nullopt;
}

}  // namespace tengen::gtp_text
