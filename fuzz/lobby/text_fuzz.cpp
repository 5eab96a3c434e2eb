// Free text from players: sanitising never crashes, its output is valid, bounded and a fixed
// point (sanitising it again changes nothing).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/text.hpp"

using namespace parley::lobby;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  for (std::size_t max : {kMaxDisplayNameChars, kMaxChatChars}) {
    auto once = sanitize_text(in, max);
    if (!once.ok()) continue;
    if (once->empty() || once->size() > 4 * max) std::abort();
    auto twice = sanitize_text(*once, max);
    if (!twice.ok() || *twice != *once) std::abort();
  }
  (void)is_valid_game_name(in);
  (void)is_valid_invite_code(in);
  return 0;
}
