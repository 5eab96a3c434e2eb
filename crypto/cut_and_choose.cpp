#include "crypto/cut_and_choose.hpp"

#include <sodium.h>

#include <cassert>

#include "crypto/hash.hpp"
#include "crypto/stream.hpp"

namespace parley::crypto {

namespace {

constexpr DomainLabel kCutAndChooseLabel{"shuffle-cut-and-choose"};
static_assert(kCutAndChooseRounds <= 8 * kDigestBytes, "the challenge bits come from one digest");

struct Alternative {
  std::vector<std::uint16_t> order;  // σ_k: alternative position j holds input σ_k(j)
  std::vector<Scalar> masks;         // t_{k,j}
};

Alternative derive_alternative(std::span<const std::uint8_t, kRoundSeedBytes> seed, std::size_t n) {
  DeterministicStream stream(seed);
  Alternative alt;
  alt.masks.reserve(n);
  for (std::size_t j = 0; j < n; ++j) alt.masks.push_back(stream.scalar());
  alt.order.resize(n);
  for (std::size_t j = 0; j < n; ++j) alt.order[j] = static_cast<std::uint16_t>(j);
  for (std::size_t j = n; j > 1; --j) {
    std::size_t k = stream.below(static_cast<std::uint32_t>(j));
    std::swap(alt.order[j - 1], alt.order[k]);
  }
  return alt;
}

HashInput statement(const ProofContext& context, const Point& joint_key, std::span<const MaskedCard> input,
                    std::span<const MaskedCard> output) {
  HashInput in(kCutAndChooseLabel);
  in.bytes(context.bytes());
  absorb(in, joint_key);
  in.u16(static_cast<std::uint16_t>(input.size()));
  for (const MaskedCard& c : input) absorb(in, c);
  for (const MaskedCard& c : output) absorb(in, c);
  return in;
}

bool challenge_bit(const Digest& digest, std::size_t k) { return ((digest[k / 8] >> (k % 8)) & 1) != 0; }

bool is_permutation(std::span<const std::uint16_t> p, std::size_t n) {
  if (p.size() != n) return false;
  std::vector<bool> seen(n, false);
  for (std::uint16_t v : p) {
    if (v >= n || seen[v]) return false;
    seen[v] = true;
  }
  return true;
}

}  // namespace

CutAndChooseProof prove_cut_and_choose(const ProofContext& context, const Point& joint_key,
                                       std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                                       std::span<const std::uint16_t> permutation, std::span<const Scalar> masks) {
  const std::size_t n = input.size();
  assert(output.size() == n && permutation.size() == n && masks.size() == n);
  HashInput in = statement(context, joint_key, input, output);
  std::vector<SecretBytes<kRoundSeedBytes>> seeds;
  seeds.reserve(kCutAndChooseRounds);
  for (std::size_t k = 0; k < kCutAndChooseRounds; ++k) {
    seeds.push_back(SecretBytes<kRoundSeedBytes>::random());
    Alternative alt = derive_alternative(seeds.back().expose(), n);
    for (std::size_t j = 0; j < n; ++j) absorb(in, remask(input[alt.order[j]], joint_key, alt.masks[j]));
  }
  Digest bits = blake2b_256(in);

  CutAndChooseProof proof;
  proof.rounds.reserve(kCutAndChooseRounds);
  for (std::size_t k = 0; k < kCutAndChooseRounds; ++k) {
    if (!challenge_bit(bits, k)) {
      OpenedToInput opened;
      std::copy(seeds[k].expose().begin(), seeds[k].expose().end(), opened.seed.begin());
      proof.rounds.emplace_back(opened);
      continue;
    }
    Alternative alt = derive_alternative(seeds[k].expose(), n);
    std::vector<std::uint16_t> inverse(n);  // σ_k⁻¹
    for (std::size_t j = 0; j < n; ++j) inverse[alt.order[j]] = static_cast<std::uint16_t>(j);
    OpenedToOutput opened;
    opened.link.resize(n);
    opened.masks.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      opened.link[i] = inverse[permutation[i]];
      opened.masks[i] = masks[i] - alt.masks[opened.link[i]];
    }
    proof.rounds.emplace_back(std::move(opened));
  }
  return proof;
}

bool verify_cut_and_choose(const ProofContext& context, const Point& joint_key, std::span<const MaskedCard> input,
                           std::span<const MaskedCard> output, const CutAndChooseProof& proof) {
  const std::size_t n = input.size();
  if (n == 0 || n > kMaxDeckSize || output.size() != n || proof.rounds.size() != kCutAndChooseRounds) return false;
  HashInput in = statement(context, joint_key, input, output);
  std::vector<MaskedCard> alternative(n);
  for (const CutAndChooseRound& round : proof.rounds) {
    if (const auto* to_input = std::get_if<OpenedToInput>(&round)) {
      Alternative alt = derive_alternative(to_input->seed, n);
      for (std::size_t j = 0; j < n; ++j) alternative[j] = remask(input[alt.order[j]], joint_key, alt.masks[j]);
    } else {
      const auto& to_output = std::get<OpenedToOutput>(round);
      if (!is_permutation(to_output.link, n) || to_output.masks.size() != n) return false;
      for (std::size_t i = 0; i < n; ++i) {
        alternative[to_output.link[i]] = remask(output[i], joint_key, -to_output.masks[i]);
      }
    }
    for (const MaskedCard& c : alternative) absorb(in, c);
  }
  Digest bits = blake2b_256(in);
  for (std::size_t k = 0; k < kCutAndChooseRounds; ++k) {
    bool opened_to_output = std::holds_alternative<OpenedToOutput>(proof.rounds[k]);
    if (challenge_bit(bits, k) != opened_to_output) return false;
  }
  return true;
}

void write_proof(game::ByteWriter& out, const CutAndChooseProof& proof) {
  out.u8(static_cast<std::uint8_t>(proof.rounds.size()));
  std::size_t n = 0;
  for (const auto& round : proof.rounds) {
    if (const auto* o = std::get_if<OpenedToOutput>(&round)) n = o->link.size();
  }
  out.u16(static_cast<std::uint16_t>(n));  // 0 when every round opened to the input
  for (const auto& round : proof.rounds) {
    if (const auto* to_input = std::get_if<OpenedToInput>(&round)) {
      out.u8(0);
      out.raw(to_input->seed);
    } else {
      const auto& to_output = std::get<OpenedToOutput>(round);
      out.u8(1);
      for (std::uint16_t v : to_output.link) out.u16(v);
      for (const Scalar& u : to_output.masks) write_scalar(out, u);
    }
  }
}

CutAndChooseProof read_cut_and_choose_proof(WireReader& in) {
  CutAndChooseProof proof;
  std::size_t rounds = in.u8();
  std::size_t n = in.u16();
  if (!in.failed() && (rounds != kCutAndChooseRounds || n > kMaxDeckSize)) in.fail(WireError::bad_value);
  if (in.failed()) return proof;
  proof.rounds.reserve(rounds);
  std::size_t opened_to_output = 0;
  for (std::size_t k = 0; k < rounds && !in.failed(); ++k) {
    std::uint8_t kind = in.u8();
    if (kind == 0) {
      OpenedToInput opened;
      in.raw(opened.seed);
      proof.rounds.emplace_back(opened);
    } else if (kind == 1 && n > 0) {
      OpenedToOutput opened;
      opened.link.reserve(n);
      opened.masks.reserve(n);
      for (std::size_t i = 0; i < n; ++i) {
        std::uint16_t v = in.u16();
        if (v >= n) in.fail(WireError::bad_value);
        opened.link.push_back(v);
      }
      for (std::size_t i = 0; i < n; ++i) opened.masks.push_back(read_scalar(in));
      proof.rounds.emplace_back(std::move(opened));
      ++opened_to_output;
    } else {
      in.fail(WireError::bad_value);
    }
  }
  // n is written only when some round opened to the output (canonical encoding).
  if (!in.failed() && n > 0 && opened_to_output == 0) in.fail(WireError::bad_value);
  return proof;
}

}  // namespace parley::crypto
