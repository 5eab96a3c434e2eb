#pragma once
// The lobbies a person has chosen to trust (docs/sessions.md, "Trust roots"):
// $XDG_CONFIG_HOME/parley/lobbies (~/.config/parley/lobbies when unset), one lobby a line — its
// key in hex or its fingerprint, then a note (where it is, whose it is) — and `#` comments.
// `parley trust add|list|remove` keep it; `parley verify` trusts the lobbies in it when no
// --lobby-key is given; `parley play` offers to add the lobby it connects to.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/core/result.hpp"
#include "peer/log/trust.hpp"

namespace parley::peer {

inline constexpr std::size_t kMaxTrustStoreBytes = 1 << 20;
inline constexpr std::size_t kMaxTrustedLobbies = 4096;
inline constexpr std::size_t kMaxTrustNoteChars = 128;

struct TrustedLobby {
  LobbyPin pin;
  std::string note;  // sanitised text (lobby::sanitize_text), may be empty
  friend bool operator==(const TrustedLobby&, const TrustedLobby&) = default;
};

struct TrustStoreError {
  enum class Kind : std::uint8_t { no_config_directory, io, malformed, too_large } kind;
  std::string detail;  // the path (and line) and the reason
};

// $XDG_CONFIG_HOME/parley/lobbies, or ~/.config/parley/lobbies when XDG_CONFIG_HOME is unset or
// not absolute (XDG Base Directory Specification).
game::Result<std::filesystem::path, TrustStoreError> default_trust_store_path();

// The store's lobbies in file order; a missing file is an empty store. A line that is not a key
// or fingerprint is refused with its number, never skipped: a typo must not drop a pin silently.
game::Result<std::vector<TrustedLobby>, TrustStoreError> read_trust_store(const std::filesystem::path& file);
// The store's text (`name` says where, in errors): the same rules.
game::Result<std::vector<TrustedLobby>, TrustStoreError> parse_trust_store(std::string_view text, const std::string& name);
// The store's text for these lobbies: a header comment, then one line each.
std::string trust_store_text(const std::vector<TrustedLobby>& lobbies);
// Writes the store whole (its folder made 0700 if missing), durably: a crash leaves the old file
// or the new one.
game::Result<bool, TrustStoreError> write_trust_store(const std::filesystem::path& file,
                                                      const std::vector<TrustedLobby>& lobbies);
// Adds a lobby to the store `file` holding `lobbies` (as read from it): its note sanitised (an
// invalid one dropped), the file written durably, then `lobbies` updated. False, nothing
// written: a line of the store already names the lobby. too_large: the store is full.
game::Result<bool, TrustStoreError> add_trusted_lobby(const std::filesystem::path& file,
                                                      std::vector<TrustedLobby>& lobbies, const LobbyPin& pin,
                                                      std::string_view note);
// The pins of the store at the default path; empty when there is none. An unreadable store is
// an error: verifying against part of it would misreport.
game::Result<std::vector<LobbyPin>, TrustStoreError> trusted_lobbies();

}  // namespace parley::peer
