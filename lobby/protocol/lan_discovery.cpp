#include "lobby/protocol/lan_discovery.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "lobby/protocol/entry.hpp"

namespace parley::lobby {

namespace {

// An address in network byte order as its four octets, first to last, whatever this machine's
// byte order: the same bytes on every peer.
std::array<std::uint8_t, 4> ipv4_octets(std::uint32_t network_order) {
  std::array<std::uint8_t, 4> octets{};
  std::memcpy(octets.data(), &network_order, octets.size());
  return octets;
}

// Every field of an answer before its signature.
Bytes signed_part(const LanAnswer& answer) {
  game::ByteWriter w;
  write_header(w, WireTag::lan_answer);
  w.raw(answer.nonce);
  w.raw(ipv4_octets(answer.lobby_ipv4));
  w.u16(answer.lobby_port);
  w.raw(answer.lobby_key.bytes());
  w.text(answer.name);
  w.u32(answer.players_online);
  w.u32(answer.rooms_waiting);
  w.u32(answer.rooms_started);
  return std::move(w).take();
}

}  // namespace

Bytes encode(const LanProbe& probe) {
  game::ByteWriter w;
  write_header(w, WireTag::lan_probe);
  w.raw(probe.nonce);
  Bytes out = std::move(w).take();
  out.resize(kLanProbeBytes, 0);
  return out;
}

Bytes encode(const LanAnswer& answer) {
  Bytes out = signed_part(answer);
  out.insert(out.end(), answer.signature.begin(), answer.signature.end());
  return out;
}

void sign_lan_answer(LanAnswer& answer, const crypto::Identity& lobby) {
  answer.lobby_key = lobby.public_key();
  const crypto::Signature s = lobby.sign(kLanAnswerLabel, answer.nonce, signed_part(answer));
  std::copy(s.bytes().begin(), s.bytes().end(), answer.signature.begin());
}

game::Result<LanProbe, WireError> decode_lan_probe(std::span<const std::uint8_t> bytes) {
  if (bytes.size() > kLanProbeBytes) return WireError::too_long;
  WireReader r(bytes);
  r.header(WireTag::lan_probe, wire_version(WireTag::lan_probe));
  LanProbe probe;
  r.raw(probe.nonce);
  // The padding is part of the format (zeros, to the full size): a shorter probe would let a
  // forged one draw an answer larger than itself.
  if (!r.failed() && bytes.size() != kLanProbeBytes) r.fail(WireError::truncated);
  const auto padding = r.view(r.remaining());
  if (std::ranges::any_of(padding, [](std::uint8_t b) { return b != 0; })) r.fail(WireError::bad_value);
  return r.finish(probe);
}

game::Result<LanAnswer, WireError> decode_lan_answer(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  r.header(WireTag::lan_answer, wire_version(WireTag::lan_answer));
  LanNonce nonce{};
  r.raw(nonce);
  std::array<std::uint8_t, 4> octets{};
  r.raw(octets);
  // Not a multicast, reserved or broadcast address (224.0.0.0 and up): a client would not reach
  // a lobby there.
  if (!r.failed() && octets[0] >= 224) r.fail(WireError::bad_value);
  std::uint32_t ipv4 = 0;
  std::memcpy(&ipv4, octets.data(), octets.size());
  const std::uint16_t port = r.u16();
  if (!r.failed() && port == 0) r.fail(WireError::bad_value);
  std::optional<crypto::PublicKey> key = read_key(r);
  std::string name = r.text(kMaxLanNameBytes);
  // Only a name that sanitising leaves as it is: a table's name reaches a screen or a terminal.
  if (!r.failed()) {
    auto clean = sanitize_lan_name(name);
    if (!clean || *clean != name) r.fail(WireError::bad_value);
  }
  const std::uint32_t players = r.u32();
  const std::uint32_t waiting = r.u32();
  const std::uint32_t started = r.u32();
  std::array<std::uint8_t, crypto::kSignatureBytes> signature{};
  r.raw(signature);
  auto complete = r.finish(true);
  if (!complete) return complete.error();
  LanAnswer answer{nonce, ipv4, port, *key, std::move(name), players, waiting, started, signature};
  // Only what the key it names signed, for this probe.
  if (!crypto::verify_signature(answer.lobby_key, kLanAnswerLabel, answer.nonce, signed_part(answer),
                                crypto::Signature::from_bytes(signature).value())) {
    return WireError::bad_value;
  }
  return answer;
}

game::Result<std::string, TextError> sanitize_lan_name(std::string_view raw) {
  if (raw.size() > kMaxLanNameBytes) return TextError::too_long;
  auto clean = sanitize_text(raw, kMaxLanNameChars);
  if (clean && clean->size() > kMaxLanNameBytes) return TextError::too_long;
  return clean;
}

}  // namespace parley::lobby
