#pragma once
// Chess as a registered game (peer/session/game_module.hpp): two seats, White first, no room
// options of its own, nothing hidden.
#include <memory>

#include "peer/session/chess_rules.hpp"
#include "peer/session/game_module.hpp"
#include "peer/session/session.hpp"

namespace parley::games::chess {

std::shared_ptr<peer::GameModule> module();

// The chess rules of a session, or null when it plays another game.
const peer::ChessRules* rules(const peer::Session& session);
// The same of a session that plays chess (asserted).
const peer::ChessRules& rules_of(const peer::Session& session);

}  // namespace parley::games::chess
