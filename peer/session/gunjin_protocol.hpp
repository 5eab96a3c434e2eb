#pragma once
// What the Gunjin rules (every peer, the verifier) and the Gunjin agent (the seat that holds
// the secrets) must compute alike: the kind sets move proofs range over, the contexts proofs
// are bound to, and the duel's statement and table (docs/gunjin.md, "Protocol").
#include <cstdint>
#include <optional>

#include "crypto/context.hpp"
#include "crypto/duel.hpp"
#include "crypto/sigma.hpp"
#include "game/gunjin/rules.hpp"
#include "peer/session/gunjin_army.hpp"

namespace parley::peer {

// The members of a non-empty kind set as a proof's value set (kind index = committed value).
crypto::ValueSet kind_values(game::gunjin::KindSet kinds);

// The kinds a piece may have to move from → to on this board (kinds_for_move), narrowed by
// what the move says about an entry into the enemy HQ: an officer (a claim to win there) or
// not. Empty: no kind can make the move so.
game::gunjin::KindSet move_kinds(const game::gunjin::State& state, game::Seat actor, game::gunjin::Square from,
                                 game::gunjin::Square to, bool officer);

// A proof is carried exactly when what everyone knows of the piece (its possible kinds in the
// public state) does not already show it: a piece that has moved needs none for a step.
constexpr bool proof_needed(game::gunjin::KindSet publicly_possible, game::gunjin::KindSet allowed) {
  return (publicly_possible & allowed) != publicly_possible;
}

// The kinds that would have no legal move from the piece's square on this board: what a seat
// declaring it cannot move proves of each of its pieces.
game::gunjin::KindSet immobile_kinds(const game::gunjin::State& state, game::gunjin::PieceId piece);

// Contexts: session, purpose, the ply the proof is made at, the seat, and the proof's subject.
crypto::ProofContext move_context(const crypto::SessionId& session, std::uint32_t ply, game::Seat seat,
                                  game::gunjin::Square from, game::gunjin::Square to, bool officer);
crypto::ProofContext have_move_context(const crypto::SessionId& session, std::uint32_t ply, game::Seat seat,
                                       std::uint8_t slot, game::gunjin::Square to);
crypto::ProofContext no_move_context(const crypto::SessionId& session, std::uint32_t ply, game::Seat seat,
                                     std::uint8_t slot);

// The battle table (with the room's variants) as the duel's: outcome[b′][a], flag = 15.
crypto::DuelRules duel_rules(const game::gunjin::Options& options);

// The defender's own piece directly behind it, if any (the flag rule's "friendly behind").
std::optional<game::gunjin::PieceId> friendly_behind(const game::gunjin::State& state,
                                                     game::gunjin::PieceId defender);

// The duel of the attack at `ply` (its id) between the pieces on `from` and `to`.
crypto::DuelStatement duel_statement(const crypto::SessionId& session, const game::gunjin::State& state,
                                     const std::array<ArmyCommitments, 2>& armies, game::gunjin::Square from,
                                     game::gunjin::Square to);

constexpr game::gunjin::BattleOutcome battle_outcome(crypto::DuelOutcome o) {
  return static_cast<game::gunjin::BattleOutcome>(static_cast<std::uint8_t>(o));
}

}  // namespace parley::peer
