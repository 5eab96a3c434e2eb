#pragma once
// Bot opponents inside the host's own process (`parley host --bot GAME`, scripts/play): each
// house bot is one seat with a key of its own, queued for quick matches of one game and seat
// count on the embedded lobby, one game after another, on a thread of its own. It goes through
// the lobby exactly as any remote peer does; only the process is shared. The bot is the game's
// house bot (peer/bots/game_bots.hpp): the random chess player, the tracking Gunjin bot, the
// heuristic Risiko bot. Of a game for more than two, several queue for the same (game, seats)
// match, so that one person fills the last seat.
//
// A person finds them by quick match on the same game and seat count (the lobby screen's
// "Play the house bots"), or seats one in a room of their own making, with its clock and
// variants (the room screen's "Seat a house bot": the bot leaves the queue for that room, and
// queues again after the game). Each bot keeps its key and sessions in its own folder, so a
// host restarted mid-game (a crash, or the window closed) resumes every seat where it was.
#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "game/core/result.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/ids.hpp"
#include "peer/bots/game_bots.hpp"

namespace parley::ui {

struct HouseBotOptions {
  lobby::Endpoint lobby;
  // Its identity (created on first use) and sessions; one folder per bot.
  std::filesystem::path data_dir;
  std::string game;  // a registered game with house bots
  std::uint8_t seats = 2;  // the quick match it queues for, within the game's seat range
  // How long it "thinks" before each move, so a person can follow the game.
  std::uint32_t delay_ms = 0;
  std::string display_name = "house bot";
  // What the game's house bot plays (peer/bots/game_bots.hpp): an alias of the game that `--bot`
  // named ("random"), chess's level, Risiko's difficulty.
  std::string engine;
  int level = 0;
  std::string difficulty;
};

class HouseBot {
 public:
  explicit HouseBot(HouseBotOptions options);
  ~HouseBot();  // stops and joins
  HouseBot(const HouseBot&) = delete;
  HouseBot& operator=(const HouseBot&) = delete;

  // Games the bot saw to the end (complete, log written).
  int games_finished() const { return finished_.load(); }
  const std::string& game() const { return options_.game; }
  // What it plays, in words ("stockfish at level 3", "the tracking bot"); the reason when the
  // options do not fit its game.
  game::Result<peer::BotPlays, std::string> plays() const;

  // Asks the bot to take a seat in `room`, a room of its game: true if it is waiting in the
  // queue and leaves it for the room; false if it sits in a room already or has been asked.
  bool invite(lobby::RoomId room);

 private:
  void run();
  peer::BotRequest request(std::uint64_t seed) const;

  HouseBotOptions options_;
  std::atomic<bool> stop_{false};
  std::atomic<int> finished_{0};
  std::atomic<bool> seated_{false};        // in a room: a game, or one about to start
  std::atomic<std::uint64_t> invited_{0};  // the room to join instead of queueing (0: none)
  std::thread thread_;  // last: started once everything above exists
};

// "Seat a house bot": the first of `bots` that plays `game` and is free takes a seat in `room`;
// false when none of them can.
bool invite_free_bot(std::span<const std::unique_ptr<HouseBot>> bots, std::string_view game, lobby::RoomId room);

}  // namespace parley::ui
