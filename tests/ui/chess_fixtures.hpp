#pragma once
// The chess seats and squares by name, for the client's chess tests.
#include "game/chess/types.hpp"
#include "game/core/seat.hpp"

namespace parley::ui::testing {

inline constexpr game::Seat kWhite{0};
inline constexpr game::Seat kBlack{1};

inline game::chess::Square sq(const char* name) { return *game::chess::Square::parse(name); }

}  // namespace parley::ui::testing
