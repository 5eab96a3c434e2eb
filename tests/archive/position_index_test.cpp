// The packed position block: a known answer worked out by hand from the format in
// archive/position_index.hpp, the round trip, every kind of damage the decoder refuses, and a
// batch packed on two threads.
#include "archive/position_index.hpp"

#include <gtest/gtest.h>

#include "archive/schema.hpp"
#include "archive/sqlite_connection.hpp"

#include <algorithm>

namespace parley::archive {
namespace {

TEST(PositionBlock, EncodesTheKnownAnswer) {
  // Group 0xABC; first game 300.
  const std::vector<PositionEntry> entries = {
      {0xABCD'0102'0304'0506, 300, 0},    // suffix 06 05 04 03 02 01 0D, game +0, ply 0
      {0xABCD'0102'0304'0506, 430, 200},  // game +130 = 82 01, ply 200 = C8 01
      {0xABCD'FFFF'FFFF'FFFF, 301, 5},
  };
  const game::Bytes expected = {0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x0D, 0x00, 0x00,  //
                                0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x0D, 0x82, 0x01, 0xC8, 0x01,
                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x0D, 0x01, 0x05};
  EXPECT_EQ(key_prefix(entries[0].key), 0xABC);
  EXPECT_EQ(encode_position_block(entries, 300), expected);
  auto decoded = decode_position_block(0xABC, 300, expected);
  ASSERT_TRUE(decoded.ok()) << decoded.error().detail;
  EXPECT_EQ(*decoded, entries);
}

// Schema version 2's layout, which its migration reads: group 0xABCD, six-byte suffixes.
TEST(PositionBlock, EncodesTheKnownAnswerOfVersionTwo) {
  const std::vector<PositionEntry> entries = {
      {0xABCD'0102'0304'0506, 300, 0},
      {0xABCD'0102'0304'0506, 430, 200},
      {0xABCD'FFFF'FFFF'FFFF, 301, 5},
  };
  const game::Bytes expected = {0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x00, 0x00,  //
                                0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x82, 0x01, 0xC8, 0x01,
                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x05};
  EXPECT_EQ(kKeyLayoutV2.prefix_of(entries[0].key), 0xABCD);
  EXPECT_EQ(encode_position_block(entries, 300, kKeyLayoutV2), expected);
  auto decoded = decode_position_block(0xABCD, 300, expected, kKeyLayoutV2);
  ASSERT_TRUE(decoded.ok()) << decoded.error().detail;
  EXPECT_EQ(*decoded, entries);
  // Read with the current layout, the same bytes are refused.
  EXPECT_FALSE(decode_position_block(0xABC, 300, expected).ok());
}

TEST(PositionBlock, RoundTripsLargeGamesAndPliesInEveryGroup) {
  for (const KeyLayout layout : {kKeyLayout, kKeyLayoutV2}) {
    const std::uint64_t suffixes = std::uint64_t{1} << layout.suffix_bits();
    for (std::int64_t prefix : {std::int64_t{0}, layout.groups() / 2 - 1, layout.groups() / 2, layout.groups() - 1}) {
      const std::uint64_t group = static_cast<std::uint64_t>(prefix) << layout.suffix_bits();
      std::vector<PositionEntry> entries;
      for (std::uint64_t i = 0; i < 200; ++i)
        entries.push_back({group | (i * 0x9E37'79B9'7F4A'7C15 % suffixes), std::int64_t{1} << 40 | static_cast<std::int64_t>(i * 7919 % 1000),
                           static_cast<std::int64_t>(i * 37 % 6000)});
      entries.push_back({group, INT64_MAX, INT64_MAX});
      entries.push_back({group | (suffixes - 1), 0, 0});
      std::sort(entries.begin(), entries.end());
      entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
      const std::int64_t first = std::min_element(entries.begin(), entries.end(), [](auto& a, auto& b) {
                                   return a.game < b.game;
                                 })->game;
      auto bytes = encode_position_block(entries, first, layout);
      auto decoded = decode_position_block(prefix, first, bytes, layout);
      ASSERT_TRUE(decoded.ok()) << decoded.error().detail;
      EXPECT_EQ(*decoded, entries);
    }
  }
}

TEST(PositionBlock, AnEmptyBlockHoldsNothing) {
  auto decoded = decode_position_block(5, 0, {});
  ASSERT_TRUE(decoded.ok());
  EXPECT_TRUE(decoded->empty());
}

void expect_refused(std::int64_t prefix, std::int64_t first_game, const game::Bytes& bytes, const std::string& why) {
  auto decoded = decode_position_block(prefix, first_game, bytes);
  ASSERT_FALSE(decoded.ok()) << why;
  EXPECT_NE(decoded.error().detail.find(why), std::string::npos) << decoded.error().detail;
}

TEST(PositionBlock, DamageIsRefusedWithItsReason) {
  const game::Bytes key = {1, 2, 3, 4, 5, 6, 7};
  auto with = [&](std::initializer_list<std::uint8_t> tail) {
    game::Bytes b = key;
    b.insert(b.end(), tail);
    return b;
  };
  expect_refused(0, 0, {1, 2, 3, 4, 5, 6}, "truncated key");
  // A suffix reaching into the prefix's bits: another spelling of a key of the row's group.
  expect_refused(0, 0, {1, 2, 3, 4, 5, 6, 0x10, 0x00, 0x00}, "key suffix too large");
  expect_refused(0, 0, with({}), "bad game number");
  expect_refused(0, 0, with({0x80}), "bad game number");          // varint cut off
  expect_refused(0, 0, with({0x80, 0x00, 0x00}), "bad game number");  // overlong zero
  expect_refused(0, 0, with({0x00}), "bad ply");
  expect_refused(0, 0, with({0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}), "bad ply");  // > 63 bits
  EXPECT_TRUE(decode_position_block(0, 0, with({0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F})).ok());
  expect_refused(0, 10, with({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x00}), "game number overflows");
  game::Bytes twice = with({0x00, 0x00});
  twice.insert(twice.end(), twice.begin(), twice.end());
  expect_refused(0, 0, twice, "out of order");
  expect_refused(-1, 0, {}, "out of range");
  expect_refused(0x1000, 0, {}, "out of range");
  EXPECT_TRUE(decode_position_block(0x1000, 0, {}, kKeyLayoutV2).ok());
  expect_refused(0, -1, {}, "negative");
}

// A batch large enough to be gathered and packed on two threads gives the same rows as one sorted
// batch written by insert_position_blocks: groups near the key's top bit, repeated keys across
// games and the start of every game included, and batches whose keys all lie in one half (half
// of the pieces are then empty).
TEST(PositionIndex, ALargeBatchOnTwoThreadsWritesTheRowsOfOneSortedBatch) {
  std::uint64_t state = 0x2545'F491'4F6C'DD1D;
  auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  auto rows_of = [](SqliteConnection& db) {
    return db.query("SELECT KeyPrefix, FirstGameID, Entries FROM PositionBlock ORDER BY KeyPrefix, FirstGameID");
  };
  const std::uint64_t near_split[] = {0x7FFF'0000'0000'0001, 0x8000'0000'0000'0001, 0x0000'0000'0000'0002};
  const std::uint64_t kTopBit = std::uint64_t{1} << 63;
  // Keys as drawn, all with the top bit cleared, all with it set.
  const std::pair<std::uint64_t, std::uint64_t> kTopBits[] = {{0, 0}, {kTopBit, 0}, {0, kTopBit}};
  for (const auto& [mask_off, mask_on] : kTopBits) {
    SCOPED_TRACE(::testing::Message() << "top bit cleared " << (mask_off != 0) << ", set " << (mask_on != 0));
    std::vector<PositionEntry> batch;
    for (std::int64_t game = 0; game < 1000; ++game) {
      batch.push_back({(near_split[game % 3] & ~mask_off) | mask_on, game, 0});
      for (std::int64_t ply = 1; ply < 100; ++ply) batch.push_back({(next() & ~mask_off) | mask_on, game, ply});
    }
    ASSERT_GT(batch.size(), std::size_t{1} << 16);  // over the threshold for a helper thread
    SqliteConnection two_threads(":memory:"), one_sorted(":memory:");
    migrate(two_threads);
    migrate(one_sorted);
    std::vector<PositionEntry> sorted = batch;
    std::sort(sorted.begin(), sorted.end());
    HeldPositions held;
    // Backwards: the gathering must not rely on the order the store adds them in.
    for (auto e = batch.rbegin(); e != batch.rend(); ++e) held.add(*e);
    index_positions(two_threads, held);
    insert_position_blocks(one_sorted, sorted);
    const auto rows = rows_of(two_threads);
    EXPECT_EQ(rows.size(), rows_of(one_sorted).size());
    EXPECT_TRUE(rows == rows_of(one_sorted));
    EXPECT_EQ(all_positions(two_threads), sorted);
    EXPECT_EQ(find_position(two_threads, (near_split[1] & ~mask_off) | mask_on).size(), 333U);
  }
}

// Held entries keep a game and its ply in one word: the largest of each comes back whole, and
// anything beyond is refused rather than folded into another game's entry.
TEST(HeldPositions, KeepTheLargestGamesAndPliesAndRefuseLarger) {
  const std::int64_t last_game = (std::int64_t{1} << 40) - 1, last_ply = (std::int64_t{1} << 24) - 1;
  HeldPositions held;
  held.add({~std::uint64_t{0}, last_game, last_ply});
  held.add({0, 0, 0});
  EXPECT_EQ(held.size(), 2U);
  EXPECT_EQ(held.bucket(HeldPositions::kBuckets - 1).front().entry(), (PositionEntry{~std::uint64_t{0}, last_game, last_ply}));
  EXPECT_EQ(held.bucket(0).front().entry(), (PositionEntry{0, 0, 0}));
  EXPECT_THROW(held.add({1, last_game + 1, 0}), SqlError);
  EXPECT_THROW(held.add({1, 0, last_ply + 1}), SqlError);
  EXPECT_THROW(held.add({1, -1, 0}), SqlError);
  EXPECT_EQ(held.size(), 2U);
}

// Reserved room is made ready a step ahead of the entries (HeldPositions::make_ready): a bucket
// that fills its room and moves on, and a bucket cleared and filled again, keep every entry in
// the order added.
TEST(HeldPositions, KeepEveryEntryOfABucketThatOutgrowsItsReservedRoom) {
  HeldPositions held;
  held.reserve(HeldPositions::kBuckets * 2048);  // 4,096 entries a bucket, 64 KB
  const std::uint64_t in_bucket_3 = std::uint64_t{3} << (64 - HeldPositions::kBucketBits);
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE(round);
    held.clear();
    const std::int64_t n = 3 * 4096 + 17;
    for (std::int64_t i = 0; i < n; ++i) held.add({in_bucket_3 | static_cast<std::uint64_t>(i), i, i % 300});
    held.add({0, 1, 2});
    ASSERT_EQ(held.size(), static_cast<std::size_t>(n) + 1);
    const auto bucket = held.bucket(3);
    ASSERT_EQ(bucket.size(), static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
      ASSERT_EQ(bucket[static_cast<std::size_t>(i)].entry(), (PositionEntry{in_bucket_3 | static_cast<std::uint64_t>(i), i, i % 300}));
    EXPECT_EQ(held.bucket(0).front().entry(), (PositionEntry{0, 1, 2}));
  }
}

}  // namespace
}  // namespace parley::archive
