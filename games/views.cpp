#include "games/register.hpp"

#include "games/games.hpp"
#include "peer/session/game_module.hpp"

#define PARLEY_DECLARE_VIEWS(game) \
  namespace parley::games::game {  \
  void add_views(peer::GameModule& module); \
  }
PARLEY_GAMES(PARLEY_DECLARE_VIEWS)
#undef PARLEY_DECLARE_VIEWS

namespace parley::games {

void register_views() {
  register_screens();
#define PARLEY_ADD_VIEWS(game) game::add_views(registered_module(#game));
  PARLEY_GAMES(PARLEY_ADD_VIEWS)
#undef PARLEY_ADD_VIEWS
}

}  // namespace parley::games
