#pragma once
// Actions (the original design's client messages, and the setup its server sent) and their canonical,
// bounded encoding. An action is what a seat posts with every random or hidden input filled
// in: the dice of an attack, the identities of traded cards, the revealed mission. A Decision
// is the same choice before the session has the dice: what legal_actions lists and what a
// bot or a user picks; the session completes it into an Action.
#include <array>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/core/seat.hpp"
#include "game/risiko/dice.hpp"
#include "game/risiko/types.hpp"
#include "game/risiko/world.hpp"

namespace parley::game::risiko {

struct Placement {
  TerritoryId territory;
  std::uint32_t armies = 0;
  friend bool operator==(const Placement&, const Placement&) = default;
};

// JOIN_GAME, SEND_INFO and MISSION in one: the seats and their colours (from the lobby's
// genesis), the turn order and the territory deal (derived from the public seed, see
// setup.hpp). Every seat is dealt a hidden mission: mission deck position = seat index.
struct StartGame {
  std::vector<Colour> colours;   // by seat; its size is the number of players
  std::vector<Seat> turn_order;  // a permutation of the seats
  std::vector<Seat> owners;      // by territory
  friend bool operator==(const StartGame&, const StartGame&) = default;
};

// PLACE_ARMIES: armies onto one's own territories, in strictly ascending territory order.
struct PlaceArmies {
  Seat seat;
  std::vector<Placement> placements;
  friend bool operator==(const PlaceArmies&, const PlaceArmies&) = default;
};

// TRADE_CARDS: three hand slots and the cards they reveal.
struct TradeCards {
  Seat seat;
  std::array<std::uint8_t, 3> slots{};
  std::array<CardId, 3> cards{};
  friend bool operator==(const TradeCards&, const TradeCards&) = default;
};

// ATTACK as declared, before the dice.
struct AttackOrder {
  Seat seat;
  TerritoryId from;
  TerritoryId to;
  std::uint8_t dice = 1;  // attacker dice; the defender throws as many as it may
  friend bool operator==(const AttackOrder&, const AttackOrder&) = default;
};

struct Attack {
  AttackOrder order;
  Roll roll;
  friend bool operator==(const Attack&, const Attack&) = default;
};

// M_ATTACK as declared: attack with the most dice, round after round, until the territory
// falls or `from` is down to `stop_at` armies (1 means: to the last army that may attack).
struct MultiAttackOrder {
  Seat seat;
  TerritoryId from;
  TerritoryId to;
  std::uint32_t stop_at = 1;
  friend bool operator==(const MultiAttackOrder&, const MultiAttackOrder&) = default;
};

inline constexpr std::size_t kMaxRounds = 65535;

struct MultiAttack {
  MultiAttackOrder order;
  std::vector<Roll> rounds;  // exactly the rounds the stop condition lets happen
  friend bool operator==(const MultiAttack&, const MultiAttack&) = default;
};

// NUM_ARMIES: how many armies move into the territory just conquered.
struct MoveIn {
  Seat seat;
  std::uint32_t armies = 0;
  friend bool operator==(const MoveIn&, const MoveIn&) = default;
};

// MOVE_ARMIES: the strategic move, once per turn, between two bordering own territories.
struct MoveArmies {
  Seat seat;
  TerritoryId from;
  TerritoryId to;
  std::uint32_t armies = 0;
  friend bool operator==(const MoveArmies&, const MoveArmies&) = default;
};

// END_TURN.
struct EndTurn {
  Seat seat;
  friend bool operator==(const EndTurn&, const EndTurn&) = default;
};

// The claim that ends the game (END_GAME): the seat reveals its mission.
struct ClaimVictory {
  Seat seat;
  MissionId mission;
  friend bool operator==(const ClaimVictory&, const ClaimVictory&) = default;
};

// LEAVE_GAME, at any moment.
struct LeaveGame {
  Seat seat;
  friend bool operator==(const LeaveGame&, const LeaveGame&) = default;
};

using Action = std::variant<StartGame, PlaceArmies, TradeCards, Attack, MultiAttack, MoveIn, MoveArmies,
                            EndTurn, ClaimVictory, LeaveGame>;
using Decision = std::variant<PlaceArmies, TradeCards, AttackOrder, MultiAttackOrder, MoveIn, MoveArmies,
                              EndTurn, ClaimVictory, LeaveGame>;

// The seat an action is posted by; none for StartGame, which comes from the setup.
std::optional<Seat> actor(const Action& action);
std::optional<Seat> actor(const Decision& decision);

// Canonical bytes: format version 1, a kind tag, the fields little-endian.
void encode_action(const Action& action, ByteWriter& out);
Bytes encode_action(const Action& action);
// Every count is bounded (by the map limits, the seat count, kMaxRounds, and the bytes left)
// before anything is allocated; seats, dice counts and die values are range-checked.
Result<Action, DecodeError> decode_action(std::span<const std::uint8_t> bytes);

}  // namespace parley::game::risiko
