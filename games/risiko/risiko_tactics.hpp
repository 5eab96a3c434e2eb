#pragma once
// How the Risiko bot chooses, apart from the protocol (risiko_bot.hpp does the protocol): its
// initial placement, and on its turn a claim, a trade, a placement, an attack, a move-in, the
// strategic move or the end of its turn, over a State that knows its own secrets only. Three
// difficulties, each a different way of playing (docs/risiko.md, "Bots"):
//
//   easy    a beginner: armies spread at random, all reinforcements on one border territory
//           picked at random, attacks wherever it has more armies than the defender, at random
//           and stopping at random, moves in only the armies it must, trades only when it must,
//           never moves armies up from the interior, pays no heed to its mission
//   normal  the heuristic bot: reinforces the border where it is strongest (its mission's
//           continents and target weighing), attacks while it has two armies more, moves half
//           into a conquest that still borders enemies, trades whenever it holds a set, brings
//           interior armies to the border
//   hard    counts: the chance to take a territory (exact dice odds under the room's dice
//           rule), what a territory is worth (a continent completed or broken, a player
//           eliminated, the mission), the threat on each border; builds up at the start in the
//           continent it is nearest to holding, reinforces where the best worthwhile attack or a
//           threatened bonus is, attacks in order of expected gain while the odds are good,
//           moves into a conquest in proportion to the enemies ahead and behind, and brings
//           interior armies to the most threatened border. It wins about half its games against
//           two normal bots, and nearly all against two easy ones (tests/peer/risiko_tactics_test.cpp)
#include <cstdint>
#include <optional>
#include <random>
#include <string_view>

#include "game/core/seat.hpp"
#include "game/risiko/action.hpp"
#include "game/risiko/state.hpp"

namespace parley::peer::risiko {

namespace rk = game::risiko;
using game::Seat;

enum class Difficulty : std::uint8_t { easy, normal, hard };
// "easy", "normal", "hard": the command line's words.
std::optional<Difficulty> parse_difficulty(std::string_view word);
std::string_view word_of(Difficulty difficulty);
// Its name for people, translated.
const char* describe(Difficulty difficulty);

class Tactics {
 public:
  explicit Tactics(Difficulty difficulty = Difficulty::normal, std::uint64_t seed = 0)
      : difficulty_(difficulty), rng_(seed) {}
  Difficulty difficulty() const { return difficulty_; }

  // The whole initial placement (all of the seat's armies to place).
  rk::PlaceArmies initial_placement(const rk::State& state, Seat me);
  // The seat's decision when the table waits for it after the initial placement: nothing
  // when it does not. `may_attack` is false when the seat can roll no more dice.
  std::optional<rk::Decision> decide(const rk::State& state, Seat me, bool may_attack = true);

 private:
  rk::PlaceArmies reinforce(const rk::State& state, Seat me);
  std::optional<rk::MultiAttackOrder> attack(const rk::State& state, Seat me);
  rk::MoveIn move_in(const rk::State& state, Seat me);
  std::optional<rk::MoveArmies> strategic_move(const rk::State& state, Seat me);
  std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(rng_() % bound); }

  Difficulty difficulty_;
  std::mt19937_64 rng_;
};

// The chance (in millionths) that an attack from a territory holding `attacker` armies, fought
// round after round with the most dice until the territory falls or the attacker is down to
// `stop_at` armies, takes a territory that `defender` armies hold, under `rule`. Exact (every
// throw of the dice counted), for armies up to 80 on either side; larger armies count as 80.
std::uint32_t conquest_odds(rk::DiceRule rule, std::uint32_t attacker, std::uint32_t defender, std::uint32_t stop_at = 1);

// The normal difficulty's choices, over a state that knows its own secrets.
rk::PlaceArmies initial_placement(const rk::State& state, Seat me);
rk::PlaceArmies reinforcement(const rk::State& state, Seat me);
std::optional<rk::MultiAttackOrder> best_attack(const rk::State& state, Seat me);
std::optional<rk::TradeCards> best_trade(const rk::State& state, Seat me);
rk::MoveIn move_in(const rk::State& state, Seat me);
std::optional<rk::MoveArmies> consolidation(const rk::State& state, Seat me);

}  // namespace parley::peer::risiko
