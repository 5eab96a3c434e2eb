#pragma once
// Deterministic organizers, players and events for the event tests.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "event/event.hpp"

namespace parley::event::testing {

// The identity whose seed is 32 bytes of `tag`.
inline crypto::Identity identity(std::uint8_t tag) {
  std::array<std::uint8_t, crypto::kIdentitySeedBytes> seed{};
  seed.fill(tag);
  seed[0] = 0x5e;  // apart from the other test layers' seeds
  return crypto::Identity::from_seed(crypto::SecretBytes<crypto::kIdentitySeedBytes>::copy_of(seed));
}

// A public key for player i (0-based): deterministic, distinct for i < 65536.
inline crypto::PublicKey player_key(std::size_t i) {
  std::array<std::uint8_t, crypto::kIdentitySeedBytes> seed{};
  seed[0] = 0x9a;
  seed[1] = static_cast<std::uint8_t>(i);
  seed[2] = static_cast<std::uint8_t>(i >> 8);
  return crypto::Identity::from_seed(crypto::SecretBytes<crypto::kIdentitySeedBytes>::copy_of(seed)).public_key();
}

inline const crypto::Identity& organizer() {
  static const crypto::Identity id = identity(1);
  return id;
}
inline const crypto::Identity& lobby() {
  static const crypto::Identity id = identity(2);
  return id;
}

// An event of n players named P1..Pn (registration order), with the given ratings if any.
inline Event make_event(std::size_t n, GameKind game = GameKind::chess, PairingSystem system = PairingSystem::swiss,
                        std::uint16_t rounds = 5, std::vector<std::uint16_t> ratings = {}) {
  Event e;
  e.name = "Test open";
  e.game = game;
  e.system = system;
  e.rounds = rounds;
  e.clock = Clock{300'000, 2'000};
  e.table_size = game == GameKind::risiko ? 4 : 0;
  e.created_ms = 1'700'000'000'000;
  e.deadline_ms = 3'600'000;
  e.lobby_address = "127.0.0.1:7777";
  e.lobby_keys.push_back(lobby().public_key());
  e.organizer = organizer().public_key();
  for (std::size_t i = 0; i < n; ++i) {
    Player p;
    p.name = "P" + std::to_string(i + 1);
    p.key = player_key(i);
    if (i < ratings.size()) p.rating = ratings[i];
    e.roster.push_back(std::move(p));
  }
  return e;
}

}  // namespace parley::event::testing
