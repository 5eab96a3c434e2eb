#pragma once
// A round's pairings, signed by the organizer (parley/pairings/v1, context the event id): the
// boards with their seats' keys in colour or seat order (white then black; Risiko's seats), the
// players given the pairing-allocated bye, and the players the organizer left out of the round.
// Each board's game must be played in a room whose options carry the BoardRoom below, so the
// log names the event, round and board it belongs to (docs/events.md).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "event/event.hpp"
#include "event/wire.hpp"

namespace parley::event {

struct Board {
  std::vector<crypto::PublicKey> seats;  // white, black; or Risiko's seats in order
  friend bool operator==(const Board&, const Board&) = default;
};

struct Pairings {
  Digest event_id{};
  Digest event_digest{};         // the signed event (roster) the pairing follows
  std::uint16_t round = 1;       // 1-based
  std::uint64_t published_ms = 0;  // the organizer's clock when pairing (Unix ms)
  std::uint64_t deadline_ms = 0;   // published_ms + the event's deadline rule; 0: none
  Clock clock;
  std::vector<Board> boards;     // board b is boards[b - 1]
  std::vector<crypto::PublicKey> byes;        // pairing-allocated byes
  std::vector<crypto::PublicKey> not_paired;  // left out of this round by the organizer (0 points)
  friend bool operator==(const Pairings&, const Pairings&) = default;
};

struct SignedPairings {
  Pairings pairings;
  crypto::Signature signature = crypto::Signature::from_bytes(std::array<std::uint8_t, crypto::kSignatureBytes>{}).value();
  friend bool operator==(const SignedPairings&, const SignedPairings&) = default;
};

Bytes pairings_bytes(const Pairings& pairings);
SignedPairings sign_pairings(const crypto::Identity& organizer, Pairings pairings);
[[nodiscard]] bool verify_pairings(const crypto::PublicKey& organizer, const SignedPairings& signed_pairings);
Bytes encode(const SignedPairings& signed_pairings);
game::Result<SignedPairings, WireError> decode_pairings(std::span<const std::uint8_t> bytes);

enum class PairingsProblem : std::uint8_t {
  wrong_event,        // the event id or digest is not this event's
  bad_round,          // beyond the event's rounds
  wrong_clock,        // not the event's clock
  wrong_deadline,     // not published_ms + the event's deadline rule
  unknown_player,     // a key not in the roster
  player_twice,       // a player on two boards, or paired and given a bye, or …
  player_missing,     // a roster player neither paired, given a bye nor left out
  bad_board_size,     // not 2 seats (chess, Gunjin) or not the table sizes Risiko allows
};
std::string_view describe(PairingsProblem problem);
std::optional<PairingsProblem> check_pairings(const Event& event, const Pairings& pairings);

// What a board's room carries in its options, so its log names its place in the event.
struct BoardRoom {
  Digest event_id{};
  std::uint16_t round = 1;
  std::uint16_t board = 1;  // 1-based
  Clock clock;
  friend bool operator==(const BoardRoom&, const BoardRoom&) = default;
};
// Precondition: board_index < pairings.boards.size().
BoardRoom board_room(const Pairings& pairings, std::size_t board_index);
Bytes encode(const BoardRoom& room);
game::Result<BoardRoom, WireError> decode_board_room(std::span<const std::uint8_t> bytes);

std::string to_json(const Event& event, const SignedPairings& signed_pairings);

}  // namespace parley::event
