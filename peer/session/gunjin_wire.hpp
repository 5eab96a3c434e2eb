#pragma once
// Crypto records inside Gunjin messages: each one is written with its own encoder (tag, version,
// fields; docs/crypto.md) behind a u32 length, and read back with its own decoder, so every
// record keeps its canonical form and its bounds.
#include <cstddef>
#include <span>
#include <vector>

#include "crypto/wire.hpp"
#include "game/core/bytes.hpp"

namespace parley::peer {

// Bounds of the embedded records (each at least its largest honest encoding).
inline constexpr std::size_t kMaxMembershipProofBytes = 2 + 4 + 64 * 2 * 32;  // 64 branches of (e, z)
inline constexpr std::size_t kMaxDuelRecordBytes = 16 * 1024;                   // offers, requests, tables, openings

template <class T>
void write_embedded(game::ByteWriter& out, const T& record) {
  game::ByteWriter inner;
  encode(record, inner);
  out.bytes(inner.data());
}

// Reads a record of at most `max` bytes with `decode`; a failure is recorded in `in` and a
// default value returned (the caller's finish() reports the error).
template <class T>
T read_embedded(crypto::WireReader& in, std::size_t max,
                game::Result<T, crypto::WireError> (*decode)(std::span<const std::uint8_t>)) {
  const std::size_t length = in.count(max);
  std::vector<std::uint8_t> bytes(in.failed() ? 0 : length);
  in.raw(bytes);
  if (in.failed()) return T{};
  auto record = decode(bytes);
  if (!record) {
    in.fail(record.error());
    return T{};
  }
  return std::move(record).value();
}

}  // namespace parley::peer
