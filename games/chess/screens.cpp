// Chess's facets for a person (games/games.hpp, add_screens): its screen in the graphical client, and
// the player at a terminal.
#include "cli/terminal_game.hpp"
#include "games/chess/terminal/terminal_chess.hpp"
#include "games/chess/ui/chess_screen.hpp"
#include "peer/session/game_module.hpp"

namespace parley::games::chess {

namespace {

class ChessTerminal final : public cli::TerminalGame {
 public:
  game::Result<cli::TerminalPlayer, cli::TerminalRefusal> player(const cli::TerminalRequest&) const override {
    auto player = std::make_unique<cli::TerminalChessPlayer>();
    auto* typed = player.get();
    return cli::TerminalPlayer{std::move(player), [typed] { return typed->input_ended(); }};
  }
};

}  // namespace

void add_screens(peer::GameModule& module) {
  module.provide<ui::GameUi>(std::make_shared<const ui::ChessUi>());
  module.provide<cli::TerminalGame>(std::make_shared<const ChessTerminal>());
}

}  // namespace parley::games::chess
