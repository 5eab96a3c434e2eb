#pragma once
// Events: what an applied action did (the original design's server-to-client messages). The log, the
// client and the bots read them; the state alone is authoritative.
#include <array>
#include <cstdint>
#include <optional>
#include <variant>

#include "game/core/seat.hpp"
#include "game/risiko/dice.hpp"
#include "game/risiko/state.hpp"
#include "game/risiko/types.hpp"

namespace parley::game::risiko {

struct GameStarted {};                                    // SEND_INFO
struct MissionDealt { Seat seat; };                       // MISSION (the card stays hidden)
struct ArmiesPlaced { Seat seat; TerritoryId territory; std::uint32_t armies; };  // PLACE_ARMIES
struct TurnStarted { Seat seat; std::uint32_t turn; };    // TURN
struct ArmiesAdded { Seat seat; Reinforcements armies; }; // ADDED_ARMIES
struct CardsTraded { Seat seat; std::array<CardId, 3> cards; std::uint32_t armies; };  // TRADE_CARDS
struct BattleFought {                                     // ATTACK / each round of M_ATTACK
  Seat attacker;
  Seat defender;
  TerritoryId from;
  TerritoryId to;
  Roll roll;
  Losses losses;
};
struct TerritoryConquered { Seat seat; TerritoryId territory; Seat previous_owner; };
struct PlayerEliminated { Seat seat; Seat by; std::uint8_t cards_taken; };
struct ArmiesMovedIn { Seat seat; TerritoryId from; TerritoryId to; std::uint32_t armies; };  // NUM_ARMIES
struct ArmiesMoved { Seat seat; TerritoryId from; TerritoryId to; std::uint32_t armies; };    // MOVE_ARMIES
struct DeckReshuffled { std::uint32_t epoch; std::uint16_t cards; };
struct CardDrawn { Seat seat; DeckPosition position; };
struct TurnEnded { Seat seat; };                          // END_TURN
struct PlayerLeft { Seat seat; };                         // LEAVE_GAME
struct MissionRevealed { Seat seat; MissionId mission; };
struct GameEnded { std::optional<Seat> winner; EndReason reason; };  // END_GAME

using Event = std::variant<GameStarted, MissionDealt, ArmiesPlaced, TurnStarted, ArmiesAdded, CardsTraded,
                           BattleFought, TerritoryConquered, PlayerEliminated, ArmiesMovedIn, ArmiesMoved,
                           DeckReshuffled, CardDrawn, TurnEnded, PlayerLeft, MissionRevealed, GameEnded>;

}  // namespace parley::game::risiko
