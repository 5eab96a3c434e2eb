// A four-seat Risiko session (missions, the mental deck's shuffles and shares, dice, cards) under
// any stream of correctly signed envelopes, each naming the newest entry or one a little older:
// no crash, two sessions agree on every state hash, and the verifier calls the log valid
// exactly when the sessions completed (fuzz/peer/session_stream.hpp). The seeds are the
// opening of an honest game between bots and shares that cross their card holder's leave
// (risiko_fuzz_seeds).
#include <cstddef>
#include <cstdint>

#include "fuzz/peer/session_stream.hpp"
#include "peer/session/risiko_rules.hpp"

using namespace parley;
using namespace parley::peer;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  testing::FakeLobby lobby(4, RoomOptions{}, std::string(risiko::kRisikoGame));
  fuzzing::replay_stream(lobby, {data, size});
  return 0;
}
