#include "crypto/ot.hpp"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <cassert>

#include "crypto/hash.hpp"
#include "crypto/secret.hpp"

namespace parley::crypto {

namespace {

constexpr DomainLabel kOtKeyLabel{"ot-key"};
constexpr DomainLabel kOtNonceLabel{"ot-nonce"};
static_assert(crypto_secretbox_KEYBYTES == kDigestBytes);

SecretBytes<crypto_secretbox_KEYBYTES> entry_key(const ProofContext& transfer, const Point& sender_key,
                                                 const Point& request, std::uint32_t index, const Point& p) {
  HashInput in(kOtKeyLabel);
  in.bytes(transfer.bytes());
  absorb(in, sender_key);
  absorb(in, request);
  in.u32(index);
  // P_i is the secret shared by sender and (for i = c) receiver: fed without a heap copy.
  return SecretBytes<crypto_secretbox_KEYBYTES>::copy_of(blake2b_256(in, {p.bytes()}));
}

std::array<std::uint8_t, crypto_secretbox_NONCEBYTES> entry_nonce(const ProofContext& transfer, std::uint32_t index) {
  HashInput in(kOtNonceLabel);
  in.bytes(transfer.bytes()).u32(index);
  WideDigest d = blake2b_512(in);
  std::array<std::uint8_t, crypto_secretbox_NONCEBYTES> nonce{};
  std::copy_n(d.begin(), nonce.size(), nonce.begin());
  return nonce;
}

game::Result<std::vector<std::uint8_t>, OtError> open_entry(const ProofContext& transfer, const Point& sender_key,
                                                            const Point& request, const OtTable& table,
                                                            std::uint32_t index, const Point& p) {
  if (index >= table.entries.size()) return OtError::no_such_entry;
  const auto& sealed = table.entries[index];
  if (sealed.size() < crypto_secretbox_MACBYTES) return OtError::cannot_decrypt;
  auto key = entry_key(transfer, sender_key, request, index, p);
  auto nonce = entry_nonce(transfer, index);
  std::vector<std::uint8_t> plain(sealed.size() - crypto_secretbox_MACBYTES);
  if (crypto_secretbox_open_easy(plain.data(), sealed.data(), sealed.size(), nonce.data(), key.expose().data()) != 0) {
    return OtError::cannot_decrypt;
  }
  return plain;
}

}  // namespace

std::string_view describe(OtError error) {
  switch (error) {
    case OtError::no_such_entry: return "the OT table has no such entry";
    case OtError::cannot_decrypt: return "the OT entry does not open with its key";
  }
  return "unknown OT error";
}

OtSender::OtSender(const Scalar& secret) : secret_(secret), key_(secret * Point::base()) {}
OtSender OtSender::create() { return OtSender(Scalar::random_nonzero()); }
OtSender OtSender::restore(const Scalar& secret) { return OtSender(secret); }

OtChoice::OtChoice(const Point& sender_key, std::uint32_t choice, const Scalar& mask)
    : choice_(choice),
      mask_(mask),
      sender_key_(sender_key),
      request_(Scalar::from_u64(choice) * sender_key + mask * Point::base()) {}
OtChoice OtChoice::make(const Point& sender_key, std::uint32_t choice) {
  return OtChoice(sender_key, choice, Scalar::random_nonzero());
}
OtChoice OtChoice::restore(const Point& sender_key, std::uint32_t choice, const Scalar& mask) {
  return OtChoice(sender_key, choice, mask);
}

OtTable encrypt_ot_table(const ProofContext& transfer, const OtSender& sender, const Point& request,
                         std::span<const std::vector<std::uint8_t>> entries) {
  assert(!entries.empty() && entries.size() <= kMaxOtWidth);
  const Point t = sender.secret() * sender.key();  // T = y·S
  Point p = sender.secret() * request;            // P_0 = y·R
  OtTable table;
  table.entries.reserve(entries.size());
  for (std::uint32_t i = 0; i < entries.size(); ++i) {
    assert(entries[i].size() == entries[0].size() && entries[i].size() <= kMaxOtEntryBytes);
    if (i > 0) p = p - t;
    auto key = entry_key(transfer, sender.key(), request, i, p);
    auto nonce = entry_nonce(transfer, i);
    std::vector<std::uint8_t> sealed(crypto_secretbox_MACBYTES + entries[i].size());
    crypto_secretbox_easy(sealed.data(), entries[i].data(), entries[i].size(), nonce.data(), key.expose().data());
    table.entries.push_back(std::move(sealed));
  }
  return table;
}

game::Result<std::vector<std::uint8_t>, OtError> decrypt_ot_choice(const ProofContext& transfer, const OtChoice& choice,
                                                                   const OtTable& table) {
  return open_entry(transfer, choice.sender_key(), choice.request(), table, choice.choice(),
                    choice.mask() * choice.sender_key());
}

game::Result<std::vector<std::uint8_t>, OtError> decrypt_ot_entry(const ProofContext& transfer,
                                                                  const Scalar& sender_secret, const Point& request,
                                                                  const OtTable& table, std::uint32_t index) {
  Point s = sender_secret * Point::base();
  Point p = sender_secret * request - (Scalar::from_u64(index) * sender_secret) * s;
  return open_entry(transfer, s, request, table, index, p);
}

void write_ot_table(game::ByteWriter& out, const OtTable& table) {
  out.u8(static_cast<std::uint8_t>(table.entries.size()));
  out.u16(static_cast<std::uint16_t>(table.entries.empty() ? 0 : table.entries[0].size()));
  for (const auto& e : table.entries) out.raw(e);
}

OtTable read_ot_table(WireReader& in) {
  OtTable table;
  std::size_t n = in.u8();
  std::size_t size = in.u16();
  if (!in.failed() && (n == 0 || n > kMaxOtWidth || size < crypto_secretbox_MACBYTES ||
                       size > crypto_secretbox_MACBYTES + kMaxOtEntryBytes)) {
    in.fail(WireError::bad_value);
  }
  if (in.failed()) return table;
  table.entries.reserve(n);
  for (std::size_t i = 0; i < n && !in.failed(); ++i) {
    std::vector<std::uint8_t> e(size);
    in.raw(e);
    table.entries.push_back(std::move(e));
  }
  return table;
}

}  // namespace parley::crypto
