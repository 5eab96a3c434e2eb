#pragma once
// The game log (.plog, docs/sessions.md, "Game logs"): the lobby's public key and the room's transcript
// entries as the lobby signed them. Everything a verifier needs is inside: the genesis names the
// game, options and seat keys, and the secrets the game opens at its end are entries too. Peers
// write the entries from the genesis to the one that completed the game (every peer the same
// bytes); the lobby archives a room's whole transcript when the room closes. The format lives
// beside the transcript it stores so that both can write it.
//
//   "PARLEYLOG" ‖ u8 version (1) ‖ lobby_key[32] ‖ u32 n ‖ (u32 length ‖ entry wire) × n
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/entry.hpp"

namespace parley::lobby {

inline constexpr std::size_t kMaxLogEntries = 1'000'000;
// The first bytes of every log, whatever its version: what tells a log from other files.
inline constexpr std::string_view kLogMagic = "PARLEYLOG";

struct GameLog {
  crypto::PublicKey lobby_key;
  std::vector<SignedEntry> entries;
};

enum class LogErrorKind : std::uint8_t {
  not_a_log,        // no PARLEYLOG magic
  unsupported_version,
  truncated,
  too_long,         // more entries, or a longer entry, than any game has
  bad_lobby_key,
  bad_entry,        // an entry that does not decode (the index says which)
  trailing_bytes,
};
std::string_view describe(LogErrorKind kind);

struct LogError {
  LogErrorKind kind;
  std::size_t entry = 0;  // for bad_entry
  std::string detail;
};

Bytes encode(const GameLog& log);
game::Result<GameLog, LogError> decode_log(std::span<const std::uint8_t> bytes);

}  // namespace parley::lobby
