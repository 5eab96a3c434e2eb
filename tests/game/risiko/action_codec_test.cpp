// The canonical action encoding and its bounded decoder.
#include <set>

#include "support.hpp"

namespace parley::game::risiko {
namespace {
using namespace testing;

std::vector<Action> samples() {
  return {
      StartGame{{Colour::red, Colour::blue, Colour::green}, {S(2), S(0), S(1)}, std::vector<Seat>(42, S(1))},
      PlaceArmies{S(1), {{TerritoryId{3}, 7}, {TerritoryId{40}, 100000}}},
      TradeCards{S(5), {0, 4, 2}, {CardId{43}, CardId{0}, CardId{17}}},
      Attack{{S(0), TerritoryId{1}, TerritoryId{2}, 3}, roll({6, 1, 3}, {2, 2, 5})},
      MultiAttack{{S(3), TerritoryId{10}, TerritoryId{11}, 2}, {roll({1, 2, 3}, {4, 5}), roll({6, 6}, {1})}},
      MoveIn{S(2), 12},
      MoveArmies{S(4), TerritoryId{20}, TerritoryId{21}, 9},
      EndTurn{S(1)},
      ClaimVictory{S(0), MissionId{13}},
      LeaveGame{S(5)},
  };
}

TEST(RisikoActionCodec, RoundTripsEveryKind) {
  std::set<std::uint8_t> kinds;
  for (const Action& a : samples()) {
    const Bytes bytes = encode_action(a);
    ASSERT_GE(bytes.size(), 2u);
    EXPECT_EQ(bytes[0], 1) << "format version";
    kinds.insert(bytes[1]);
    auto back = decode_action(bytes);
    ASSERT_TRUE(back.ok()) << describe(back.error());
    EXPECT_EQ(*back, a);
    EXPECT_EQ(encode_action(*back), bytes);
  }
  EXPECT_EQ(kinds.size(), std::variant_size_v<Action>);
}

TEST(RisikoActionCodec, EveryTruncationAndEveryExtraByteIsAnError) {
  for (const Action& a : samples()) {
    const Bytes bytes = encode_action(a);
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      auto r = decode_action(std::span(bytes).first(n));
      ASSERT_FALSE(r.ok()) << n;
      EXPECT_EQ(r.error(), DecodeError::truncated);
    }
    Bytes longer = bytes;
    longer.push_back(0);
    EXPECT_EQ(decode_action(longer).error(), DecodeError::trailing_bytes);
  }
}

TEST(RisikoActionCodec, FieldsOutOfRange) {
  EXPECT_EQ(decode_action(Bytes{2, 8, 0}).error(), DecodeError::bad_value);  // version
  EXPECT_EQ(decode_action(Bytes{1, 0, 0}).error(), DecodeError::bad_value);  // kind 0
  EXPECT_EQ(decode_action(Bytes{1, 11, 0}).error(), DecodeError::bad_value);  // kind past the last
  EXPECT_EQ(decode_action(Bytes{1, 8, 6}).error(), DecodeError::bad_value);  // seat 6
  // An attack with a die showing 7, with no dice, with four dice.
  EXPECT_EQ(decode_action(Bytes{1, 4, 0, 1, 2, 1, 1, 7, 1, 1}).error(), DecodeError::bad_value);
  EXPECT_EQ(decode_action(Bytes{1, 4, 0, 1, 2, 1, 0, 1, 1}).error(), DecodeError::bad_value);
  EXPECT_EQ(decode_action(Bytes{1, 4, 0, 1, 2, 1, 4, 1, 1, 1, 1, 1, 1}).error(), DecodeError::bad_value);
  EXPECT_TRUE(decode_action(Bytes{1, 4, 0, 1, 2, 1, 1, 6, 1, 1}).ok());
  // A colour past green.
  EXPECT_EQ(decode_action(Bytes{1, 1, 1, 6}).error(), DecodeError::bad_value);
}

TEST(RisikoActionCodec, CountsAreBoundedBeforeAllocating) {
  // M_ATTACK promising 70000 rounds: over the bound.
  ByteWriter w;
  w.u8(1);
  w.u8(5);
  w.u8(0);
  w.u8(1);
  w.u8(2);
  w.u32(1);
  w.u32(70000);
  EXPECT_EQ(decode_action(w.data()).error(), DecodeError::too_long);
  // Within the bound, but more rounds than bytes left: refused before allocating.
  ByteWriter v;
  v.u8(1);
  v.u8(5);
  v.u8(0);
  v.u8(1);
  v.u8(2);
  v.u32(1);
  v.u32(60000);
  v.u8(1);
  EXPECT_EQ(decode_action(v.data()).error(), DecodeError::truncated);
  // Placements: more than there can be territories.
  EXPECT_EQ(decode_action(Bytes{1, 2, 0, 241}).error(), DecodeError::too_long);
  EXPECT_EQ(decode_action(Bytes{1, 2, 0, 200, 1}).error(), DecodeError::truncated);
  // StartGame with seven colours.
  EXPECT_EQ(decode_action(Bytes{1, 1, 7, 0, 1, 2, 3, 4, 5, 0}).error(), DecodeError::too_long);
}

TEST(RisikoActionCodec, ActorOfEachAction) {
  const auto all = samples();
  EXPECT_EQ(actor(all[0]), std::nullopt);
  EXPECT_EQ(actor(all[3]), S(0));
  EXPECT_EQ(actor(all[4]), S(3));
  EXPECT_EQ(actor(all[9]), S(5));
  EXPECT_EQ(actor(Decision{AttackOrder{S(2), {}, {}, 1}}), S(2));
}

}  // namespace
}  // namespace parley::game::risiko
