#include "ui/net/house_bot.hpp"

#include <chrono>
#include <random>

#include "peer/bots/chess_bots.hpp"
#include "peer/net/runner.hpp"

namespace parley::ui {

HouseBot::HouseBot(lobby::Endpoint lobby, std::filesystem::path data_dir, std::uint32_t delay_ms)
    : lobby_(std::move(lobby)), data_dir_(std::move(data_dir)), delay_ms_(delay_ms), thread_([this] { run(); }) {}

HouseBot::~HouseBot() {
  stop_ = true;
  thread_.join();
}

void HouseBot::run() {
  // One key for the bot's whole life, so a player meets the same opponent game after game.
  const crypto::Identity identity = crypto::Identity::generate();
  std::mt19937_64 seeds{std::random_device{}()};
  while (!stop_) {
    peer::SeatOptions options;
    options.lobby = lobby_;
    options.identity = identity;
    options.display_name = "house bot";
    options.game = "chess";
    options.seats = 2;
    options.join = peer::SeatOptions::Join::quick_match;
    options.data_dir = data_dir_;
    peer::RandomChessPlayer player(seeds(), std::chrono::milliseconds(delay_ms_));
    peer::SeatRunner runner(std::move(options), player);
    while (!stop_ && runner.status() != peer::RunnerStatus::finished && runner.status() != peer::RunnerStatus::failed)
      runner.step(20);
    if (runner.status() == peer::RunnerStatus::finished) ++finished_;
    // After a failure (the lobby not up yet, or gone), wait before queueing again.
    for (int i = 0; i < 10 && !stop_ && runner.status() == peer::RunnerStatus::failed; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace parley::ui
