#include "ui/core/game_screen.hpp"

#include <algorithm>

#include "ui/core/app.hpp"

namespace parley::ui {

void GameScreen::quick_match(std::uint8_t seats) {
  const peer::SeatRange range = module_.seats();
  app_.send(QuickMatchCommand{std::string(game()), std::clamp(seats, range.min, range.max)});
}

game::Result<game::Bytes, std::string> GameScreen::room_options() const { return game::Bytes{}; }

}  // namespace parley::ui
