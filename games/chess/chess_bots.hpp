#pragma once
// Chess players for `parley bot chess`: a random mover, and any UCI engine (stockfish, …)
// given a time per move or a level (chess_levels.hpp). Both decline draw offers and take-back
// requests, claim a draw when the rules allow one (threefold repetition, fifty moves), and may
// wait a while before each move so that people can follow the game.
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
  // Starts the engine (argv[0] is its path) and waits for it to be ready. Level 0: full
  // strength, `movetime_ms` a move; 1–8: the level's options (chess_levels.hpp), and its time a
  // move unless `movetime_ms` is given (> 0). A move found sooner than `delay` is held back.
  static game::Result<std::unique_ptr<UciChessPlayer>, std::string> start(const std::vector<std::string>& argv,
                                                                         int movetime_ms, int level = 0,
                                                                         std::chrono::milliseconds delay = {});
  std::optional<Bytes> act(const Session& session, Seat me) override;

 private:
  UciChessPlayer(std::unique_ptr<EngineProcess> engine, std::string go, std::chrono::milliseconds delay)
      : engine_(std::move(engine)), go_(std::move(go)), thinking_(delay) {}
  std::unique_ptr<EngineProcess> engine_;
  std::string go_;  // the go command of every search
  ThinkingTime thinking_;
  std::optional<std::size_t> searching_ply_;  // the ply the engine is thinking about
  std::optional<std::pair<std::size_t, game::chess::Move>> found_;  // a move held back, and its ply
};

// The house chess bot (`parley host --bot chess`, `parley bot chess --level N`): stockfish at
// `level` when it is installed and starts, else the random mover; `engine` says which, and
// `description` says so in words (translated), for the person to be told.
struct HouseChessPlayer {
  std::unique_ptr<Player> player;
  bool engine = false;
  std::string description;
};
HouseChessPlayer house_chess_player(int level, std::uint64_t seed, std::chrono::milliseconds delay);
// What house_chess_player(level, …) will play, said without starting anything (for a listing).
std::string house_chess_description(int level);
// Where stockfish is: $PARLEY_STOCKFISH when set (empty: nowhere), else `stockfish` on PATH,
// else Debian's /usr/games/stockfish; nothing when none of these is an executable file.
std::optional<std::string> find_stockfish();

// What a bot says before it thinks about a move: it declines an open offer or request addressed
// to it, and claims a draw the rules allow it.
std::optional<Bytes> answer_before_moving(const game::chess::Game& game, Seat me);
const game::chess::Game& chess_game(const Session& session);

}  // namespace parley::peer
