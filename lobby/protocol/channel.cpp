#include "lobby/protocol/channel.hpp"

#include <cassert>

#include "crypto/sodium.hpp"

namespace parley::lobby {

namespace {

using PacketNonce = std::array<std::uint8_t, kPacketNonceBytes>;

// u32 channel ‖ u64 counter, little-endian: never the same twice under one key.
PacketNonce packet_nonce(std::uint8_t channel, std::uint64_t counter) {
  PacketNonce n{};
  n[0] = channel;
  for (std::size_t i = 0; i < kPacketCounterBytes; ++i) n[4 + i] = static_cast<std::uint8_t>(counter >> (8 * i));
  return n;
}

std::uint64_t read_counter(std::span<const std::uint8_t> packet) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < kPacketCounterBytes; ++i) v |= static_cast<std::uint64_t>(packet[i]) << (8 * i);
  return v;
}

}  // namespace

std::string_view describe(OpenError error) {
  switch (error) {
    case OpenError::too_short: return "the packet is shorter than a counter and a tag";
    case OpenError::no_such_channel: return "the packet came on a channel the connection does not have";
    case OpenError::replayed: return "the packet repeats a counter already opened";
    case OpenError::forged: return "the packet does not authenticate";
    case OpenError::lost_packet: return "a packet of an ordered channel was lost on the path";
  }
  return "unknown open error";
}

std::string_view describe(ChannelFault fault) {
  switch (fault) {
    case ChannelFault::rejected_packets: return "packets that do not authenticate, one after another";
    case ChannelFault::lost_packet: return "a packet was lost on the path (something took its place)";
  }
  return "unknown channel fault";
}

// ---- ReplayWindow ------------------------------------------------------------------------

bool ReplayWindow::fresh(std::uint64_t counter) const {
  if (!any_ || counter > newest_) return true;
  if (newest_ - counter >= kReplayWindow) return false;
  return !bit(counter);
}

void ReplayWindow::mark(std::uint64_t counter) {
  if (!any_ || counter > newest_) {
    // The bits of the counters the window moves over belonged to counters a window behind.
    const std::uint64_t from = any_ ? newest_ + 1 : 0;
    if (!any_ || counter - newest_ >= kReplayWindow) {
      bits_.fill(0);
    } else {
      for (std::uint64_t c = from; c <= counter; ++c) bits_[(c / 64) % kWords] &= ~(std::uint64_t{1} << (c % 64));
    }
    any_ = true;
    newest_ = counter;
  }
  bits_[(counter / 64) % kWords] |= std::uint64_t{1} << (counter % 64);
}

// ---- PacketSealer ------------------------------------------------------------------------

PacketSealer::PacketSealer(const ChannelKey& key, std::size_t channels) : key_(key), next_(channels, 0) {
  assert(channels >= 1 && channels <= kMaxChannels);
  crypto::ensure_sodium();
}

void PacketSealer::seal(std::uint8_t channel, std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> out) {
  assert(channel < next_.size());
  assert(out.size() == sealed_size(plaintext.size()));
  const std::uint64_t counter = next_[channel]++;
  assert(counter != UINT64_MAX);
  for (std::size_t i = 0; i < kPacketCounterBytes; ++i) out[i] = static_cast<std::uint8_t>(counter >> (8 * i));
  const PacketNonce nonce = packet_nonce(channel, counter);
  unsigned long long written = 0;
  crypto_aead_chacha20poly1305_ietf_encrypt(out.data() + kPacketCounterBytes, &written, plaintext.data(),
                                            plaintext.size(), nullptr, 0, nullptr, nonce.data(),
                                            key_.expose().data());
}

// ---- PacketOpener ------------------------------------------------------------------------

PacketOpener::PacketOpener(const ChannelKey& key, std::span<const Delivery> channels) : key_(key) {
  assert(!channels.empty() && channels.size() <= kMaxChannels);
  crypto::ensure_sodium();
  for (Delivery d : channels) channels_.push_back(Incoming{d, 0, {}});
}

game::Result<std::span<std::uint8_t>, OpenError> PacketOpener::open(std::uint8_t channel, std::span<std::uint8_t> packet) {
  if (channel >= channels_.size()) return OpenError::no_such_channel;
  if (packet.size() < kSealOverhead) return OpenError::too_short;
  Incoming& in = channels_[channel];
  const std::uint64_t counter = read_counter(packet);
  // Replays are turned away before any cryptography; a gap is judged only once the packet
  // proved authentic (a forged counter must not end the connection).
  if (in.delivery == Delivery::ordered ? counter < in.next : !in.window.fresh(counter)) return OpenError::replayed;
  const PacketNonce nonce = packet_nonce(channel, counter);
  std::span<std::uint8_t> sealed = packet.subspan(kPacketCounterBytes);
  unsigned long long length = 0;
  if (crypto_aead_chacha20poly1305_ietf_decrypt(sealed.data(), &length, nullptr, sealed.data(), sealed.size(), nullptr,
                                                0, nonce.data(), key_.expose().data()) != 0) {
    return OpenError::forged;
  }
  if (in.delivery == Delivery::ordered) {
    if (counter != in.next) return OpenError::lost_packet;
    ++in.next;
  } else {
    in.window.mark(counter);
  }
  return sealed.first(static_cast<std::size_t>(length));
}

// ---- Channel -----------------------------------------------------------------------------

Channel::Channel(const ChannelKeys& keys, std::span<const Delivery> channels)
    : sealer_(keys.send, channels.size()), opener_(keys.receive, channels) {}

std::optional<std::span<std::uint8_t>> Channel::open(std::uint8_t channel, std::span<std::uint8_t> packet) {
  if (fault_) return std::nullopt;
  auto opened = opener_.open(channel, packet);
  if (opened) {
    ++stats_.opened;
    rejected_run_ = 0;
    return *opened;
  }
  switch (opened.error()) {
    case OpenError::lost_packet:
      fault_ = ChannelFault::lost_packet;
      return std::nullopt;
    case OpenError::replayed: ++stats_.replayed; break;
    case OpenError::too_short:
    case OpenError::no_such_channel:
    case OpenError::forged: ++stats_.forged; break;
  }
  if (++rejected_run_ >= kMaxRejectedRun) fault_ = ChannelFault::rejected_packets;
  return std::nullopt;
}

}  // namespace parley::lobby
