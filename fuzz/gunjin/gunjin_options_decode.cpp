// decode_options on arbitrary bytes: a typed error or options that re-encode to the same byte.
#include <cstdint>
#include <cstdlib>

#include "game/gunjin/options.hpp"

using namespace parley::game;
using namespace parley::game::gunjin;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteReader in({data, size});
  auto options = decode_options(in);
  if (!options || !in.finish()) return 0;
  ByteWriter out;
  encode(*options, out);
  if (out.data() != Bytes(data, data + size)) std::abort();
  return 0;
}
