#pragma once
// A game's part of the graphical client without a window, the facet its module provides
// (peer/session/game_module.hpp; the games' own in games/NAME/ui): its screen in App
// (game_screen.hpp), the player the network thread runs for a person's seat, and what the
// screens say of a game in play.
#include <any>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "lobby/client/lobby_client.hpp"
#include "peer/net/player.hpp"
#include "peer/session/game_module.hpp"

namespace parley::ui {

class App;
class GameScreen;
class LiveGame;

// A person's seat in a game, on the network thread (ui/net): the game's human player, fed the
// intents the screen sends (SeatIntentCommand) and checked by the rules as the runner asks.
class SeatPlayer {
 public:
  virtual ~SeatPlayer() = default;
  virtual peer::Player& player() = 0;
  // An intent of the game's kind (its screen makes them), queued.
  virtual void submit(const std::any& intent) = 0;
  // The intents the rules refused since the last call, each with the reason.
  virtual std::vector<std::string> take_refusals() = 0;
  // What the screen must learn after a step of the runner, of this seat alone (the Risiko
  // seat's own cards and mission when they change, the Gunjin layout it plays with), if
  // anything new: it reaches the game's screen as SeatNews.
  virtual std::optional<std::any> news(const peer::Session* session, std::optional<game::Seat> me);
};

// A game action in the person's language, as the replay's list shows it (ui/core/replay.hpp).
struct ActionWords {
  std::string text;       // "e4", "attacks Ucraina from Urali with 3 dice", "resigns"
  bool protocol = false;  // a step of the game's protocol (a duel's table), folded in the list
};

class GameUi {
 public:
  virtual ~GameUi() = default;
  // The game's screen in `app`: one for each game, made with App.
  virtual std::unique_ptr<GameScreen> screen(App& app, const peer::GameModule& module) const = 0;
  // The seat player for a person's seat in `room`, from what the screen prepared for it
  // (PrepareSeatCommand: the Gunjin layout), if anything.
  virtual std::unique_ptr<SeatPlayer> seat_player(const lobby::RoomState& room, const std::any* prepared) const = 0;
  // What a game in play waits for, in words, when the game says more than whom it waits for
  // ("Your move (check)"); none: LiveGame's "Playing: waiting for …".
  virtual std::optional<std::string> play_status(const LiveGame& game, std::uint64_t local_ms) const;
  // The seat whose draw offer stands, in a game that has them.
  virtual std::optional<game::Seat> draw_offered_by(const peer::Session& session) const;
  // The game message `seat` sent as an action, in the person's language, read against the session
  // before it is applied; none: the rules' own (English) words.
  virtual std::optional<ActionWords> action_words(const peer::Session& before, game::Seat seat,
                                                  std::span<const std::uint8_t> message) const;
};

// The game's GameUi, if it has one: the games this client can play at its board.
const GameUi* game_ui(std::string_view game);

}  // namespace parley::ui
