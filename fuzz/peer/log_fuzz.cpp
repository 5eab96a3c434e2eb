// `parley verify` reads files from anyone: decoding and verifying arbitrary bytes gives a
// verdict, never a crash, and a log that decodes re-encodes to the same bytes.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "peer/log/plog.hpp"
#include "peer/log/verify.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto report = parley::peer::verify_bytes(in);
  if (report.valid != report.fault.empty()) std::abort();
  auto log = parley::peer::decode_log(in);
  if (!log.ok()) {
    if (report.valid) std::abort();
    return 0;
  }
  auto again = parley::lobby::encode(*log);
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  (void)parley::peer::format_json(report, "fuzz.plog");
  return 0;
}
