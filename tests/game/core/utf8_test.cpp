// UTF-8 against RFC 3629's rules and Windows-1252 against the Unicode Consortium's mapping
// table (MAPPINGS/VENDORS/MICSFT/WINDOWS/CP1252.TXT).
#include "game/core/utf8.hpp"

#include <gtest/gtest.h>

namespace parley::game {
namespace {

TEST(Utf8, ValidTextPassesAndMalformedTextIsRefused) {
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("M\xc3\xbcller \xe2\x82\xac \xf0\x9f\x98\x80"));  // ü, €, an emoji
  EXPECT_FALSE(is_valid_utf8("M\xfcller"));                                    // Latin-1 ü
  EXPECT_FALSE(is_valid_utf8("\xc0\x80"));                                     // overlong NUL
  EXPECT_FALSE(is_valid_utf8("\xe0\x80\xaf"));                                 // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));                                 // a surrogate
  EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));                             // above U+10FFFF
  EXPECT_FALSE(is_valid_utf8("ab\xe2\x82"));                                   // cut short
  EXPECT_FALSE(is_valid_utf8("\x80"));                                         // a lone continuation
}

TEST(Utf8, CodePointsDecodeAndEncodeBack) {
  const std::string text = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
  std::size_t at = 0;
  std::string again;
  for (char32_t expected : {U'a', U'\u00e9', U'\u20ac', U'\U0001f600'}) {
    auto cp = next_code_point(text, at);
    ASSERT_TRUE(cp.has_value());
    EXPECT_EQ(*cp, expected);
    append_utf8(again, *cp);
  }
  EXPECT_EQ(at, text.size());
  EXPECT_EQ(again, text);
  std::size_t bad = 0;
  EXPECT_FALSE(next_code_point("\xff", bad).has_value());
  EXPECT_EQ(bad, 0U);
}

TEST(Utf8, Windows1252IsReadByTheConsortiumsTable) {
  EXPECT_EQ(utf8_from_windows_1252("Caf\xe9 M\xfcller"), "Caf\xc3\xa9 M\xc3\xbcller");  // as ISO 8859-1
  EXPECT_EQ(utf8_from_windows_1252("\x80"), "\xe2\x82\xac");                            // 0x80 €
  EXPECT_EQ(utf8_from_windows_1252("\x93q\x94"), "\xe2\x80\x9cq\xe2\x80\x9d");          // “q”
  EXPECT_EQ(utf8_from_windows_1252("\x9f"), "\xc5\xb8");                                // Ÿ
  // The five bytes the table leaves undefined.
  EXPECT_EQ(utf8_from_windows_1252("\x81\x8d\x8f\x90\x9d"),
            "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
  EXPECT_EQ(utf8_from_windows_1252("\xff"), "\xc3\xbf");  // ÿ
  EXPECT_EQ(utf8_from_windows_1252("plain"), "plain");
}

}  // namespace
}  // namespace parley::game
