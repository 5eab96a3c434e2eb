#pragma once
// Finding the lobbies of the local network (docs/lobby.md, "LAN discovery"). A client
// broadcasts a LanProbe to UDP port kLanDiscoveryPort; a lobby that answers LAN searches
// (`parley host`, `parley-lobby --lan NAME`) replies to the sender with a LanAnswer: the name
// of its table, where its ENet port is, its key and how busy it is.
//
// The answer repeats the probe's nonce and is signed by the lobby's key over it, so a client
// takes only fresh answers to its own probes from whoever holds the key they name. A probe is
// padded to kLanProbeBytes and an answer is never longer, so a probe with a forged sender
// address cannot make a lobby send more than it was sent. An answer is still only a hint where
// to connect: the lobby's key it names is the one the client then insists on (the secure
// channel's handshake proves it).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "crypto/identity.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/text.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::lobby {

inline constexpr std::uint16_t kLanDiscoveryPort = 7778;
inline constexpr std::size_t kLanNonceBytes = 16;
inline constexpr std::size_t kLanProbeBytes = 320;
inline constexpr crypto::DomainLabel kLanAnswerLabel{"lan-answer"};
inline constexpr std::size_t kMaxLanNameChars = 40;   // code points after sanitising
inline constexpr std::size_t kMaxLanNameBytes = 160;  // UTF-8 bytes on the wire

using LanNonce = std::array<std::uint8_t, kLanNonceBytes>;

struct LanProbe {
  LanNonce nonce{};
  friend bool operator==(const LanProbe&, const LanProbe&) = default;
};

struct LanAnswer {
  LanNonce nonce{};
  // The lobby's IPv4 address in network byte order (on the wire: its four octets in order), or
  // 0: the address this answer came from (a lobby listening on every interface cannot know which
  // one the client reaches). Never 224.0.0.0 or above (multicast, reserved, broadcast).
  std::uint32_t lobby_ipv4 = 0;
  std::uint16_t lobby_port = 0;
  crypto::PublicKey lobby_key;
  std::string name;  // sanitised text, 1..kMaxLanNameChars code points
  std::uint32_t players_online = 0;
  std::uint32_t rooms_waiting = 0;
  std::uint32_t rooms_started = 0;
  // By lobby_key over (parley/lan-answer/v1, context = nonce, message = every field before it).
  std::array<std::uint8_t, crypto::kSignatureBytes> signature{};
  friend bool operator==(const LanAnswer&, const LanAnswer&) = default;
};

// The largest answer fits in a probe (no amplification).
inline constexpr std::size_t kMaxLanAnswerBytes =
    2 + kLanNonceBytes + 4 + 2 + crypto::kPublicKeyBytes + 4 + kMaxLanNameBytes + 3 * 4 + crypto::kSignatureBytes;
static_assert(kMaxLanAnswerBytes <= kLanProbeBytes);

// A lobby that answered (lobby/client/lan_search.hpp): where to connect, and what it said of
// itself.
struct LanTable {
  Endpoint lobby;  // an IPv4 address and the lobby's ENet port
  std::string name;
  crypto::PublicKey lobby_key;
  std::uint32_t players_online = 0;
  std::uint32_t rooms_waiting = 0;
  std::uint32_t rooms_started = 0;
  friend bool operator==(const LanTable&, const LanTable&) = default;
};

Bytes encode(const LanProbe& probe);  // exactly kLanProbeBytes
// The name must already be sanitised (sanitize_lan_name) and the port non-zero.
Bytes encode(const LanAnswer& answer);
// Sets the answer's key to the lobby's and signs it (after its nonce and counts are set).
void sign_lan_answer(LanAnswer& answer, const crypto::Identity& lobby);
game::Result<LanProbe, WireError> decode_lan_probe(std::span<const std::uint8_t> bytes);
// Also checks the signature (bad_value when it does not verify).
game::Result<LanAnswer, WireError> decode_lan_answer(std::span<const std::uint8_t> bytes);

// A table's name as a host typed it: sanitised like any free text.
game::Result<std::string, TextError> sanitize_lan_name(std::string_view raw);

}  // namespace parley::lobby
