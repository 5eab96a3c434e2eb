// archive/compress: the gzip reader (PGN files handed round gzipped), against bytes written by
// GNU gzip (`printf 'parley\n' | gzip -n -9`).
#include "archive/compress.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace parley::archive {
namespace {

const std::vector<std::uint8_t> kParleyGz = {0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02,
                                             0x03, 0x2b, 0x48, 0x2c, 0xca, 0x49, 0xad, 0xe4, 0x02,
                                             0x00, 0xd4, 0x0a, 0x7a, 0x10, 0x07, 0x00, 0x00, 0x00};

TEST(InflateGzip, ReadsWhatGzipWrote) {
  ASSERT_TRUE(is_gzip(kParleyGz));
  auto text = inflate_gzip(kParleyGz, 1 << 20);
  ASSERT_TRUE(text) << text.error().detail;
  EXPECT_EQ(*text, "parley\n");
}

TEST(InflateGzip, ReadsEveryMemberOfConcatenatedFiles) {
  std::vector<std::uint8_t> two = kParleyGz;
  two.insert(two.end(), kParleyGz.begin(), kParleyGz.end());
  auto text = inflate_gzip(two, 1 << 20);
  ASSERT_TRUE(text) << text.error().detail;
  EXPECT_EQ(*text, "parley\nparley\n");
}

TEST(InflateGzip, RefusesMoreThanTheBound) {
  EXPECT_TRUE(inflate_gzip(kParleyGz, 7));
  auto over = inflate_gzip(kParleyGz, 6);
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().detail, "it inflates to more than 6 bytes");
}

TEST(InflateGzip, RefusesTruncatedCorruptAndTrailedData) {
  const std::vector<std::uint8_t> truncated(kParleyGz.begin(), kParleyGz.end() - 4);  // no length in the trailer
  ASSERT_FALSE(inflate_gzip(truncated, 1 << 20));
  EXPECT_EQ(inflate_gzip(truncated, 1 << 20).error().detail, "the compressed data ends early (a truncated file?)");

  std::vector<std::uint8_t> bad_crc = kParleyGz;
  bad_crc[19] ^= 0x01;
  ASSERT_FALSE(inflate_gzip(bad_crc, 1 << 20));
  EXPECT_EQ(inflate_gzip(bad_crc, 1 << 20).error().detail, "corrupt compressed data: incorrect data check");

  std::vector<std::uint8_t> trailed = kParleyGz;
  trailed.push_back('\n');
  ASSERT_FALSE(inflate_gzip(trailed, 1 << 20));
  EXPECT_EQ(inflate_gzip(trailed, 1 << 20).error().detail, "bytes after the end of the compressed data");

  EXPECT_FALSE(is_gzip(std::vector<std::uint8_t>{'[', 'E'}));
  EXPECT_FALSE(inflate_gzip(std::vector<std::uint8_t>{0x1f, 0x8b}, 1 << 20));
}

}  // namespace
}  // namespace parley::archive
