// A round's results, from a bundle: decoding is total and canonical; scoring and the check
// against pairings take whatever decodes.
#include <cstddef>
#include <cstdint>
#include <span>

#include "event/results.hpp"
#include "fuzz/event/canonical.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto r = parley::event::decode_results(in);
  if (!r.ok()) return 0;
  parley::event::fuzzing::require_same(parley::event::encode(*r), in);
  parley::event::Pairings pairings;
  pairings.event_id = r->results.event_id;
  pairings.round = r->results.round;
  pairings.boards.resize(r->results.boards.size());
  for (auto& b : pairings.boards) b.seats.assign(2, parley::event::placeholder_key());
  if (!parley::event::check_results(pairings, r->results)) {
    for (const auto& b : r->results.boards) (void)parley::event::seat_points(b, 2);
  }
  return 0;
}
