#pragma once
// The event: what the organizer signs before the first round (docs/events.md, "The event
// file"). It names the game, the pairing system, the rounds and the clock, pins the lobby keys
// whose logs count, and holds the roster: each player's name, Ed25519 key and optional rating, in
// registration order, with the player's own signature of their request when they sent one.
//
// The file is binary: the canonical body, then the organizer's signature of it under
// parley/event/v1 with the event id as context. to_json() is the human-readable view.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "event/wire.hpp"
#include "game/core/result.hpp"

namespace parley::event {

enum class GameKind : std::uint8_t { chess = 1, gunjin = 2, risiko = 3 };
enum class PairingSystem : std::uint8_t { swiss = 1, round_robin = 2 };
enum class Colour : std::uint8_t { white = 0, black = 1 };

std::string_view name_of(GameKind game);          // "chess", "gunjin", "risiko" (the lobby's game names)
std::string_view name_of(PairingSystem system);   // "swiss", "round-robin"
std::optional<GameKind> parse_game(std::string_view name);
std::optional<PairingSystem> parse_system(std::string_view name);
inline Colour opposite(Colour c) { return c == Colour::white ? Colour::black : Colour::white; }

struct Clock {
  std::uint64_t base_ms = 0;       // 0: no clock
  std::uint64_t increment_ms = 0;
  friend bool operator==(const Clock&, const Clock&) = default;
};

struct Player {
  std::string name;
  crypto::PublicKey key = placeholder_key();
  std::optional<std::uint16_t> rating;
  // The player's signature of their registration request (event/registration.hpp), when they
  // registered themselves; absent when the organizer entered the key.
  std::optional<crypto::Signature> consent;
  friend bool operator==(const Player&, const Player&) = default;
};

struct Event {
  std::string name;
  GameKind game = GameKind::chess;
  PairingSystem system = PairingSystem::swiss;
  std::uint16_t rounds = 1;
  Clock clock;
  std::uint8_t table_size = 0;          // Risiko: players per table (3–6); 0 for the two-player games
  Colour initial_colour = Colour::white;  // the Dutch system's E.5 colour for odd pairing numbers
  std::uint64_t created_ms = 0;         // the organizer's clock at creation (Unix ms)
  std::uint64_t deadline_ms = 0;        // a round's games must end within this of its pairing (0: none)
  std::string lobby_address;            // host:port, for the players' clients; the keys are the trust
  std::vector<crypto::PublicKey> lobby_keys;  // pinned: only logs stamped by one of these count
  crypto::PublicKey organizer = placeholder_key();
  std::vector<Player> roster;           // registration order
  friend bool operator==(const Event&, const Event&) = default;
};

struct SignedEvent {
  Event event;
  crypto::Signature signature = crypto::Signature::from_bytes(std::array<std::uint8_t, crypto::kSignatureBytes>{}).value();
  friend bool operator==(const SignedEvent&, const SignedEvent&) = default;
};

// The stable name of the event: BLAKE2b-256 over parley/event-id/v1, the organizer's key, the
// creation time, the name, the game and the system. Registration requests, pairings, results,
// the manifest and each game's room name it; it does not change as players register.
Digest event_id(const Event& event);
// BLAKE2b-256 over parley/event-digest/v1 and the event's canonical body: pins one roster.
Digest event_digest(const Event& event);

// The canonical body the organizer signs.
Bytes event_bytes(const Event& event);
// Precondition: organizer.public_key() == event.organizer.
SignedEvent sign_event(const crypto::Identity& organizer, Event event);
[[nodiscard]] bool verify_event(const SignedEvent& signed_event);
Bytes encode(const SignedEvent& signed_event);
game::Result<SignedEvent, WireError> decode_event(std::span<const std::uint8_t> bytes);

// What makes a well-formed event wrong; `index` names the player or lobby key concerned.
enum class EventProblem : std::uint8_t {
  bad_name,              // empty, too long, or not in sanitised form
  bad_rounds,            // 0 or more than kMaxRounds
  bad_table_size,        // Risiko needs 3–6 per table; the two-player games 0
  bad_system,            // round robin is for the two-player games
  bad_address,           // not printable ASCII
  no_lobby_key,
  too_many_lobby_keys,
  duplicate_lobby_key,
  too_many_players,
  bad_player_name,
  duplicate_player_key,
  bad_rating,            // above kMaxRating
  bad_consent,           // a player's registration signature does not verify
};
std::string_view describe(EventProblem problem);
struct EventCheck {
  EventProblem problem;
  std::size_t index = 0;
  friend bool operator==(const EventCheck&, const EventCheck&) = default;
};
std::optional<EventCheck> check_event(const Event& event);

// The roster index of a key, if registered.
std::optional<std::size_t> find_player(const Event& event, const crypto::PublicKey& key);

// A human-readable view (keys as hex and fingerprints, ids as hex).
std::string to_json(const SignedEvent& signed_event);

}  // namespace parley::event
