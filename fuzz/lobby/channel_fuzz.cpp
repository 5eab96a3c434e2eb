// The secure channel's packet opener against everything on the path can do: an operation stream
// that seals genuine packets on an ordered and an unordered channel, delivers them, drops them,
// delivers them twice, out of order, with bits flipped, on the wrong channel, or delivers bytes
// of its own. Whatever opens must be a genuine packet of that channel, each at most once; an
// ordered channel opens its packets only in order; after a fault nothing opens.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "lobby/protocol/channel.hpp"

using namespace parley;
using namespace parley::lobby;
using Bytes = std::vector<std::uint8_t>;

namespace {

constexpr std::array<Delivery, 2> kLayout{Delivery::ordered, Delivery::unordered};

ChannelKey key_of(std::uint8_t b) {
  ChannelKey k;
  for (auto& x : k.expose_mutable()) x = b;
  return k;
}

struct Sent {
  std::uint8_t channel = 0;
  std::uint64_t counter = 0;
  Bytes plaintext;
  Bytes packet;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ChannelKeys sender_keys{key_of(1), key_of(2)};
  const ChannelKeys receiver_keys{key_of(2), key_of(1)};
  Channel sender(sender_keys, kLayout);
  Channel receiver(receiver_keys, kLayout);
  std::vector<Sent> sent;
  std::array<std::uint64_t, 2> counters{};
  std::set<std::pair<std::uint8_t, std::uint64_t>> opened;
  std::uint64_t next_ordered = 0;

  std::size_t pos = 0;
  auto byte = [&] { return pos < size ? data[pos++] : std::uint8_t{0}; };
  auto deliver = [&](std::uint8_t channel, Bytes packet, const Sent* genuine) {
    const bool faulted = receiver.fault().has_value();
    auto plain = receiver.open(channel, packet);
    if (!plain) return;
    if (faulted || genuine == nullptr || genuine->channel != channel) std::abort();
    if (!std::equal(plain->begin(), plain->end(), genuine->plaintext.begin(), genuine->plaintext.end())) std::abort();
    if (!opened.insert({channel, genuine->counter}).second) std::abort();  // twice
    if (channel == 0) {
      if (genuine->counter != next_ordered) std::abort();
      ++next_ordered;
    }
  };
  for (int ops = 0; ops < 512 && pos < size; ++ops) {
    const std::uint8_t op = byte() % 6;
    switch (op) {
      case 0: {  // seal a genuine packet
        Sent s;
        s.channel = byte() % 2;
        s.counter = counters[s.channel]++;
        s.plaintext.resize(byte() % 48, static_cast<std::uint8_t>(ops));
        s.packet.resize(Channel::sealed_size(s.plaintext.size()));
        sender.seal(s.channel, s.plaintext, s.packet);
        sent.push_back(std::move(s));
        break;
      }
      case 1:    // deliver a sealed one (again, or out of order: whichever the input names)
      case 2: {  // ... with a bit flipped
        if (sent.empty()) break;
        const Sent& s = sent[byte() % sent.size()];
        Bytes p = s.packet;
        if (op == 2) p[byte() % p.size()] ^= static_cast<std::uint8_t>(1U << (byte() % 8));
        deliver(s.channel, p, op == 1 ? &s : nullptr);
        break;
      }
      case 3: {  // on the other channel
        if (sent.empty()) break;
        const Sent& s = sent[byte() % sent.size()];
        deliver(static_cast<std::uint8_t>(1 - s.channel), s.packet, nullptr);
        break;
      }
      case 4: {  // bytes of the attacker's own, on any channel number
        const std::uint8_t channel = byte() % 4;
        Bytes p(byte() % 64);
        for (auto& b : p) b = byte();
        deliver(channel, p, nullptr);
        break;
      }
      case 5: {  // sealed by the receiver itself (the other direction's key), reflected back
        Bytes p(Channel::sealed_size(4));
        Channel mirror(receiver_keys, kLayout);
        const std::array<std::uint8_t, 4> text{1, 2, 3, 4};
        mirror.seal(0, text, p);
        deliver(0, p, nullptr);
        break;
      }
    }
  }
  const ChannelStats& st = receiver.stats();
  if (st.opened != opened.size()) std::abort();
  return 0;
}
