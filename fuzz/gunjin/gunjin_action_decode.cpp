// decode_action on arbitrary bytes: a typed error or an action that re-encodes to the same
// bytes and that apply() accepts or rejects without crashing.
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "fuzz_states.hpp"

using namespace parley::game;
using namespace parley::game::gunjin;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto states = fuzzing::start_states();
  auto action = decode_action({data, size});
  if (!action) return 0;
  const Bytes again = encode(*action);
  if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
  for (const State& s : states) {
    auto next = Gunjin::apply(s, *action);
    if (!next) describe(next.error());
  }
  return 0;
}
