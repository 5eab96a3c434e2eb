#include "games/register.hpp"

#include <cassert>
#include <memory>

#include "games/games.hpp"
#include "peer/session/game_module.hpp"

#define PARLEY_DECLARE_MODULE(game) \
  namespace parley::games::game {   \
  std::shared_ptr<peer::GameModule> module(); \
  }
PARLEY_GAMES(PARLEY_DECLARE_MODULE)
#undef PARLEY_DECLARE_MODULE

namespace parley::games {

void register_modules() {
  auto& registry = peer::GameRegistry::process();
#define PARLEY_ADD_MODULE(game) registry.add(game::module());
  PARLEY_GAMES(PARLEY_ADD_MODULE)
#undef PARLEY_ADD_MODULE
}

peer::GameModule& registered_module(std::string_view name) {
  peer::GameModule* module = peer::GameRegistry::process().find_mutable(name);
  assert(module != nullptr);
  return *module;
}

}  // namespace parley::games
