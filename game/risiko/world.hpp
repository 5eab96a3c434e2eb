#pragma once
// The static part of a game (the original design's World, Continent, Country, Card and Mission): the map,
// its card deck and its mission deck. Every peer loads the same World; its fingerprint goes
// into every state encoding so that two peers on different maps disagree at once.
#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "game/core/bytes.hpp"
#include "game/risiko/types.hpp"

namespace parley::game::risiko {

// Static facts about a territory; the dynamic ones (owner, armies) are CountryInfo.
struct Country {
  std::string key;      // identifier in the map file: "east_africa"
  std::string name;     // display name: "East Africa"
  std::string name_it;  // Italian display name, empty when the map gives none
  ContinentId continent;
  Symbol symbol = Symbol::infantry;     // the picture on its card (never joker)
  std::vector<TerritoryId> neighbours;  // sorted
};

struct Continent {
  std::string key;
  std::string name;
  std::string name_it;
  std::uint32_t bonus = 0;               // armies per turn to whoever holds all of it
  std::vector<TerritoryId> territories;  // sorted
};

// A card of the territory deck: one per territory (in territory order), then the jokers.
struct Card {
  Symbol symbol = Symbol::joker;
  std::optional<TerritoryId> territory;  // none for a joker
};

enum class MissionKind : std::uint8_t {
  occupy,      // hold `territories` territories with at least `min_armies` armies each
  continents,  // hold every continent listed, plus `extra_continents` others of one's choice
  destroy,     // eliminate the `target` armies yourself; otherwise (own colour, absent, or
               // eliminated by somebody else) hold `territories` territories
};

struct Mission {
  MissionKind kind = MissionKind::occupy;
  std::uint32_t territories = 0;  // occupy: how many; destroy: the fallback's count
  std::uint32_t min_armies = 1;   // occupy: armies on each of them
  std::vector<ContinentId> continents;
  std::uint32_t extra_continents = 0;
  Colour target = Colour::yellow;
  friend bool operator==(const Mission&, const Mission&) = default;
};

// Bounds every map obeys (the loader rejects a file that exceeds them).
inline constexpr std::size_t kMaxTerritories = 240;
inline constexpr std::size_t kMaxContinents = 32;
inline constexpr std::size_t kMaxJokers = 8;
inline constexpr std::size_t kMaxMissions = 64;
inline constexpr std::uint32_t kMaxStartArmies = 1000;
inline constexpr std::uint32_t kMaxBonus = 1000;

class World {
 public:
  std::string name;
  std::vector<Continent> continents;
  std::vector<Country> countries;
  std::vector<Card> cards;
  std::vector<Mission> missions;
  // start_armies[n] = armies each of n players starts with; 0 when n players cannot play.
  std::array<std::uint32_t, kMaxPlayers + 1> start_armies{};

  std::size_t territory_count() const { return countries.size(); }
  // Of an id in range (valid()): ids from the network are checked before they are looked up.
  const Country& country(TerritoryId t) const {
    assert(valid(t));
    return countries[t.value];
  }
  const Continent& continent(ContinentId c) const {
    assert(c.value < continents.size());
    return continents[c.value];
  }
  const Card& card(CardId c) const {
    assert(valid(c));
    return cards[c.value];
  }
  const Mission& mission(MissionId m) const {
    assert(valid(m));
    return missions[m.value];
  }

  bool valid(TerritoryId t) const { return t.value < countries.size(); }
  bool valid(CardId c) const { return c.value < cards.size(); }
  bool valid(MissionId m) const { return m.value < missions.size(); }
  bool adjacent(TerritoryId a, TerritoryId b) const;
  // Each border once (a < b), in order.
  std::vector<std::array<TerritoryId, 2>> borders() const;
  bool supports(std::size_t players) const {
    return players < start_armies.size() && start_armies[players] != 0;
  }

  std::optional<TerritoryId> find_territory(std::string_view key) const;
  std::optional<ContinentId> find_continent(std::string_view key) const;

  // Canonical bytes of everything above, and their FNV-1a 64 (an index, not a commitment).
  void encode(ByteWriter& out) const;
  std::uint64_t fingerprint() const;
};

}  // namespace parley::game::risiko
