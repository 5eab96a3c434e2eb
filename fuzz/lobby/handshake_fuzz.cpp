// The secure channel's handshake messages as each side reads them from whoever is on the path.
// The first byte says who reads the rest: 0, the lobby (a ClientHello); 1, a client that sent
// its hello (a LobbyHello); 2, a lobby that answered a hello (a ClientProof). Keys are those of
// tests/lobby/reference_channel.py, so the seeds are real messages and mutations of them reach
// the checks after decoding. Every message decodes canonically or not at all, and nothing but the
// genuine message completes a handshake.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lobby/protocol/handshake.hpp"

using namespace parley;
using namespace parley::lobby;

namespace {

crypto::SecretBytes<32> counting_from(std::uint8_t first) {
  crypto::SecretBytes<32> s;
  for (std::size_t i = 0; i < 32; ++i) s.expose_mutable()[i] = static_cast<std::uint8_t>(first + i);
  return s;
}

struct Fixed {
  crypto::Identity lobby = crypto::Identity::from_seed(counting_from(0));
  crypto::Identity player = [] {
    crypto::SecretBytes<32> seed;
    for (auto& b : seed.expose_mutable()) b = 0x42;
    return crypto::Identity::from_seed(seed);
  }();
  ClientHandshake client = ClientHandshake::start(counting_from(0x20));
  LobbyHandshake answered = LobbyHandshake::answer(lobby, client.hello(), counting_from(0x40)).value();
  Bytes genuine_proof = client.answer(player, answered.reply()).value().proof;
};

template <class Decode>
void canonical(Decode decode, std::span<const std::uint8_t> in) {
  if (auto m = decode(in); m.ok()) {
    const Bytes again = encode(*m);
    if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Fixed fixed;
  if (size == 0) return 0;
  const std::span<const std::uint8_t> in(data + 1, size - 1);
  canonical(decode_client_hello, in);
  canonical(decode_lobby_hello, in);
  canonical(decode_client_proof, in);
  switch (data[0] % 3) {
    case 0:
      if (auto reply = LobbyHandshake::answer(fixed.lobby, in); reply.ok()) {
        if (reply->reply().size() != kLobbyHelloBytes || !decode_lobby_hello(reply->reply()).ok()) std::abort();
      }
      break;
    case 1:
      if (auto done = fixed.client.answer(fixed.player, in); done.ok()) {
        // Only the lobby's own hello proves its key.
        if (!(done->lobby_key == fixed.lobby.public_key()) ||
            !std::equal(in.begin(), in.end(), fixed.answered.reply().begin(), fixed.answered.reply().end()))
          std::abort();
      }
      break;
    case 2:
      if (auto done = fixed.answered.finish(in); done.ok()) {
        if (!(done->player_key == fixed.player.public_key()) ||
            !std::equal(in.begin(), in.end(), fixed.genuine_proof.begin(), fixed.genuine_proof.end()))
          std::abort();
      }
      break;
  }
  return 0;
}
