// Chess action decoder: any bytes decode to an action that re-encodes to the same bytes, or fail
// with a typed error; decoded actions are applied to a game in progress without harm.
#include <cstdlib>

#include "game/chess/game.hpp"

using namespace parley::game;
using namespace parley::game::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Game game;
  std::size_t applied = 0;
  for (std::size_t at = 0; at + kActionBytes <= size; at += kActionBytes) {
    std::span<const std::uint8_t> bytes(data + at, kActionBytes);
    auto action = decode_action(bytes);
    if (!action) continue;
    ByteWriter w;
    encode(*action, w);
    if (!std::equal(w.data().begin(), w.data().end(), bytes.begin())) std::abort();
    auto next = game.apply(*action);
    if (next) {
      game = std::move(next).value();
      ++applied;
    }
  }
  (void)decode_action({data, size});
  (void)applied;
  return 0;
}
