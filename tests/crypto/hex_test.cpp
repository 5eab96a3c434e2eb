// The project's one hex codec (libsodium's), both ways.
#include <gtest/gtest.h>

#include "crypto/hex.hpp"

namespace parley::crypto {
namespace {

TEST(Hex, EncodesLowerCaseTwoDigitsAByte) {
  EXPECT_EQ(to_hex(game::Bytes{}), "");
  EXPECT_EQ(to_hex(game::Bytes{0x00, 0x0f, 0xa0, 0xff}), "000fa0ff");
}

TEST(Hex, DecodesExactlyAnEvenRunOfHexDigits) {
  EXPECT_EQ(from_hex(""), game::Bytes{});
  EXPECT_EQ(from_hex("000fA0fF"), (game::Bytes{0x00, 0x0f, 0xa0, 0xff}));
  for (std::string_view bad : std::initializer_list<std::string_view>{"0", "000", "0g", "g0", " 00", "00 ", "00\n", "0x00", "-1", std::string_view("0\0", 2)})
    EXPECT_EQ(from_hex(bad), std::nullopt) << bad;
  game::Bytes all(256);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint8_t>(i);
  EXPECT_EQ(from_hex(to_hex(all)), all);
}

}  // namespace
}  // namespace parley::crypto
