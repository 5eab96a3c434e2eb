// A stream of encoded actions (each prefixed by its length byte) applied to a game in every
// state of knowledge. Whatever the full state accepts, the partial states accept too, and each
// stays the full state concealed; nothing crashes.
#include <cstdint>
#include <cstdlib>

#include "fuzz_states.hpp"

using namespace parley::game;
using namespace parley::game::gunjin;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto states = fuzzing::start_states();
  std::size_t pos = 0;
  while (pos < size) {
    const std::size_t length = data[pos++] % (kMaxActionBytes + 1);
    if (size - pos < length) break;
    auto action = decode_action({data + pos, length});
    pos += length;
    if (!action) continue;
    auto full = Gunjin::apply(states[0], *action);
    if (!full) continue;
    for (std::size_t i = 1; i < states.size(); ++i) {
      auto partial = Gunjin::apply(states[i], *action);
      if (!partial) std::abort();  // less knowledge can never reject what full knowledge accepts
      states[i] = *partial;
    }
    states[0] = *full;
    if (states[1] != states[0].conceal(Seat{1}) || states[2] != states[0].conceal(std::nullopt)) std::abort();
    (void)Gunjin::hash(states[0]);
  }
  return 0;
}
