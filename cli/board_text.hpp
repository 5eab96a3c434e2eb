#pragma once
// A chess position, and a typed move's fault, as text for terminals (`parley chess play`, the chess player of `parley play`);
// the other games' boards as text are in their folders (games/NAME/terminal).
#include <string>

#include "game/chess/notation.hpp"
#include "game/chess/position.hpp"

namespace parley::cli {

std::string board_text(const game::chess::Position& pos, bool flipped);
// A typed move's fault in the person's language (game/chess/notation.hpp keeps English).
const char* notation_error_words(game::chess::NotationError error);
// "White" or "Black", in the person's language.
const char* side_words(game::chess::Color color);

}  // namespace parley::cli
