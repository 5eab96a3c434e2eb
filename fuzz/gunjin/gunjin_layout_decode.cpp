// decode_layout + validate_layout on arbitrary bytes; a layout that decodes re-encodes to the
// bytes it came from, and a valid one starts a game and reveals onto a hidden one.
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "game/gunjin/rules.hpp"

using namespace parley::game;
using namespace parley::game::gunjin;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteReader in({data, size});
  auto layout = decode_layout(in);
  if (!layout || !in.finish()) return 0;
  ByteWriter out;
  encode(*layout, out);
  if (out.data().size() != size || !std::equal(out.data().begin(), out.data().end(), data)) std::abort();
  auto valid = validate_layout(*layout);
  if (!valid) return 0;
  auto game = State::new_game({}, {*layout, *layout});
  if (!game) std::abort();
  auto opened = game->conceal(std::nullopt).reveal(Seat{0}, *layout);
  if (!opened || opened->reveal(Seat{1}, *layout).value() != *game) std::abort();
  return 0;
}
