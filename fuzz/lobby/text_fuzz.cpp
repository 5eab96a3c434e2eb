// Free text from players: sanitising never crashes, its output is valid, bounded and a fixed
// point (sanitising it again changes nothing). And the UTF-8 beneath it (game/core/utf8): the
// check agrees with the sanitiser, and Windows-1252 text always becomes valid UTF-8 of one code
// point per byte.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "game/core/utf8.hpp"
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
  const bool valid = parley::game::is_valid_utf8(in);
  auto chat = sanitize_text(in, kMaxChatChars);
  if (chat.ok() ? !valid : (chat.error() == TextError::invalid_utf8 && valid)) std::abort();
  const std::string converted = parley::game::utf8_from_windows_1252(in);
  if (!parley::game::is_valid_utf8(converted)) std::abort();
  std::size_t points = 0;
  for (std::size_t at = 0; at < converted.size(); ++points)
    if (!parley::game::next_code_point(converted, at)) std::abort();
  if (points != in.size()) std::abort();
  (void)is_valid_game_name(in);
  (void)is_valid_invite_code(in);
  return 0;
}
