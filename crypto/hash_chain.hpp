#pragma once
// Hash chains: cheap per-event randomness (docs/design.md). A seat draws x_0 at random and
// publishes the anchor x_N, where x_{i+1} = BLAKE2b-256(parley/hash-chain/v1 ‖ session ‖ seat ‖ x_i).
// Its k-th contribution is x_{N−k}; anyone checks it by hashing it once and comparing with the
// previous value (the anchor for k = 1). Values are committed in advance, so a seat cannot
// choose them after seeing the other seat's; it can only refuse to reveal.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/secret.hpp"
#include "crypto/wire.hpp"
#include "game/core/seat.hpp"

namespace parley::crypto {

inline constexpr std::size_t kChainValueBytes = 32;
inline constexpr std::uint32_t kMaxChainLength = 1u << 16;

struct ChainValue {
  std::array<std::uint8_t, kChainValueBytes> bytes{};
  friend bool operator==(const ChainValue&, const ChainValue&) = default;
};

// x_{i+1} from x_i for this session and seat.
ChainValue chain_step(const SessionId& session, game::Seat seat, std::span<const std::uint8_t, kChainValueBytes> x);

// The owner's side: all values x_0..x_N, wiped on destruction.
class HashChain {
 public:
  // length N in [1, kMaxChainLength].
  static HashChain create(const SessionId& session, game::Seat seat, std::uint32_t length);
  // Rebuilds a chain from its persisted seed x_0 (crash recovery).
  static HashChain restore(const SessionId& session, game::Seat seat, const SecretBytes<kChainValueBytes>& seed,
                           std::uint32_t length);

  ChainValue anchor() const;  // x_N
  std::uint32_t length() const { return static_cast<std::uint32_t>(values_.size() - 1); }
  // x_{N−k} for k in [1, N]; nullopt once the chain is used up (publish a new anchor first).
  std::optional<ChainValue> contribution(std::uint32_t k) const;
  const SecretBytes<kChainValueBytes>& seed() const { return values_.front(); }

 private:
  HashChain() = default;
  std::vector<SecretBytes<kChainValueBytes>> values_;  // values_[i] = x_i
};

// Everyone else's side: follows one seat's chain from its anchor.
class ChainVerifier {
 public:
  ChainVerifier(const SessionId& session, game::Seat seat, const ChainValue& anchor)
      : session_(session), seat_(seat), last_(anchor) {}

  // Accepts the next contribution iff it hashes to the last accepted value (or the anchor).
  [[nodiscard]] bool accept(const ChainValue& next);
  std::uint32_t accepted() const { return accepted_; }
  const ChainValue& last() const { return last_; }

 private:
  SessionId session_;
  game::Seat seat_;
  ChainValue last_;
  std::uint32_t accepted_ = 0;
};

void encode(const ChainValue& value, game::ByteWriter& out);
game::Result<ChainValue, WireError> decode_chain_value(std::span<const std::uint8_t> in);

}  // namespace parley::crypto
