#pragma once
// Risiko's refusals: its engine's (game::risiko::Error), the shared ones, and the checks of its
// protocol (keys, shuffles, shares, placements, dice chains, opened cards and hand-overs); and
// the one describer that words them. A refusal of a message the rules handled names the
// message's kind first (its first particular): "attack: no attack now".
#include "game/risiko/error.hpp"
#include "peer/session/refusal.hpp"

namespace parley::peer::risiko {

enum class RisikoRefusal : std::uint8_t {
  // Keys and shuffles
  keys_closed,             // a key after the decks began to be shuffled
  second_key,
  key_proof_fails,
  not_shuffle_turn,        // not due
  wrong_deck_count,        // not due: how many it shuffles, how many are due
  wrong_deck,              // not due: the deck it shuffles
  shuffle_proof_fails,     // the deck
  // Shares
  second_share,            // deck, position
  share_not_owed,          // not due: deck, position
  share_proof_fails,       // deck, position
  // The initial placement
  commit_not_due,          // not due
  reveal_not_due,          // not due
  placement_mismatch,      // the placement does not open the seat's commitment
  not_a_placement,         // the committed bytes are no placement
  placement_wrong_seat,
  placement_wrong_total,   // armies placed, the allowance
  // Play
  attack_not_now,          // not due
  order_wrong_seat,
  chain_used_up,
  attacker_chain_fails,
  dice_not_due,            // not due
  wrong_roll,              // not due: the roll answered, the roll due
  dice_chain_fails,
  play_before_play,        // a move before the initial placement is done
  step_pending,            // not due: a protocol step is pending
  // Cards and missions
  trade_not_now,           // not due
  empty_slot,              // the hand slot
  undealt_slot,            // the hand slot
  card_share_fails,        // the card's number in the message
  card_unopened,           // the card's number, crypto's words
  card_not_in_deck,        // the card's number
  trade_wrong_card,        // the hand slot, the card it holds, the card named
  claim_not_now,           // not due
  mission_share_fails,
  mission_unopened,        // crypto's words
  mission_not_in_deck,
  wrong_mission,           // the mission claimed, the mission held
  // Leaving and hand-overs
  unannounced_key,         // publishes a deck key it never announced
  wrong_key,               // publishes a deck key that is not the seat's
  transfer_not_due,        // not due
  transfer_wrong_count,    // cards handed over, cards held
  transfer_wrong_holder,   // the card's number
  dispute_not_due,         // not due
  dispute_reveal_not_due,  // not due
  dispute_wrong_count,     // shares revealed, cards handed over
};

}  // namespace parley::peer::risiko

namespace parley::peer {
template <>
struct RefusalSourceOf<risiko::RisikoRefusal> {
  static constexpr RefusalSource value = RefusalSource::game;
};
template <>
struct RefusalSourceOf<game::risiko::Error> {
  static constexpr RefusalSource value = RefusalSource::engine;
};
}  // namespace parley::peer

namespace parley::peer::risiko {

// Every code Risiko refuses with: its name and its words.
std::span<const RefusalWords> risiko_refusal_words();
std::string describe_risiko_refusal(const Rejection& rejection);
std::string_view risiko_refusal_name(RefusalCode code);

}  // namespace parley::peer::risiko
