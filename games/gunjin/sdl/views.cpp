// Gunjin's board views (games/games.hpp, add_views).
#include "games/gunjin/sdl/gunjin_game_view.hpp"
#include "peer/session/game_module.hpp"

namespace parley::games::gunjin {

namespace {

class GunjinViews final : public ui::sdl::GameViews {
 public:
  std::unique_ptr<ui::sdl::GameView> view(const ui::sdl::ViewContext& context) const override {
    return std::make_unique<ui::sdl::GunjinGameView>(context);
  }
};

}  // namespace

void add_views(peer::GameModule& module) { module.provide<ui::sdl::GameViews>(std::make_shared<const GunjinViews>()); }

}  // namespace parley::games::gunjin
