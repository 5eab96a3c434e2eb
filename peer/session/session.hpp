#pragma once
// The session: a replicated state machine over a room's transcript (docs/design.md, "The protocol lifecycle"). Every
// peer feeds it the entries the lobby relays, in order, after lobby::Transcript has checked
// them; the verifier feeds it a log's entries. So a cheat is caught in exactly the same way
// live and offline, and every honest peer reaches the same state, the same blame and the same
// result.
//
//   setup      each seat posts its setup (keys, beacon commitment, chain anchor, game setup)
//   beacon     each seat opens its beacon commitment; the seed starts the game
//   play       game messages, checked by the game's rules; clocks and limits from lobby stamps
//   finishing  the game has a result; each seat signs it (and opens its secrets, if the game
//              has any); the log is complete when every seat has, or has timed out
//
// A seat whose message is malformed, out of place, illegal or false is blamed at that entry and
// forfeits (the game's rules decide what that means); its message is not applied. A seat that
// does not answer in time loses on time when any later entry — a timeout claim, or anything
// else — is stamped after its deadline.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "crypto/beacon.hpp"
#include "lobby/protocol/entry.hpp"
#include "peer/session/messages.hpp"
#include "peer/session/options.hpp"
#include "peer/session/rules.hpp"

namespace parley::peer {

using lobby::EntryIndex;

enum class Phase : std::uint8_t { setup, beacon, play, finishing, complete };
std::string_view describe(Phase phase);

enum class Offence : std::uint8_t {
  malformed_message,          // the body does not decode as its kind
  out_of_phase,               // a message the session does not expect now
  repeated_message,           // a second setup, reveal or result signature
  bad_setup,                  // the game refused the seat's setup data
  beacon_mismatch,            // the reveal does not open the seat's beacon commitment
  illegal_action,             // the game's rules refused the action
  state_hash_mismatch,        // the state the seat says it saw is not the state at that entry
  unsupported_timeout_claim,  // a timeout claim the lobby's stamps do not support
  false_result,               // a result signature that differs from the game's result
  bad_reveal,                 // end-of-game secrets that do not open the seat's commitments
};
std::string_view describe(Offence offence);
// Its stable name, for machine-readable output ("illegal_action").
std::string_view name(Offence offence);

struct Blame {
  Seat seat;
  EntryIndex index;
  Offence offence;
  std::string detail;                // in words, for people
  std::optional<Rejection> refused;  // the game's rules refused the message (bad setup, illegal action, bad reveal)
};

struct SeatRecord {
  std::optional<SetupMessage> setup;
  std::optional<crypto::BeaconReveal> beacon;
  std::optional<EntryIndex> beacon_index;
  std::optional<FinalMessage> final;
  bool revealed = false;
  std::optional<Blame> blame;                  // the first offence
  std::optional<EntryIndex> timed_out_at;      // the entry whose stamp passed its deadline
  bool connected = true;                       // from the lobby's presence entries
  std::optional<std::uint64_t> disconnected_since_ms;
  std::uint64_t clock_ms = 0;                  // time left on its clock (clocked games)
  std::optional<std::uint64_t> awaited_since_ms;  // the game waits for it since this stamp
  bool out() const { return blame.has_value() || timed_out_at.has_value(); }
};

// The name a seat announced in its setup, safe to print or store: sanitised as the lobby
// sanitises display names (no control, bidirectional or invisible characters, which a terminal
// would obey or which would disguise the text); none when nothing is left.
std::optional<std::string> shown_name(std::string_view announced);
// The seat's, from its setup; none before it.
std::optional<std::string> shown_name(const SeatRecord& seat);

// One applied game message, for records (PGN export, replay viewers).
struct ActionRecord {
  EntryIndex index;
  Seat seat;
  std::uint64_t time_ms = 0;
  Bytes message;
  std::optional<std::uint64_t> clock_after_ms;  // the seat's clock once its turn ended
  std::optional<std::uint64_t> deadline_ms;     // the seat's deadline when it acted, if it had one
};

// How the text of an `ignored` event for a late message begins (docs/sessions.md, "Late actions").
inline constexpr std::string_view kLatePrefix = "late: ";

// Why a message was ignored rather than applied or blamed.
enum class Ignored : std::uint8_t {
  replay,       // the same signed envelope again
  seat_out,     // a message after the seat's part in the game ended
  game_ended,   // an action after the game ended (it crossed the end)
  late_action,  // refused by the rules, but a race explains it (the event's refusal says why)
  late_claim,   // a time-out claim crossed by the claimed seat's action, made in time
};

struct SessionEvent {
  enum class Kind : std::uint8_t { setup, seed, action, blame, timeout, outcome, final, complete, presence, ignored };
  Kind kind;
  EntryIndex index;
  std::optional<Seat> seat;
  std::string text;                    // in words, for people
  std::optional<Offence> offence;      // a blame's
  std::optional<Ignored> ignored;      // why an ignored message was
  std::optional<RefusalCode> refusal;  // the rules' code, for a blame or a late action they refused
};

// For an `ignored` event of a late message: why it was refused, as the text says after the
// prefix ("offers a draw: …"); nothing for any other event.
inline std::optional<std::string_view> late_reason(const SessionEvent& e) {
  if (e.ignored != Ignored::late_action && e.ignored != Ignored::late_claim) return std::nullopt;
  return std::string_view(e.text).substr(kLatePrefix.size());
}

struct SessionStartError {
  std::variant<lobby::WireError, RulesError> cause;
  std::string describe() const;
};

class Session {
 public:
  static game::Result<Session, SessionStartError> start(const lobby::Genesis& genesis, std::uint64_t genesis_time_ms);
  Session(Session&&) noexcept = default;
  Session& operator=(Session&&) noexcept = default;

  // Entry 1, 2, … of the transcript, already checked by lobby::Transcript.
  void apply(const lobby::SignedEntry& signed_entry);

  Phase phase() const { return phase_; }
  const RoomOptions& options() const { return options_; }
  const GameRules& rules() const { return *rules_; }
  std::size_t seat_count() const { return seats_.size(); }
  const SeatRecord& seat(Seat s) const { return seats_.at(s.index); }
  const std::optional<game::Outcome>& outcome() const { return outcome_; }
  const std::optional<crypto::BeaconSeed>& seed() const { return seed_; }
  const std::vector<ActionRecord>& actions() const { return actions_; }
  const std::vector<SessionEvent>& events() const { return events_; }
  // The index of the entry that completed the game (every result signed or timed out).
  const std::optional<EntryIndex>& completed_at() const { return completed_at_; }
  EntryIndex next_index() const { return EntryIndex{state_hashes_.size()}; }
  std::uint64_t last_time_ms() const { return last_time_ms_; }

  // The seats the session waits for now, and when each times out (lobby milliseconds);
  // nullopt: no limit applies (an untimed game, a connected player thinking).
  std::vector<Seat> awaited() const;
  std::optional<std::uint64_t> deadline(Seat seat) const;
  // The public state after entry `index` (what an envelope that saw it must name).
  const crypto::Digest& state_hash_at(EntryIndex index) const { return state_hashes_.at(index.value); }
  crypto::Digest state_hash() const { return state_hashes_.back(); }
  // What this seat should sign once the game is over.
  std::optional<FinalMessage> expected_final() const;

 private:
  Session(const lobby::Genesis& genesis, RoomOptions options, std::unique_ptr<GameRules> rules, std::uint64_t time_ms);
  void expire(EntryIndex index, std::uint64_t time_ms);
  void time_out(Seat seat, EntryIndex index);
  void on_message(Seat seat, EntryIndex index, const lobby::Envelope& envelope, std::uint64_t time_ms);
  void on_setup(Seat seat, EntryIndex index, const SetupMessage& m, std::uint64_t time_ms);
  void on_beacon(Seat seat, EntryIndex index, const BeaconRevealMessage& m, std::uint64_t time_ms);
  void on_action(Seat seat, EntryIndex index, const lobby::Envelope& envelope, const ActionMessage& m,
                 std::uint64_t time_ms);
  void on_timeout_claim(Seat seat, EntryIndex index, EntryIndex seen, const TimeoutClaimMessage& m);
  void on_final(Seat seat, EntryIndex index, const FinalMessage& m);
  void on_reveal(Seat seat, EntryIndex index, const RevealMessage& m);
  void blame(Seat seat, EntryIndex index, Offence offence, std::string detail,
             std::optional<Rejection> refused = std::nullopt);
  void abandon_before_play(Seat seat, EntryIndex index);
  void game_changed(EntryIndex index, std::uint64_t time_ms, std::optional<Seat> actor);
  bool overtaken(Seat seat, EntryIndex seen) const;
  bool claim_crossed_action(Seat claimer, EntryIndex seen, Seat claimed) const;
  void enter_finishing(EntryIndex index, std::uint64_t time_ms);
  void check_complete(EntryIndex index);
  void event(SessionEvent::Kind kind, EntryIndex index, std::optional<Seat> seat, std::string text);
  void ignore(Ignored why, EntryIndex index, Seat seat, std::string text, std::optional<RefusalCode> refusal = {});
  bool clocked() const { return options_.clock_base_ms > 0; }

  crypto::SessionId session_id_;
  RoomOptions options_;
  std::unique_ptr<GameRules> rules_;
  std::vector<SeatRecord> seats_;
  Phase phase_ = Phase::setup;
  std::optional<crypto::BeaconSeed> seed_;
  std::optional<game::Outcome> outcome_;
  std::uint64_t phase_since_ms_ = 0;
  std::uint64_t last_time_ms_ = 0;
  std::vector<crypto::Digest> state_hashes_;  // after entry 0, 1, …
  crypto::Digest current_hash_{};
  crypto::Digest final_hash_{};  // the public state when play ended: what results sign
  std::vector<ActionRecord> actions_;
  std::vector<SessionEvent> events_;
  std::optional<EntryIndex> completed_at_;
  std::map<std::array<std::uint8_t, crypto::kSignatureBytes>, EntryIndex> envelope_first_seen_;  // by signature
};

crypto::SessionId crypto_session(const lobby::SessionId& id);

}  // namespace parley::peer
