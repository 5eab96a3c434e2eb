#include "games/register.hpp"

#include <cassert>
#include <string_view>

#include "games/games.hpp"
#include "peer/session/game_module.hpp"

#define PARLEY_DECLARE_SCREENS(game) \
  namespace parley::games::game {    \
  void add_screens(peer::GameModule& module); \
  }
PARLEY_GAMES(PARLEY_DECLARE_SCREENS)
#undef PARLEY_DECLARE_SCREENS

namespace parley::games {

namespace {

// The module register_modules() registered under its folder's name.
peer::GameModule& registered(std::string_view name) {
  peer::GameModule* module = peer::GameRegistry::process().find_mutable(name);
  assert(module != nullptr);
  return *module;
}

}  // namespace

void register_screens() {
  register_modules();
#define PARLEY_ADD_SCREENS(game) game::add_screens(registered(#game));
  PARLEY_GAMES(PARLEY_ADD_SCREENS)
#undef PARLEY_ADD_SCREENS
}

}  // namespace parley::games
