#pragma once
// perft: the number of leaf positions of the legal move tree to a given depth, the standard
// test of a move generator against published counts and other engines.
#include <cstdint>
#include <utility>
#include <vector>

#include "game/chess/position.hpp"

namespace parley::game::chess {

std::uint64_t perft(const Position& pos, int depth);
// The count below each legal move of the root, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace parley::game::chess
