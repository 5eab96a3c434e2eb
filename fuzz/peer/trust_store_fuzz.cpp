// The trust store is a text file a person edits (peer/net/trust_store.hpp): parsing is total and
// bounded, every lobby it keeps is a valid pin with a sanitised note, and what it keeps is
// written back as text that parses to the same lobbies.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "lobby/protocol/text.hpp"
#include "peer/net/trust_store.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto lobbies = parley::peer::parse_trust_store(text, "fuzz");
  if (!lobbies) return 0;
  if (lobbies->size() > parley::peer::kMaxTrustedLobbies) std::abort();
  for (const auto& l : *lobbies) {
    if (!parley::peer::is_fingerprint(l.pin.fingerprint)) std::abort();
    if (l.pin.key && !l.pin.matches(*l.pin.key)) std::abort();
    if (!l.note.empty()) {
      auto clean = parley::lobby::sanitize_text(l.note, parley::peer::kMaxTrustNoteChars);
      if (!clean || *clean != l.note) std::abort();
    }
  }
  auto again = parley::peer::parse_trust_store(parley::peer::trust_store_text(*lobbies), "again");
  if (!again || *again != *lobbies) std::abort();
  return 0;
}
