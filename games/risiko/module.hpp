#pragma once
// Risiko as a registered game (peer/session/game_module.hpp): three to six seats, the map and
// dice of the room's options (docs/risiko.md), cards and missions dealt from mental decks.
#include <memory>

#include "peer/session/game_module.hpp"
#include "peer/session/risiko_rules.hpp"
#include "peer/session/session.hpp"

namespace parley::games::risiko {

std::shared_ptr<peer::GameModule> module();

// The Risiko rules of a session, or null when it plays another game.
const peer::risiko::RisikoRules* rules(const peer::Session& session);
// The same of a session that plays Risiko (asserted).
const peer::risiko::RisikoRules& rules_of(const peer::Session& session);

}  // namespace parley::games::risiko
