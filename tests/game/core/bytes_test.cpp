#include "game/core/bytes.hpp"

#include <gtest/gtest.h>

namespace parley::game {
namespace {

TEST(ByteWriter, EncodesLittleEndianFixedWidth) {
  ByteWriter w;
  w.u8(0x01);
  w.u16(0x0302);
  w.u32(0x07060504);
  w.u64(0x0f0e0d0c0b0a0908ULL);
  Bytes expected{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  EXPECT_EQ(w.data(), expected);
}

TEST(ByteWriter, PrefixesTextWithItsLength) {
  ByteWriter w;
  w.text("ab");
  EXPECT_EQ(w.data(), (Bytes{2, 0, 0, 0, 'a', 'b'}));
}

TEST(ByteReader, RoundTripsEveryFieldKind) {
  ByteWriter w;
  w.u8(200);
  w.u16(65000);
  w.u32(4000000000U);
  w.u64(0x8000000000000001ULL);
  w.text("parley");
  ByteReader r(w.data());
  EXPECT_EQ(*r.u8(), 200);
  EXPECT_EQ(*r.u16(), 65000);
  EXPECT_EQ(*r.u32(), 4000000000U);
  EXPECT_EQ(*r.u64(), 0x8000000000000001ULL);
  EXPECT_EQ(*r.text(16), "parley");
  EXPECT_TRUE(r.finish().ok());
}

TEST(ByteReader, RejectsTruncatedInput) {
  Bytes three{1, 2, 3};
  ByteReader r(three);
  auto v = r.u32();
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error(), DecodeError::truncated);
}

TEST(ByteReader, RejectsALengthAboveItsBoundBeforeReadingIt) {
  // A prefix claiming 4 GiB must be refused by the bound, not by an allocation failure.
  Bytes huge{0xff, 0xff, 0xff, 0xff};
  ByteReader r(huge);
  auto v = r.bytes(1024);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error(), DecodeError::too_long);
}

TEST(ByteReader, RejectsALengthBeyondTheInput) {
  Bytes short_field{5, 0, 0, 0, 'a', 'b'};
  ByteReader r(short_field);
  auto v = r.bytes(100);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error(), DecodeError::truncated);
}

TEST(ByteReader, FinishReportsTrailingBytes) {
  Bytes two{1, 2};
  ByteReader r(two);
  ASSERT_TRUE(r.u8().ok());
  auto done = r.finish();
  ASSERT_FALSE(done.ok());
  EXPECT_EQ(done.error(), DecodeError::trailing_bytes);
}

TEST(Fnv1a64, MatchesPublishedVectors) {
  // Reference values of FNV-1a 64 from the FNV authors' test suite.
  EXPECT_EQ(fnv1a64({}), 0xcbf29ce484222325ULL);
  const std::uint8_t a[] = {'a'};
  EXPECT_EQ(fnv1a64(a), 0xaf63dc4c8601ec8cULL);
  const std::uint8_t foobar[] = {'f', 'o', 'o', 'b', 'a', 'r'};
  EXPECT_EQ(fnv1a64(foobar), 0x85944171f73967e8ULL);
}

}  // namespace
}  // namespace parley::game
