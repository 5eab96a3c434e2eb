#pragma once
// What a proof or commitment is about. Every Fiat–Shamir challenge and every commitment hashes
// a ProofContext: the session id (fresh per game, from the lobby's genesis entry) followed by
// the caller's position fields (transcript index, deck id, card position, seat, …). A proof made
// for one session or position therefore fails everywhere else.
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/hash.hpp"
#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/core/seat.hpp"

namespace parley::crypto {

inline constexpr std::size_t kSessionIdBytes = 32;

struct SessionId {
  std::array<std::uint8_t, kSessionIdBytes> bytes{};
  static SessionId random();
  friend auto operator<=>(const SessionId&, const SessionId&) = default;
};

class ProofContext {
 public:
  explicit ProofContext(const SessionId& session) { fields_.bytes(session.bytes); }

  // Each call appends one field; the order of calls is part of the context.
  ProofContext& position(std::uint64_t index) {
    fields_.u64(index);
    return *this;
  }
  ProofContext& seat(game::Seat s) {
    fields_.u8(s.index);
    return *this;
  }
  ProofContext& field(std::span<const std::uint8_t> bytes) {
    fields_.bytes(bytes);
    return *this;
  }
  // What the proof is for, when one proof kind serves several purposes (a Schnorr proof for a
  // deck key, for an OT key, …).
  ProofContext& purpose(DomainLabel label) {
    label.write_to(fields_);
    return *this;
  }

  std::span<const std::uint8_t> bytes() const { return fields_.data(); }

 private:
  game::ByteWriter fields_;
};

}  // namespace parley::crypto
