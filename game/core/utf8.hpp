#pragma once
// UTF-8 as RFC 3629 defines it (shortest forms only, no surrogates, at most U+10FFFF), and the
// one legacy encoding parley reads: text in files written before UTF-8 (PGN's own character set
// is ISO 8859-1).
#include <optional>
#include <string>
#include <string_view>

namespace parley::game {

// The code point starting at text[at], advancing `at` past it; nothing for malformed UTF-8
// (`at` then stays).
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& at);
void append_utf8(std::string& out, char32_t code_point);
bool is_valid_utf8(std::string_view text);
// Windows-1252 text (ISO 8859-1 with printable characters at 0x80–0x9F) as UTF-8; the five
// bytes Windows-1252 leaves undefined become U+FFFD.
std::string utf8_from_windows_1252(std::string_view text);

}  // namespace parley::game
