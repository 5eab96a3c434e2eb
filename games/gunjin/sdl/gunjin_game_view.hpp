#pragma once
// Gunjin in the client's window (ui/sdl/game_view.hpp), over its GunjinScreen: the layout editor
// in a Gunjin room (before Ready) and in a dialog from the lobby, the Gunjin board while playing
// or watching, and the board of a Gunjin log in the replay viewer (both armies once the verifier
// opened them). It keeps only widget state.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "games/gunjin/sdl/gunjin_pieces.hpp"
#include "games/gunjin/ui/gunjin_geometry.hpp"
#include "games/gunjin/ui/gunjin_screen.hpp"
#include "ui/sdl/drawn_buttons.hpp"
#include "ui/sdl/game_view.hpp"
#include "ui/sdl/window.hpp"
#include "i18n/i18n.hpp"

namespace parley::ui::sdl {

class GunjinGameView final : public GameView {
 public:
  explicit GunjinGameView(const ViewContext& context);

  // The room's layout editor, in the space left on the current line (before the chat);
  // `locked` once the seat is ready (it has sent its layout): shown, not editable.
  void layout_editor(std::uint64_t local_ms, float width, bool locked = false);
  // The same editor in a dialog, from the lobby (the layout a Gunjin quick match commits to).
  void open_layout_dialog() { layout_dialog_requested_ = true; }
  // "Show both armies": the open boards (after the reveals) or the public ones.
  void set_show_armies(bool on) { show_armies_ = on; }
  // The romaji under every face-up name (R, or the "Readings" box).
  void set_readings(bool on) { readings_ = on; }
  // Where the board is (tests click on it): the game's or the replay's; the editor's.
  std::optional<GunjinBoardGeometry> board_geometry() const { return board_; }
  std::optional<GunjinBoardGeometry> editor_geometry() const { return editor_; }
  // Where the game panel's button with this label was drawn in the last frame, if it was.
  std::optional<Rect> drawn_button(std::string_view label) const { return buttons_.find(label); }

  void begin_frame() override;
  bool animating() const override;
  bool shortcut(const SDL_Event& key, std::uint64_t local_ms) override;
  void dialogs(std::uint64_t local_ms) override;
  std::string button_name() const override { return i18n::tr("Gunjin shogi"); }
  // The room's seats by their pieces' colour (cream, blue), as the game shows them.
  std::string room_seat_label(std::size_t seat) const override { return seat == 0 ? i18n::tr("Cream") : i18n::tr("Blue"); }
  void lobby_extras(std::uint64_t local_ms) override;
  void room_form(CreateRoomForm& form) override;
  bool room_panel(std::uint64_t local_ms, float width) override;
  void game_screen(std::uint64_t local_ms, int top,
                   const std::function<void(const char* id, float height)>& chat) override;
  void replay_opened() override { show_armies_ = true; }
  std::optional<Rect> replay_board(const ReplayViewer& viewer, int top) override;
  void replay_controls(const ReplayViewer& viewer) override;

 private:
  void board_input(const GunjinBoardGeometry& g);
  void editor_input(const GunjinBoardGeometry& g);
  void piece_tooltip(const GunjinBoardGeometry& g, const game::gunjin::State& state);
  std::string player_name(game::Seat seat) const;
  static std::string piece_colour(game::Seat seat);
  void refresh_saved();

  Window& window_;
  App& app_;
  Screens& screens_;
  GunjinScreen& screen_;
  std::filesystem::path data_dir_;
  GunjinPieceAtlas pieces_;
  std::optional<GunjinBoardGeometry> board_;
  std::optional<GunjinBoardGeometry> editor_;
  DrawnButtons buttons_;  // the game panel's actions

  // Widget state.
  bool readings_ = false;
  bool show_armies_ = true;
  bool resign_requested_ = false;
  bool layout_dialog_requested_ = false;
  std::string layout_name_ = "my-layout";
  std::vector<std::filesystem::path> saved_;
  bool saved_listed_ = false;
  std::uint64_t random_seed_ = 1;
  std::optional<game::gunjin::Layout> remembered_;  // what <data>/gunjin/layouts/last.layout holds
  std::size_t announced_ = 0;
};

// The Gunjin view of `screens` (Gunjin is registered with its views).
GunjinGameView& gunjin_view(const Screens& screens);

}  // namespace parley::ui::sdl
