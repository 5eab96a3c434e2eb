#pragma once
// Every screen of the client drawn with Dear ImGui over App (ui/core/app.hpp): connect, lobby,
// room, the game and the replay viewer, with the menu bar, notices, banners and dialogs. What is
// a game's own — its board, its part of the lobby and the room, its replay — is drawn by the
// game's view (game_view.hpp), one for each game with views. Everything it shows comes from App;
// everything the user does goes to App. It keeps only what belongs to widgets (text being typed,
// which dialog is open).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/core/app.hpp"
#include "ui/sdl/game_view.hpp"
#include "ui/sdl/window.hpp"

union SDL_Event;

namespace parley::ui::sdl {

class Screens {
 public:
  Screens(Window& window, App& app, std::filesystem::path data_dir);
  ~Screens();

  // One frame: everything for the current screen, between Window::begin_frame and end_frame.
  void draw(std::uint64_t local_ms);
  // A key the widgets did not take (no text field has focus); true if it was a shortcut.
  bool shortcut(const SDL_Event& key, std::uint64_t local_ms);
  // Opens a game log in the replay viewer; a notice says why it could not.
  void open_log(const std::filesystem::path& path, std::uint64_t local_ms);
  bool quit_requested() const { return quit_; }
  // Whether something moves on screen without input (a running clock, a drag, a notice).
  bool animating(std::uint64_t local_ms) const;
  // The view of `game`, if it has one.
  GameView* view(std::string_view game) const;

  // ---- for the games' views ----
  // Where the content starts, below the menu bar.
  int content_top() const;
  // The room's chat, `height` high (0: what is left), under ImGui id `id`.
  void chat(const char* id, float height);
  // The dialog at the end of a game: the result, back to the lobby.
  void result_dialog(std::uint64_t local_ms);

 private:
  void menu_bar(std::uint64_t local_ms);
  void connect_screen(std::uint64_t local_ms);
  void lan_tables(std::uint64_t local_ms, bool busy);
  void lobby_screen(std::uint64_t local_ms);
  void create_room(std::uint64_t local_ms);
  void room_screen(std::uint64_t local_ms);
  void game_screen(std::uint64_t local_ms);
  void replay_screen();
  void open_log_dialog(std::uint64_t local_ms);
  void notices_and_banners(std::uint64_t local_ms);
  void refresh_logs();
  GameView* view_on_screen() const;  // the view of the game on screen

  Window& window_;
  App& app_;
  std::filesystem::path data_dir_;
  std::vector<std::pair<std::string, std::unique_ptr<GameView>>> views_;  // by game, in App's order
  float menu_height_ = 0;
  bool quit_ = false;

  // Widget state.
  CreateRoomForm create_form_;
  int time_control_ = 0;
  std::string invite_code_;
  std::string chat_input_;
  std::string log_path_;
  std::vector<std::filesystem::path> recent_logs_;
  bool open_log_requested_ = false;
  bool help_requested_ = false;
  int host_port_ = 7777;
  std::size_t chat_seen_ = 0;
  std::size_t replay_shown_ = static_cast<std::size_t>(-1);
};

}  // namespace parley::ui::sdl
