// A TRF-16 file from another program: reading is bounded and total, and what reads writes back
// to a file that reads the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "event/trf.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  auto t = parley::event::read_trf(in);
  if (!t.ok()) return 0;
  auto again = parley::event::read_trf(parley::event::write_trf(*t));
  if (!again.ok() || !(*again == *t)) std::abort();
  return 0;
}
