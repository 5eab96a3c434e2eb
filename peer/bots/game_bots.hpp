#pragma once
// A game's bots, the facet its module provides (peer/session/game_module.hpp): the bot
// `parley bot GAME` runs, and the house bot a person meets in `parley host --bot GAME`
// (ui/net/house_bot.hpp). Each goes through the lobby as any peer does.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/core/result.hpp"
#include "peer/net/player.hpp"

namespace parley::peer {

struct BotRequest {
  std::string engine;       // the game's own choice of player (`--engine`); empty: its default
  std::uint64_t seed = 0;   // for the choices made at random
  std::chrono::milliseconds delay{0};  // thinking time before each move
  int movetime_ms = 0;      // an engine process's time per move (0: the level's, else 200 ms)
  int level = 0;            // a game with levels (chess): 1 (weakest) to 8; 0: none asked
  std::string difficulty;   // a game with difficulties (risiko): easy, normal, hard; empty: normal
};

struct Bot {
  std::unique_ptr<Player> player;
  std::string name;   // the name it goes by when the command gives none ("random bot")
  std::string plays;  // what it plays, for the person to be told ("stockfish at level 3")
};

// What a house bot plays, in words.
struct BotPlays {
  std::string words;
};

class GameBots {
 public:
  virtual ~GameBots() = default;
  // The bot of `parley bot`; the reason (a usage error) when the game has no such engine, or the
  // engine does not start.
  virtual game::Result<Bot, std::string> bot(const BotRequest& request) const = 0;
  // The house bot of `parley host --bot` (its engine: the alias `--bot` named, if any); the
  // reason when the request does not fit the game.
  virtual game::Result<Bot, std::string> house_bot(const BotRequest& request) const = 0;
  // What house_bot(request) plays, in words, without starting anything ("stockfish at level 3");
  // the reason when the request does not fit the game.
  virtual game::Result<BotPlays, std::string> house_bot_plays(const BotRequest& request) const = 0;
  // `--bot` in the words of `parley host --help` ("gunjin (the tracking bot)").
  virtual std::string house_bot_words() const = 0;
  // Whether its bots take BotRequest::level (chess) and BotRequest::difficulty (risiko): a host's
  // --level and --difficulty go to the games that take them.
  virtual bool has_levels() const { return false; }
  virtual bool has_difficulties() const { return false; }
  // Other names `--bot` takes for the game (old names kept for scripts).
  virtual std::vector<std::string_view> aliases() const { return {}; }
};

// The game of `--bot NAME`: a registered game with bots, by its name or an alias ("random" is
// chess); none for any other.
std::optional<std::string> house_bot_game(std::string_view name);
// Every name `--bot` takes, in the order the games were registered.
std::vector<std::string> house_bot_names();
// The registered games' house bots in words: "chess (random moves; …), gunjin (…) or risiko (…)".
std::string house_bot_words();

}  // namespace parley::peer
