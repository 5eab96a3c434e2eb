#include "ui/net/house_bot.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <memory>
#include <random>
#include <set>

#include "peer/bots/game_bots.hpp"
#include "peer/net/runner.hpp"
#include "peer/session/game_module.hpp"

namespace parley::ui {

namespace {

const peer::GameBots* bots_of(std::string_view game) {
  const peer::GameModule* module = peer::find_game(game);
  return module ? module->facet<peer::GameBots>() : nullptr;
}

}  // namespace

HouseBot::HouseBot(HouseBotOptions options) : options_(std::move(options)), thread_([this] { run(); }) {}

peer::BotRequest HouseBot::request(std::uint64_t seed) const {
  peer::BotRequest r;
  r.engine = options_.engine;
  r.seed = seed;
  r.delay = std::chrono::milliseconds(options_.delay_ms);
  r.level = options_.level;
  r.difficulty = options_.difficulty;
  return r;
}

game::Result<peer::BotPlays, std::string> HouseBot::plays() const {
  const peer::GameBots* bots = bots_of(options_.game);
  assert(bots != nullptr);  // the host asks for the bots of registered games only
  return bots->house_bot_plays(request(0));
}

HouseBot::~HouseBot() {
  stop_ = true;
  thread_.join();
}

bool HouseBot::invite(lobby::RoomId room) {
  if (room.value == 0 || seated_) return false;
  std::uint64_t none = 0;
  return invited_.compare_exchange_strong(none, room.value);
}

bool invite_free_bot(std::span<const std::unique_ptr<HouseBot>> bots, std::string_view game, lobby::RoomId room) {
  const peer::GameModule* module = peer::find_game(game);
  return std::ranges::any_of(bots, [&](const auto& bot) { return peer::find_game(bot->game()) == module && bot->invite(room); });
}

void HouseBot::run() {
  // One key for the bot's whole life, kept in its folder: a person meets the same opponent
  // game after game, and a host restarted mid-game finds the bot's seat taken up again (the
  // runner resumes the room the lobby says this key still sits in).
  std::error_code ignored;
  std::filesystem::create_directories(options_.data_dir, ignored);
  auto loaded = crypto::load_or_create_identity(options_.data_dir / "identity");
  const crypto::Identity identity = loaded ? std::move(loaded).value() : crypto::Identity::generate();
  std::mt19937_64 seeds{std::random_device{}()};
  std::set<lobby::RoomId> finished_rooms;
  while (!stop_) {
    const lobby::RoomId invited{invited_.load()};
    peer::SeatOptions options;
    options.lobby = options_.lobby;
    options.identity = identity;
    options.display_name = options_.display_name;
    options.game = options_.game;
    options.seats = options_.seats;
    options.join = invited.value != 0 ? peer::SeatOptions::Join::room : peer::SeatOptions::Join::quick_match;
    options.room = invited;
    options.data_dir = options_.data_dir;
    const peer::GameBots* bots = bots_of(options_.game);
    assert(bots != nullptr);  // the host asks for the bots of registered games only
    auto bot = bots->house_bot(request(seeds()));
    if (!bot) return;  // the host checked the options with plays() first
    peer::SeatRunner runner(std::move(options), *bot->player);
    while (!stop_ && runner.status() != peer::RunnerStatus::finished && runner.status() != peer::RunnerStatus::failed) {
      runner.step(20);
      seated_ = runner.room().has_value();
      // Asked into a room while only queued: leave the queue (the runner's end) for it. Matched
      // meanwhile: the game comes first, and the invitation lapses.
      if (invited.value == 0 && invited_ != 0) {
        if (!runner.room()) break;
        invited_ = 0;
      }
    }
    seated_ = false;
    // An invitation is tried once, whatever came of it (a room filled or started meanwhile is
    // refused by the lobby): then the queue again.
    if (invited.value != 0) invited_ = 0;
    if (runner.status() == peer::RunnerStatus::finished) {
      // Leave the finished room properly (the lobby closes and archives it), briefly.
      runner.disconnect(std::chrono::milliseconds(500));
      // The lobby lists a started room among the key's seats until every seat has left it, so
      // the next runner may take a game up again that this bot has already finished: it only
      // writes the same log again. Counted once; and a moment's pause for the others to leave.
      if (runner.room() && finished_rooms.insert(*runner.room()).second) {
        ++finished_;
      } else {
        for (int i = 0; i < 5 && !stop_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    }
    // After a failure (the lobby not up yet, or gone), wait before queueing again.
    for (int i = 0; i < 10 && !stop_ && runner.status() == peer::RunnerStatus::failed; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace parley::ui
