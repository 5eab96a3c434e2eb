// A board's room options, read from a game's genesis by the verifier.
#include <cstddef>
#include <cstdint>
#include <span>

#include "event/pairings.hpp"
#include "fuzz/event/canonical.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto r = parley::event::decode_board_room(in);
  if (!r.ok()) return 0;
  parley::event::fuzzing::require_same(parley::event::encode(*r), in);
  return 0;
}
