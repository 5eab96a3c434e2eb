#pragma once
// A game as the session layer sees it: whatever the game, the session feeds it setup data,
// the beacon's seed, and the seats' messages in transcript order, and asks whom it waits for,
// whether it is over, and the hash of its public state. Each game implements this once over
// its pure engine (game/…) and its hidden-information protocol (crypto/…).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/beacon.hpp"
#include "crypto/hash.hpp"
#include "game/core/engine.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/ids.hpp"
#include "peer/session/messages.hpp"
#include "peer/session/options.hpp"
#include "peer/session/refusal.hpp"

namespace parley::peer {

using game::Seat;

// What every seat published before play: a game that proves things binds its proofs to the
// session, and may use the seats' ephemeral keys (private messages) and hash chains (dice).
struct GameStart {
  crypto::SessionId session;
  crypto::BeaconSeed seed;
  std::vector<SetupMessage> setups;  // in seat order
};

// Where a message stands in the transcript: proofs name the entry they build on (seen), and
// rules that use time read the lobby's stamp.
struct ActionContext {
  lobby::EntryIndex index;  // this entry
  lobby::EntryIndex seen;   // the entry the sender had seen (its envelope's seen_index)
  std::uint64_t time_ms = 0;
};

struct Accepted {};
using Verdict = game::Result<Accepted, Rejection>;

class GameRules {
 public:
  virtual ~GameRules() = default;

  virtual std::string_view game() const = 0;
  // A seat's game-specific setup data (its commitments), once per seat, before the beacon.
  virtual Verdict setup(Seat seat, std::span<const std::uint8_t> data) = 0;
  // Every setup is in and the beacon's public seed is known: play begins.
  virtual void begin(const GameStart& start) = 0;
  // A game message from a seat, in transcript order.
  virtual Verdict act(Seat seat, std::span<const std::uint8_t> message, const ActionContext& context) = 0;
  // The seats the game is waiting for now: their clocks run.
  virtual std::vector<Seat> awaited() const = 0;
  // Whether an awaited seat is thinking (a move: the clock and the move limit apply) or only
  // answering a protocol step that needs no thought (a duel's reply, a card share: the room's
  // response limit applies).
  virtual bool thinking(Seat) const { return true; }
  // The seat did not answer in time (the lobby's stamps say so).
  virtual void time_out(Seat seat) = 0;
  // The seat was caught cheating or broke the protocol: it loses its place in the game.
  virtual void forfeit(Seat seat) = 0;
  virtual std::optional<game::Outcome> outcome() const = 0;
  // BLAKE2b-256 of the canonical bytes of what every seat knows: the hash peers compare.
  virtual crypto::Digest public_state_hash() const = 0;
  // Secrets opened at the end for a full audit; checked against the game's commitments.
  virtual Verdict reveal(Seat seat, std::span<const std::uint8_t> secrets) = 0;
  // Whether the game needs every seat's end-of-game reveal before its result is final.
  virtual bool needs_reveals() const = 0;
  // A message in words, before it is applied ("e4", "offers a draw"): for logs and screens.
  virtual std::string describe_action(Seat seat, std::span<const std::uint8_t> message) const = 0;
  // This game's words for a refusal, for people: the one place they are written.
  virtual std::string describe_refusal(const Rejection& rejection) const = 0;
  // A refusal code's stable name, for machine-readable output ("wrong_seat", "engine.not_your_turn").
  virtual std::string_view refusal_name(RefusalCode code) const = 0;
};

enum class RulesError : std::uint8_t {
  unknown_game,     // the genesis names a game this build does not play
  bad_options,      // the room options do not decode
  bad_seat_count,   // the game cannot be played by this many seats
};
std::string_view describe(RulesError error);

// The digest of canonical state bytes: BLAKE2b-256 under the session's state-hash label.
crypto::Digest state_digest(std::span<const std::uint8_t> canonical_bytes);

}  // namespace parley::peer
