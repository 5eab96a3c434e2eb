#pragma once
// For the event fuzz targets: a decoded document must re-encode to exactly the input bytes.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "game/core/bytes.hpp"

namespace parley::event::fuzzing {

inline void require_same(const game::Bytes& again, std::span<const std::uint8_t> in) {
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
}

}  // namespace parley::event::fuzzing
