// A round's pairings, from a bundle anyone may hand over: decoding is total and canonical, and
// the check against an event and the JSON view take whatever decodes.
#include <cstddef>
#include <cstdint>
#include <span>

#include "event/pairings.hpp"
#include "fuzz/event/canonical.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto p = parley::event::decode_pairings(in);
  if (!p.ok()) return 0;
  parley::event::fuzzing::require_same(parley::event::encode(*p), in);
  static const parley::event::Event event;
  (void)parley::event::check_pairings(event, p->pairings);
  (void)parley::event::to_json(event, *p);
  return 0;
}
