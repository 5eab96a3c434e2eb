#include "lobby/protocol/text.hpp"

#include <optional>

#include "game/core/utf8.hpp"
#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

namespace {

using game::append_utf8;
using game::next_code_point;

// Characters that lay text out or hide it rather than show it (Unicode general categories Cc
// and the Cf format characters that matter on screen): dropped.
bool is_invisible_or_control(char32_t cp) {
  if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) return true;       // C0, DEL, C1
  if (cp == 0x00AD) return true;                                   // soft hyphen
  if (cp >= 0x200B && cp <= 0x200F) return true;                   // zero-width, LRM, RLM
  if (cp >= 0x202A && cp <= 0x202E) return true;                   // bidi embeddings/overrides
  if (cp >= 0x2060 && cp <= 0x206F) return true;                   // word joiner, bidi isolates, …
  if (cp == 0xFEFF) return true;                                   // BOM / zero-width no-break
  if (cp >= 0xFFF9 && cp <= 0xFFFB) return true;                   // interlinear annotations
  if ((cp & 0xFFFE) == 0xFFFE) return true;                        // noncharacters U+xxFFFE/F
  if (cp >= 0xFDD0 && cp <= 0xFDEF) return true;                   // noncharacters
  if (cp >= 0xE0000 && cp <= 0xE007F) return true;                 // tag characters
  return false;
}

// Whitespace of every kind becomes one ASCII space (tabs and line breaks included, so a name or
// chat line never spans lines).
bool is_space(char32_t cp) {
  return cp == 0x20 || cp == 0x09 || cp == 0x0A || cp == 0x0B || cp == 0x0C || cp == 0x0D || cp == 0x85 ||
         cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

}  // namespace

std::string_view describe(TextError error) {
  switch (error) {
    case TextError::invalid_utf8: return "the text is not valid UTF-8";
    case TextError::empty: return "the text is empty once control and invisible characters are removed";
    case TextError::too_long: return "the text is too long";
  }
  return "unknown text error";
}

game::Result<std::string, TextError> sanitize_text(std::string_view raw, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0;
  bool pending_space = false;
  std::size_t i = 0;
  while (i < raw.size()) {
    auto cp = next_code_point(raw, i);
    if (!cp) return TextError::invalid_utf8;
    if (is_space(*cp)) {
      pending_space = chars > 0;  // leading spaces vanish
      continue;
    }
    if (is_invisible_or_control(*cp)) continue;
    if (pending_space) {
      out.push_back(' ');
      ++chars;
      pending_space = false;
    }
    append_utf8(out, *cp);
    ++chars;
    if (chars > max_chars) return TextError::too_long;
  }
  // A trailing space run is never written: pending_space is simply dropped.
  if (chars == 0) return TextError::empty;
  return out;
}

game::Result<std::string, TextError> sanitize_display_name(std::string_view raw) {
  return sanitize_text(raw, kMaxDisplayNameChars);
}

game::Result<std::string, TextError> sanitize_chat(std::string_view raw) {
  return sanitize_text(raw, kMaxChatChars);
}

bool is_valid_game_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxGameNameBytes) return false;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok) return false;
  }
  return true;
}

bool is_valid_invite_code(std::string_view code) {
  if (code.size() != kInviteCodeChars) return false;
  for (char c : code) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '2' && c <= '7');
    if (!ok) return false;
  }
  return true;
}

}  // namespace parley::lobby
