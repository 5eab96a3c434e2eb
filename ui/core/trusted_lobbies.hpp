#pragma once
// The person's trust store as the client uses it (peer/net/trust_store.hpp): whether the lobby
// it is connected to is trusted, and adding it at the person's word. Read once, then kept.
#include <optional>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "peer/net/trust_store.hpp"

namespace parley::ui {

class TrustedLobbies {
 public:
  // Whether the store holds this key (by key or fingerprint); none when the store cannot be read
  // (no config folder, or a malformed file: nothing is offered then, so nothing is overwritten).
  std::optional<bool> trusted(const crypto::PublicKey& lobby_key);
  // Adds the key with a note (the address it was reached at); false, with why(), on failure.
  bool add(const crypto::PublicKey& lobby_key, const std::string& note);
  const std::string& why() const { return why_; }

 private:
  bool load();
  bool loaded_ = false;
  bool readable_ = false;
  std::vector<peer::TrustedLobby> lobbies_;
  std::string why_;
};

}  // namespace parley::ui
