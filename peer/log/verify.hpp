#pragma once
// The verifier (docs/design.md, "The trust model"): one pass over a game log that checks every signature and
// entry hash, every seat's seen hash, every action by the game's rules, every proof and
// commitment the game has, timeouts against the lobby's stamps, and the signed results — by
// replaying the transcript through the same Session every live peer ran.
#include <optional>
#include <string>
#include <vector>

#include "lobby/protocol/transcript.hpp"
#include "peer/log/plog.hpp"
#include "peer/session/session.hpp"

namespace parley::peer {

struct SeatVerdict {
  enum class Kind : std::uint8_t { honest, blamed, timed_out };
  Seat seat;
  std::string fingerprint;
  std::string name;  // as the seat gave it in its setup, sanitised (peer::shown_name)
  Kind kind = Kind::honest;
  std::optional<EntryIndex> index;
  std::string reason;                  // in words, for people
  std::optional<Offence> offence;      // a blamed seat's
  std::optional<RefusalCode> refusal;  // the game's rules refused its message: their code
  std::string code;                    // and that code's stable name (GameRules::refusal_name)
  std::optional<crypto::PublicKey> key;  // the seat's key, as the genesis names it
};
std::string_view describe(SeatVerdict::Kind kind);

// Why a log is not valid.
enum class LogFault : std::uint8_t {
  unreadable,    // the bytes are not a game log (decode_log's error)
  empty,         // the log holds no entries
  bad_genesis,   // the genesis starts no transcript, or no session this build plays
  broken_chain,  // an entry does not fit the transcript (chain_break says how)
  incomplete,    // the log ends before the game is complete
  // The lobby's key is not one the person checking trusts (trust.hpp): the log is internally
  // consistent, but anyone can make a key and sign such a log.
  wrong_lobby,       // lobbies were pinned, and this key is none of them
  lobby_not_pinned,  // nothing pinned, and the key is not in the trust store
};
// Its stable name, for machine-readable output ("broken_chain").
std::string_view name(LogFault fault);
// How the person checking a log judged the key that signed it as the lobby (trust.hpp).
enum class LobbyTrust : std::uint8_t {
  pinned,       // the key is one the person pinned for this check
  trusted,      // the key is in the person's trust store
  wrong_lobby,  // the person pinned lobbies, and this is none of them
  not_pinned,   // nothing pinned, and the key is not in the trust store
  unchecked,    // --any-lobby: not judged
};
// Whether a transcript break is the lobby's doing: the entry links and carries the lobby's valid
// signature, around a seat's envelope that does not fit. Otherwise the log's holder may have done it.
bool lobby_at_fault(lobby::TranscriptError error);
// The words of a broken_chain fault at `entry`. "The lobby signed it" only when the person
// checking vouches for the lobby's key; otherwise it is "whoever signed this log as the lobby".
std::string chain_fault_words(std::size_t entry, lobby::TranscriptError error, bool lobby_vouched);

struct VerifyReport {
  bool valid = false;
  std::string game;
  std::size_t entries = 0;
  std::optional<std::size_t> fault_entry;  // where the log stopped being valid
  std::string fault;                       // why, in words (empty when valid)
  std::optional<LogFault> fault_code;      // why (none when valid)
  std::optional<lobby::TranscriptError> chain_break;  // a broken_chain's
  std::optional<game::Outcome> outcome;
  std::vector<SeatVerdict> seats;
  std::optional<crypto::PublicKey> lobby_key;  // the key that signed the log as the lobby
  std::optional<LobbyTrust> lobby_trust;       // none: not judged (apply_trust, trust.hpp)
};

// The replayed session of a log whose transcript is intact (nullopt with the fault otherwise).
struct Replay {
  lobby::Genesis genesis;
  std::uint64_t genesis_time_ms = 0;
  std::optional<Session> session;
};

VerifyReport verify(const GameLog& log, Replay* replay = nullptr);
VerifyReport verify_bytes(std::span<const std::uint8_t> bytes, Replay* replay = nullptr);
// The verdict on bytes that do not decode as a log (as verify_bytes gives it).
VerifyReport undecodable(const LogError& error);
// Whether `first`, the first bytes of a file (or all of it), may begin a log: they begin with
// the log's magic bytes, or are a beginning of them.
bool may_be_log(std::string_view first);

std::string format_text(const VerifyReport& report, std::string_view file);
std::string format_json(const VerifyReport& report, std::string_view file);

}  // namespace parley::peer
