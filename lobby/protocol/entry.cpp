#include "lobby/protocol/entry.hpp"

#include <array>
#include <optional>

#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

namespace {

void write_payload(game::ByteWriter& out, const Genesis& g) {
  out.text(g.game);
  out.bytes(g.options);
  out.u8(static_cast<std::uint8_t>(g.seat_keys.size()));
  for (const auto& key : g.seat_keys) out.raw(key.bytes());
  out.raw(g.session_id.bytes);
  if (g.certificate) write_certificate(out, *g.certificate);
}
void write_payload(game::ByteWriter& out, const Handover& h) {
  write_certificate(out, h.certificate);
  out.u64(h.epoch);
}
void write_payload(game::ByteWriter& out, const SignedEnvelope& e) { write_signed_envelope(out, e); }
void write_payload(game::ByteWriter& out, const Presence& p) {
  out.u8(p.seat.index);
  out.u8(static_cast<std::uint8_t>(p.event));
}

Genesis read_genesis(WireReader& reader) {
  Genesis g;
  g.game = reader.text(kMaxGameNameBytes);
  g.options = reader.bytes(kMaxOptionsBytes);
  std::uint8_t seats = reader.u8();
  if (!reader.failed() && (seats < kMinSeats || seats > kMaxSeats)) reader.fail(WireError::bad_value);
  for (std::uint8_t i = 0; i < seats && !reader.failed(); ++i) {
    if (auto key = read_key(reader)) g.seat_keys.push_back(*key);
  }
  reader.raw(g.session_id.bytes);
  return g;
}

Handover read_handover(WireReader& reader) {
  NodeCertificate c = read_certificate(reader);
  std::uint64_t epoch = reader.u64();
  return Handover{std::move(c), epoch};
}

Presence read_presence(WireReader& reader) {
  Presence p;
  p.seat = game::Seat{reader.u8()};
  std::uint8_t event = reader.u8();
  if (reader.failed()) return p;
  if (p.seat.index >= kMaxSeats || event < 1 || event > 3) reader.fail(WireError::bad_value);
  p.event = static_cast<PresenceEvent>(event);
  return p;
}

}  // namespace

std::optional<crypto::PublicKey> read_key(WireReader& reader) {
  std::array<std::uint8_t, crypto::kPublicKeyBytes> raw{};
  reader.raw(raw);
  if (reader.failed()) return std::nullopt;
  auto key = crypto::PublicKey::from_bytes(raw);
  if (!key) {
    reader.fail(WireError::invalid_key);
    return std::nullopt;
  }
  return *key;
}

const crypto::PublicKey& any_valid_key() {
  // The Ed25519 base point.
  static const crypto::PublicKey key = [] {
    std::array<std::uint8_t, crypto::kPublicKeyBytes> b{};
    b.fill(0x66);
    b[0] = 0x58;
    return crypto::PublicKey::from_bytes(b).value();
  }();
  return key;
}

std::string_view describe(PresenceEvent event) {
  switch (event) {
    case PresenceEvent::disconnected: return "disconnected";
    case PresenceEvent::reconnected: return "reconnected";
    case PresenceEvent::left: return "left";
  }
  return "unknown presence event";
}

PayloadKind payload_kind(const EntryPayload& payload) {
  if (const auto* g = std::get_if<Genesis>(&payload)) return g->certificate ? PayloadKind::certified_genesis : PayloadKind::genesis;
  if (std::holds_alternative<Handover>(payload)) return PayloadKind::handover;
  return static_cast<PayloadKind>(payload.index());
}

Bytes entry_bytes(const Entry& entry) {
  game::ByteWriter out;
  write_header(out, WireTag::transcript_entry);
  out.u64(entry.index.value);
  out.u64(entry.lobby_time_ms);
  out.raw(entry.prev_entry_hash);
  out.u8(static_cast<std::uint8_t>(payload_kind(entry.payload)));
  std::visit([&](const auto& p) { write_payload(out, p); }, entry.payload);
  return std::move(out).take();
}

EntryHash chain_hash(const EntryHash& previous, std::span<const std::uint8_t> entry_bytes) {
  return crypto::blake2b_256(crypto::HashInput(kEntryHashLabel).bytes(previous).bytes(entry_bytes));
}

crypto::Signature sign_entry(const crypto::Identity& lobby, const SessionId& session,
                             std::span<const std::uint8_t> entry_bytes) {
  return lobby.sign(kEntrySignatureLabel, session.bytes, entry_bytes);
}

bool verify_entry_signature(const crypto::PublicKey& lobby_key, const SessionId& session,
                            std::span<const std::uint8_t> entry_bytes, const crypto::Signature& signature) {
  return crypto::verify_signature(lobby_key, kEntrySignatureLabel, session.bytes, entry_bytes, signature);
}

Bytes encode_signed_entry(std::span<const std::uint8_t> entry_bytes, const crypto::Signature& signature) {
  Bytes out;
  out.reserve(entry_bytes.size() + crypto::kSignatureBytes);
  out.insert(out.end(), entry_bytes.begin(), entry_bytes.end());
  out.insert(out.end(), signature.bytes().begin(), signature.bytes().end());
  return out;
}

Bytes encode_signed_entry(const SignedEntry& signed_entry) {
  return encode_signed_entry(entry_bytes(signed_entry.entry), signed_entry.signature);
}

SignedEntry read_signed_entry(WireReader& reader) {
  Entry e;
  reader.header(WireTag::transcript_entry);
  e.index = EntryIndex{reader.u64()};
  e.lobby_time_ms = reader.u64();
  reader.raw(e.prev_entry_hash);
  std::uint8_t kind = reader.u8();
  if (!reader.failed()) {
    switch (kind) {
      case static_cast<std::uint8_t>(PayloadKind::genesis): e.payload = read_genesis(reader); break;
      case static_cast<std::uint8_t>(PayloadKind::envelope): e.payload = read_signed_envelope(reader); break;
      case static_cast<std::uint8_t>(PayloadKind::presence): e.payload = read_presence(reader); break;
      case static_cast<std::uint8_t>(PayloadKind::certified_genesis): {
        Genesis g = read_genesis(reader);
        g.certificate = read_certificate(reader);
        e.payload = std::move(g);
        break;
      }
      case static_cast<std::uint8_t>(PayloadKind::handover): e.payload = read_handover(reader); break;
      default: reader.fail(WireError::bad_value);
    }
  }
  std::array<std::uint8_t, crypto::kSignatureBytes> sig{};
  reader.raw(sig);
  return SignedEntry{std::move(e), crypto::Signature::from_bytes(sig).value()};
}

game::Result<SignedEntry, WireError> decode_signed_entry(std::span<const std::uint8_t> bytes) {
  WireReader reader(bytes);
  SignedEntry e = read_signed_entry(reader);
  return reader.finish(std::move(e));
}

}  // namespace parley::lobby
