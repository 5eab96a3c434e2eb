// The secure channel's cost (docs/lobby.md, "Secure channel"), priced against the crypto floor
// measured in the same run: sealing and opening a packet through lobby::Channel (counter, nonce,
// replay bookkeeping, in place) against libsodium's bare ChaCha20-Poly1305-IETF encryption and
// decryption of the same bytes; and a whole handshake, each side, against an Ed25519 signature
// and verification. Thread CPU time, median of 15 batches.
//   build-release/bench/lobby/lobby_channel_bench
#include <fmt/core.h>
#include <sodium.h>

#include <algorithm>
#include <ctime>
#include <vector>

#include "lobby/protocol/channel.hpp"
#include "lobby/protocol/handshake.hpp"

using namespace parley;
using namespace parley::lobby;

namespace {

double cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

// Nanoseconds per call of `f`: the median of 15 batches of n.
template <class F>
double per_call(int n, F f) {
  std::vector<double> batches;
  for (int b = 0; b < 15; ++b) {
    const double start = cpu_ns();
    for (int i = 0; i < n; ++i) f();
    batches.push_back((cpu_ns() - start) / n);
  }
  std::sort(batches.begin(), batches.end());
  return batches[batches.size() / 2];
}

}  // namespace

int main() {
  if (sodium_init() < 0) return 1;
  const crypto::Identity lobby = crypto::Identity::generate();
  const crypto::Identity player = crypto::Identity::generate();
  ClientHandshake c = ClientHandshake::start();
  auto l = LobbyHandshake::answer(lobby, c.hello()).value();
  auto cd = c.answer(player, l.reply()).value();
  auto ld = l.finish(cd.proof).value();

  fmt::print("# the secure channel's cost, thread CPU time (median of 15 batches)\n\n");
  fmt::print("| packet | floor: encrypt + decrypt | seal | open | seal + open | ratio to the floor |\n");
  fmt::print("|---|---:|---:|---:|---:|---:|\n");
  // A request, a post with a 64-byte body, an entry pushed to a member, a full datagram, a
  // fragmenting message.
  for (std::size_t size : {24UL, 220UL, 330UL, 1200UL, 16384UL}) {
    std::vector<std::uint8_t> plain(size, 0x5A), sealed(Channel::sealed_size(size)), out(size + kPacketTagBytes);
    std::array<std::uint8_t, kPacketNonceBytes> nonce{};
    const auto key = cd.keys.send.expose();
    const int n = size > 4096 ? 2000 : 20000;
    const double floor = per_call(n, [&] {
      unsigned long long len = 0;
      nonce[4]++;
      crypto_aead_chacha20poly1305_ietf_encrypt(out.data(), &len, plain.data(), plain.size(), nullptr, 0, nullptr,
                                                nonce.data(), key.data());
      crypto_aead_chacha20poly1305_ietf_decrypt(plain.data(), &len, nullptr, out.data(), out.size(), nullptr, 0,
                                                nonce.data(), key.data());
    });
    // Seal and open in step: each opened packet is the next the receiver expects.
    Channel sender(cd.keys, kLobbyChannels), receiver(ld.keys, kLobbyChannels);
    std::vector<std::vector<std::uint8_t>> batch(static_cast<std::size_t>(n), std::vector<std::uint8_t>(sealed.size()));
    double seal = 0, open = 0;
    {
      std::vector<double> s, o;
      for (int b = 0; b < 15; ++b) {
        double t = cpu_ns();
        for (auto& p : batch) sender.seal(0, plain, p);
        s.push_back((cpu_ns() - t) / n);
        t = cpu_ns();
        for (auto& p : batch)
          if (!receiver.open(0, p)) return 1;
        o.push_back((cpu_ns() - t) / n);
      }
      std::sort(s.begin(), s.end());
      std::sort(o.begin(), o.end());
      seal = s[7];
      open = o[7];
    }
    fmt::print("| {} B | {:.0f} ns | {:.0f} ns | {:.0f} ns | {:.0f} ns | {:.2f} |\n", size, floor, seal, open, seal + open,
               (seal + open) / floor);
  }

  const std::vector<std::uint8_t> msg(32, 1);
  const double sign_verify = per_call(200, [&] {
    const crypto::Signature s = lobby.sign(kChannelLobbyLabel, msg, msg);
    if (!crypto::verify_signature(lobby.public_key(), kChannelLobbyLabel, msg, msg, s)) std::abort();
  });
  double client_full = 0, lobby_full = 0;
  {
    std::vector<double> cs, ls;
    for (int b = 0; b < 15; ++b) {
      double ct = 0, lt = 0;
      for (int i = 0; i < 20; ++i) {
        double t = cpu_ns();
        ClientHandshake h = ClientHandshake::start();
        ct += cpu_ns() - t;
        t = cpu_ns();
        auto answered = LobbyHandshake::answer(lobby, h.hello()).value();
        lt += cpu_ns() - t;
        t = cpu_ns();
        auto done = h.answer(player, answered.reply()).value();
        ct += cpu_ns() - t;
        t = cpu_ns();
        auto finished = answered.finish(done.proof);
        lt += cpu_ns() - t;
        if (!finished) return 1;
      }
      cs.push_back(ct / 20);
      ls.push_back(lt / 20);
    }
    std::sort(cs.begin(), cs.end());
    std::sort(ls.begin(), ls.end());
    client_full = cs[7];
    lobby_full = ls[7];
  }
  fmt::print("\n| handshake | CPU | in Ed25519 sign + verify |\n|---|---:|---:|\n");
  fmt::print("| anchor: Ed25519 sign + verify | {:.1f} µs | 1.00 |\n", sign_verify / 1000);
  fmt::print("| client side (keys, exchange, open, verify, sign, seal) | {:.1f} µs | {:.2f} |\n", client_full / 1000,
             client_full / sign_verify);
  fmt::print("| lobby side (keys, exchange, sign, seal, open, verify) | {:.1f} µs | {:.2f} |\n", lobby_full / 1000,
             lobby_full / sign_verify);
  return 0;
}
