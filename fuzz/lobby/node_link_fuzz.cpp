// Messages between the nodes of a lobby cluster (node_link.hpp), as a node reads what arrives on
// its port: a typed error or a value that re-encodes to exactly the input.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lobby/protocol/node_link.hpp"

using namespace parley::lobby;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto m = decode_link_message(in);
  if (!m.ok()) return 0;
  Bytes again = encode(*m);
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  return 0;
}
