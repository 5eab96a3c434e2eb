#pragma once
// The Risiko rules engine: the original design's state machine driven by actions, checked by every peer.
//
//   new_game(world)          NO_MOVE, waiting for StartGame
//   play(state, action)      the next state and the events (the original's server messages), or
//                            the typed reason the action is illegal
//   learn_card / learn_mission
//                            a seat's private knowledge entering its own State (a card dealt
//                            to it, its mission, the cards of a player it eliminated); checked
//                            against what the State already knows
//   check(state, decision)   whether a decision is legal before its dice exist
//   roll_attack / roll_multi_attack
//                            complete an order with dice taken from the session's die source
//
// Risiko satisfies game::RulesEngine; its legal_actions lists Decisions (see action.hpp).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "game/core/engine.hpp"
#include "game/risiko/action.hpp"
#include "game/risiko/error.hpp"
#include "game/risiko/event.hpp"
#include "game/risiko/state.hpp"
#include "game/risiko/view.hpp"
#include "game/risiko/world.hpp"

namespace parley::game::risiko {

struct Step {
  State state;
  std::vector<Event> events;
};

State new_game(std::shared_ptr<const World> world, Options options = {});

Result<Step, Error> play(const State& state, const Action& action);

Result<State, Error> learn_card(const State& state, Seat seat, std::size_t slot, CardId card);
Result<State, Error> learn_mission(const State& state, Seat seat, MissionId mission);

std::optional<Error> check(const State& state, const Decision& decision);

// Every decision the rules allow now, for every seat that may act (LEAVE_GAME for every
// playing seat). Trades are listed only where the state knows the three cards, a claim only
// where it knows the mission and finds it fulfilled (the current seat's, and any other seat's).
std::vector<Decision> legal_decisions(const State& state);

// The claim `holder` is to make now: its mission, known to `state`, holds and the rules accept
// the claim (in its own turn outside a move-in, or in another seat's turn). Every front end
// claims with it at once (games/risiko/risiko_agent.hpp), so a fulfilled mission ends the game.
std::optional<ClaimVictory> claim_due(const State& state, Seat holder);

// A die: returns 1..6. Attack dice are drawn first, attacker's then defender's, round by round.
using DieSource = std::function<std::uint8_t()>;
Result<Attack, Error> roll_attack(const State& state, const AttackOrder& order, const DieSource& die);
Result<MultiAttack, Error> roll_multi_attack(const State& state, const MultiAttackOrder& order,
                                             const DieSource& die);

// Whether the game has ended, and how.
std::optional<Outcome> outcome(const State& state);

// Cards the protocol can no longer open leave play (docs/risiko.md, "Protocol"): the original
// rules never lose a card, but a mental deck whose keyholder vanished without its key cannot be
// opened. The hand slots (distinct, in range) of `seat` leave play, as a leaver's cards do; a
// current player left with 5 or fewer leaves MUST_TRADE. Every peer applies it at the same
// transcript entry.
Result<State, Error> lose_cards(const State& state, Seat seat, std::span<const std::size_t> slots);

struct Risiko {
  using State = risiko::State;
  using Action = risiko::Action;
  using Error = risiko::Error;
  using View = SeatView;

  static std::vector<Decision> legal_actions(const State& state) { return legal_decisions(state); }
  static Result<State, Error> apply(const State& state, const Action& action);
  static View view(const State& state, Seat seat) { return risiko::view(state, seat); }
  static void encode(const State& state, ByteWriter& out) { encode_state(state, out); }
  static std::uint64_t hash(const State& state);
  static std::optional<Outcome> outcome(const State& state) { return risiko::outcome(state); }
};

static_assert(RulesEngine<Risiko>);

}  // namespace parley::game::risiko
