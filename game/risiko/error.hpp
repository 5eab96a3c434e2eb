#pragma once
// Why an action is illegal (the original design's error messages, typed). Every check the engine makes
// has its own value so that a verifier can name exactly what a cheating seat did.
#include <cstdint>
#include <string_view>

namespace parley::game::risiko {

enum class Error : std::uint8_t {
  // Game flow
  game_not_started,
  game_already_started,
  game_over,
  bad_player_count,       // not 3..6, or the map has no starting armies for it
  bad_colours,            // a colour repeated
  bad_turn_order,         // not a permutation of the seats
  bad_deal,               // an owner per territory, shares dealt round-robin in turn order
  unknown_seat,
  seat_not_playing,       // the seat left or was eliminated
  not_your_turn,
  wrong_phase,            // the action does not belong to the current phase
  must_trade,             // MUST_TRADE: the player must trade before anything else
  // Territories and armies
  unknown_territory,
  not_your_territory,
  not_adjacent,
  own_territory,          // attacking one's own territory
  same_territory,
  empty_placement,        // no placements, a zero count, or territories not strictly ascending
  too_many_armies,        // placing more than one has, moving more than may move
  too_few_armies,         // attacking from a territory with one army, moving in too few
  // Attacks and dice
  bad_dice_count,         // attacker dice outside 1..min(3, armies - 1)
  bad_roll,               // wrong number of dice for either side, or a value outside 1..6
  strategic_move_made,    // no attack after the strategic move
  bad_stop,               // M_ATTACK stop level outside 1..armies - 1
  missing_rounds,         // M_ATTACK ended before its stop condition
  extra_rounds,           // M_ATTACK rounds after its stop condition
  strategic_move_used,    // a second strategic move in one turn
  // Cards
  bad_card_slot,          // no such card in the hand, or a slot named twice
  unknown_card,
  card_not_in_deck,       // that card cannot have been dealt to that slot
  card_already_revealed,  // revealed before from the same deck
  card_mismatch,          // differs from the card this state knows was dealt there
  card_held_elsewhere,    // this state knows the card is in another slot
  not_a_set,
  // Missions
  unknown_mission,
  mission_mismatch,       // differs from the mission this state knows was dealt
  mission_held_elsewhere, // revealed by, or known to be held by, another seat
  mission_not_fulfilled,
};

std::string_view describe(Error e);

}  // namespace parley::game::risiko
