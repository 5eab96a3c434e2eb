#pragma once
// A bot opponent inside the host's own process (`parley host --bot`, scripts/play): a random
// chess player with a key of its own, queued for quick matches on the embedded lobby, one game
// after another, on a thread of its own. It goes through the lobby exactly as any remote peer
// does; only the process is shared.
#include <atomic>
#include <filesystem>
#include <thread>

#include "lobby/protocol/endpoint.hpp"

namespace parley::ui {

class HouseBot {
 public:
  // `delay_ms`: how long it "thinks" before each move, so a person can follow the game.
  HouseBot(lobby::Endpoint lobby, std::filesystem::path data_dir, std::uint32_t delay_ms);
  ~HouseBot();  // stops and joins
  HouseBot(const HouseBot&) = delete;
  HouseBot& operator=(const HouseBot&) = delete;

  // Games the bot saw to the end (complete, log written).
  int games_finished() const { return finished_.load(); }

 private:
  void run();

  lobby::Endpoint lobby_;
  std::filesystem::path data_dir_;
  std::uint32_t delay_ms_;
  std::atomic<bool> stop_{false};
  std::atomic<int> finished_{0};
  std::thread thread_;
};

}  // namespace parley::ui
