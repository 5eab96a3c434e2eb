#pragma once
// A game at a terminal, the facet its module provides (peer/session/game_module.hpp; the games'
// own in games/NAME/terminal): the person's player of `parley play GAME`, and the game's own
// options of a room `parley play` or `parley bot` creates (`--map`, `--dice`).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "peer/net/player.hpp"

namespace parley::cli {

struct TerminalRequest {
  std::string layout;               // `--layout`, for a game whose player starts from one
  std::filesystem::path data_dir;   // the data folder (what the graphical client saved there)
  std::uint64_t seed = 0;           // for the choices made at random
};

struct TerminalPlayer {
  std::unique_ptr<peer::Player> player;
  std::function<bool()> input_ended;  // the person has closed the input (Ctrl-D)
};

struct TerminalRefusal {
  std::string message;
  int exit_status = 2;  // cli/commands.hpp's ExitStatus
};

class TerminalGame {
 public:
  virtual ~TerminalGame() = default;
  // A person's player reading standard input and writing standard output; why not (a layout
  // that cannot be read).
  virtual game::Result<TerminalPlayer, TerminalRefusal> player(const TerminalRequest& request) const = 0;
  // Whether the player starts from `--layout`.
  virtual bool takes_layout() const { return false; }
  // Whether a new room takes `--map` and `--dice`, and the room options they make (RoomOptions::
  // game_options), or the reason they are wrong.
  virtual bool takes_map_and_dice() const { return false; }
  virtual game::Result<game::Bytes, std::string> map_and_dice(const std::string& map, const std::string& dice) const;
};

}  // namespace parley::cli
