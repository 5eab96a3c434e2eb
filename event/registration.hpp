#pragma once
// A player's registration request: the player signs, with their own key, the event id, the
// name they register under and their key (parley/registration/v1, context the event id). The
// organizer accepts it into the roster, keeping the signature as the player's consent, so anyone
// can see that the key's holder asked to play in this event under this name (docs/events.md).
#include <optional>
#include <span>
#include <string>

#include "crypto/identity.hpp"
#include "event/event.hpp"
#include "event/wire.hpp"

namespace parley::event {

struct RegistrationRequest {
  Digest event_id{};
  std::string name;
  crypto::PublicKey key = placeholder_key();
  crypto::Signature signature = crypto::Signature::from_bytes(std::array<std::uint8_t, crypto::kSignatureBytes>{}).value();
  friend bool operator==(const RegistrationRequest&, const RegistrationRequest&) = default;
};

// The bytes a player signs: tag, version, event id, name, key.
Bytes registration_message(const Digest& event_id, std::string_view name, const crypto::PublicKey& key);
// Precondition: name is in sanitised form (lobby::sanitize_text leaves it unchanged).
RegistrationRequest make_registration(const crypto::Identity& player, const Digest& event_id, std::string name);
[[nodiscard]] bool verify_registration(const RegistrationRequest& request);
Bytes encode(const RegistrationRequest& request);
game::Result<RegistrationRequest, WireError> decode_registration(std::span<const std::uint8_t> bytes);

// The roster entry for a verified request; the organizer sets the rating.
Player accept_registration(const RegistrationRequest& request, std::optional<std::uint16_t> rating);
// Whether a roster entry's consent, if any, is the player's signature for this event.
[[nodiscard]] bool verify_consent(const Digest& event_id, const Player& player);

}  // namespace parley::event
