#pragma once
// The dynamic state of a game, split by who may know it.
//
//   Table   what every seat knows (the original's CountryInfo and PlayerInfo, the deck as the
//           public sees it, the phase): every peer holds the same Table, and the canonical
//           encoding and hash of a State are those of its Table alone.
//   Player  one seat's secrets (the original's Player): the identities of the cards in its hand
//           and its mission. Each is optional: known or not to whoever holds this State.
//   State   a Table plus the secrets its holder knows. A peer's State knows its own seat's
//           secrets; a simulator's, a test's or an auditor's may know every seat's
//           ("full information"). The rules check what the State knows and nothing more.
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "game/core/bytes.hpp"
#include "game/core/seat.hpp"
#include "game/risiko/cards.hpp"
#include "game/risiko/types.hpp"
#include "game/risiko/world.hpp"

namespace parley::game::risiko {

struct CountryInfo {
  Seat owner;
  std::uint32_t armies = 0;
  friend bool operator==(const CountryInfo&, const CountryInfo&) = default;
};

enum class PlayerStatus : std::uint8_t { playing, left, eliminated };

// Which dealt card a hand slot holds: the deck epoch it came from and its position there.
// The session deals that position of that shuffle from its mental deck.
struct DeckPosition {
  std::uint32_t epoch = 0;
  std::uint16_t position = 0;
  friend bool operator==(const DeckPosition&, const DeckPosition&) = default;
};

// What everyone knows about a seat.
struct PlayerInfo {
  Colour colour = Colour::yellow;
  PlayerStatus status = PlayerStatus::playing;
  std::optional<Seat> eliminated_by;   // who took its last territory
  std::uint32_t armies_to_place = 0;
  std::vector<DeckPosition> hand;      // cards held, in the order received; identities hidden
  std::optional<MissionId> revealed_mission;
  friend bool operator==(const PlayerInfo&, const PlayerInfo&) = default;
};

// One shuffle of the territory deck. Epoch 0 holds every card; when its draw pile runs out,
// the next epoch holds the discard pile of that moment, reshuffled. A card revealed from a
// slot dealt from epoch e must be in e's contents and not revealed from e before.
struct DeckEpoch {
  std::uint32_t number = 0;
  CardHeap contents;
  std::uint16_t dealt = 0;  // positions 0..dealt-1 have been dealt
  CardHeap revealed;        // cards traded that were dealt from this epoch
  friend bool operator==(const DeckEpoch&, const DeckEpoch&) = default;
};

struct Deck {
  std::vector<DeckEpoch> epochs;  // epochs still referenced by a hand, and the current one last
  CardHeap discard;               // traded cards, face up, until the next reshuffle
  std::size_t draw_pile() const { return epochs.back().contents.size() - epochs.back().dealt; }
  const DeckEpoch* epoch(std::uint32_t number) const;
  DeckEpoch* epoch(std::uint32_t number);
  friend bool operator==(const Deck&, const Deck&) = default;
};

// A conquest waiting for the attacker to say how many armies move in (WAITING_FOR_MOVE).
struct PendingMove {
  TerritoryId from;
  TerritoryId to;
  std::uint8_t min_armies = 1;  // the dice the conquering throw used
  friend bool operator==(const PendingMove&, const PendingMove&) = default;
};

enum class EndReason : std::uint8_t { none, mission, last_player };
std::string_view describe(EndReason r);

struct Table {
  Phase phase = Phase::no_move;
  bool started = false;
  std::uint32_t turn = 0;        // 0 during the initial placement, then 1, 2, ...
  std::vector<Seat> turn_order;  // from the public seed
  std::uint8_t current = 0;      // index into turn_order of the player whose turn it is
  bool conquered = false;        // this turn: a territory was conquered (a card at the end)
  bool moved = false;            // this turn: the strategic move was made
  std::optional<PendingMove> pending;
  std::vector<PlayerInfo> players;      // by seat
  std::vector<CountryInfo> countries;   // by territory
  Deck deck;
  std::optional<Seat> winner;
  EndReason end = EndReason::none;

  Seat current_player() const {
    assert(current < turn_order.size());
    return turn_order[current];
  }
  // Of a seat of the game (seats from the network are checked first).
  const PlayerInfo& player(Seat s) const {
    assert(s.index < players.size());
    return players[s.index];
  }
  PlayerInfo& player(Seat s) {
    assert(s.index < players.size());
    return players[s.index];
  }
  bool playing(Seat s) const {
    return s.index < players.size() && players[s.index].status == PlayerStatus::playing;
  }
  std::uint32_t territories_of(Seat s) const;
  bool holds_continent(const World& world, Seat s, ContinentId c) const;
  friend bool operator==(const Table&, const Table&) = default;
};

// One seat's secrets, as far as the holder of the State knows them.
struct Player {
  std::vector<std::optional<CardId>> cards;  // parallel to PlayerInfo::hand
  std::optional<MissionId> mission;          // the seat's mission (deck position = seat index)
  friend bool operator==(const Player&, const Player&) = default;
};

struct State {
  std::shared_ptr<const World> world;
  Options options;
  Table table;
  std::vector<Player> secrets;  // by seat
};

// Armies a player receives at the start of its turn: max(3, territories / 3) plus the bonus
// of every continent it holds entirely.
struct Reinforcements {
  std::uint32_t territories = 0;
  std::uint32_t continents = 0;
  std::uint32_t total() const { return territories + continents; }
};
Reinforcements reinforcements(const World& world, const Table& table, Seat seat);

// The canonical bytes every peer hashes: the Table, with the world's fingerprint and the
// options first. Secrets are never encoded, so peers that know different things agree.
void encode_state(const State& state, ByteWriter& out);

// The state as `seat` would hold it: every other seat's secrets forgotten.
State knowledge_of(const State& state, Seat seat);
// Whether this state knows every hand card and every mission.
bool knows_everything(const State& state);

}  // namespace parley::game::risiko
