#pragma once
// A game's part of the client's window (docs/ui.md), drawn with Dear ImGui over its GameScreen
// (ui/core/game_screen.hpp): one GameView for each game whose module provides the GameViews facet
// (peer/session/game_module.hpp; the games' own in games/NAME/sdl), made with Screens
// (screens.hpp), which draws what every game shares (menus, lobby, room, the replay viewer's
// panel, chat, notices) and calls the view of the game in question for the rest. A new game adds
// a view; nothing here changes.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "ui/core/app.hpp"
#include "ui/core/geometry.hpp"
#include "i18n/i18n.hpp"

union SDL_Event;

namespace parley::ui::sdl {

class Screens;
class Window;

class GameView {
 public:
  virtual ~GameView() = default;

  // A new frame begins (what was drawn last frame is forgotten).
  virtual void begin_frame() {}
  // Whether something of the game moves on screen without input (a drag).
  virtual bool animating() const { return false; }
  // A key the widgets did not take, on any screen; true if the view took it.
  virtual bool shortcut(const SDL_Event&, std::uint64_t) { return false; }
  // Its items in the menu bar's Game menu, while its game is on screen.
  virtual void menu_items(std::uint64_t) {}
  // Its dialogs, drawn every frame over the screens.
  virtual void dialogs(std::uint64_t) {}

  // ---- lobby ----
  // The name on its buttons ("Play chess", "Play the house bots: Risiko").
  virtual std::string button_name() const = 0;
  // What follows every game's Play in the Play panel (a dialog's button).
  virtual void lobby_extras(std::uint64_t) {}
  // Its part of the create-room form (it may fix the form's seats), and the last step before
  // Create (reading a file the person named); false stops the room (a notice says why).
  virtual void room_form(CreateRoomForm&) {}
  virtual bool before_create(std::uint64_t) { return true; }

  // ---- room ----
  // A seat's name on the room screen.
  virtual std::string room_seat_label(std::size_t seat) const { return i18n::trf("Seat {0}", seat); }
  // Beside the seats for a seated person, `width` wide (the Gunjin layout editor); false: nothing.
  virtual bool room_panel(std::uint64_t, float) { return false; }

  // ---- game ----
  // The game screen below `top`; `chat` draws the game's chat, `height` high, where it is called.
  virtual void game_screen(std::uint64_t local_ms, int top, const std::function<void(const char* id, float height)>& chat) = 0;
  // Its buttons in the dialog at the end of the game, before the others ("Save PGN").
  virtual void result_buttons(std::uint64_t) {}

  // ---- replay ----
  // A log of its game was opened in the viewer.
  virtual void replay_opened() {}
  // Draws the board of the replay at the viewer's step; where the viewer's panel goes, or none
  // (nothing drawn: a log its screen cannot replay).
  virtual std::optional<Rect> replay_board(const ReplayViewer&, int) { return std::nullopt; }
  // Inside the panel: its controls after the verdict, and its log after the step's clocks.
  virtual void replay_controls(const ReplayViewer&) {}
  virtual void replay_log(const ReplayViewer&) {}
};

// What a game's view is made with.
struct ViewContext {
  Window& window;
  App& app;
  Screens& screens;
  GameScreen& screen;
  std::filesystem::path data_dir;
};

class GameViews {
 public:
  virtual ~GameViews() = default;
  virtual std::unique_ptr<GameView> view(const ViewContext& context) const = 0;
};

}  // namespace parley::ui::sdl
