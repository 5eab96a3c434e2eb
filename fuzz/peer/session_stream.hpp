#pragma once
// What the session stream fuzzers check (peer_session_fuzz for chess, gunjin_session_fuzz):
// every record of the stream (fuzz_stream.hpp) posted through the fake lobby and applied by two
// sessions, which must agree on every state hash and phase; at the end the verifier must call
// the log valid exactly when the sessions completed. Any disagreement aborts.
#include <algorithm>
#include <cstdlib>

#include "fuzz/peer/fuzz_stream.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace parley::peer::fuzzing {

// Returns the sessions' final state hash, so that a seed program can check that the target
// follows its seed to where the seed's game went.
inline crypto::Digest replay_stream(testing::FakeLobby& lobby, std::span<const std::uint8_t> data) {
  const std::size_t seats = lobby.genesis().seat_keys.size();
  auto a = Session::start(lobby.genesis(), lobby.now());
  auto b = Session::start(lobby.genesis(), lobby.now());
  if (!a.ok() || !b.ok()) std::abort();
  game::ByteReader in(data);
  while (auto record = next_record(in)) {
    lobby.advance(std::uint64_t{record->seconds} * 1000);
    Bytes body(record->body.begin(), record->body.end());
    const std::size_t newest = lobby.entries().size() - 1;
    const lobby::EntryIndex seen{newest - std::min<std::size_t>(seen_lag(*record), newest)};
    const auto& entry =
        lobby.post_raw(Seat{static_cast<std::uint8_t>(seat_nibble(*record) % seats)}, record->kind, body, seen);
    a->apply(entry);
    b->apply(entry);
    if (a->state_hash() != b->state_hash() || a->phase() != b->phase()) std::abort();
  }
  auto report = verify(lobby.log());
  if (report.valid != (a->phase() == Phase::complete)) std::abort();
  return a->state_hash();
}

}  // namespace parley::peer::fuzzing
