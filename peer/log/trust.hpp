#pragma once
// Whom a verifier trusts as the lobby (docs/sessions.md, "Trust roots"). A log carries the key
// that signed it as the lobby; anyone can make a key and sign a log with it, so a log is only
// worth what its lobby's key is worth to the person checking it. They name the lobbies they
// trust: pinned for this check (`parley verify --lobby-key`), or kept in their trust store
// (trust_store.hpp). A log stamped by any other key is not valid, unless they asked for its
// internal consistency alone (`--any-lobby`).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "peer/log/verify.hpp"

namespace parley::peer {

// One lobby a person trusts: its whole key, or its fingerprint (80 bits: what a person reads
// off a screen and types).
struct LobbyPin {
  std::optional<crypto::PublicKey> key;
  std::string fingerprint;  // always set (the key's, when the key is known)
  bool matches(const crypto::PublicKey& lobby_key) const;
  friend bool operator==(const LobbyPin&, const LobbyPin&) = default;
};
LobbyPin pin_of(const crypto::PublicKey& key);
// Whether text has the form crypto::fingerprint() gives ("xxxx-xxxx-xxxx-xxxx", base32).
bool is_fingerprint(std::string_view text);
// A pin from text: 64 hex digits (a key) or a fingerprint; none otherwise, or for hex that is
// not a valid key.
std::optional<LobbyPin> parse_pin(std::string_view text);

struct TrustRoots {
  std::vector<LobbyPin> pinned;   // given for this check: only these count when any are given
  std::vector<LobbyPin> trusted;  // the trust store's, used when none are pinned
  bool any_lobby = false;         // check the log's internal consistency only
};

// LobbyTrust is in verify.hpp, beside the report that carries it. Stable names for machine-readable output ("pinned", "wrong_lobby", …).
std::string_view name(LobbyTrust trust);
// Whether the person vouches for this lobby: its signature means "the lobby signed it".
inline bool vouched(LobbyTrust trust) { return trust == LobbyTrust::pinned || trust == LobbyTrust::trusted; }

LobbyTrust judge_lobby(const crypto::PublicKey& lobby_key, const TrustRoots& roots);

// Judges the report's lobby key against the roots: a log otherwise valid whose lobby is neither
// pinned nor trusted becomes invalid (LogFault::wrong_lobby or lobby_not_pinned), unless the
// roots check any lobby; the words that blame the lobby follow the trust. A report without a
// lobby key (bytes that are not a log) is left as it is.
void apply_trust(VerifyReport& report, const TrustRoots& roots);

}  // namespace parley::peer
