// Risiko's board views (games/games.hpp, add_views).
#include "games/risiko/sdl/risiko_game_view.hpp"
#include "i18n/i18n.hpp"
#include "peer/session/game_module.hpp"
#include "ui/sdl/info_view.hpp"

namespace parley::games::risiko {

namespace {

class RisikoViews final : public ui::sdl::GameViews {
 public:
  std::unique_ptr<ui::sdl::GameView> view(const ui::sdl::ViewContext& context) const override {
    return std::make_unique<ui::sdl::RisikoGameView>(context);
  }
};

// The Help menu's "Rules": Risiko in short.
class RisikoRulesView final : public ui::sdl::InfoView {
 public:
  explicit RisikoRulesView(const ui::sdl::ViewContext& context) : window_(context.window) {}
  std::string_view id() const override { return "rules"; }
  std::string title() const override { return i18n::tr("Rules of Risiko"); }
  void draw(std::uint64_t) override {
    using i18n::tr;
    ui::sdl::info_section(
        window_, tr("The aim"),
        {tr("Each player has a secret mission (to conquer certain continents, a number of territories, or to "
            "destroy a colour). Claim victory on your turn once it holds; the last player left also wins.")});
    ui::sdl::info_section(
        window_, tr("A turn"),
        {tr("Reinforce: a third of your territories (at least 3), plus the bonus of every continent you hold "
            "whole (shown on the map), plus what you trade in cards."),
         tr("Attack from a territory with at least two armies to a neighbour: click your territory, then the "
            "enemy's. You may attack as often as you like."),
         tr("Then one strategic move between two bordering territories of yours, and end your turn.")});
    ui::sdl::info_section(
        window_, tr("Dice"),
        {tr("The attacker throws up to three dice (at most its armies minus one), the defender as many as its "
            "armies, up to three."),
         tr("Both sides' dice are sorted high to low and compared in pairs: each pair costs its loser one army; "
            "a tie goes to the defender."),
         tr("A territory that falls takes at least as many armies as the dice of the last throw.")});
    ui::sdl::info_section(
        window_, tr("Cards"),
        {tr("Conquer at least one territory in a turn to draw a card. Three cards trade for armies: three cannons "
            "4, three infantry 6, three horsemen 8, one of each 10, a joker with two alike 12, plus 2 for each "
            "card of a territory you hold."),
         tr("With more than five cards you must trade first.")});
  }

 private:
  const ui::sdl::Window& window_;
};

class RisikoInfos final : public ui::sdl::InfoViews {
 public:
  std::vector<std::unique_ptr<ui::sdl::InfoView>> views(const ui::sdl::ViewContext& context) const override {
    std::vector<std::unique_ptr<ui::sdl::InfoView>> out;
    out.push_back(std::make_unique<RisikoRulesView>(context));
    return out;
  }
};

}  // namespace

void add_views(peer::GameModule& module) {
  module.provide<ui::sdl::GameViews>(std::make_shared<const RisikoViews>());
  module.provide<ui::sdl::InfoViews>(std::make_shared<const RisikoInfos>());
}

}  // namespace parley::games::risiko
