#pragma once
// Free text from players (display names, chat) and the few identifiers players type (game
// names, invite codes). Free text must be valid UTF-8; sanitising removes what could disguise
// or garble it on another player's screen — control characters, bidirectional overrides and
// invisible characters — folds whitespace runs to one space and trims the ends. A text that is
// empty afterwards, or longer than its bound, is refused rather than silently cut.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "game/core/result.hpp"

namespace parley::lobby {

enum class TextError : std::uint8_t {
  invalid_utf8,  // not well-formed UTF-8 (overlong forms, surrogates, beyond U+10FFFF)
  empty,         // nothing visible left
  too_long,      // more code points than allowed after sanitising
};
std::string_view describe(TextError error);

// The sanitised text, at most max_chars code points.
game::Result<std::string, TextError> sanitize_text(std::string_view raw, std::size_t max_chars);
game::Result<std::string, TextError> sanitize_display_name(std::string_view raw);
game::Result<std::string, TextError> sanitize_chat(std::string_view raw);

// 1..kMaxGameNameBytes characters of [a-z0-9-]: names a rules engine, never displayed raw.
bool is_valid_game_name(std::string_view name);
// kInviteCodeChars characters of the RFC 4648 base32 alphabet in lower case.
bool is_valid_invite_code(std::string_view code);

}  // namespace parley::lobby
