// Risiko's board views (games/games.hpp, add_views).
#include "games/risiko/sdl/risiko_game_view.hpp"
#include "peer/session/game_module.hpp"

namespace parley::games::risiko {

namespace {

class RisikoViews final : public ui::sdl::GameViews {
 public:
  std::unique_ptr<ui::sdl::GameView> view(const ui::sdl::ViewContext& context) const override {
    return std::make_unique<ui::sdl::RisikoGameView>(context);
  }
};

}  // namespace

void add_views(peer::GameModule& module) { module.provide<ui::sdl::GameViews>(std::make_shared<const RisikoViews>()); }

}  // namespace parley::games::risiko
