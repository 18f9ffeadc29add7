#include "tengen/board/point.h"

#include <cctype>

namespace tengen {

namespace {

constexpr char kColumnLetters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<Point> parse_vertex(std::string_view text, int size) {
  if (iequals(text, "pass")) return kPass;
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  int x = -1;
  for (int i = 0; i < size; ++i) {
    if (kColumnLetters[i] == letter) x = i;
  }
  if (x < 0) return std::nullopt;
  int row = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
    row = row * 10 + (text[i] - '0');
  }
  if (text[1] == '0' || row < 1 || row > size) return std::nullopt;
  return point_at(x, size - row, size);
}

std::string vertex_string(Point p, int size) {
  if (p == kPass) return "pass";
  if (p == kResign) return "resign";
  if (!is_on_board(p, size)) return "??";
  std::string s(1, kColumnLetters[column_of(p, size)]);
  s += std::to_string(size - row_of(p, size));
  return s;
}

}  // namespace tengen
