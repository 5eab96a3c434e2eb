#pragma once
// Bot opponents inside the host's own process (`parley host --bot KIND`, scripts/play): each
// house bot is one seat with a key of its own, queued for quick matches of one game and seat
// count on the embedded lobby, one game after another, on a thread of its own. It goes through
// the lobby exactly as any remote peer does; only the process is shared.
//
//   chess   stockfish at a level, or the random mover (peer/bots/chess_bots.hpp), 2 seats
//   gunjin  the tracking Gunjin bot (peer/bots/gunjin_strategy.hpp), 2 seats
//   risiko  the Risiko bot at a difficulty (peer/bots/risiko_bot.hpp); several of them queue for the
//           same (risiko, seats) match, so that one person fills the last seat
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

#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/ids.hpp"
#include "peer/bots/risiko_tactics.hpp"

namespace parley::ui {

enum class HouseBotKind : std::uint8_t { chess, gunjin, risiko };
// "chess" (or its old name "random"), "gunjin", "risiko".
std::optional<HouseBotKind> parse_house_bot_kind(std::string_view name);
std::string_view game_of(HouseBotKind kind);  // the lobby's game name

struct HouseBotOptions {
  lobby::Endpoint lobby;
  // Its identity (created on first use) and sessions; one folder per bot.
  std::filesystem::path data_dir;
  HouseBotKind kind = HouseBotKind::chess;
  std::uint8_t seats = 2;  // the quick match it queues for (Risiko: 3–6)
  // How long it "thinks" before each move, so a person can follow the game.
  std::uint32_t delay_ms = 0;
  std::string display_name = "house bot";
  // chess: 1–8, stockfish at that level when it is installed, else random moves
  // (peer::house_chess_player); 0: random moves.
  int chess_level = 0;
  peer::risiko::Difficulty difficulty = peer::risiko::Difficulty::normal;  // risiko
};

class HouseBot {
 public:
  explicit HouseBot(HouseBotOptions options);
  // The random chess bot (the tests' house bot).
  HouseBot(lobby::Endpoint lobby, std::filesystem::path data_dir, std::uint32_t delay_ms);
  ~HouseBot();  // stops and joins
  HouseBot(const HouseBot&) = delete;
  HouseBot& operator=(const HouseBot&) = delete;

  // Games the bot saw to the end (complete, log written).
  int games_finished() const { return finished_.load(); }
  HouseBotKind kind() const { return options_.kind; }
  peer::risiko::Difficulty difficulty() const { return options_.difficulty; }

  // Asks the bot to take a seat in `room`, a room of its game: true if it is waiting in the
  // queue and leaves it for the room; false if it sits in a room already or has been asked.
  bool invite(lobby::RoomId room);

 private:
  void run();

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
