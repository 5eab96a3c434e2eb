// Chou–Orlandi 1-out-of-N oblivious transfer.
#include <gtest/gtest.h>

#include "crypto/ot.hpp"

namespace parley::crypto {
namespace {

std::vector<std::vector<std::uint8_t>> numbered_entries(std::size_t n) {
  std::vector<std::vector<std::uint8_t>> e;
  for (std::size_t i = 0; i < n; ++i) e.push_back(std::vector<std::uint8_t>(33, static_cast<std::uint8_t>(i + 100)));
  return e;
}

TEST(ObliviousTransfer, TheReceiverGetsExactlyTheEntryItChose) {
  ProofContext transfer = ProofContext(SessionId::random()).position(5);
  auto entries = numbered_entries(17);
  for (std::uint32_t c = 0; c < 17; ++c) {
    OtSender sender = OtSender::create();
    OtChoice choice = OtChoice::make(sender.key(), c);
    OtTable table = encrypt_ot_table(transfer, sender, choice.request(), entries);
    ASSERT_EQ(table.entries.size(), 17u);
    auto got = decrypt_ot_choice(transfer, choice, table);
    ASSERT_TRUE(got.ok()) << c;
    EXPECT_EQ(*got, entries[c]);
    // Any other choice with the same mask is another request: it opens nothing.
    OtChoice other = OtChoice::restore(sender.key(), (c + 1) % 17, choice.mask());
    EXPECT_EQ(decrypt_ot_choice(transfer, other, table).error(), OtError::cannot_decrypt);
  }
}

TEST(ObliviousTransfer, TheRequestHidesTheChoice) {
  // R = c·S + x·G is a fresh uniform point for every request, whatever c is.
  OtSender sender = OtSender::create();
  EXPECT_NE(OtChoice::make(sender.key(), 3).request(), OtChoice::make(sender.key(), 3).request());
}

TEST(ObliviousTransfer, TheSendersSecretOpensEveryEntryInADispute) {
  ProofContext transfer = ProofContext(SessionId::random()).position(6);
  auto entries = numbered_entries(17);
  OtSender sender = OtSender::create();
  OtChoice choice = OtChoice::make(sender.key(), 9);
  OtTable table = encrypt_ot_table(transfer, sender, choice.request(), entries);
  for (std::uint32_t i = 0; i < 17; ++i) {
    auto got = decrypt_ot_entry(transfer, sender.secret(), choice.request(), table, i);
    ASSERT_TRUE(got.ok()) << i;
    EXPECT_EQ(*got, entries[i]);
  }
  EXPECT_EQ(decrypt_ot_entry(transfer, sender.secret(), choice.request(), table, 17).error(), OtError::no_such_entry);
  // A wrong secret opens nothing.
  EXPECT_FALSE(decrypt_ot_entry(transfer, Scalar::random_nonzero(), choice.request(), table, 9).ok());
}

TEST(ObliviousTransfer, TablesAreBoundToTheirTransferAndResistTampering) {
  ProofContext transfer = ProofContext(SessionId::random()).position(7);
  OtSender sender = OtSender::create();
  OtChoice choice = OtChoice::make(sender.key(), 2);
  OtTable table = encrypt_ot_table(transfer, sender, choice.request(), numbered_entries(4));
  EXPECT_FALSE(decrypt_ot_choice(ProofContext(SessionId::random()).position(7), choice, table).ok());
  auto tampered = table;
  tampered.entries[2][20] ^= 1;
  EXPECT_EQ(decrypt_ot_choice(transfer, choice, tampered).error(), OtError::cannot_decrypt);
  // A table made for another request does not open for this one.
  OtChoice other = OtChoice::make(sender.key(), 2);
  OtTable for_other = encrypt_ot_table(transfer, sender, other.request(), numbered_entries(4));
  EXPECT_FALSE(decrypt_ot_choice(transfer, choice, for_other).ok());
}

}  // namespace
}  // namespace parley::crypto
