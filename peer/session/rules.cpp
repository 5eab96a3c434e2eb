#include "peer/session/rules.hpp"

namespace parley::peer {

namespace {
constexpr crypto::DomainLabel kStateHashLabel{"state-hash"};
}  // namespace

std::string_view describe(RulesError error) {
  switch (error) {
    case RulesError::unknown_game: return "the room's game is not one this build plays";
    case RulesError::bad_options: return "the room options do not decode";
    case RulesError::bad_seat_count: return "the game cannot be played by this many seats";
  }
  return "bad room";
}

crypto::Digest state_digest(std::span<const std::uint8_t> canonical_bytes) {
  crypto::HashInput input(kStateHashLabel);
  input.bytes(canonical_bytes);
  return crypto::blake2b_256(input);
}

}  // namespace parley::peer
