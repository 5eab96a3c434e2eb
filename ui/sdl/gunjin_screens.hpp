#pragma once
// The Gunjin parts of the client's screens, drawn with Dear ImGui over App: the layout editor
// in a Gunjin room (before Ready), the Gunjin board while playing or watching, and the board of
// a Gunjin log in the replay viewer (both armies once the verifier opened them). Screens
// (screens.hpp) calls into it where the game is Gunjin; it keeps only widget state.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ui/core/app.hpp"
#include "ui/core/gunjin_geometry.hpp"
#include "ui/core/gunjin_replay.hpp"
#include "ui/sdl/drawn_buttons.hpp"
#include "ui/sdl/gunjin_pieces.hpp"
#include "ui/sdl/window.hpp"

union SDL_Event;

namespace parley::ui::sdl {

class GunjinScreens {
 public:
  GunjinScreens(Window& window, App& app, std::filesystem::path data_dir);

  // The room's layout editor, in the space left on the current line (before the chat);
  // `locked` once the seat is ready (it has sent its layout): shown, not editable.
  void layout_editor(std::uint64_t local_ms, float width, bool locked = false);
  // The same editor in a dialog, from the lobby (the layout a Gunjin quick match commits to).
  void open_layout_dialog() { layout_dialog_requested_ = true; }
  void layout_dialog(std::uint64_t local_ms);
  // The Gunjin game: board on the left, players, the referee and actions on the right; the
  // chat is drawn by `chat` into the space it is given.
  template <class Chat>
  void game_screen(std::uint64_t local_ms, int top, Chat&& chat) {
    game_panel_begin(local_ms, top);
    chat();
    game_panel_end(local_ms);
  }
  // The replay viewer: keeps the log's Gunjin boards (reset when another log is opened).
  void open_replay(std::span<const std::uint8_t> bytes);
  void close_replay() { replay_.reset(); }
  bool has_replay() const { return replay_.has_value(); }
  // Draws the board of the replay at the viewer's step; returns the panel's rectangle.
  Rect replay_board(const ReplayViewer& viewer, int top);
  // The replay's Gunjin controls and the referee's announcements so far (inside the panel).
  void replay_controls(const ReplayViewer& viewer);
  // "Show both armies": the open boards (after the reveals) or the public ones.
  void set_show_armies(bool on) { show_armies_ = on; }

  bool shortcut(const SDL_Event& key);
  // The romaji under every face-up name (R, or the "Readings" box).
  void set_readings(bool on) { readings_ = on; }
  bool animating() const;
  // Where the board is (tests click on it): the game's or the replay's; the editor's.
  std::optional<GunjinBoardGeometry> board_geometry() const { return board_; }
  std::optional<GunjinBoardGeometry> editor_geometry() const { return editor_; }
  // Where the game panel's button with this label was drawn in the last frame, if it was.
  std::optional<Rect> drawn_button(std::string_view label) const { return buttons_.find(label); }
  void begin_frame() {
    board_.reset();
    editor_.reset();
    buttons_.clear();
  }

 private:
  void game_panel_begin(std::uint64_t local_ms, int top);
  void game_panel_end(std::uint64_t local_ms);
  void board_input(const GunjinBoardGeometry& g);
  void editor_input(const GunjinBoardGeometry& g);
  void piece_tooltip(const GunjinBoardGeometry& g, const game::gunjin::State& state);
  void refresh_saved();

  Window& window_;
  App& app_;
  std::filesystem::path data_dir_;
  GunjinPieceAtlas pieces_;
  std::optional<GunjinBoardGeometry> board_;
  std::optional<GunjinBoardGeometry> editor_;
  std::optional<GunjinReplay> replay_;
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

}  // namespace parley::ui::sdl
