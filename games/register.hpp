#pragma once
// Registers every game of games/games.hpp in the process's registry (peer/session/game_module.hpp),
// with the facets of the layers the program has; each composition root (apps/…) calls one of
// these first, before it starts a thread. Each includes the ones before it.
#include <string_view>

namespace parley::peer {
class GameModule;
}

namespace parley::games {

// The games as the session layer, the verifier, the bots and the archive need them
// (parley-lobby, the fuzz targets).
void register_modules();
// And a person's screens (ui/core) and terminal players (cli/): `parley`.
void register_screens();
// And the SDL board views (ui/sdl): parley-client.
void register_views();

// The module register_modules() registered under its folder's name (asserted to be there): for
// the registrations above it to add their facets to.
peer::GameModule& registered_module(std::string_view name);

}  // namespace parley::games
