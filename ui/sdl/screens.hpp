#pragma once
// Every screen of the client drawn with Dear ImGui over App (ui/core/app.hpp): connect, lobby,
// room, the chess board and the replay viewer, with the menu bar, notices, banners and
// dialogs. Everything it shows comes from App; everything the user does goes to App. It keeps
// only what belongs to widgets (text being typed, which dialog is open).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ui/core/app.hpp"
#include "ui/sdl/gunjin_screens.hpp"
#include "ui/sdl/pieces.hpp"
#include "ui/sdl/risiko_screen.hpp"
#include "ui/sdl/window.hpp"

union SDL_Event;

namespace parley::ui::sdl {

class Screens {
 public:
  Screens(Window& window, App& app, std::filesystem::path data_dir);

  // One frame: everything for the current screen, between Window::begin_frame and end_frame.
  void draw(std::uint64_t local_ms);
  // A key the widgets did not take (no text field has focus); true if it was a shortcut.
  bool shortcut(const SDL_Event& key, std::uint64_t local_ms);
  // Opens a game log in the replay viewer; a notice says why it could not.
  void open_log(const std::filesystem::path& path, std::uint64_t local_ms);
  bool quit_requested() const { return quit_; }
  // Whether something moves on screen without input (a running clock, a drag, a notice).
  bool animating(std::uint64_t local_ms) const;
  // Where the board is on the chess and replay screens (for tests that click on it).
  std::optional<BoardGeometry> board_geometry() const { return board_; }
  // Where the Risiko map is on the game and replay screens.
  std::optional<MapFrame> risiko_map() const { return risiko_.frame(); }
  std::optional<Rect> risiko_button(std::string_view label) const { return risiko_.drawn_button(label); }
  // The Gunjin board (game, replay) and layout editor, when shown.
  const GunjinScreens& gunjin() const { return gunjin_; }
  GunjinScreens& gunjin() { return gunjin_; }

 private:
  void menu_bar(std::uint64_t local_ms);
  void connect_screen(std::uint64_t local_ms);
  void lan_tables(std::uint64_t local_ms, bool busy);
  void lobby_screen(std::uint64_t local_ms);
  // The create-room form's Risiko part (map, dice), and Create: a map file is read here.
  void risiko_room_options();
  void create_room(std::uint64_t local_ms);
  void room_screen(std::uint64_t local_ms);
  void game_screen(std::uint64_t local_ms);
  void replay_screen();
  void open_log_dialog(std::uint64_t local_ms);
  void notices_and_banners(std::uint64_t local_ms);
  void chat(const char* id, float height);
  void board_input(const BoardGeometry& g);
  void promotion_popup(const BoardGeometry& g);
  void player_card(game::Seat seat, std::uint64_t local_ms);
  void game_actions(std::uint64_t local_ms);
  void result_dialog(std::uint64_t local_ms);
  void save_pgn(std::uint64_t local_ms);
  void refresh_logs();
  int content_top() const;

  Window& window_;
  App& app_;
  std::filesystem::path data_dir_;
  PieceAtlas pieces_;
  RisikoScreen risiko_;
  GunjinScreens gunjin_;
  std::optional<BoardGeometry> board_;
  float menu_height_ = 0;
  bool quit_ = false;

  // Widget state.
  CreateRoomForm create_form_;
  int time_control_ = 0;
  int risiko_quick_seats_ = 3;
  bool risiko_own_map_ = false;
  std::string risiko_map_path_;
  std::string invite_code_;
  std::string chat_input_;
  std::string log_path_;
  std::vector<std::filesystem::path> recent_logs_;
  bool open_log_requested_ = false;
  bool resign_requested_ = false;
  bool help_requested_ = false;
  int host_port_ = 7777;
  std::size_t chat_seen_ = 0;
  std::size_t moves_shown_ = 0;
  std::size_t replay_shown_ = static_cast<std::size_t>(-1);
};

}  // namespace parley::ui::sdl
