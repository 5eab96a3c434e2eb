#pragma once
// Gunjin's refusals: its engine's (game::gunjin::Error), the shared ones, and the checks of its
// protocol (army and move proofs, the duel, declarations, the layouts opened at the end); and
// the one describer that words them.
#include <vector>

#include "crypto/duel.hpp"
#include "game/gunjin/layout.hpp"
#include "game/gunjin/rules.hpp"
#include "peer/session/refusal.hpp"

namespace parley::peer {

enum class GunjinRefusal : std::uint8_t {
  // Setup and the end-of-game reveal
  bad_open_setup,          // not an open layout (particular: the decoder's words)
  bad_layout,              // an open layout that breaks a placement rule (particular: placement_words)
  bad_commitments,         // not 23 piece commitments (the decoder's words)
  bad_openings,            // not the openings of 23 pieces (the decoder's words)
  opening_mismatch,        // a slot's opening does not open its commitment (the slot)
  opened_layout_illegal,   // the opened layout breaks a placement rule (placement_words)
  replay_illegal,          // with the opened layout, an action is illegal (its number, seat, words; the engine's words)
  replay_mismatch,         // the replay from the opened layouts does not reach the game's state
  // Order of play
  bad_open_action,         // open pieces: not an engine action (the decoder's words, the field)
  second_army_proof,
  army_proof_fails,
  armies_unproven,         // play before both armies are proven
  draw_during_battle,
  move_during_battle,
  declaration_during_battle,
  // Moves
  officer_claim_outside_hq,
  attack_without_offer,
  offer_without_attack,
  no_officer_could_move,   // no piece that may make the move could claim the HQ so
  move_proof_missing,
  needless_move_proof,
  move_proof_fails,        // seat, slot, from, to
  officer_move_proof_fails,      // into the enemy HQ, as an officer
  non_officer_move_proof_fails,  // into the enemy HQ, as a non-officer
  // Battles
  no_battle,                // a battle reply when no battle is being settled
  reply_out_of_turn,        // the message's name
  not_a_battle_reply,       // the message's name
  defender_choice_fails,    // its OT request proof
  attacker_choice_fails,
  attacker_table_malformed,
  defender_table_malformed,
  defender_false_claim,     // a claim its token does not prove
  attacker_false_claim,
  attacker_must_open,       // the defender disputed: the attacker must open its secrets
  attacker_opening_lies,    // the opening shows faults (fault_words)
  defender_opening_lies,
  pieces_cannot_fight,      // both openings hold, and the table has no battle for the pieces
  // Declarations
  immobility_unproven,      // a piece the public state needs an immobility proof for (seat, slot)
  false_no_move,            // an immobility proof fails (seat, slot, square)
  needless_immobility_proof,
  declared_piece_removed,
  declared_move_impossible,
  declared_move_proof_missing,
  false_have_move,          // the declared move's proof fails (seat, slot, from, to)
};

template <>
struct RefusalSourceOf<GunjinRefusal> {
  static constexpr RefusalSource value = RefusalSource::game;
};
template <>
struct RefusalSourceOf<game::gunjin::Error> {
  static constexpr RefusalSource value = RefusalSource::engine;
};

// Every code Gunjin refuses with: its name and its words.
std::span<const RefusalWords> gunjin_refusal_words();
std::string describe_gunjin_refusal(const Rejection& rejection);
std::string_view gunjin_refusal_name(RefusalCode code);

// Particulars in the engine's and crypto's words: a broken placement rule, and a duel
// opening's faults.
std::string placement_words(const game::gunjin::PlacementError& error);
std::string fault_words(const std::vector<crypto::DuelFaultKind>& faults);

}  // namespace parley::peer
