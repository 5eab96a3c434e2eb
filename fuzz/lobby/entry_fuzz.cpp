// Signed transcript entries as a peer or the verifier reads them (certified geneses and
// handovers too): decoding is canonical, and a transcript refuses arbitrary entries with a typed
// error. An entry re-signed by the lobby key starts (if it is a well-formed genesis of the lobby's
// own) or extends nothing it should not.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/transcript.hpp"

using namespace parley::lobby;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const parley::crypto::Identity lobby = parley::crypto::Identity::from_seed(
      parley::crypto::SecretBytes<parley::crypto::kIdentitySeedBytes>());
  std::span<const std::uint8_t> in(data, size);
  auto e = decode_signed_entry(in);
  if (!e.ok()) return 0;
  Bytes again = encode_signed_entry(*e);
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  // Forged by nobody: refused.
  if (Transcript::start(lobby.public_key(), *e).ok()) std::abort();
  // Signed by the lobby: a genesis at index 0 with no previous hash and distinct keys starts a
  // transcript, anything else is refused; the chain then refuses the same entry again.
  const auto* g = std::get_if<Genesis>(&e->entry.payload);
  if (g == nullptr) return 0;
  Bytes bytes = entry_bytes(e->entry);
  SignedEntry signed_entry{e->entry, sign_entry(lobby, g->session_id, bytes)};
  auto t = Transcript::start(lobby.public_key(), signed_entry);
  bool distinct = true;
  for (std::size_t i = 0; i < g->seat_keys.size(); ++i) {
    for (std::size_t j = i + 1; j < g->seat_keys.size(); ++j) distinct &= !(g->seat_keys[i] == g->seat_keys[j]);
  }
  // A certified genesis names a node the fuzzer's bytes certified, never this lobby's key.
  bool expected = e->entry.index.value == 0 && e->entry.prev_entry_hash == kNoPreviousHash && distinct && !g->certificate;
  if (t.ok() != expected) std::abort();
  if (t.ok() && t->append(signed_entry).ok()) std::abort();
  return 0;
}
