#pragma once
// Shared helpers for the Gunjin tests: a valid layout, squares by (column, row), actions.
#include <gtest/gtest.h>

#include <initializer_list>
#include <optional>
#include <vector>

#include "game/gunjin/rules.hpp"

namespace parley::game::gunjin::testing {

inline constexpr Seat kSeat0{0};
inline constexpr Seat kSeat1{1};

// A legal layout, by slot from its owner's side (layout.hpp): the flag stands on slot 7
// with the 大将 in the HQ (slot 2) behind it.
inline constexpr Layout kLayout = {
    // back row, slot 2 = HQ
    Kind::captain, Kind::mine, Kind::general, Kind::mine, Kind::first_lieutenant,
    // rank 1
    Kind::second_lieutenant, Kind::colonel, Kind::flag, Kind::lieutenant_colonel, Kind::engineer, Kind::cavalry,
    // rank 2
    Kind::plane, Kind::tank, Kind::major_general, Kind::major, Kind::tank, Kind::plane,
    // front row, slots 18 and 21 are the gates
    Kind::captain, Kind::lieutenant_general, Kind::second_lieutenant, Kind::first_lieutenant, Kind::engineer,
    Kind::spy};

// The square of a cell; the HQ answers to both of its cells.
inline Square sq(int column, int row) {
  return *square_at(Cell{static_cast<std::int8_t>(column), static_cast<std::int8_t>(row)});
}

inline Action move(Seat actor, Square from, Square to, std::optional<BattleOutcome> battle = std::nullopt,
                   bool hq_claim = false) {
  return Action{actor, Play{from, to, battle, hq_claim}};
}

inline State full_game(const Options& options = {}) {
  return *State::new_game(options, {kLayout, kLayout});
}

inline PlacedPiece at(Seat seat, std::uint8_t slot, std::optional<Kind> kind, Square square, bool moved = false) {
  return PlacedPiece{PieceId{seat, slot}, kind, square, moved};
}

// The position of these pieces alone (State::arrange); a test whose pieces make none fails.
inline State position(std::initializer_list<PlacedPiece> pieces, Seat to_move = kSeat0, const Options& options = {}) {
  auto s = State::arrange(options, std::vector<PlacedPiece>(pieces), to_move);
  if (s.ok()) return *s;
  ADD_FAILURE() << "not a position";
  return full_game(options);
}

}  // namespace parley::game::gunjin::testing
