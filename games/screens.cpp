#include "games/register.hpp"

#include "games/games.hpp"
#include "peer/session/game_module.hpp"

#define PARLEY_DECLARE_SCREENS(game) \
  namespace parley::games::game {    \
  void add_screens(peer::GameModule& module); \
  }
PARLEY_GAMES(PARLEY_DECLARE_SCREENS)
#undef PARLEY_DECLARE_SCREENS

namespace parley::games {

void register_screens() {
  register_modules();
#define PARLEY_ADD_SCREENS(game) game::add_screens(registered_module(#game));
  PARLEY_GAMES(PARLEY_ADD_SCREENS)
#undef PARLEY_ADD_SCREENS
}

}  // namespace parley::games
