#pragma once
// For the seed programs (peer_fuzz_seeds, gunjin_fuzz_seeds, risiko_fuzz_seeds): one seed file.
#include <filesystem>
#include <fstream>
#include <span>
#include <string>

namespace parley::peer::fuzzing {

// Writes `bytes` as DIR/NAME, making DIR if need be.
inline void write_seed_file(const std::filesystem::path& dir, const std::string& name, std::span<const std::uint8_t> bytes) {
  std::filesystem::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace parley::peer::fuzzing
