#include "games/games.hpp"

#include "games/register.hpp"

namespace parley::games {

void register_views() { register_screens(); }

}  // namespace parley::games
