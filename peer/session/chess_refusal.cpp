#include "peer/session/chess_refusal.hpp"

namespace parley::peer {

namespace {

using ChessIllegal = game::chess::Illegal;

// By Illegal's value.
constexpr std::string_view kChessEngineNames[] = {
    "engine.game_over",          "engine.not_your_turn",     "engine.illegal_move",
    "engine.no_draw_offer",      "engine.draw_already_offered", "engine.no_claimable_draw",
    "engine.no_takeback_request", "engine.takeback_too_long", "engine.takeback_pending",
    "engine.answer_own_request", "engine.not_a_seat",
};
static_assert(std::size(kChessEngineNames) == static_cast<std::size_t>(ChessIllegal::not_a_seat) + 1);

const std::vector<RefusalWords>& chess_table() {
  static const std::vector<RefusalWords> table = [] {
    auto t = engine_refusal_words<ChessIllegal>(kChessEngineNames, [](ChessIllegal e) { return describe(e); });
    t.insert(t.end(), {
        {Refusal::malformed, "malformed", "not a chess action: {}"},
        {Refusal::wrong_seat, "wrong_seat", "an action on behalf of the other seat"},
        {Refusal::game_over, "game_over", "the game is over"},
        {Refusal::no_setup_data, "no_setup_data", "chess has no setup data"},
        {Refusal::nothing_to_reveal, "nothing_to_reveal", "chess has no secrets to reveal"},
        {ChessRefusal::crossed_action, "crossed_action", "crossed the other seat's action: {}"},
        {ChessRefusal::position_changed, "position_changed",
         "the position changed (a take-back) after the entry it was made on"},
        {ChessRefusal::newer_draw_offer, "newer_draw_offer", "answers a draw offer made after the entry it was made on"},
        {ChessRefusal::newer_takeback, "newer_takeback",
         "answers a take-back request made after the entry it was made on"},
    });
    return t;
  }();
  return table;
}

}  // namespace

std::span<const RefusalWords> chess_refusal_words() { return chess_table(); }

std::string describe_chess_refusal(const Rejection& rejection) { return words_for(chess_table(), rejection); }
std::string_view chess_refusal_name(RefusalCode code) { return name_for(chess_table(), code); }

}  // namespace parley::peer
