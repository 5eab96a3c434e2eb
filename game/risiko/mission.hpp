#pragma once
// Whether a mission is fulfilled in a given position (the original design's Mission "verifica se tale
// obiettivo è stato raggiunto"). A player claims victory by revealing its mission; every peer
// checks the claim with this function.
#include "game/core/seat.hpp"
#include "game/risiko/state.hpp"
#include "game/risiko/world.hpp"

namespace parley::game::risiko {

// For a destroy mission: whether it has turned into its fallback (hold N territories)
// because the target colour is the holder's own, is not in the game, or was eliminated by
// somebody other than the holder.
bool destroy_falls_back(const Table& table, Seat holder, const Mission& mission);

bool mission_fulfilled(const World& world, const Table& table, Seat holder, const Mission& mission);

}  // namespace parley::game::risiko
