// Risiko's room options (peer/session/risiko_options.hpp) come from the genesis, which any room
// creator writes, and may carry a whole map: decoding is total and canonical (what decodes
// re-encodes to the same bytes), and the map they choose either loads or is refused, never a
// crash; a carried map that loads reads back from its own formatted text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "game/risiko/map_format.hpp"
#include "peer/session/risiko_options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parley::peer::risiko;
  std::span<const std::uint8_t> in(data, size);
  auto options = decode_risiko_options(in);
  if (!options.ok()) return 0;
  if (!in.empty()) {
    const auto again = encode(*options);
    if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  }
  const auto world = load_world(*options);
  if (!world || options->custom_map.empty()) return 0;
  auto reread = parley::game::risiko::parse_map(parley::game::risiko::format_map(*world));
  if (!reread || reread->fingerprint() != world->fingerprint()) std::abort();
  return 0;
}
