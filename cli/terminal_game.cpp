#include "cli/terminal_game.hpp"

namespace parley::cli {

game::Result<game::Bytes, std::string> TerminalGame::map_and_dice(const std::string&, const std::string&) const {
  return game::Bytes{};
}

}  // namespace parley::cli
