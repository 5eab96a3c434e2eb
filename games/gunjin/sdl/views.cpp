// Gunjin's board views (games/games.hpp, add_views).
#include "games/gunjin/sdl/gunjin_game_view.hpp"
#include "games/gunjin/sdl/gunjin_info.hpp"
#include "peer/session/game_module.hpp"

namespace parley::games::gunjin {

namespace {

class GunjinViews final : public ui::sdl::GameViews {
 public:
  std::unique_ptr<ui::sdl::GameView> view(const ui::sdl::ViewContext& context) const override {
    return std::make_unique<ui::sdl::GunjinGameView>(context);
  }
};

// The Help menu's windows: the rules in short and the battle chart.
class GunjinInfos final : public ui::sdl::InfoViews {
 public:
  std::vector<std::unique_ptr<ui::sdl::InfoView>> views(const ui::sdl::ViewContext& context) const override {
    std::vector<std::unique_ptr<ui::sdl::InfoView>> out;
    out.push_back(std::make_unique<ui::sdl::GunjinRulesView>(context));
    out.push_back(std::make_unique<ui::sdl::GunjinBattleChartView>(context));
    return out;
  }
};

}  // namespace

void add_views(peer::GameModule& module) {
  module.provide<ui::sdl::GameViews>(std::make_shared<const GunjinViews>());
  module.provide<ui::sdl::InfoViews>(std::make_shared<const GunjinInfos>());
}

}  // namespace parley::games::gunjin
