// The gzip reader of input files (`parley archive import`, `pgn check` and `verify` read a
// gzipped file as its contents, inflated a piece at a time by GzipReader). Nothing may crash;
// the bound must hold exactly (what inflates under a bound inflates the same under its own size,
// and not under one byte less); and the file's bytes fed in any pieces — here one byte at a
// time, and in pieces whose sizes the input's own bytes pick — give the same contents and the
// same verdict as fed whole.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "archive/compress.hpp"

using namespace parley;

namespace {

// The contents and the error of `in` fed in pieces: of `piece` bytes, or when 0, each the size
// of the byte it starts with (plus one).
std::pair<std::string, bool> fed_in_pieces(std::span<const std::uint8_t> in, std::size_t piece, std::size_t bound) {
  std::string out;
  bool over = false;
  archive::GzipReader reader;
  std::optional<archive::InflateError> error;
  for (std::size_t at = 0; at < in.size() && !error && !over;) {
    const std::size_t n = std::min(in.size() - at, piece ? piece : std::size_t{in[at]} + 1);
    error = reader.feed(in.subspan(at, n), [&](std::string_view p) {
      if (p.empty() || p.size() > archive::kGzipPieceBytes) __builtin_trap();
      if (out.size() + p.size() > bound) return !(over = true);
      out.append(p);
      return true;
    });
    at += n;
  }
  if (!error && !over) error = reader.finish();
  if (reader.inflated() < out.size()) __builtin_trap();
  return {out, !error && !over};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> in(data, size);
  constexpr std::size_t kBound = std::size_t{1} << 20;
  auto text = archive::inflate_gzip(in, kBound);
  for (std::size_t piece : {std::size_t{1}, std::size_t{0}}) {
    auto [pieces, ok] = fed_in_pieces(in, piece, kBound);
    if (ok != text.ok() || (ok && pieces != *text)) __builtin_trap();
  }
  if (!text) return 0;
  if (text->size() > kBound) __builtin_trap();
  auto exact = archive::inflate_gzip(in, text->size());
  if (!exact || *exact != *text) __builtin_trap();
  if (!text->empty() && archive::inflate_gzip(in, text->size() - 1)) __builtin_trap();
  return 0;
}
