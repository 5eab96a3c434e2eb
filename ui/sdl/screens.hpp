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
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/core/app.hpp"
#include "ui/sdl/game_view.hpp"
#include "ui/sdl/info_view.hpp"
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
  // A language chosen from the Language menu that the client restarts in (run_client), when it
  // can do so without leaving a room, a game or a hosted lobby; none otherwise.
  const std::optional<std::string>& restart_language() const { return restart_language_; }
  // Ctrl+Q, Game → Quit, the window's close box: at once, or after the person confirms when
  // this client holds a seat in a game still being played.
  void request_quit();
  bool quit_confirmation_open() const { return confirm_quit_; }
  // The game logs the open dialog lists (<data>/logs/*.plog), newest first, at most kRecentLogs.
  static constexpr std::size_t kRecentLogs = 50;
  const std::vector<std::filesystem::path>& recent_logs() const { return recent_logs_; }
  // The rows of the replay viewer's list in the last frame (the protocol's steps are folded
  // away unless shown).
  std::size_t replay_rows() const { return replay_rows_; }
  void show_protocol_steps(bool on) { show_protocol_ = on; }
  // The lobby's tabs under Play; show_lobby_tab brings one forward at the next frame.
  enum class LobbyTab : std::uint8_t { rooms, create, invite_code };
  void show_lobby_tab(LobbyTab tab) { lobby_tab_ = tab; }
  // Opens the dialog (Ctrl+O); it reads the folder again.
  void open_log_dialog() { open_log_requested_ = true; }
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

  // ---- the registered windows (info_view.hpp) ----
  // Opens (or brings forward) `game`'s window `id`; false if there is none.
  bool open_info(std::string_view game, std::string_view id);
  bool info_open(std::string_view game, std::string_view id) const;
  InfoView* info(std::string_view game, std::string_view id) const;
  // The game in question: on screen, in the replay viewer, or of the room.
  std::string game_in_question() const;

 private:
  void menu_bar(std::uint64_t local_ms);
  void language_menu(std::uint64_t local_ms);
  void connect_screen(std::uint64_t local_ms);
  void connect_problem();
  void lan_tables(std::uint64_t local_ms, bool busy);
  void lobby_screen(std::uint64_t local_ms);
  void play_panel(std::uint64_t local_ms);
  void rooms_panel(std::uint64_t local_ms);
  void room_list();
  void create_room_form(std::uint64_t local_ms);
  void who_is_online();
  void create_room(std::uint64_t local_ms);
  // Chat lines above an input; `say` takes what was typed (Enter).
  void chat_panel(const char* id, float height, const std::vector<ChatEntry>& lines, std::size_t& seen, std::string& input,
                  const std::function<void(const std::string&)>& say);
  void room_screen(std::uint64_t local_ms);
  void game_screen(std::uint64_t local_ms);
  void replay_screen();
  void open_log_dialog(std::uint64_t local_ms);  // draws it
  void notices_and_banners(std::uint64_t local_ms);
  void info_menu_items();
  void quit_dialog();
  void info_windows(std::uint64_t local_ms);
  void refresh_logs();
  GameView* view_on_screen() const;  // the view of the game on screen

  Window& window_;
  App& app_;
  std::filesystem::path data_dir_;
  std::vector<std::pair<std::string, std::unique_ptr<GameView>>> views_;  // by game, in App's order
  struct Info {
    std::string game;
    std::unique_ptr<InfoView> view;
    bool open = false;
    bool focus = false;  // brought forward at the next frame
  };
  std::vector<Info> infos_;  // by game, in App's order
  float menu_height_ = 0;
  bool quit_ = false;
  std::optional<std::string> restart_language_;
  bool confirm_quit_ = false;

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
  std::string lobby_chat_input_;
  std::size_t lobby_chat_seen_ = 0;
  std::map<std::string, int, std::less<>> quick_seats_;  // the seats chosen beside a game's Play (0: its fewest)
  std::optional<LobbyTab> lobby_tab_;                    // to bring forward
  std::string rating_game_;                              // whose ratings the players online show
  std::size_t replay_shown_ = static_cast<std::size_t>(-1);
  bool show_protocol_ = false;
  std::size_t replay_rows_ = 0;
};

}  // namespace parley::ui::sdl
