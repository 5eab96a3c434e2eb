#pragma once
// States the fuzzers apply decoded actions to: a new game known fully, by one seat, by nobody.
#include <array>

#include "game/gunjin/rules.hpp"

namespace parley::game::gunjin::fuzzing {

inline constexpr Layout kLayout = {
    Kind::captain, Kind::mine, Kind::general, Kind::mine, Kind::first_lieutenant,
    Kind::second_lieutenant, Kind::colonel, Kind::flag, Kind::lieutenant_colonel, Kind::engineer, Kind::cavalry,
    Kind::plane, Kind::tank, Kind::major_general, Kind::major, Kind::tank, Kind::plane,
    Kind::captain, Kind::lieutenant_general, Kind::second_lieutenant, Kind::first_lieutenant, Kind::engineer,
    Kind::spy};

inline std::array<State, 3> start_states() {
  const State full = *State::new_game({}, {kLayout, kLayout});
  return {full, full.conceal(Seat{1}), full.conceal(std::nullopt)};
}

}  // namespace parley::game::gunjin::fuzzing
