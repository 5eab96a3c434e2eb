#pragma once
// Shared checks for the crypto fuzz targets: a decoder either rejects the input with a typed
// error or returns a value whose canonical encoding is exactly the input.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "game/core/bytes.hpp"

namespace parley::crypto::fuzzing {

template <class Decoded>
void expect_canonical(std::span<const std::uint8_t> in, const Decoded& decoded) {
  if (!decoded.ok()) return;
  game::ByteWriter out;
  encode(*decoded, out);
  if (!std::equal(in.begin(), in.end(), out.data().begin(), out.data().end())) std::abort();
}

}  // namespace parley::crypto::fuzzing
