#include "lobby/protocol/transcript.hpp"

#include <algorithm>

namespace parley::lobby {

std::string_view describe(TranscriptError error) {
  switch (error) {
    case TranscriptError::not_genesis: return "the genesis entry is missing or repeated";
    case TranscriptError::wrong_index: return "an entry is not the next one of the chain";
    case TranscriptError::wrong_previous_hash: return "an entry does not link to the previous entry";
    case TranscriptError::time_went_back: return "an entry's lobby time is earlier than the previous one";
    case TranscriptError::bad_lobby_signature: return "the lobby's signature on an entry does not verify";
    case TranscriptError::wrong_session: return "an envelope belongs to another session";
    case TranscriptError::unknown_seat: return "an envelope or presence entry names a seat the game does not have";
    case TranscriptError::bad_seat_signature: return "a seat's signature on its envelope does not verify";
    case TranscriptError::seen_not_earlier: return "an envelope's seen index is not an earlier entry";
    case TranscriptError::seen_hash_mismatch: return "an envelope's seen hash differs from the transcript";
    case TranscriptError::duplicate_keys: return "the genesis seats the same key twice";
    case TranscriptError::bad_certificate: return "a node certificate was not signed by the lobby's key";
    case TranscriptError::certificate_expired: return "an entry was stamped outside its node certificate's period";
  }
  return "unknown transcript error";
}

Transcript::Transcript(const crypto::PublicKey& lobby_key, SignedEntry genesis, const EntryHash& genesis_hash)
    : lobby_key_(lobby_key), signer_(lobby_key) {
  certificate_ = std::get<Genesis>(genesis.entry.payload).certificate;
  if (certificate_) signer_ = certificate_->node_key;
  entries_.push_back(std::move(genesis));
  hashes_.push_back(genesis_hash);
}

game::Result<Transcript, TranscriptError> Transcript::start(const crypto::PublicKey& lobby_key,
                                                            const SignedEntry& genesis) {
  const auto* g = std::get_if<Genesis>(&genesis.entry.payload);
  if (g == nullptr) return TranscriptError::not_genesis;
  if (genesis.entry.index.value != 0) return TranscriptError::wrong_index;
  if (genesis.entry.prev_entry_hash != kNoPreviousHash) return TranscriptError::wrong_previous_hash;
  for (std::size_t i = 0; i < g->seat_keys.size(); ++i) {
    for (std::size_t j = i + 1; j < g->seat_keys.size(); ++j) {
      if (g->seat_keys[i] == g->seat_keys[j]) return TranscriptError::duplicate_keys;
    }
  }
  const crypto::PublicKey* signer = &lobby_key;
  if (g->certificate) {
    if (!verify_certificate(*g->certificate, lobby_key)) return TranscriptError::bad_certificate;
    if (!covers(*g->certificate, genesis.entry.lobby_time_ms)) return TranscriptError::certificate_expired;
    signer = &g->certificate->node_key;
  }
  Bytes bytes = entry_bytes(genesis.entry);
  if (!verify_entry_signature(*signer, g->session_id, bytes, genesis.signature)) {
    return TranscriptError::bad_lobby_signature;
  }
  return Transcript(lobby_key, genesis, chain_hash(kNoPreviousHash, bytes));
}

game::Result<EntryHash, TranscriptError> Transcript::append(const SignedEntry& signed_entry) {
  const Entry& e = signed_entry.entry;
  if (e.index != next_index()) return TranscriptError::wrong_index;
  if (e.prev_entry_hash != head_hash()) return TranscriptError::wrong_previous_hash;
  if (e.lobby_time_ms < entries_.back().entry.lobby_time_ms) return TranscriptError::time_went_back;
  const Genesis& g = genesis();
  const std::size_t seats = g.seat_keys.size();
  if (std::holds_alternative<Genesis>(e.payload)) return TranscriptError::not_genesis;
  // A handover names the node that stamps from here on, certified by the lobby's key.
  const auto* handover = std::get_if<Handover>(&e.payload);
  if (handover != nullptr && !verify_certificate(handover->certificate, lobby_key_)) return TranscriptError::bad_certificate;
  const NodeCertificate* certificate = handover ? &handover->certificate : (certificate_ ? &*certificate_ : nullptr);
  if (certificate != nullptr && !covers(*certificate, e.lobby_time_ms)) return TranscriptError::certificate_expired;
  // The lobby's signature first: every later fault is then one the lobby signed.
  Bytes bytes = entry_bytes(e);
  const crypto::PublicKey& signer = certificate ? certificate->node_key : lobby_key_;
  if (!verify_entry_signature(signer, g.session_id, bytes, signed_entry.signature)) {
    return TranscriptError::bad_lobby_signature;
  }
  if (handover != nullptr) {
    certificate_ = handover->certificate;
    signer_ = handover->certificate.node_key;
  }
  if (const auto* p = std::get_if<Presence>(&e.payload); p != nullptr && p->seat.index >= seats) {
    return TranscriptError::unknown_seat;
  }
  if (const auto* env = std::get_if<SignedEnvelope>(&e.payload)) {
    const Envelope& v = env->envelope;
    if (v.session_id != g.session_id) return TranscriptError::wrong_session;
    if (v.seat.index >= seats) return TranscriptError::unknown_seat;
    if (v.seen_index >= e.index) return TranscriptError::seen_not_earlier;
    if (v.seen_hash != hash_at(v.seen_index)) return TranscriptError::seen_hash_mismatch;
    if (!verify_envelope(g.seat_keys[v.seat.index], *env)) return TranscriptError::bad_seat_signature;
  }
  EntryHash h = chain_hash(head_hash(), bytes);
  entries_.push_back(signed_entry);
  hashes_.push_back(h);
  return h;
}

}  // namespace parley::lobby
