// Chess's board views (games/games.hpp, add_views).
#include "games/chess/sdl/chess_game_view.hpp"
#include "i18n/i18n.hpp"
#include "peer/session/game_module.hpp"
#include "ui/sdl/info_view.hpp"

namespace parley::games::chess {

namespace {

class ChessViews final : public ui::sdl::GameViews {
 public:
  std::unique_ptr<ui::sdl::GameView> view(const ui::sdl::ViewContext& context) const override {
    return std::make_unique<ui::sdl::ChessGameView>(context);
  }
};

// The Help menu's "Rules": chess as played here, in short.
class ChessRulesView final : public ui::sdl::InfoView {
 public:
  explicit ChessRulesView(const ui::sdl::ViewContext& context) : window_(context.window) {}
  std::string_view id() const override { return "rules"; }
  std::string title() const override { return i18n::tr("Rules of chess"); }
  void draw(std::uint64_t) override {
    using i18n::tr;
    ui::sdl::info_section(
        window_, tr("Playing a move"),
        {tr("Click a piece, then its square; or drag it there. Dots mark the squares it may reach, rings the "
            "pieces it may take. Right click or Esc puts it back."),
         tr("To castle, move the king two squares toward the rook (or drop it on its own rook)."),
         tr("A pawn reaching the last row chooses its new piece over the square (or press Q, R, B or N).")});
    ui::sdl::info_section(
        window_, tr("The rules"),
        {tr("White moves first; the players take turns. Checkmate wins; a player with no legal move who is not "
            "in check is stalemated: a draw."),
         tr("En passant: a pawn that moved two squares may be taken by a pawn beside it, as if it had moved one, "
            "on the very next move only."),
         tr("A draw may be claimed on the third repetition of a position or after fifty moves of each player "
            "without a capture or a pawn move.")});
    ui::sdl::info_section(
        window_, tr("Offers and the clock"),
        {tr("You may offer a draw, ask to take back your last move, or resign; the other player answers."),
         tr("With a clock, a player whose time runs out loses, unless the other cannot possibly mate: a draw.")});
  }

 private:
  const ui::sdl::Window& window_;
};

class ChessInfos final : public ui::sdl::InfoViews {
 public:
  std::vector<std::unique_ptr<ui::sdl::InfoView>> views(const ui::sdl::ViewContext& context) const override {
    std::vector<std::unique_ptr<ui::sdl::InfoView>> out;
    out.push_back(std::make_unique<ChessRulesView>(context));
    return out;
  }
};

}  // namespace

void add_views(peer::GameModule& module) {
  module.provide<ui::sdl::GameViews>(std::make_shared<const ChessViews>());
  module.provide<ui::sdl::InfoViews>(std::make_shared<const ChessInfos>());
}

}  // namespace parley::games::chess
