#pragma once
// The local seat's side of the protocol: its secrets (beacon value, hash-chain seed, ephemeral
// key) and the protocol steps the session expects of it. The secrets are serialised so the
// shell can persist them (fsync'd, mode 0600) before posting anything that depends on them, and
// restore them after a crash (docs/design.md, "Crash safety").
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "crypto/beacon.hpp"
#include "crypto/ephemeral.hpp"
#include "crypto/hash_chain.hpp"
#include "crypto/secret.hpp"
#include "peer/session/session.hpp"

namespace parley::peer {

inline constexpr std::uint32_t kDefaultChainLength = 1024;

class LocalSeat {
 public:
  static LocalSeat create(const lobby::SessionId& session, Seat seat, std::uint32_t chain_length = kDefaultChainLength);
  // From bytes made by secrets(); a typed error if they are malformed.
  static game::Result<LocalSeat, lobby::WireError> restore(const lobby::SessionId& session, Seat seat,
                                                           std::span<const std::uint8_t> secrets);
  // The bytes to persist before the first post. They hold secrets: keep them 0600, never log them.
  Bytes secrets() const;

  Seat seat() const { return seat_; }
  SetupMessage setup_message(std::string display_name, Bytes game_setup = {}) const;
  BeaconRevealMessage beacon_message() const;
  const crypto::EphemeralKeyPair& ephemeral() const { return ephemeral_; }
  const crypto::HashChain& chain() const { return chain_; }

  // The protocol step the session waits for from this seat now, if any (not game moves, which
  // are the player's, nor timeout claims, which depend on the clock).
  std::optional<Message> duty(const Session& session, const std::string& display_name) const;

 private:
  LocalSeat(const lobby::SessionId& session, Seat seat, crypto::BeaconContribution beacon, crypto::HashChain chain,
            crypto::EphemeralKeyPair ephemeral);
  lobby::SessionId session_;
  Seat seat_;
  crypto::BeaconContribution beacon_;
  crypto::HashChain chain_;
  crypto::EphemeralKeyPair ephemeral_;
};

}  // namespace parley::peer
