#pragma once
// The secure channel's packets (docs/lobby.md, "Secure channel"; docs/security.md). Once the
// handshake (handshake.hpp) has given a connection its two keys, every ENet packet on every
// channel, in both directions, is
//   u64 counter ‖ ChaCha20-Poly1305-IETF(key of its direction, nonce = u32 channel ‖ u64 counter)
// that is the counter, the ciphertext and a 16-byte tag. Each direction and channel counts its
// packets from 0. A packet is opened before anything parses it: one that does not authenticate
// (tampered, forged, or sealed under another key), or that repeats a counter, is dropped and
// counted; a run of them, or a gap in an ordered channel (an authentic packet after one that
// never came: something on the path took its place), ends the connection with a typed fault.
#include <sodium.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/secret.hpp"
#include "game/core/result.hpp"

namespace parley::lobby {

inline constexpr std::size_t kChannelKeyBytes = crypto_aead_chacha20poly1305_ietf_KEYBYTES;   // 32
inline constexpr std::size_t kPacketNonceBytes = crypto_aead_chacha20poly1305_ietf_NPUBBYTES;  // 12
inline constexpr std::size_t kPacketCounterBytes = 8;
inline constexpr std::size_t kPacketTagBytes = crypto_aead_chacha20poly1305_ietf_ABYTES;  // 16
inline constexpr std::size_t kSealOverhead = kPacketCounterBytes + kPacketTagBytes;       // 24
// Unordered channels: how far behind the newest counter a packet may still arrive.
inline constexpr std::uint64_t kReplayWindow = 1024;
// Packets failing authentication (or replayed) in a row before the connection is closed.
inline constexpr std::uint32_t kMaxRejectedRun = 8;
inline constexpr std::size_t kMaxChannels = 255;

using ChannelKey = crypto::SecretBytes<kChannelKeyBytes>;

// One key per direction, from the handshake: a packet sealed by one side opens only at the other.
struct ChannelKeys {
  ChannelKey send;
  ChannelKey receive;
};

// How a channel's packets arrive. ENet's reliable channels deliver every packet once and in
// order, so their counters must follow one another exactly; unreliable ones may lose or reorder
// packets, so a window of recent counters keeps replays out.
enum class Delivery : std::uint8_t { ordered, unordered };

// The lobby protocol's channels: one, reliable and ordered (docs/lobby.md, "Transport").
inline constexpr std::array<Delivery, 1> kLobbyChannels{Delivery::ordered};

enum class OpenError : std::uint8_t {
  too_short,        // shorter than a counter and a tag
  no_such_channel,  // a channel the connection does not have
  replayed,         // a counter already opened, or too far behind the window
  forged,           // fails authentication: tampered with, forged, or sealed under another key
  lost_packet,      // authentic, but an ordered channel skipped counters: a packet was taken out
};
std::string_view describe(OpenError error);

// The counters an unordered channel has opened, the newest and kReplayWindow behind it.
class ReplayWindow {
 public:
  // Not opened yet and not too old.
  bool fresh(std::uint64_t counter) const;
  // Records an opened counter (fresh() was true and the packet authenticated).
  void mark(std::uint64_t counter);

 private:
  static constexpr std::size_t kWords = kReplayWindow / 64;
  static_assert(kReplayWindow % 64 == 0);
  bool bit(std::uint64_t counter) const { return (bits_[(counter / 64) % kWords] >> (counter % 64)) & 1U; }

  bool any_ = false;
  std::uint64_t newest_ = 0;
  std::array<std::uint64_t, kWords> bits_{};  // bit c % kReplayWindow: counter c was opened
};

// One direction's sending side: numbers and seals the packets of each channel.
class PacketSealer {
 public:
  PacketSealer(const ChannelKey& key, std::size_t channels);

  static constexpr std::size_t sealed_size(std::size_t plaintext) { return plaintext + kSealOverhead; }
  // Seals `plaintext` as the next packet of `channel` into `out`, exactly sealed_size() bytes
  // (the two must not overlap).
  void seal(std::uint8_t channel, std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> out);

 private:
  ChannelKey key_;
  std::vector<std::uint64_t> next_;  // per channel
};

// One direction's receiving side.
class PacketOpener {
 public:
  PacketOpener(const ChannelKey& key, std::span<const Delivery> channels);

  // Authenticates and decrypts `packet` in place; the plaintext is a view into it. Nothing
  // changes on an error (a forged packet cannot move the counters).
  game::Result<std::span<std::uint8_t>, OpenError> open(std::uint8_t channel, std::span<std::uint8_t> packet);

 private:
  struct Incoming {
    Delivery delivery = Delivery::ordered;
    std::uint64_t next = 0;  // ordered: the counter expected
    ReplayWindow window;     // unordered
  };
  ChannelKey key_;
  std::vector<Incoming> channels_;
};

// Why a channel gave up on its connection.
enum class ChannelFault : std::uint8_t {
  rejected_packets,  // kMaxRejectedRun packets in a row failed authentication or were replays
  lost_packet,       // an ordered channel lost a packet (OpenError::lost_packet)
};
std::string_view describe(ChannelFault fault);

struct ChannelStats {
  std::uint64_t opened = 0;    // packets that authenticated and were handed on
  std::uint64_t forged = 0;    // dropped: did not authenticate (or too short, or no such channel)
  std::uint64_t replayed = 0;  // dropped: a counter already used
};

// A connection's two directions and the policy over them.
class Channel {
 public:
  Channel(const ChannelKeys& keys, std::span<const Delivery> channels);

  static constexpr std::size_t sealed_size(std::size_t plaintext) { return PacketSealer::sealed_size(plaintext); }
  void seal(std::uint8_t channel, std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> out) {
    sealer_.seal(channel, plaintext, out);
  }
  // The plaintext of an authentic, fresh packet (a view into `packet`, decrypted in place), or
  // nothing: the packet was dropped and counted. Once faulted, nothing opens any more.
  std::optional<std::span<std::uint8_t>> open(std::uint8_t channel, std::span<std::uint8_t> packet);

  const std::optional<ChannelFault>& fault() const { return fault_; }
  const ChannelStats& stats() const { return stats_; }

 private:
  PacketSealer sealer_;
  PacketOpener opener_;
  ChannelStats stats_;
  std::uint32_t rejected_run_ = 0;
  std::optional<ChannelFault> fault_;
};

}  // namespace parley::lobby
