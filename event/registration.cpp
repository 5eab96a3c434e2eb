#include "event/registration.hpp"

#include <cassert>

#include "event/limits.hpp"

namespace parley::event {

namespace {

void write_registration_body(game::ByteWriter& out, const Digest& event_id, std::string_view name, const crypto::PublicKey& key) {
  write_header(out, WireTag::registration);
  out.raw(event_id);
  out.text(name);
  write_key(out, key);
}

}  // namespace

Bytes registration_message(const Digest& event_id, std::string_view name, const crypto::PublicKey& key) {
  game::ByteWriter out;
  write_registration_body(out, event_id, name, key);
  return std::move(out).take();
}

RegistrationRequest make_registration(const crypto::Identity& player, const Digest& event_id, std::string name) {
  RegistrationRequest r;
  r.event_id = event_id;
  r.name = std::move(name);
  r.key = player.public_key();
  r.signature = player.sign(kRegistrationLabel, event_id, registration_message(event_id, r.name, r.key));
  return r;
}

bool verify_registration(const RegistrationRequest& r) {
  return crypto::verify_signature(r.key, kRegistrationLabel, r.event_id, registration_message(r.event_id, r.name, r.key),
                                  r.signature);
}

Bytes encode(const RegistrationRequest& r) {
  game::ByteWriter out;
  write_registration_body(out, r.event_id, r.name, r.key);
  out.raw(r.signature.bytes());
  return std::move(out).take();
}

game::Result<RegistrationRequest, WireError> decode_registration(std::span<const std::uint8_t> bytes) {
  WireReader reader(bytes);
  RegistrationRequest r;
  reader.header(WireTag::registration);
  r.event_id = read_digest(reader);
  r.name = read_name(reader);
  r.key = read_key(reader);
  r.signature = read_signature(reader);
  return reader.finish(std::move(r));
}

Player accept_registration(const RegistrationRequest& request, std::optional<std::uint16_t> rating) {
  Player p;
  p.name = request.name;
  p.key = request.key;
  p.rating = rating;
  p.consent = request.signature;
  return p;
}

bool verify_consent(const Digest& event_id, const Player& player) {
  if (!player.consent) return true;
  return crypto::verify_signature(player.key, kRegistrationLabel, event_id,
                                  registration_message(event_id, player.name, player.key), *player.consent);
}

}  // namespace parley::event
