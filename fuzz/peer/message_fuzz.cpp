// Session messages arrive in envelopes from any seat: input = u16 envelope kind ‖ body. Decoding
// is total and canonical, so two peers never read one body two ways.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "peer/session/messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  parley::lobby::EnvelopeKind kind{static_cast<std::uint16_t>(data[0] | (data[1] << 8))};
  std::span<const std::uint8_t> body(data + 2, size - 2);
  auto message = parley::peer::decode_message(kind, body);
  if (!message.ok()) return 0;
  if (parley::peer::envelope_kind(parley::peer::kind_of(*message)) != kind) std::abort();
  auto again = parley::peer::encode(*message);
  if (!std::equal(again.begin(), again.end(), body.begin(), body.end())) std::abort();
  return 0;
}
