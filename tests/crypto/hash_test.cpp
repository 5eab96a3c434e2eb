#include "crypto/hash.hpp"

#include <gtest/gtest.h>

#include "tests/crypto/hex.hpp"

namespace parley::crypto {
namespace {

using testing::as_bytes;
using testing::to_hex;

constexpr DomainLabel kTest{"test"};

TEST(DomainLabel, SpellsParleyPurposeVersion) {
  EXPECT_EQ(kTest.text(), "parley/test/v1");
  EXPECT_EQ(DomainLabel{"pedersen-h"}.text(), "parley/pedersen-h/v1");
}

TEST(HashInput, StartsWithTheLengthPrefixedLabel) {
  HashInput in(kTest);
  in.bytes(as_bytes("ab"));
  game::Bytes expected{14, 0, 0, 0};
  for (char c : std::string_view("parley/test/v1")) expected.push_back(static_cast<std::uint8_t>(c));
  expected.insert(expected.end(), {2, 0, 0, 0, 'a', 'b'});
  EXPECT_EQ(game::Bytes(in.data().begin(), in.data().end()), expected);
}

// Reference values from Python's hashlib.blake2b over the same bytes:
//   u32 14 ‖ "parley/test/v1" ‖ u32 3 ‖ "abc" ‖ u64 7
TEST(Blake2b, MatchesHashlibOnALabelledInput) {
  HashInput in(kTest);
  in.bytes(as_bytes("abc")).u64(7);
  EXPECT_EQ(to_hex(blake2b_256(in)), "4ab3f66416c626c33c11e0e415b05faa7065bf97c36238b6490d6e826d1959e5");
  EXPECT_EQ(to_hex(blake2b_512(in)),
            "f9927e815a2dd000ccfe51c586dcb3f96b32b4b5217240376e22ec33cacb0500"
            "d50db1bb9df086e1db53391b4986126374779b2f336ee1abeca20d2625d0b5f9");
}

TEST(Blake2b, FieldBoundariesAndLabelsSeparateInputs) {
  HashInput split_a(kTest), split_b(kTest), other_label(DomainLabel{"test2"});
  split_a.bytes(as_bytes("ab")).bytes(as_bytes("c"));
  split_b.bytes(as_bytes("a")).bytes(as_bytes("bc"));
  other_label.bytes(as_bytes("ab")).bytes(as_bytes("c"));
  EXPECT_NE(blake2b_256(split_a), blake2b_256(split_b));
  EXPECT_NE(blake2b_256(split_a), blake2b_256(other_label));
}

}  // namespace
}  // namespace parley::crypto
