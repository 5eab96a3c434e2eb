// Chess's facets for a person (games/games.hpp, add_screens): the player at a terminal.
#include "cli/terminal_game.hpp"
#include "games/chess/terminal/terminal_chess.hpp"
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

void add_screens(peer::GameModule& module) { module.provide<cli::TerminalGame>(std::make_shared<const ChessTerminal>()); }

}  // namespace parley::games::chess
