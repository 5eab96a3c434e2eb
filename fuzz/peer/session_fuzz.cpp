// The session state machine and the chess rules under any stream of correctly signed envelopes
// (fuzz_stream.hpp), each naming the newest entry or one a little older, as messages that cross
// do: no crash, two sessions fed the same entries agree on every state hash, and the verifier
// calls a log valid exactly when its session completed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "fuzz/peer/fuzz_stream.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"

using namespace parley;
using namespace parley::peer;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t kSeats = 2;
  RoomOptions options;
  options.clock_base_ms = 300'000;
  options.clock_increment_ms = 2'000;
  testing::FakeLobby lobby(kSeats, options);
  auto a = Session::start(lobby.genesis(), lobby.now());
  auto b = Session::start(lobby.genesis(), lobby.now());
  if (!a.ok() || !b.ok()) std::abort();
  game::ByteReader in({data, size});
  while (auto record = fuzzing::next_record(in)) {
    lobby.advance(std::uint64_t{record->seconds} * 1000);
    Bytes body(record->body.begin(), record->body.end());
    const std::size_t newest = lobby.entries().size() - 1;
    const lobby::EntryIndex seen{newest - std::min<std::size_t>(fuzzing::seen_lag(*record), newest)};
    const auto& entry = lobby.post_raw(Seat{static_cast<std::uint8_t>(fuzzing::seat_nibble(*record) % kSeats)},
                                       record->kind, body, seen);
    a->apply(entry);
    b->apply(entry);
    if (a->state_hash() != b->state_hash() || a->phase() != b->phase()) std::abort();
  }
  auto report = verify(lobby.log());
  if (report.valid != (a->phase() == Phase::complete)) std::abort();
  return 0;
}
