#pragma once
// A chess position as text for terminals.
#include <string>

#include "game/chess/position.hpp"

namespace parley::cli {

std::string board_text(const game::chess::Position& pos, bool flipped);

}  // namespace parley::cli
