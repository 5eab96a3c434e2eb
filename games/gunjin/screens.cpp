// Gunjin's facets for a person (games/games.hpp, add_screens): its screen in the graphical client,
// and the player at a terminal with the layout it commits to.
#include "cli/commands.hpp"
#include "cli/terminal_game.hpp"
#include "games/gunjin/terminal/terminal_gunjin.hpp"
#include "games/gunjin/ui/gunjin_layout_editor.hpp"
#include "games/gunjin/ui/gunjin_screen.hpp"
#include "peer/session/game_module.hpp"

namespace parley::games::gunjin {

namespace {

class GunjinTerminal final : public cli::TerminalGame {
 public:
  bool takes_layout() const override { return true; }
  game::Result<cli::TerminalPlayer, cli::TerminalRefusal> player(const cli::TerminalRequest& r) const override {
    game::gunjin::Layout layout = ui::sensible_layout(r.seed);
    if (!r.layout.empty()) {
      // A name alone is one the graphical client's editor saved in the data folder.
      std::filesystem::path file = r.layout;
      std::error_code ec;
      if (!std::filesystem::exists(file, ec) && !file.has_parent_path() && file.extension() != ".layout")
        file = ui::layout_dir(r.data_dir) / (r.layout + ".layout");
      auto loaded = ui::load_layout(file);
      if (!loaded)  // the reason names the file
        return cli::TerminalRefusal{loaded.error(),
                                    std::filesystem::is_regular_file(file, ec) ? cli::kInvalidInput : cli::kUnreadable};
      layout = *loaded;
    }
    auto player = std::make_unique<cli::TerminalGunjinPlayer>(layout);
    auto* typed = player.get();
    return cli::TerminalPlayer{std::move(player), [typed] { return typed->input_ended(); }};
  }
};

}  // namespace

void add_screens(peer::GameModule& module) {
  module.provide<ui::GameUi>(std::make_shared<const ui::GunjinUi>());
  module.provide<cli::TerminalGame>(std::make_shared<const GunjinTerminal>());
}

}  // namespace parley::games::gunjin
