#pragma once
// The Gunjin shogi rules engine (game/core/engine.hpp's RulesEngine).
//
// apply() checks everything the state it is given can check:
//   always            turn, phase, squares, that `from` holds the actor's piece, that some kind
//                     could make the move on this board (lines, gates, blocked paths), that a
//                     battle outcome is given exactly for an attack, and that an HQ claim is
//                     only made by a piece that ends in the enemy HQ
//   the mover's kind  that this kind may make the move (a mine that moves, an engineer that
//                     "flies" are rejected)
//   both kinds        that the outcome is the battle table's and the HQ claim is true
//                     (the flag's effective kind needs the kind of the piece behind it too)
// With partial knowledge the same check runs over every kind each piece may still have, so an
// outcome or a claim no possible kinds could produce is rejected by every peer at once; with
// full knowledge (hot-seat play, the verifier after both layouts are opened) the check is
// exact. Declarations of having or lacking a legal move are checked the same way (mobility()).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "game/core/engine.hpp"
#include "game/gunjin/action.hpp"
#include "game/gunjin/state.hpp"

namespace parley::game::gunjin {

enum class Error : std::uint8_t {
  game_over,
  bad_seat,                       // the actor is not seat 0 or 1
  not_your_turn,
  answer_pending,                 // the opponent declared it cannot move; only an answer (or resigning) is allowed
  nothing_to_answer,              // "I have a legal move" when nobody declared having none
  bad_square,                     // a square index above 45
  no_own_piece_on_from,
  own_piece_on_to,
  unreachable,                    // no kind could make this move here (lines, gates, blocked path)
  kind_cannot_make_move,          // the mover's known kind cannot (a mine moving, an engineer jumping)
  battle_outcome_missing,         // an attack without an outcome
  battle_outcome_without_battle,  // an outcome for a move onto an empty square
  false_battle_outcome,           // the outcome is not the table's for the kinds involved
  hq_claim_outside_enemy_hq,      // an HQ claim by a piece that does not end in the enemy HQ
  false_hq_claim,                 // the claim disagrees with the kind (made by a non-officer, or missing)
  false_no_legal_move,            // declared having no legal move while having one
  false_have_legal_move,          // declared having a legal move while having none
  draw_offer_pending,             // a draw offer while one is pending
  no_draw_offer_to_accept,
};

std::string_view describe(Error error);

// Whether a seat has a legal move (on its turn), as far as the state's knowledge tells.
enum class Mobility : std::uint8_t { can_move, cannot_move, unknown };
Mobility mobility(const State& state, Seat seat);

// What one seat may know: the state with every other seat's kinds hidden. It has the seat's
// own kinds, every piece's position and every battle's outcome.
struct View {
  Seat seat;
  State state;
};

struct Gunjin {
  using State = gunjin::State;
  using Action = gunjin::Action;
  using Error = gunjin::Error;
  using View = gunjin::View;

  // Every action consistent with the state: for each move the side to move may make, each
  // battle outcome and HQ claim the known kinds allow (exactly one with full knowledge); the
  // declarations that may be true; resigning; offering or accepting a draw.
  static std::vector<Action> legal_actions(const State& state);
  static Result<State, Error> apply(const State& state, const Action& action);
  static View view(const State& state, Seat seat);
  static void encode(const State& state, ByteWriter& out) { state.encode(out); }
  static std::uint64_t hash(const State& state);
  static std::optional<Outcome> outcome(const State& state);
};

static_assert(RulesEngine<Gunjin>);

}  // namespace parley::game::gunjin
