#include "game/risiko/error.hpp"

namespace parley::game::risiko {

std::string_view describe(Error e) {
  switch (e) {
    case Error::game_not_started: return "the game has not started";
    case Error::game_already_started: return "the game has already started";
    case Error::game_over: return "the game is over";
    case Error::bad_player_count: return "the map has no starting armies for this many players";
    case Error::bad_colours: return "two seats have the same colour";
    case Error::bad_turn_order: return "the turn order is not a permutation of the seats";
    case Error::bad_deal: return "the territory deal is not a round-robin deal in turn order";
    case Error::unknown_seat: return "no such seat";
    case Error::seat_not_playing: return "the seat left or was eliminated";
    case Error::not_your_turn: return "not this seat's turn";
    case Error::wrong_phase: return "not allowed in the current phase";
    case Error::must_trade: return "more than 5 cards: trade first";
    case Error::unknown_territory: return "no such territory";
    case Error::not_your_territory: return "the territory belongs to someone else";
    case Error::not_adjacent: return "the territories do not border";
    case Error::own_territory: return "cannot attack one's own territory";
    case Error::same_territory: return "from and to are the same territory";
    case Error::empty_placement: return "placements must be non-zero, on ascending territories";
    case Error::too_many_armies: return "more armies than available";
    case Error::too_few_armies: return "not enough armies";
    case Error::bad_dice_count: return "attacker dice must be 1..min(3, armies - 1)";
    case Error::bad_roll: return "wrong number of dice or a value outside 1..6";
    case Error::strategic_move_made: return "no attack after the strategic move";
    case Error::bad_stop: return "M_ATTACK stop level must be 1..armies - 1";
    case Error::missing_rounds: return "M_ATTACK ended before its stop condition";
    case Error::extra_rounds: return "M_ATTACK has rounds after its stop condition";
    case Error::strategic_move_used: return "only one strategic move per turn";
    case Error::bad_card_slot: return "no such card in the hand, or a card named twice";
    case Error::unknown_card: return "no such card";
    case Error::card_not_in_deck: return "that card cannot have been dealt there";
    case Error::card_already_revealed: return "that card was already revealed from that deck";
    case Error::card_mismatch: return "not the card that was dealt there";
    case Error::card_held_elsewhere: return "that card is known to be in another hand slot";
    case Error::not_a_set: return "the three cards do not form a set";
    case Error::unknown_mission: return "no such mission";
    case Error::mission_mismatch: return "not the mission that was dealt to this seat";
    case Error::mission_held_elsewhere: return "that mission belongs to another seat";
    case Error::mission_not_fulfilled: return "the mission is not fulfilled";
  }
  return "unknown error";
}

}  // namespace parley::game::risiko
