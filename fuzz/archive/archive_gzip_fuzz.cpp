// The gzip reader of input files (inflate_gzip: `parley archive import`, `pgn check` and `verify`
// read a gzipped file as its contents). Nothing may crash, and the bound must hold exactly: what
// inflates under a bound inflates the same under its own size, and not under one byte less.
#include <cstddef>
#include <cstdint>
#include <span>

#include "archive/compress.hpp"

using namespace parley;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> in(data, size);
  constexpr std::size_t kBound = std::size_t{1} << 20;
  auto text = archive::inflate_gzip(in, kBound);
  if (!text) return 0;
  if (text->size() > kBound) __builtin_trap();
  auto exact = archive::inflate_gzip(in, text->size());
  if (!exact || *exact != *text) __builtin_trap();
  if (!text->empty() && archive::inflate_gzip(in, text->size() - 1)) __builtin_trap();
  return 0;
}
