// Placement rules and the layout's bytes.
#include "game/gunjin/layout.hpp"

#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace parley::game::gunjin {
namespace {

using testing::kLayout;

TEST(Layout, TheArmyIsTwentyThreePiecesOfSixteenKinds) {
  int total = 0;
  for (Kind k : kAllKinds) total += army_count(k);
  EXPECT_EQ(total, 23);
  EXPECT_EQ(army_count(Kind::captain), 2);
  EXPECT_EQ(army_count(Kind::plane), 2);
  EXPECT_EQ(army_count(Kind::mine), 2);
  EXPECT_EQ(army_count(Kind::flag), 1);
  EXPECT_EQ(army_count(Kind::cavalry), 1);
}

TEST(Layout, AValidLayoutPasses) { EXPECT_TRUE(validate_layout(kLayout).ok()); }

TEST(Layout, ASecondGeneralIsTheWrongArmy) {
  Layout layout = kLayout;
  layout[0] = Kind::general;  // replaces a 大尉
  auto r = validate_layout(layout);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().problem, PlacementError::Problem::wrong_count);
  EXPECT_EQ(r.error().kind, Kind::general);
}

TEST(Layout, AMissingFlagIsTheWrongArmy) {
  Layout layout = kLayout;
  layout[7] = Kind::captain;
  auto r = validate_layout(layout);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().problem, PlacementError::Problem::wrong_count);
}

TEST(Layout, MinesAndTheFlagMayNotStandOnAGate) {
  for (std::uint8_t gate : {std::uint8_t{18}, std::uint8_t{21}}) {
    for (std::uint8_t immovable : {std::uint8_t{1}, std::uint8_t{7}}) {  // a mine, the flag
      Layout layout = kLayout;
      std::swap(layout[gate], layout[immovable]);
      auto r = validate_layout(layout);
      ASSERT_FALSE(r) << int(gate) << " " << int(immovable);
      EXPECT_EQ(r.error().problem, PlacementError::Problem::immovable_on_gate);
      EXPECT_EQ(r.error().slot, gate);
      EXPECT_EQ(r.error().kind, kLayout[immovable]);
    }
  }
}

TEST(Layout, AMineInTheHqAndTheFlagOnTheBackRowAreAllowed) {
  Layout layout = kLayout;
  std::swap(layout[2], layout[1]);  // mine into the HQ, 大将 to slot 1
  std::swap(layout[7], layout[4]);  // flag onto the back row
  EXPECT_TRUE(validate_layout(layout).ok());
  // Any other square of the camp is free for them too.
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    Layout l = kLayout;
    std::swap(l[slot], l[7]);
    EXPECT_EQ(validate_layout(l).ok(), !is_gate_slot(slot)) << int(slot);
  }
}

TEST(Layout, BytesRoundTripAndBadKindsAreRejected) {
  ByteWriter out;
  encode(kLayout, out);
  ASSERT_EQ(out.data().size(), kArmySize);
  ByteReader in(out.data());
  auto back = decode_layout(in);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, kLayout);
  EXPECT_TRUE(in.finish());

  Bytes bad = out.data();
  bad[5] = 16;
  ByteReader bad_in(bad);
  auto r = decode_layout(bad_in);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), DecodeError::bad_value);

  Bytes short_input(out.data().begin(), out.data().end() - 1);
  ByteReader short_in(short_input);
  auto t = decode_layout(short_in);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error(), DecodeError::truncated);
}

TEST(Options, BytesRoundTripAndUnknownBitsAreRejected) {
  for (int bits = 0; bits < 8; ++bits) {
    const Options options{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0};
    ByteWriter out;
    encode(options, out);
    ASSERT_EQ(out.data(), Bytes{static_cast<std::uint8_t>(bits)});
    ByteReader in(out.data());
    auto back = decode_options(in);
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, options);
  }
  const Bytes bad = {8};
  ByteReader in(bad);
  EXPECT_EQ(decode_options(in).error(), DecodeError::bad_value);
  ByteReader empty(std::span<const std::uint8_t>{});
  EXPECT_EQ(decode_options(empty).error(), DecodeError::truncated);
}

}  // namespace
}  // namespace parley::game::gunjin
