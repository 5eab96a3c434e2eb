#pragma once
// Gunjin shogi as a registered game (peer/session/game_module.hpp): two seats, the variants and
// open pieces of the room's options (docs/gunjin.md), hidden kinds proven with commitments.
#include <memory>

#include "peer/session/game_module.hpp"
#include "peer/session/gunjin_rules.hpp"
#include "peer/session/session.hpp"

namespace parley::games::gunjin {

std::shared_ptr<peer::GameModule> module();

// The Gunjin rules of a session, or null when it plays another game.
const peer::GunjinRules* rules(const peer::Session& session);
// The same of a session that plays Gunjin (asserted).
const peer::GunjinRules& rules_of(const peer::Session& session);

}  // namespace parley::games::gunjin
