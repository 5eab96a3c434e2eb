// A seat's persisted secrets are read back after a crash; a damaged file is a typed error, and
// what restores writes back the same bytes.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "peer/session/local_seat.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const parley::lobby::SessionId session{};
  std::span<const std::uint8_t> in(data, size);
  auto seat = parley::peer::LocalSeat::restore(session, parley::game::Seat{0}, in);
  if (!seat.ok()) return 0;
  auto again = seat->secrets();
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  return 0;
}
