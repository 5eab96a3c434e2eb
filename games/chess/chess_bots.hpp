#pragma once
// Chess players for `parley bot chess`: a random mover, and any UCI engine (stockfish, …)
// given a time per move. Both decline draw offers and take-back requests, claim a draw when the
// rules allow one (threefold repetition, fifty moves), and may wait a while before each move so
// that people can follow the game.
#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "peer/bots/engine_process.hpp"
#include "peer/net/player.hpp"
#include "peer/session/chess_rules.hpp"

namespace parley::peer {

// Holds a bot's move back until it has "thought" for the given time.
class ThinkingTime {
 public:
  explicit ThinkingTime(std::chrono::milliseconds delay) : delay_(delay) {}
  // True once the bot has waited its delay on this ply.
  bool done(std::size_t ply);

 private:
  std::chrono::milliseconds delay_;
  std::optional<std::size_t> ply_;
  std::chrono::steady_clock::time_point since_;
};

class RandomChessPlayer final : public Player {
 public:
  explicit RandomChessPlayer(std::uint64_t seed, std::chrono::milliseconds delay = {}) : rng_(seed), thinking_(delay) {}
  std::optional<Bytes> act(const Session& session, Seat me) override;

 private:
  std::mt19937_64 rng_;
  ThinkingTime thinking_;
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

// What a bot says before it thinks about a move: it declines an open offer or request addressed
// to it, and claims a draw the rules allow it.
std::optional<Bytes> answer_before_moving(const game::chess::Game& game, Seat me);
const game::chess::Game& chess_game(const Session& session);

}  // namespace parley::peer
