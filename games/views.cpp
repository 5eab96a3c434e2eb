#include "games/register.hpp"

#include <cassert>
#include <string_view>

#include "games/games.hpp"
#include "peer/session/game_module.hpp"

#define PARLEY_DECLARE_VIEWS(game) \
  namespace parley::games::game {  \
  void add_views(peer::GameModule& module); \
  }
PARLEY_GAMES(PARLEY_DECLARE_VIEWS)
#undef PARLEY_DECLARE_VIEWS

namespace parley::games {

namespace {

// The module register_modules() registered under its folder's name.
peer::GameModule& registered(std::string_view name) {
  peer::GameModule* module = peer::GameRegistry::process().find_mutable(name);
  assert(module != nullptr);
  return *module;
}

}  // namespace

void register_views() {
  register_screens();
#define PARLEY_ADD_VIEWS(game) game::add_views(registered(#game));
  PARLEY_GAMES(PARLEY_ADD_VIEWS)
#undef PARLEY_ADD_VIEWS
}

}  // namespace parley::games
