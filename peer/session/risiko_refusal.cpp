#include "peer/session/risiko_refusal.hpp"

#include <cassert>

namespace parley::peer::risiko {

namespace {

using RisikoError = game::risiko::Error;
using R = RisikoRefusal;

// By Error's value.
constexpr std::string_view kRisikoEngineNames[] = {
    "engine.game_not_started",
    "engine.game_already_started",
    "engine.game_over",
    "engine.bad_player_count",
    "engine.bad_colours",
    "engine.bad_turn_order",
    "engine.bad_deal",
    "engine.unknown_seat",
    "engine.seat_not_playing",
    "engine.not_your_turn",
    "engine.wrong_phase",
    "engine.must_trade",
    "engine.unknown_territory",
    "engine.not_your_territory",
    "engine.not_adjacent",
    "engine.own_territory",
    "engine.same_territory",
    "engine.empty_placement",
    "engine.too_many_armies",
    "engine.too_few_armies",
    "engine.bad_dice_count",
    "engine.bad_roll",
    "engine.strategic_move_made",
    "engine.bad_stop",
    "engine.missing_rounds",
    "engine.extra_rounds",
    "engine.strategic_move_used",
    "engine.bad_card_slot",
    "engine.unknown_card",
    "engine.card_not_in_deck",
    "engine.card_already_revealed",
    "engine.card_mismatch",
    "engine.card_held_elsewhere",
    "engine.not_a_set",
    "engine.unknown_mission",
    "engine.mission_mismatch",
    "engine.mission_held_elsewhere",
    "engine.mission_not_fulfilled",
};
static_assert(std::size(kRisikoEngineNames) == static_cast<std::size_t>(RisikoError::mission_not_fulfilled) + 1);

const std::vector<RefusalWords>& risiko_table() {
  static const std::vector<RefusalWords> table = [] {
    auto t = engine_refusal_words<RisikoError>(kRisikoEngineNames, [](RisikoError e) { return describe(e); });
    t.insert(t.end(), {
        {Refusal::malformed, "malformed", "not a Risiko message: {}"},
        {Refusal::wrong_seat, "wrong_seat", "an action on behalf of another seat"},
        {Refusal::game_over, "game_over", "the game is over"},
        {Refusal::not_begun, "not_begun", "a Risiko message before the game began"},
        {Refusal::seat_left, "seat_left", "the seat has left the game"},
        {Refusal::no_setup_data, "no_setup_data", "Risiko has no setup data"},
        {Refusal::nothing_to_reveal, "nothing_to_reveal",
         "Risiko opens its secrets during play; there is nothing to reveal at the end"},
        {R::keys_closed, "keys_closed", "keys are announced only before the decks are shuffled"},
        {R::second_key, "second_key", "a second key"},
        {R::key_proof_fails, "key_proof_fails", "the deck key's proof of knowledge fails"},
        {R::not_shuffle_turn, "not_shuffle_turn", "not this seat's turn to shuffle"},
        {R::wrong_deck_count, "wrong_deck_count", "shuffles {} decks, {} are due"},
        {R::wrong_deck, "wrong_deck", "shuffles deck {}, not the deck due"},
        {R::shuffle_proof_fails, "shuffle_proof_fails", "the shuffle proof of deck {} fails (a biased or false shuffle)"},
        {R::second_share, "second_share", "a second share of deck {} position {}"},
        {R::share_not_owed, "share_not_owed", "a share of deck {} position {} that is not owed"},
        {R::share_proof_fails, "share_proof_fails", "the share of deck {} position {} has a false DLEQ proof"},
        {R::commit_not_due, "commit_not_due", "no placement commitment is due from this seat"},
        {R::reveal_not_due, "reveal_not_due", "no placement reveal is due from this seat"},
        {R::placement_mismatch, "placement_mismatch", "the placement does not open the seat's commitment"},
        {R::not_a_placement, "not_a_placement", "the committed placement is no placement"},
        {R::placement_wrong_seat, "placement_wrong_seat", "a placement for another seat"},
        {R::placement_wrong_total, "placement_wrong_total", "places {} armies, the allowance is {}"},
        {R::attack_not_now, "attack_not_now", "no attack now"},
        {R::order_wrong_seat, "order_wrong_seat", "an order on behalf of another seat"},
        {R::chain_used_up, "chain_used_up", "the seat's dice chain is used up"},
        {R::attacker_chain_fails, "attacker_chain_fails", "the attacker's dice value does not extend its hash chain"},
        {R::dice_not_due, "dice_not_due", "no dice value is due from this seat"},
        {R::wrong_roll, "wrong_roll", "answers roll {}, roll {} is due"},
        {R::dice_chain_fails, "dice_chain_fails", "the dice value does not extend the seat's hash chain"},
        {R::play_before_play, "play_before_play", "moves are made in play, after the initial placement"},
        {R::step_pending, "step_pending", "a protocol step is pending"},
        {R::trade_not_now, "trade_not_now", "no trade now"},
        {R::empty_slot, "empty_slot", "hand slot {} is empty"},
        {R::undealt_slot, "undealt_slot", "hand slot {} holds no dealt card"},
        {R::card_share_fails, "card_share_fails", "card {}: the holder's share has a false DLEQ proof"},
        {R::card_unopened, "card_unopened", "card {}: {}"},
        {R::card_not_in_deck, "card_not_in_deck", "card {}: the shares open a card that is not in this deck"},
        {R::trade_wrong_card, "trade_wrong_card", "hand slot {} holds card {}, not card {}"},
        {R::claim_not_now, "claim_not_now", "no claim now"},
        {R::mission_share_fails, "mission_share_fails", "mission: the holder's share has a false DLEQ proof"},
        {R::mission_unopened, "mission_unopened", "mission: {}"},
        {R::mission_not_in_deck, "mission_not_in_deck", "mission: the shares open a card that is not in this deck"},
        {R::wrong_mission, "wrong_mission", "claims mission {}, the seat holds mission {}"},
        {R::unannounced_key, "unannounced_key", "publishes a deck key it never announced"},
        {R::wrong_key, "wrong_key", "the published deck key is not the seat's"},
        {R::transfer_not_due, "transfer_not_due", "no card transfer is due from this seat"},
        {R::transfer_wrong_count, "transfer_wrong_count", "hands over {} cards, it held {}"},
        {R::transfer_wrong_holder, "transfer_wrong_holder", "card {} carries the share of a seat it was not dealt to"},
        {R::dispute_not_due, "dispute_not_due", "no hand-over to this seat can be disputed now"},
        {R::dispute_reveal_not_due, "dispute_reveal_not_due", "no disputed hand-over is to be settled by this seat"},
        {R::dispute_wrong_count, "dispute_wrong_count", "reveals {} shares, it handed over {} cards"},
    });
    return t;
  }();
  return table;
}

// Refused before any message's own checks: no message kind to name.
bool before_the_message(RefusalCode code) {
  return code == Refusal::malformed || code == Refusal::game_over || code == Refusal::not_begun ||
         code == Refusal::seat_left || code == Refusal::no_setup_data || code == Refusal::nothing_to_reveal;
}

}  // namespace

std::span<const RefusalWords> risiko_refusal_words() { return risiko_table(); }

std::string describe_risiko_refusal(const Rejection& rejection) {
  if (before_the_message(rejection.code)) return words_for(risiko_table(), rejection);
  assert(!rejection.detail.empty() && "a message's refusal names its kind first");
  if (rejection.detail.empty()) return words_for(risiko_table(), rejection);
  Rejection rest = rejection;
  rest.detail.erase(rest.detail.begin());
  return rejection.detail.front() + ": " + words_for(risiko_table(), rest);
}

std::string_view risiko_refusal_name(RefusalCode code) { return name_for(risiko_table(), code); }

}  // namespace parley::peer::risiko
