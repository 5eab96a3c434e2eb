#pragma once
// A chess position as text for terminals (`parley chess play`, the chess player of `parley play`);
// the other games' boards as text are in their folders (games/NAME/terminal).
#include <string>

#include "game/chess/position.hpp"

namespace parley::cli {

std::string board_text(const game::chess::Position& pos, bool flipped);

}  // namespace parley::cli
