#pragma once
// The games this build plays, one line each (docs/architecture.md, "Adding a game"). Each
// GAME(name) is a folder games/name/ (named as the game's rooms name it) whose libraries define,
// in namespace parley::games::name:
//
//   std::shared_ptr<peer::GameModule> module();     the game (parley_name_module)
//   void add_screens(peer::GameModule& module);     a person's screens and terminal player
//                                                   (parley_name_screens)
//   void add_views(peer::GameModule& module);       the SDL board views (parley_name_views)
//
// games/register.hpp registers them in this order: the first is the one a plain
// `--quick-match` plays.
#define PARLEY_GAMES(GAME) \
  GAME(chess)              \
  GAME(gunjin)             \
  GAME(risiko)
