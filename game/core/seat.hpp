#pragma once
// A seat at the table: who acts, in the order the lobby's genesis entry fixed.
#include <compare>
#include <cstddef>
#include <cstdint>

namespace parley::game {

inline constexpr std::size_t kMaxSeats = 6;

struct Seat {
  std::uint8_t index = 0;
  constexpr auto operator<=>(const Seat&) const = default;
};

}  // namespace parley::game
