#pragma once
// Colours of points and players. One definition for the whole project.

#include <cstdint>
#include <string_view>

namespace tengen {

enum class Color : std::uint8_t { Empty = 0, Black = 1, White = 2, Border = 3 };

constexpr Color opponent(Color c) {
  return c == Color::Black ? Color::White : Color::Black;
}

constexpr bool is_player(Color c) {
  return c == Color::Black || c == Color::White;
}

constexpr char color_char(Color c) {
  switch (c) {
    case Color::Black: return 'X';
    case Color::White: return 'O';
    case Color::Empty: return '.';
    default: return '#';
  }
}

constexpr std::string_view color_name(Color c) {
  switch (c) {
    case Color::Black: return "black";
    case Color::White: return "white";
    case Color::Empty: return "empty";
    default: return "border";
  }
}

}  // namespace tengen
