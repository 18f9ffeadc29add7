#pragma once
// Numbers read from text (GTP, SGF, parameters, model files), on
// std::from_chars: the whole text must be the number, with no white space
// and no leading '+' unless asked for; independent of the locale.

#include <charconv>
#include <cmath>
#include <concepts>
#include <optional>
#include <string_view>
#include <system_error>

namespace tengen {

template <std::integral T>
std::optional<T> parse_integer(std::string_view s, int base = 10) {
  T v{};
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// Any double from_chars reads, "inf" and "nan" included: for callers that
// range-check the value and say so.
inline std::optional<double> parse_double(std::string_view s) {
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// A finite double. LeadingPlus::Accepted also takes "+6.5" (GNU Go sends
// "komi +6.5"), though not "+-6.5" or "++6.5".
enum class LeadingPlus { Refused, Accepted };
inline std::optional<double> parse_finite(std::string_view s, LeadingPlus plus = LeadingPlus::Refused) {
  if (plus == LeadingPlus::Accepted && s.size() > 1 && s[0] == '+' && s[1] != '+' && s[1] != '-') s.remove_prefix(1);
  const auto v = parse_double(s);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

}  // namespace tengen
