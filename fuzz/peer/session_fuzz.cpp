// The session state machine and the chess rules under any stream of correctly signed envelopes
// (fuzz_stream.hpp), each naming the newest entry or one a little older, as messages that cross
// do: no crash, two sessions fed the same entries agree on every state hash, and the verifier
// calls a log valid exactly when its session completed (session_stream.hpp).
#include <cstddef>
#include <cstdint>

#include "fuzz/peer/session_stream.hpp"

using namespace parley;
using namespace parley::peer;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  RoomOptions options;
  options.clock_base_ms = 300'000;
  options.clock_increment_ms = 2'000;
  testing::FakeLobby lobby(2, options);
  fuzzing::replay_stream(lobby, {data, size});
  return 0;
}
