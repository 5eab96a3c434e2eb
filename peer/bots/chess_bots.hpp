#pragma once
// Chess players for `parley bot chess`: a random mover, and any UCI engine (stockfish, …)
// given a time per move. Both decline draw offers and take-back requests.
#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "peer/bots/engine_process.hpp"
#include "peer/net/player.hpp"
#include "peer/session/chess_rules.hpp"

namespace parley::peer {

class RandomChessPlayer final : public Player {
 public:
  explicit RandomChessPlayer(std::uint64_t seed) : rng_(seed) {}
  std::optional<Bytes> act(const Session& session, Seat me) override;

 private:
  std::mt19937_64 rng_;
};

class UciChessPlayer final : public Player {
 public:
  // Starts the engine (argv[0] is its path) and waits for it to be ready.
  static game::Result<std::unique_ptr<UciChessPlayer>, std::string> start(const std::vector<std::string>& argv,
                                                                         int movetime_ms);
  std::optional<Bytes> act(const Session& session, Seat me) override;

 private:
  UciChessPlayer(std::unique_ptr<EngineProcess> engine, int movetime_ms)
      : engine_(std::move(engine)), movetime_ms_(movetime_ms) {}
  std::unique_ptr<EngineProcess> engine_;
  int movetime_ms_;
  std::optional<std::size_t> searching_ply_;  // the ply the engine is thinking about
};

// The answer a bot gives to an open offer or request addressed to it, if any.
std::optional<Bytes> decline_open_offers(const game::chess::Game& game, Seat me);
const game::chess::Game& chess_game(const Session& session);

}  // namespace parley::peer
