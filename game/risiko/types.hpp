#pragma once
// The vocabulary of the Risiko engine: strong ids for territories, continents, cards and
// missions, the army colours, card symbols, the original design's server and client states.
#include <compare>
#include <cstdint>
#include <optional>
#include <string_view>

namespace parley::game::risiko {

// A small index into one of the World's tables; a distinct type per table so that a card
// index is never taken for a territory.
template <class Tag>
struct Id {
  std::uint8_t value = 0;
  friend constexpr auto operator<=>(const Id&, const Id&) = default;
};

struct TerritoryTag;
struct ContinentTag;
struct CardTag;
struct MissionTag;
using TerritoryId = Id<TerritoryTag>;
using ContinentId = Id<ContinentTag>;
using CardId = Id<CardTag>;
using MissionId = Id<MissionTag>;

// The six army colours of the Risiko box, in the order of QRisiko's table.
enum class Colour : std::uint8_t { yellow, blue, red, black, purple, green };
inline constexpr int kColours = 6;
std::string_view name(Colour c);
std::optional<Colour> parse_colour(std::string_view s);

// The picture on a territory card (fante, cavaliere, cannone) or the joker (jolly).
enum class Symbol : std::uint8_t { infantry, cavalry, artillery, joker };
std::string_view name(Symbol s);
std::optional<Symbol> parse_symbol(std::string_view s);

// The original design's server states (docs/design.md, "Risiko: the client/server design").
enum class Phase : std::uint8_t {
  no_move,           // before the start and after the end: nobody may act
  place_armies,      // armies to place: everybody at the start, the current player later
  must_trade,        // the current player holds more than 5 cards and must trade first
  attack,            // the current player attacks, makes the strategic move, ends the turn
  waiting_for_move,  // a territory was conquered: how many armies move into it
};
std::string_view name(Phase p);

// The original design's client states: what one seat's interface lets its user do now.
enum class ClientState : std::uint8_t { watching, must_trade, place_armies, attack, move_armies };
std::string_view name(ClientState c);

// Risiko's dice: attacker and defender up to three each. Classic Risk: the defender up to two.
enum class DiceRule : std::uint8_t { risiko, classic };

struct Options {
  DiceRule dice = DiceRule::risiko;
  friend bool operator==(const Options&, const Options&) = default;
};

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 6;
// The original design: a player holding more than this many cards must trade before anything else.
inline constexpr std::size_t kMaxHandWithoutTrade = 5;

}  // namespace parley::game::risiko
