#include "crypto/hash_chain.hpp"

#include <cassert>

#include "crypto/hash.hpp"

namespace parley::crypto {

namespace {
constexpr DomainLabel kChainLabel{"hash-chain"};
}

ChainValue chain_step(const SessionId& session, game::Seat seat, std::span<const std::uint8_t, kChainValueBytes> x) {
  HashInput prefix(kChainLabel);
  prefix.bytes(session.bytes).u8(seat.index);
  return ChainValue{blake2b_256(prefix, {x})};
}

HashChain HashChain::restore(const SessionId& session, game::Seat seat, const SecretBytes<kChainValueBytes>& seed,
                             std::uint32_t length) {
  assert(length >= 1 && length <= kMaxChainLength);
  HashChain chain;
  chain.values_.reserve(length + 1);
  chain.values_.push_back(seed);
  for (std::uint32_t i = 0; i < length; ++i) {
    ChainValue next = chain_step(session, seat, chain.values_.back().expose());
    chain.values_.push_back(SecretBytes<kChainValueBytes>::copy_of(next.bytes));
  }
  return chain;
}

HashChain HashChain::create(const SessionId& session, game::Seat seat, std::uint32_t length) {
  return restore(session, seat, SecretBytes<kChainValueBytes>::random(), length);
}

ChainValue HashChain::anchor() const {
  ChainValue v;
  std::copy(values_.back().expose().begin(), values_.back().expose().end(), v.bytes.begin());
  return v;
}

std::optional<ChainValue> HashChain::contribution(std::uint32_t k) const {
  if (k < 1 || k > length()) return std::nullopt;
  ChainValue v;
  auto x = values_[length() - k].expose();
  std::copy(x.begin(), x.end(), v.bytes.begin());
  return v;
}

bool ChainVerifier::accept(const ChainValue& next) {
  if (chain_step(session_, seat_, next.bytes) != last_) return false;
  last_ = next;
  ++accepted_;
  return true;
}

void encode(const ChainValue& value, game::ByteWriter& out) {
  write_header(out, WireTag::chain_value);
  out.raw(value.bytes);
}

game::Result<ChainValue, WireError> decode_chain_value(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::chain_value);
  ChainValue v;
  r.raw(v.bytes);
  return r.finish(v);
}

}  // namespace parley::crypto
