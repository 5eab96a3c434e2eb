#pragma once
// The lobbies a command trusts, from its command line (docs/cli.md, "Trust roots"): each
// --lobby-key is a key in hex, a fingerprint, or a file — the lobby's key file (parley-lobby's
// --key, FILE.key beside its database) or a text file whose first word is a key or fingerprint.
// Without one, the trust store's lobbies (peer/net/trust_store.hpp).
#include <string>
#include <vector>

#include "game/core/result.hpp"
#include "peer/log/trust.hpp"

namespace parley::cli {

struct LobbyTrustOptions {
  std::vector<std::string> lobby_keys;  // --lobby-key, repeatable
  bool any_lobby = false;               // --any-lobby
};

// A pin from a --lobby-key value, or the reason it is none.
game::Result<peer::LobbyPin, std::string> read_lobby_pin(const std::string& text);
// The roots a verifying command uses: the pins given, else the trust store's lobbies.
game::Result<peer::TrustRoots, std::string> trust_roots(const LobbyTrustOptions& options);

}  // namespace parley::cli
