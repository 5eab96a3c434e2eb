#include "peer/session/gunjin_refusal.hpp"

namespace parley::peer {

namespace {

using GunjinError = game::gunjin::Error;
using G = GunjinRefusal;

// By Error's value.
constexpr std::string_view kGunjinEngineNames[] = {
    "engine.game_over",
    "engine.bad_seat",
    "engine.not_your_turn",
    "engine.answer_pending",
    "engine.nothing_to_answer",
    "engine.bad_square",
    "engine.no_own_piece_on_from",
    "engine.own_piece_on_to",
    "engine.unreachable",
    "engine.kind_cannot_make_move",
    "engine.battle_outcome_missing",
    "engine.battle_outcome_without_battle",
    "engine.false_battle_outcome",
    "engine.hq_claim_outside_enemy_hq",
    "engine.false_hq_claim",
    "engine.false_no_legal_move",
    "engine.false_have_legal_move",
    "engine.draw_offer_pending",
    "engine.no_draw_offer_to_accept",
};
static_assert(std::size(kGunjinEngineNames) == static_cast<std::size_t>(GunjinError::no_draw_offer_to_accept) + 1);

const std::vector<RefusalWords>& gunjin_table() {
  static const std::vector<RefusalWords> table = [] {
    auto t = engine_refusal_words<GunjinError>(kGunjinEngineNames, [](GunjinError e) { return describe(e); });
    t.insert(t.end(), {
        {Refusal::malformed, "malformed", "not a Gunjin message: {}"},
        {Refusal::wrong_seat, "wrong_seat", "an action on behalf of the other seat"},
        {Refusal::game_over, "game_over", "the game is over"},
        {Refusal::nothing_to_reveal, "nothing_to_reveal", "this game has no secrets to open"},
        {G::bad_open_setup, "bad_open_setup", "not an open Gunjin layout: {}"},
        {G::bad_layout, "bad_layout", "the layout breaks a placement rule: {}"},
        {G::bad_commitments, "bad_commitments", "not 23 piece commitments: {}"},
        {G::bad_openings, "bad_openings", "not the openings of 23 pieces: {}"},
        {G::opening_mismatch, "opening_mismatch", "slot {}'s opening does not open its commitment"},
        {G::opened_layout_illegal, "opened_layout_illegal", "the opened layout breaks a placement rule: {}"},
        {G::replay_illegal, "replay_illegal", "with the opened layout, action {} of seat {} ({}) is illegal: {}"},
        {G::replay_mismatch, "replay_mismatch", "the replay from the opened layout does not reach the game's state"},
        {G::bad_open_action, "bad_open_action", "not a Gunjin action: {} in {}"},
        {G::second_army_proof, "second_army_proof", "a second army proof"},
        {G::army_proof_fails, "army_proof_fails",
         "the army proof fails: the commitments are not the 23-piece army with movable pieces on the gates"},
        {G::armies_unproven, "armies_unproven", "play before both armies are proven"},
        {G::draw_during_battle, "draw_during_battle", "a draw offer or acceptance during a battle"},
        {G::move_during_battle, "move_during_battle", "a move while a battle is being settled"},
        {G::declaration_during_battle, "declaration_during_battle", "a declaration while a battle is being settled"},
        {G::officer_claim_outside_hq, "officer_claim_outside_hq",
         "an officer's claim on a move that does not enter the enemy HQ"},
        {G::attack_without_offer, "attack_without_offer", "an attack without the attacker's duel offer"},
        {G::offer_without_attack, "offer_without_attack", "a duel offer on a move onto an empty square"},
        {G::no_officer_could_move, "no_officer_could_move", "no piece that may make this move could claim the HQ so"},
        {G::move_proof_missing, "move_proof_missing", "the move proof is missing"},
        {G::needless_move_proof, "needless_move_proof", "a move proof the public state does not need"},
        {G::move_proof_fails, "move_proof_fails",
         "the move proof fails: seat {}'s piece from slot {}'s committed kind cannot move {}-{}"},
        {G::officer_move_proof_fails, "officer_move_proof_fails",
         "the move proof fails: seat {}'s piece from slot {}'s committed kind cannot move {}-{} as an officer"},
        {G::non_officer_move_proof_fails, "non_officer_move_proof_fails",
         "the move proof fails: seat {}'s piece from slot {}'s committed kind cannot move {}-{} as a non-officer"},
        {G::no_battle, "no_battle", "no battle is being settled"},
        {G::reply_out_of_turn, "reply_out_of_turn", "a {} out of its turn in the battle"},
        {G::not_a_battle_reply, "not_a_battle_reply", "a {} where a battle reply is due"},
        {G::defender_choice_fails, "defender_choice_fails",
         "the defender's OT choice is not its committed (effective) kind: its request proof fails"},
        {G::attacker_choice_fails, "attacker_choice_fails",
         "the attacker's OT choice is not its committed kind: its request proof fails"},
        {G::attacker_table_malformed, "attacker_table_malformed", "the attacker's duel table is malformed"},
        {G::defender_table_malformed, "defender_table_malformed", "the defender's duel table is malformed"},
        {G::defender_false_claim, "defender_false_claim",
         "the defender claims an outcome its token does not prove (a false outcome claim)"},
        {G::attacker_false_claim, "attacker_false_claim",
         "the attacker claims an outcome its token does not prove (a false outcome claim)"},
        {G::attacker_must_open, "attacker_must_open",
         "the defender disputed the battle: the attacker must open its secrets"},
        {G::attacker_opening_lies, "attacker_opening_lies", "the attacker's duel opening shows: {}"},
        {G::defender_opening_lies, "defender_opening_lies", "the defender's duel opening shows: {}"},
        {G::pieces_cannot_fight, "pieces_cannot_fight", "the opened pieces cannot fight"},
        {G::immobility_unproven, "immobility_unproven",
         "the declaration does not prove seat {}'s piece from slot {} immobile"},
        {G::false_no_move, "false_no_move",
         "false declaration: seat {}'s piece from slot {} on {} can move (its immobility proof fails)"},
        {G::needless_immobility_proof, "needless_immobility_proof",
         "the declaration proves a piece the public state needs no proof for"},
        {G::declared_piece_removed, "declared_piece_removed", "the declaration names a piece that was removed"},
        {G::declared_move_impossible, "declared_move_impossible", "the declaration names a move no piece could make"},
        {G::declared_move_proof_missing, "declared_move_proof_missing", "the declaration's move proof is missing"},
        {G::false_have_move, "false_have_move",
         "false declaration: seat {}'s piece from slot {} cannot move {}-{} (its move proof fails)"},
    });
    return t;
  }();
  return table;
}

}  // namespace

std::span<const RefusalWords> gunjin_refusal_words() { return gunjin_table(); }

std::string describe_gunjin_refusal(const Rejection& rejection) { return words_for(gunjin_table(), rejection); }
std::string_view gunjin_refusal_name(RefusalCode code) { return name_for(gunjin_table(), code); }

std::string placement_words(const game::gunjin::PlacementError& e) {
  using Problem = game::gunjin::PlacementError::Problem;
  std::string text(describe(e.problem));
  text += " (" + std::string(english_name(e.kind));
  if (e.problem == Problem::immovable_on_gate) text += " on slot " + std::to_string(e.slot);
  return text + ")";
}

std::string fault_words(const std::vector<crypto::DuelFaultKind>& faults) {
  std::string text;
  for (auto f : faults) text += (text.empty() ? "" : "; ") + std::string(crypto::describe(f));
  return text;
}

}  // namespace parley::peer
