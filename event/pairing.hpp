#pragma once
// A round's pairings from the event, the earlier rounds' documents and the players the organizer
// leaves out — nothing else, so anyone holding the bundle derives the same pairing and can
// compare it with the signed one (docs/events.md, "Pairing").
#include <cstdint>
#include <span>

#include "event/dutch.hpp"
#include "event/event.hpp"
#include "event/history.hpp"
#include "event/pairings.hpp"
#include "game/core/result.hpp"

namespace parley::event {

struct RoundRequest {
  std::uint16_t round = 1;            // must be the round after the last with results
  std::uint64_t published_ms = 0;     // the organizer's clock (sets the deadline)
  std::vector<PlayerIndex> not_paired;  // left out of this round (Swiss and Risiko only)
};

struct PairingStats {
  DutchStats dutch;
};

// The unsigned pairings of the round: Swiss (FIDE Dutch) for chess and Gunjin, tables for
// Risiko, Berger tables for a round robin.
game::Result<Pairings, PairingError> pair_round(const Event& event, const History& history, const RoundRequest& request,
                                                PairingStats* stats = nullptr);

// Whether signed pairings are exactly what pair_round derives for them (same round, time and
// players left out), `history` holding the rounds before theirs.
bool pairing_follows(const Event& event, const History& history, const Pairings& pairings);

}  // namespace parley::event
