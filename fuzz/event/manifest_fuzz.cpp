// The bundle's manifest names files to open: whatever decodes names only plain file names, in
// order, each once.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "event/manifest.hpp"
#include "fuzz/event/canonical.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto m = parley::event::decode_manifest(in);
  if (!m.ok()) return 0;
  parley::event::fuzzing::require_same(parley::event::encode(*m), in);
  const auto& files = m->manifest.files;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!parley::event::is_bundle_file_name(files[i].file)) std::abort();
    if (i > 0 && !(files[i - 1].file < files[i].file)) std::abort();
  }
  return 0;
}
