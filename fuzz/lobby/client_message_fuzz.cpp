// Requests as the lobby receives them: a typed error or a value that re-encodes to exactly the
// input (the encoding is canonical), never a crash or an allocation beyond the input's bounds.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lobby/protocol/messages.hpp"

using namespace parley::lobby;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto m = decode_client_message(in);
  if (!m.ok()) {
    (void)describe(refusal_for(m.error()));
    return 0;
  }
  Bytes again = encode(*m);
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  if (request_id_of(*m) != peek_request_id(in)) std::abort();
  return 0;
}
