#pragma once
// A room's transcript as a peer follows it: every entry checked as it arrives — its index, its
// link to the previous entry, the lobby's signature, and for a seat's envelope the seat's
// signature, the session id and that seen_index/seen_hash name an earlier entry of this very
// chain. The lobby's key is the root: the single lobby signs with it; a cluster's nodes sign
// with keys it certified (node_certificate.hpp), each certificate carried by the certified
// genesis or the handover entry from which that node stamps. The session layer and the verifier rely on these checks; the lobby client runs them on
// everything it receives, so a lobby that reorders, forges or forks a transcript is caught.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/entry.hpp"

namespace parley::lobby {

enum class TranscriptError : std::uint8_t {
  not_genesis,          // entry 0 is not a genesis, or a genesis appears later
  wrong_index,          // not the next index of the chain
  wrong_previous_hash,  // prev_entry_hash is not the hash of the previous entry
  time_went_back,       // lobby_time_ms decreased
  bad_lobby_signature,  // the lobby's signature does not verify
  wrong_session,        // an envelope for another session
  unknown_seat,         // a seat number beyond the genesis' seat count
  bad_seat_signature,   // the seat's signature does not verify
  seen_not_earlier,     // seen_index is not an earlier entry of this chain
  seen_hash_mismatch,   // seen_hash is not the hash of the entry seen_index names
  duplicate_keys,       // the genesis seats one key twice
  bad_certificate,      // a node certificate the lobby's key did not sign
  certificate_expired,  // an entry stamped outside its node certificate's period
};
std::string_view describe(TranscriptError error);

class Transcript {
 public:
  // Starts from the genesis entry, checked against the lobby's key (the deployment's key, for a
  // cluster's certified genesis).
  static game::Result<Transcript, TranscriptError> start(const crypto::PublicKey& lobby_key,
                                                         const SignedEntry& genesis);

  // Checks the entry as the next one of the chain and appends it; returns its hash.
  game::Result<EntryHash, TranscriptError> append(const SignedEntry& signed_entry);

  // The lobby's identity: the key the log names and a peer pins.
  const crypto::PublicKey& lobby_key() const { return lobby_key_; }
  // The key that stamps the next entry: the lobby's own, or the certified node's.
  const crypto::PublicKey& signer() const { return signer_; }
  const Genesis& genesis() const { return std::get<Genesis>(entries_.front().entry.payload); }
  const SessionId& session_id() const { return genesis().session_id; }
  EntryIndex next_index() const { return EntryIndex{entries_.size()}; }
  const EntryHash& head_hash() const { return hashes_.back(); }
  const std::vector<SignedEntry>& entries() const { return entries_; }
  const EntryHash& hash_at(EntryIndex index) const { return hashes_.at(index.value); }

 private:
  Transcript(const crypto::PublicKey& lobby_key, SignedEntry genesis, const EntryHash& genesis_hash);

  crypto::PublicKey lobby_key_;
  crypto::PublicKey signer_;
  std::optional<NodeCertificate> certificate_;  // the signer's, when a node signs
  std::vector<SignedEntry> entries_;
  std::vector<EntryHash> hashes_;
};

}  // namespace parley::lobby
