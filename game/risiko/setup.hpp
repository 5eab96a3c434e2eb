#pragma once
// The seat order and the territory deal, derived from public randomness. The engine has no
// randomness of its own: the session hands it a uniform source built from the beacon's public
// seed (docs/design.md: randombytes_buf_deterministic and rejection sampling), and every
// peer runs this same procedure on it, so every peer derives the same StartGame.
#include <cstdint>
#include <functional>
#include <vector>

#include "game/risiko/action.hpp"
#include "game/risiko/world.hpp"

namespace parley::game::risiko {

// Returns a uniform integer in [0, bound); bound >= 1.
using UniformDraw = std::function<std::uint32_t(std::uint32_t bound)>;

// Turn order: the seats 0..n-1 shuffled. Deal: the territories 0..T-1 shuffled, then dealt
// round-robin in turn order, like cards (the first T mod n players in turn order get one
// more). Both shuffles are Fisher-Yates from the last element down, the turn order first,
// each step drawing draw(i + 1) for i = len-1 .. 1.
StartGame deal_game(const World& world, std::vector<Colour> colours, const UniformDraw& draw);

}  // namespace parley::game::risiko
