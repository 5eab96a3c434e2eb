// Risiko's dice as the session derives them (two seats' hash-chain values → dice_seed →
// DieStream, attacker's dice then defender's) against the exact odds of a battle, found by
// enumerating every throw. Chains come from fixed seeds, so the test is deterministic; the
// bounds are the chi-square critical values at p = 0.001.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "crypto/dice.hpp"
#include "crypto/hash_chain.hpp"
#include "game/risiko/dice.hpp"
#include "peer/session/risiko_dice.hpp"

namespace parley::peer::risiko {
namespace {

namespace rk = game::risiko;

// Exact counts of the attacker's losses (0..min(a, d)) over all 6^(a+d) throws.
std::vector<std::uint64_t> exact_losses(std::uint8_t a, std::uint8_t d) {
  std::vector<std::uint64_t> counts(std::min(a, d) + 1u, 0);
  const std::uint32_t n = a + d;
  std::uint32_t total = 1;
  for (std::uint32_t i = 0; i < n; ++i) total *= 6;
  for (std::uint32_t code = 0; code < total; ++code) {
    rk::Roll roll;
    roll.attacker.count = a;
    roll.defender.count = d;
    std::uint32_t c = code;
    for (std::uint8_t i = 0; i < a; ++i, c /= 6) roll.attacker.values[i] = static_cast<std::uint8_t>(1 + c % 6);
    for (std::uint8_t i = 0; i < d; ++i, c /= 6) roll.defender.values[i] = static_cast<std::uint8_t>(1 + c % 6);
    ++counts[rk::resolve_battle(roll).attacker];
  }
  return counts;
}

struct Chains {
  crypto::SessionId session;
  crypto::HashChain attacker;
  crypto::HashChain defender;
};

Chains fixed_chains(std::uint32_t length) {
  crypto::SessionId session;
  session.bytes.fill(0x42);
  std::array<std::uint8_t, crypto::kChainValueBytes> a{}, b{};
  a.fill(0xA1);
  b.fill(0xB2);
  return {session,
          crypto::HashChain::restore(session, game::Seat{0}, crypto::SecretBytes<crypto::kChainValueBytes>::copy_of(a),
                                     length),
          crypto::HashChain::restore(session, game::Seat{1}, crypto::SecretBytes<crypto::kChainValueBytes>::copy_of(b),
                                     length)};
}

// The attacker's losses in `rolls` battles of a against d dice, as a Risiko session rolls them:
// roll k uses each chain's k-th contribution.
std::vector<std::uint64_t> sampled_losses(std::uint8_t a, std::uint8_t d, std::uint32_t rolls) {
  const Chains chains = fixed_chains(rolls);
  std::vector<std::uint64_t> counts(std::min(a, d) + 1u, 0);
  for (std::uint32_t k = 1; k <= rolls; ++k) {
    DieStream dice(crypto::dice_seed(chains.session, k - 1, *chains.attacker.contribution(k),
                                     *chains.defender.contribution(k)));
    rk::Roll roll;
    roll.attacker.count = a;
    roll.defender.count = d;
    for (std::uint8_t i = 0; i < a; ++i) roll.attacker.values[i] = dice.roll();
    for (std::uint8_t i = 0; i < d; ++i) roll.defender.values[i] = dice.roll();
    ++counts[rk::resolve_battle(roll).attacker];
  }
  return counts;
}

// Pearson's statistic: Σ (observed − expected)² / expected, expected from the exact counts.
double chi_square(const std::vector<std::uint64_t>& observed, const std::vector<std::uint64_t>& exact) {
  std::uint64_t n = 0, total = 0;
  for (auto o : observed) n += o;
  for (auto e : exact) total += e;
  double chi = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const double expected = static_cast<double>(exact[i]) * static_cast<double>(n) / static_cast<double>(total);
    const double diff = static_cast<double>(observed[i]) - expected;
    chi += diff * diff / expected;
  }
  return chi;
}

TEST(RisikoDice, ExactOddsOfThreeAgainstTwoAreTheKnownOnes) {
  // Attacker loses 0 / 1 / 2 armies: 2890, 2611, 2275 of 7776 throws (the classic Risk table).
  EXPECT_EQ(exact_losses(3, 2), (std::vector<std::uint64_t>{2890, 2611, 2275}));
  // One die each: the defender wins ties, 21 of 36.
  EXPECT_EQ(exact_losses(1, 1), (std::vector<std::uint64_t>{15, 21}));
}

TEST(RisikoDice, ThreeAgainstTwoMatchesTheExactOdds) {
  const auto exact = exact_losses(3, 2);
  const auto observed = sampled_losses(3, 2, 20000);
  EXPECT_LT(chi_square(observed, exact), 13.82);  // 2 degrees of freedom
}

TEST(RisikoDice, ThreeAgainstThreeMatchesTheExactOdds) {
  // Risiko's 3 against 3 (docs/risiko.md, "Tests"): the attacker loses 0 / 1 / 2 / 3 armies.
  const auto exact = exact_losses(3, 3);
  EXPECT_EQ(exact, (std::vector<std::uint64_t>{6420, 10017, 12348, 17871}));
  const auto observed = sampled_losses(3, 3, 20000);
  EXPECT_LT(chi_square(observed, exact), 16.27);  // 3 degrees of freedom
}

TEST(RisikoDice, FacesAreUniform) {
  const Chains chains = fixed_chains(2000);
  std::vector<std::uint64_t> faces(6, 0);
  for (std::uint32_t k = 1; k <= 2000; ++k) {
    DieStream dice(
        crypto::dice_seed(chains.session, k, *chains.attacker.contribution(k), *chains.defender.contribution(k)));
    for (int i = 0; i < 30; ++i) ++faces[dice.roll() - 1u];
  }
  EXPECT_LT(chi_square(faces, std::vector<std::uint64_t>(6, 1)), 20.52);  // 5 degrees of freedom
}

TEST(RisikoDice, AnAttacksDiceAreTheCryptoToolkitsDice) {
  const Chains chains = fixed_chains(16);
  for (std::uint32_t k = 1; k <= 16; ++k) {
    const auto seed =
        crypto::dice_seed(chains.session, k, *chains.attacker.contribution(k), *chains.defender.contribution(k));
    DieStream dice(seed);
    std::vector<std::uint8_t> mine;
    for (int i = 0; i < 6; ++i) mine.push_back(dice.roll());
    EXPECT_EQ(mine, crypto::roll_dice(seed, 6, 6));
  }
}

}  // namespace
}  // namespace parley::peer::risiko
