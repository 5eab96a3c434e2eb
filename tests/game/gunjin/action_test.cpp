// Actions' canonical bytes and the bounded, typed decoder.
#include "game/gunjin/action.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "fixtures.hpp"

namespace parley::game::gunjin {
namespace {

using testing::kSeat0;
using testing::kSeat1;

std::vector<Action> samples() {
  std::vector<Action> out;
  out.push_back(Action{kSeat0, Play{Square{18}, Square{24}, std::nullopt, false}});
  out.push_back(Action{kSeat1, Play{Square{44}, Square{2}, BattleOutcome::attacker_takes, true}});
  out.push_back(Action{kSeat0, Play{Square{0}, Square{45}, BattleOutcome::defender_stays, false}});
  out.push_back(Action{kSeat1, Play{Square{30}, Square{31}, BattleOutcome::both_removed, false}});
  out.push_back(Action{kSeat0, NoLegalMove{}});
  out.push_back(Action{kSeat1, HaveLegalMove{}});
  out.push_back(Action{kSeat0, Resign{}});
  out.push_back(Action{kSeat1, OfferDraw{}});
  out.push_back(Action{kSeat0, AcceptDraw{}});
  return out;
}

TEST(ActionCodec, EveryKindOfActionRoundTrips) {
  for (const Action& a : samples()) {
    const Bytes bytes = encode(a);
    EXPECT_LE(bytes.size(), kMaxActionBytes);
    auto back = decode_action(bytes);
    ASSERT_TRUE(back) << describe(back.error().field);
    EXPECT_EQ(*back, a);
  }
}

TEST(ActionCodec, KnownAnswer) {
  EXPECT_EQ(encode(Action{kSeat1, Play{Square{44}, Square{2}, BattleOutcome::attacker_takes, true}}),
            (Bytes{1, 1, 0, 44, 2, 3, 1}));
  EXPECT_EQ(encode(Action{kSeat0, Play{Square{18}, Square{24}, std::nullopt, false}}), (Bytes{1, 0, 0, 18, 24, 0, 0}));
  EXPECT_EQ(encode(Action{kSeat0, Resign{}}), (Bytes{1, 0, 3}));
}

void expect_error(const Bytes& bytes, DecodeError error, ActionField field) {
  auto r = decode_action(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().error, error);
  EXPECT_EQ(r.error().field, field);
}

TEST(ActionCodec, MalformedInputGetsATypedError) {
  expect_error({}, DecodeError::truncated, ActionField::version);
  expect_error({2, 0, 3}, DecodeError::bad_value, ActionField::version);
  expect_error({0, 0, 3}, DecodeError::bad_value, ActionField::version);
  expect_error({1}, DecodeError::truncated, ActionField::actor);
  expect_error({1, 2, 3}, DecodeError::bad_value, ActionField::actor);
  expect_error({1, 0}, DecodeError::truncated, ActionField::tag);
  expect_error({1, 0, 6}, DecodeError::bad_value, ActionField::tag);
  expect_error({1, 0, 0}, DecodeError::truncated, ActionField::from);
  expect_error({1, 0, 0, 46, 0, 0, 0}, DecodeError::bad_value, ActionField::from);
  expect_error({1, 0, 0, 0}, DecodeError::truncated, ActionField::to);
  expect_error({1, 0, 0, 0, 255, 0, 0}, DecodeError::bad_value, ActionField::to);
  expect_error({1, 0, 0, 0, 1}, DecodeError::truncated, ActionField::battle);
  expect_error({1, 0, 0, 0, 1, 4, 0}, DecodeError::bad_value, ActionField::battle);
  expect_error({1, 0, 0, 0, 1, 0}, DecodeError::truncated, ActionField::hq_claim);
  expect_error({1, 0, 0, 0, 1, 0, 2}, DecodeError::bad_value, ActionField::hq_claim);
  expect_error({1, 0, 0, 0, 1, 0, 0, 0}, DecodeError::trailing_bytes, ActionField::end);
  expect_error({1, 0, 3, 0}, DecodeError::trailing_bytes, ActionField::end);
}

TEST(ActionCodec, EveryStringOfBoundaryBytesDecodesOrFailsCleanly) {
  // Every string of up to 7 bytes drawn from the fields' boundary values: each decodes to an
  // action that re-encodes to the same bytes, or fails with an error; none crashes.
  const std::vector<std::uint8_t> values = {0, 1, 2, 5, 45, 46};
  int decoded = 0;
  for (std::size_t length = 0; length <= kMaxActionBytes; ++length) {
    std::size_t total = 1;
    for (std::size_t i = 0; i < length; ++i) total *= values.size();
    for (std::size_t v = 0; v < total; ++v) {
      Bytes bytes;
      for (std::size_t i = 0, rest = v; i < length; ++i, rest /= values.size()) bytes.push_back(values[rest % values.size()]);
      auto r = decode_action(bytes);
      if (!r) continue;
      ++decoded;
      EXPECT_EQ(encode(*r), bytes);
    }
  }
  // Version 1 only. Fieldless actions: 2 seats x tags {1, 2, 5}. Plays (tag 0): 2 seats x
  // squares {0, 1, 2, 5, 45} squared x battle codes {0, 1, 2} x claims {0, 1}.
  EXPECT_EQ(decoded, 2 * 3 + 2 * 5 * 5 * 3 * 2);
}

}  // namespace
}  // namespace parley::game::gunjin
