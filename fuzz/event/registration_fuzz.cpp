// A player's registration request, as the organizer receives it from anyone.
#include <cstddef>
#include <cstdint>
#include <span>

#include "event/registration.hpp"
#include "fuzz/event/canonical.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto r = parley::event::decode_registration(in);
  if (!r.ok()) return 0;
  parley::event::fuzzing::require_same(parley::event::encode(*r), in);
  (void)parley::event::verify_registration(*r);
  return 0;
}
