#include "lobby/protocol/envelope.hpp"

#include <array>

#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

namespace {

void write_envelope(game::ByteWriter& out, const Envelope& e) {
  write_header(out, WireTag::envelope);
  out.raw(e.session_id.bytes);
  out.u8(e.seat.index);
  out.u64(e.seen_index.value);
  out.raw(e.seen_hash);
  out.u16(e.kind.value);
  out.bytes(e.body);
}

crypto::Signature signature_from(std::span<const std::uint8_t, crypto::kSignatureBytes> raw) {
  // A signature of the right length always converts; its validity is verify's business.
  return crypto::Signature::from_bytes(raw).value();
}

}  // namespace

Bytes envelope_bytes(const Envelope& envelope) {
  game::ByteWriter out;
  write_envelope(out, envelope);
  return std::move(out).take();
}

SignedEnvelope sign_envelope(const crypto::Identity& seat_identity, Envelope envelope) {
  Bytes message = envelope_bytes(envelope);
  crypto::Signature sig = seat_identity.sign(kEnvelopeLabel, envelope.session_id.bytes, message);
  return SignedEnvelope{std::move(envelope), sig};
}

bool verify_envelope(const crypto::PublicKey& seat_key, const SignedEnvelope& signed_envelope) {
  Bytes message = envelope_bytes(signed_envelope.envelope);
  return crypto::verify_signature(seat_key, kEnvelopeLabel, signed_envelope.envelope.session_id.bytes, message,
                                  signed_envelope.signature);
}

void write_signed_envelope(game::ByteWriter& out, const SignedEnvelope& signed_envelope) {
  write_envelope(out, signed_envelope.envelope);
  out.raw(signed_envelope.signature.bytes());
}

Bytes encode_signed_envelope(const SignedEnvelope& signed_envelope) {
  game::ByteWriter out;
  write_signed_envelope(out, signed_envelope);
  return std::move(out).take();
}

SignedEnvelope read_signed_envelope(WireReader& reader) {
  Envelope e;
  reader.header(WireTag::envelope);
  reader.raw(e.session_id.bytes);
  e.seat = game::Seat{reader.u8()};
  if (e.seat.index >= kMaxSeats) reader.fail(WireError::bad_value);
  e.seen_index = EntryIndex{reader.u64()};
  reader.raw(e.seen_hash);
  e.kind = EnvelopeKind{reader.u16()};
  e.body = reader.bytes(kMaxEnvelopeBody);
  std::array<std::uint8_t, crypto::kSignatureBytes> sig{};
  reader.raw(sig);
  return SignedEnvelope{std::move(e), signature_from(sig)};
}

game::Result<SignedEnvelope, WireError> decode_signed_envelope(std::span<const std::uint8_t> bytes) {
  WireReader reader(bytes);
  SignedEnvelope e = read_signed_envelope(reader);
  return reader.finish(std::move(e));
}

}  // namespace parley::lobby
