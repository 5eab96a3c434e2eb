// The event file comes from an organizer anyone may impersonate: decoding is total and
// canonical, and the checks and the JSON view take whatever decodes.
#include <cstddef>
#include <cstdint>
#include <span>

#include "event/event.hpp"
#include "fuzz/event/canonical.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto e = parley::event::decode_event(in);
  if (!e.ok()) return 0;
  parley::event::fuzzing::require_same(parley::event::encode(*e), in);
  (void)parley::event::verify_event(*e);
  (void)parley::event::check_event(e->event);
  (void)parley::event::to_json(*e);
  return 0;
}
