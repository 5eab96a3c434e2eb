#pragma once
// One game's part of App (docs/ui.md), registered as ImHex registers its views: each game with a
// GameUi facet (game_ui.hpp) has one GameScreen in App for App's whole life, holding the game's
// own state — the move input of the board, the layout a seat will commit to, the map, the replay
// of a log of the game — and what the person does with it. App keeps navigation and what every
// game shares (the lobby, the LiveGame on screen, the replay viewer, notices) and calls the
// screen of the game in question; a new game adds a screen and edits nothing here.
#include <any>
#include <cstdint>
#include <string>
#include <string_view>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/ids.hpp"
#include "peer/session/game_module.hpp"

namespace parley::ui {

class App;
class LiveGame;
class ReplayViewer;

class GameScreen {
 public:
  GameScreen(App& app, const peer::GameModule& module) : app_(app), module_(module) {}
  virtual ~GameScreen() = default;
  GameScreen(const GameScreen&) = delete;
  GameScreen& operator=(const GameScreen&) = delete;

  const peer::GameModule& module() const { return module_; }
  std::string_view game() const { return module_.name(); }

  // ---- lobby and room ----
  // Queues for a quick match of this many seats (within the game's range). A seat that commits
  // to something of the screen's (a Gunjin layout) sends it first.
  virtual void quick_match(std::uint8_t seats);
  // The person is about to say Ready in a room of this game: the same.
  virtual void ready() {}
  // The game's own options of a room this client creates (RoomOptions::game_options), from the
  // screen's part of the form; why not, for a notice. Empty: the defaults.
  virtual game::Result<game::Bytes, std::string> room_options() const;

  // ---- a game of this kind on screen ----
  // It starts: its genesis is applied.
  virtual void start(const LiveGame&) {}
  // After each entry the session applied (the genesis too), and after each batch of them.
  virtual void after_entry(const LiveGame&) {}
  virtual void after_entries(const LiveGame&) {}
  // The input follows the game: after a batch's events are told, and after a refusal.
  virtual void sync() {}
  // News of this client's seat (SeatPlayer::news), for the game of this room.
  virtual void news(const std::any&) {}
  // The seat's player refused the intent sent last.
  virtual void refused() {}
  // The game has left the screen (back to the lobby, or another game starts).
  virtual void stop() {}

  // ---- replay ----
  // A log of this game was opened in the replay viewer; close_replay: another log was.
  virtual void open_replay(const ReplayViewer&) {}
  virtual void close_replay() {}

 protected:
  App& app_;
  const peer::GameModule& module_;
};

}  // namespace parley::ui
