// Room options come from the genesis, which any room creator writes: decoding is total and
// canonical (what decodes re-encodes to the same bytes; the empty blob is the defaults), and
// its event, site and round are texts room_text leaves unchanged (safe to print).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "peer/session/options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto options = parley::peer::decode_room_options(in);
  if (!options.ok()) return 0;
  if (in.empty()) return 0;
  auto again = parley::peer::encode(*options);
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  if (options->response_limit_ms == 0) std::abort();  // a silent seat must never stall a game
  for (const std::string* text : {&options->event, &options->site, &options->round})
    if (parley::peer::room_text(*text) != *text) std::abort();
  return 0;
}
