// Risiko's facets for a person (games/games.hpp, add_screens): its screen in the graphical client,
// the player at a terminal, and a new room's map and dice from the command line.
#include "cli/mapped_file.hpp"
#include "cli/terminal_game.hpp"
#include "games/risiko/terminal/terminal_risiko.hpp"
#include "games/risiko/ui/risiko_screen.hpp"
#include "peer/session/game_module.hpp"
#include "peer/session/risiko_options.hpp"

namespace parley::games::risiko {

namespace {

class RisikoTerminal final : public cli::TerminalGame {
 public:
  game::Result<cli::TerminalPlayer, cli::TerminalRefusal> player(const cli::TerminalRequest&) const override {
    auto player = std::make_unique<cli::TerminalRisikoPlayer>();
    auto* typed = player.get();
    return cli::TerminalPlayer{std::move(player), [typed] { return typed->input_ended(); }};
  }
  bool takes_map_and_dice() const override { return true; }
  // A shipped map by its key, or a map file of the person's own; the dice rule.
  game::Result<game::Bytes, std::string> map_and_dice(const std::string& map, const std::string& dice) const override {
    using game::risiko::DiceRule;
    const DiceRule rule = dice == "classic" ? DiceRule::classic : DiceRule::risiko;
    peer::risiko::RisikoOptions options;
    options.dice = rule;
    if (peer::risiko::is_shipped_map(map)) {
      options.map = map;
    } else if (!map.empty()) {
      cli::MappedFile file(map, game::risiko::kMaxMapBytes + 1);
      if (!file.ok())
        return "--map '" + map + "' is neither a shipped map (classic, classic-82, classic-84) nor a readable file: " +
               file.error();
      auto custom = peer::risiko::custom_map_options(file.text(), rule);
      if (!custom) return map + ": " + peer::risiko::describe(custom.error());
      options = std::move(custom).value();
    }
    return peer::risiko::encode(options);
  }
};

}  // namespace

void add_screens(peer::GameModule& module) {
  module.provide<ui::GameUi>(std::make_shared<const ui::RisikoUi>());
  module.provide<cli::TerminalGame>(std::make_shared<const RisikoTerminal>());
}

}  // namespace parley::games::risiko
