// A Gunjin session (hidden pieces: commitments, army proofs, duels, the reveal) under any
// stream of correctly signed envelopes, each naming the newest entry or one a little older:
// no crash, two sessions agree on every state hash, and the verifier calls the log valid
// exactly when the sessions completed (fuzz/peer/session_stream.hpp). The seed is an honest
// game between two bots (gunjin_fuzz_seeds).
#include <cstddef>
#include <cstdint>

#include "fuzz/peer/session_stream.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"

using namespace parley;
using namespace parley::peer;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  testing::FakeLobby lobby(2, testing::gunjin_room(), std::string(kGunjinGame));
  fuzzing::replay_stream(lobby, {data, size});
  return 0;
}
