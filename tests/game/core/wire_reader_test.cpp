#include "game/core/wire_reader.hpp"

#include <gtest/gtest.h>

namespace parley::game {
namespace {

enum class Tag : std::uint8_t { greeting = 7, farewell = 8 };
enum class Error : std::uint8_t { truncated, too_long, bad_value, trailing_bytes, wrong_kind, unsupported_version };
using Reader = WireReader<Tag, Error, 3>;

TEST(WireReader, ReadsAHeaderAndLittleEndianFields) {
  const Bytes in{7, 3, 0x02, 0x01, 1, 2, 0, 0, 0, 'h', 'i'};
  Reader r(in);
  r.header(Tag::greeting);
  EXPECT_EQ(r.u16(), 0x0102);
  EXPECT_TRUE(r.boolean());
  EXPECT_EQ(r.text(2), "hi");
  auto done = r.finish(42);
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(*done, 42);
}

TEST(WireReader, AnotherTagOrVersionIsTyped) {
  const Bytes other_tag{8, 3};
  Reader a(other_tag);
  a.header(Tag::greeting);
  EXPECT_EQ(a.finish(0).error(), Error::wrong_kind);
  const Bytes other_version{7, 4};
  Reader b(other_version);
  b.header(Tag::greeting);
  EXPECT_EQ(b.finish(0).error(), Error::unsupported_version);
  // A kind whose format moved on names its version; the reader's default is then another's.
  Reader c(other_version);
  c.header(Tag::greeting, 4);
  EXPECT_TRUE(c.finish(0).ok());
}

TEST(WireReader, ALengthOverItsBoundFailsBeforeAnythingIsRead) {
  // Claims 4 GiB: refused by the bound, not by running out of input after allocating.
  const Bytes in{0xff, 0xff, 0xff, 0xff, 'x'};
  Reader r(in);
  EXPECT_TRUE(r.bytes(16).empty());
  EXPECT_EQ(r.finish(0).error(), Error::too_long);
}

TEST(WireReader, TheFirstErrorIsKeptAndLaterReadsGiveZeros) {
  const Bytes in{2, 0xaa};
  Reader r(in);
  EXPECT_FALSE(r.boolean());  // 2 is not a boolean
  EXPECT_EQ(r.u8(), 0);       // after the error: zeros, the input is not consumed further
  std::array<std::uint8_t, 4> raw{9, 9, 9, 9};
  r.raw(raw);
  EXPECT_EQ(raw, (std::array<std::uint8_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(r.finish(0).error(), Error::bad_value);
}

TEST(WireReader, TruncatedAndTrailingInputsAreTyped) {
  const Bytes short_input{1, 2, 3};
  Reader a(short_input);
  EXPECT_EQ(a.u32(), 0U);
  EXPECT_EQ(a.finish(0).error(), Error::truncated);
  const Bytes long_input{1, 2, 3};
  Reader b(long_input);
  EXPECT_EQ(b.u16(), 0x0201);
  EXPECT_EQ(b.finish(0).error(), Error::trailing_bytes);
}

}  // namespace
}  // namespace parley::game
