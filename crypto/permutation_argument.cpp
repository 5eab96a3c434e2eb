#include "crypto/permutation_argument.hpp"

#include <array>
#include <cassert>

#include "crypto/hash.hpp"

namespace parley::crypto {

namespace {

constexpr DomainLabel kGeneratorLabel{"shuffle-generator"};
constexpr DomainLabel kUChallengeLabel{"shuffle-permutation-u"};
constexpr DomainLabel kChallengeLabel{"shuffle-permutation"};

// h = generators()[0], h_i = generators()[i] for i in 1..kMaxDeckSize, and their prefix sums.
struct Generators {
  std::array<Point, kMaxDeckSize + 1> h;
  std::array<Point, kMaxDeckSize + 1> prefix_sum;  // prefix_sum[n] = h_1 + … + h_n
};

const Generators& generators() {
  static const Generators g = [] {
    Generators out;
    for (std::size_t i = 0; i <= kMaxDeckSize; ++i) {
      HashInput in(kGeneratorLabel);
      in.u16(static_cast<std::uint16_t>(i));
      out.h[i] = Point::from_hash(blake2b_512(in));
      if (i > 0) out.prefix_sum[i] = out.prefix_sum[i - 1] + out.h[i];
    }
    return out;
  }();
  return g;
}

// label ‖ context ‖ Y ‖ n ‖ in ‖ out ‖ c
HashInput statement(DomainLabel label, const ProofContext& context, const Point& joint_key,
                    std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                    std::span<const Point> commitment) {
  HashInput in(label);
  in.bytes(context.bytes());
  absorb(in, joint_key);
  in.u16(static_cast<std::uint16_t>(input.size()));
  for (const MaskedCard& c : input) absorb(in, c);
  for (const MaskedCard& c : output) absorb(in, c);
  for (const Point& c : commitment) absorb(in, c);
  return in;
}

std::vector<Scalar> challenges_u(const ProofContext& context, const Point& joint_key,
                                 std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                                 std::span<const Point> commitment) {
  Digest d = blake2b_256(statement(kUChallengeLabel, context, joint_key, input, output, commitment));
  std::vector<Scalar> u;
  u.reserve(input.size());
  for (std::size_t j = 0; j < input.size(); ++j) {
    HashInput in(kUChallengeLabel);
    in.bytes(d).u16(static_cast<std::uint16_t>(j));
    u.push_back(Scalar::from_hash(in));
  }
  return u;
}

struct Commitments {
  Point t1, t2, t3, t4a, t4b;
  std::vector<Point> t_hat;
};

Scalar final_challenge(const ProofContext& context, const Point& joint_key, std::span<const MaskedCard> input,
                       std::span<const MaskedCard> output, const PermutationProof& proof, const Commitments& t) {
  HashInput in = statement(kChallengeLabel, context, joint_key, input, output, proof.permutation_commitment);
  for (const Point& c : proof.chain) absorb(in, c);
  for (const Point* p : {&t.t1, &t.t2, &t.t3, &t.t4a, &t.t4b}) absorb(in, *p);
  for (const Point& p : t.t_hat) absorb(in, p);
  return Scalar::from_hash(in);
}

}  // namespace

PermutationProof prove_permutation(const ProofContext& context, const Point& joint_key,
                                   std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                                   std::span<const std::uint16_t> permutation, std::span<const Scalar> masks) {
  const std::size_t n = input.size();
  assert(n >= 1 && n <= kMaxDeckSize && output.size() == n && permutation.size() == n && masks.size() == n);
  const Generators& gen = generators();
  const Point& g = Point::base();

  PermutationProof proof;
  std::vector<Scalar> r(n);
  proof.permutation_commitment.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t j = permutation[i];
    r[j] = Scalar::random();
    proof.permutation_commitment[j] = r[j] * g + gen.h[i + 1];
  }
  std::vector<Scalar> u = challenges_u(context, joint_key, input, output, proof.permutation_commitment);
  std::vector<Scalar> u_perm(n);  // ũ_i
  for (std::size_t i = 0; i < n; ++i) u_perm[i] = u[permutation[i]];

  std::vector<Scalar> r_hat(n);
  proof.chain.resize(n);
  const Point* previous = &gen.h[0];
  for (std::size_t i = 0; i < n; ++i) {
    r_hat[i] = Scalar::random();
    proof.chain[i] = r_hat[i] * g + u_perm[i] * *previous;
    previous = &proof.chain[i];
  }

  Scalar w1 = Scalar::random(), w2 = Scalar::random(), w3 = Scalar::random(), w4 = Scalar::random();
  std::vector<Scalar> w_hat(n), w_tilde(n);
  Commitments t;
  t.t1 = w1 * g;
  t.t2 = w2 * g;
  t.t3 = w3 * g;
  t.t4a = (-w4) * g;
  t.t4b = (-w4) * joint_key;
  t.t_hat.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    w_hat[i] = Scalar::random();
    w_tilde[i] = Scalar::random();
    t.t3 = t.t3 + w_tilde[i] * gen.h[i + 1];
    t.t4a = t.t4a + w_tilde[i] * output[i].a;
    t.t4b = t.t4b + w_tilde[i] * output[i].b;
    t.t_hat[i] = w_hat[i] * g + w_tilde[i] * (i == 0 ? gen.h[0] : proof.chain[i - 1]);
  }
  Scalar e = final_challenge(context, joint_key, input, output, proof, t);

  Scalar r_bar, r_chain, r_u, r_masks;
  Scalar tail_product = Scalar::from_u64(1);  // ∏_{k>i} ũ_k, built from the end
  for (std::size_t i = n; i-- > 0;) {
    r_chain = r_chain + r_hat[i] * tail_product;
    tail_product = tail_product * u_perm[i];
  }
  for (std::size_t j = 0; j < n; ++j) {
    r_bar = r_bar + r[j];
    r_u = r_u + r[j] * u[j];
  }
  for (std::size_t i = 0; i < n; ++i) r_masks = r_masks + masks[i] * u_perm[i];

  proof.challenge = e;
  proof.s1 = w1 + e * r_bar;
  proof.s2 = w2 + e * r_chain;
  proof.s3 = w3 + e * r_u;
  proof.s4 = w4 + e * r_masks;
  proof.chain_responses.resize(n);
  proof.value_responses.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    proof.chain_responses[i] = w_hat[i] + e * r_hat[i];
    proof.value_responses[i] = w_tilde[i] + e * u_perm[i];
  }
  return proof;
}

bool verify_permutation(const ProofContext& context, const Point& joint_key, std::span<const MaskedCard> input,
                        std::span<const MaskedCard> output, const PermutationProof& proof) {
  const std::size_t n = input.size();
  if (n == 0 || n > kMaxDeckSize || output.size() != n || proof.permutation_commitment.size() != n ||
      proof.chain.size() != n || proof.chain_responses.size() != n || proof.value_responses.size() != n) {
    return false;
  }
  const Generators& gen = generators();
  const Point& g = Point::base();
  const Scalar& e = proof.challenge;
  std::vector<Scalar> u = challenges_u(context, joint_key, input, output, proof.permutation_commitment);

  Point c_sum, c_weighted, a_weighted, b_weighted;
  Scalar u_product = Scalar::from_u64(1);
  for (std::size_t j = 0; j < n; ++j) {
    c_sum = c_sum + proof.permutation_commitment[j];
    c_weighted = c_weighted + u[j] * proof.permutation_commitment[j];
    a_weighted = a_weighted + u[j] * input[j].a;
    b_weighted = b_weighted + u[j] * input[j].b;
    u_product = u_product * u[j];
  }
  Point c_bar = c_sum - gen.prefix_sum[n];
  Point c_hat = proof.chain[n - 1] - u_product * gen.h[0];

  Commitments t;
  t.t1 = proof.s1 * g - e * c_bar;
  t.t2 = proof.s2 * g - e * c_hat;
  t.t3 = proof.s3 * g;
  t.t4a = (-proof.s4) * g;
  t.t4b = (-proof.s4) * joint_key;
  t.t_hat.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Scalar& s_tilde = proof.value_responses[i];
    t.t3 = t.t3 + s_tilde * gen.h[i + 1];
    t.t4a = t.t4a + s_tilde * output[i].a;
    t.t4b = t.t4b + s_tilde * output[i].b;
    const Point& previous = i == 0 ? gen.h[0] : proof.chain[i - 1];
    t.t_hat[i] = proof.chain_responses[i] * g + s_tilde * previous - e * proof.chain[i];
  }
  t.t3 = t.t3 - e * c_weighted;
  t.t4a = t.t4a - e * a_weighted;
  t.t4b = t.t4b - e * b_weighted;
  return final_challenge(context, joint_key, input, output, proof, t) == e;
}

void write_proof(game::ByteWriter& out, const PermutationProof& proof) {
  out.u16(static_cast<std::uint16_t>(proof.permutation_commitment.size()));
  for (const Point& p : proof.permutation_commitment) write_point(out, p);
  for (const Point& p : proof.chain) write_point(out, p);
  for (const Scalar* s : {&proof.challenge, &proof.s1, &proof.s2, &proof.s3, &proof.s4}) write_scalar(out, *s);
  for (const Scalar& s : proof.chain_responses) write_scalar(out, s);
  for (const Scalar& s : proof.value_responses) write_scalar(out, s);
}

PermutationProof read_permutation_proof(WireReader& in) {
  PermutationProof proof;
  std::size_t n = in.u16();
  if (!in.failed() && (n == 0 || n > kMaxDeckSize)) in.fail(WireError::bad_value);
  if (in.failed()) return proof;
  auto points = [&](std::vector<Point>& v) {
    v.reserve(n);
    for (std::size_t i = 0; i < n; ++i) v.push_back(read_point(in));
  };
  auto scalars = [&](std::vector<Scalar>& v) {
    v.reserve(n);
    for (std::size_t i = 0; i < n; ++i) v.push_back(read_scalar(in));
  };
  points(proof.permutation_commitment);
  points(proof.chain);
  for (Scalar* s : {&proof.challenge, &proof.s1, &proof.s2, &proof.s3, &proof.s4}) *s = read_scalar(in);
  scalars(proof.chain_responses);
  scalars(proof.value_responses);
  return proof;
}

}  // namespace parley::crypto
