// Benchmarks for crypto/, priced against the group arithmetic measured in the same process:
//   anchor               a plain crypto_scalarmult_ristretto255 (and _base, for the strict figure)
//   efficiency           (scalar multiplications done × anchor time) / operation time — the
//                        issue's measure: every multiplication priced as a variable-base one
//   strict_efficiency    variable-base ones at the variable anchor, fixed-base ones at the
//                        fixed-base anchor: 1.0 means no time is spent outside multiplications
// The multiplications counted are the group_operation_counts() of one iteration; tests check
// that they are the numbers docs/crypto.md gives for each construction. Efficiencies divide
// thread CPU times (anchor and operation alike), so other processes on the shared machine
// skew them less than they skew the wall-clock Time column, which is what the targets name.
#include <benchmark/benchmark.h>
#include <sodium.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <vector>

#include "crypto/duel.hpp"
#include "crypto/shuffle.hpp"
#include "tests/crypto/gunjin_rules.hpp"

namespace parley::crypto {
namespace {

// This thread's CPU time in nanoseconds.
double cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

game::Seat seat(std::size_t i) { return game::Seat{static_cast<std::uint8_t>(i)}; }

// CPU nanoseconds per multiplication: the median of 9 batches of 40.
double measure_anchor(bool fixed_base) {
  ensure_sodium();
  std::array<std::uint8_t, 32> scalar{}, point{}, out{};
  crypto_core_ristretto255_scalar_random(scalar.data());
  crypto_core_ristretto255_random(point.data());
  std::vector<double> batches;
  for (int b = 0; b < 9; ++b) {
    double start = cpu_ns();
    for (int i = 0; i < 40; ++i) {
      int rc = fixed_base ? crypto_scalarmult_ristretto255_base(out.data(), scalar.data())
                          : crypto_scalarmult_ristretto255(out.data(), scalar.data(), point.data());
      benchmark::DoNotOptimize(rc);
      scalar[0] ^= out[0];  // a data dependency between iterations
    }
    batches.push_back((cpu_ns() - start) / 40);
  }
  std::sort(batches.begin(), batches.end());
  return batches[batches.size() / 2];
}

struct Anchors {
  double variable_ns;
  double fixed_ns;
};

// The anchors are measured just before and just after each benchmark's timed loop and averaged,
// so they see the same machine load as the operation they price.
Anchors measure_anchors() { return {measure_anchor(false), measure_anchor(true)}; }

// Runs `body` in the benchmark loop and reports multiplications and both efficiencies.
template <class Body>
void run_priced(benchmark::State& state, Body&& body) {
  const Anchors first = measure_anchors();
  GroupOperationCounts before{}, after{};
  std::uint64_t iterations = 0;
  double start = cpu_ns();
  for (auto _ : state) {
    if (iterations == 0) before = group_operation_counts();
    body();
    if (iterations == 0) after = group_operation_counts();
    ++iterations;
  }
  double ns_per_op = (cpu_ns() - start) / static_cast<double>(iterations);
  const Anchors last = measure_anchors();
  const double var_ns = (first.variable_ns + last.variable_ns) / 2;
  const double fixed_ns = (first.fixed_ns + last.fixed_ns) / 2;
  double var = static_cast<double>(after.variable_base - before.variable_base);
  double fixed = static_cast<double>(after.fixed_base - before.fixed_base);
  state.counters["var_mults"] = var;
  state.counters["base_mults"] = fixed;
  state.counters["adds"] = static_cast<double>(after.additions - before.additions);
  state.counters["efficiency"] = (var + fixed) * var_ns / ns_per_op;
  state.counters["strict_efficiency"] = (var * var_ns + fixed * fixed_ns) / ns_per_op;
  state.counters["anchor_ns"] = var_ns;
  state.counters["base_anchor_ns"] = fixed_ns;
}

// ---- Anchors -----------------------------------------------------------------------------------

void BM_Anchor_ScalarmultRistretto255(benchmark::State& state) {
  std::array<std::uint8_t, 32> scalar{}, point{}, out{};
  crypto_core_ristretto255_scalar_random(scalar.data());
  crypto_core_ristretto255_random(point.data());
  for (auto _ : state) {
    benchmark::DoNotOptimize(crypto_scalarmult_ristretto255(out.data(), scalar.data(), point.data()));
    scalar[0] ^= out[0];
  }
}
BENCHMARK(BM_Anchor_ScalarmultRistretto255)->Unit(benchmark::kMicrosecond);

void BM_Anchor_ScalarmultRistretto255Base(benchmark::State& state) {
  std::array<std::uint8_t, 32> scalar{}, out{};
  crypto_core_ristretto255_scalar_random(scalar.data());
  for (auto _ : state) {
    benchmark::DoNotOptimize(crypto_scalarmult_ristretto255_base(out.data(), scalar.data()));
    scalar[0] ^= out[0];
  }
}
BENCHMARK(BM_Anchor_ScalarmultRistretto255Base)->Unit(benchmark::kMicrosecond);

void BM_Anchor_Ristretto255Add(benchmark::State& state) {
  std::array<std::uint8_t, 32> p{}, q{}, out{};
  crypto_core_ristretto255_random(p.data());
  crypto_core_ristretto255_random(q.data());
  for (auto _ : state) {
    benchmark::DoNotOptimize(crypto_core_ristretto255_add(out.data(), p.data(), q.data()));
    p = out;
  }
}
BENCHMARK(BM_Anchor_Ristretto255Add)->Unit(benchmark::kMicrosecond);

// ---- Shuffle: one seat's share of a 6-seat, 44-card shuffle ------------------------------------

struct ShuffleRound {
  explicit ShuffleRound(ShuffleArgument argument) : table(deck.deck, 44) {
    std::vector<DeckKeyAnnouncement> announcements;
    for (std::size_t i = 0; i < 6; ++i) {
      keys.push_back(DeckKey::generate());
      announcements.push_back(announce_deck_key(deck, seat(i), keys.back()));
    }
    joint = JointKey::combine(deck, announcements).value();
    decks.push_back(open_deck(table));
    for (std::size_t s = 0; s < 6; ++s) {
      auto shuffled = shuffle_deck(deck, seat(s), joint, decks.back(), argument);
      decks.push_back(shuffled.cards);
      proofs.push_back(shuffled.proof);
    }
  }
  static DeckContext make_deck() {
    SessionId s = SessionId::random();
    return {s, derive_deck_id(s, 0)};
  }
  DeckContext deck = make_deck();
  CardTable table;
  std::vector<DeckKey> keys;
  JointKey joint;
  std::vector<std::vector<MaskedCard>> decks;  // decks[s] is seat s's input
  std::vector<ShuffleProof> proofs;
};

// Seat 5's share: its own shuffle and proof, then checking the five shuffles before it.
void seat_share(benchmark::State& state, ShuffleArgument argument) {
  ShuffleRound round(argument);
  run_priced(state, [&] {
    auto own = shuffle_deck(round.deck, seat(5), round.joint, round.decks[5], argument);
    benchmark::DoNotOptimize(own);
    for (std::size_t s = 0; s < 5; ++s) {
      if (!verify_shuffle(round.deck, seat(s), round.joint, round.decks[s], round.decks[s + 1], round.proofs[s])) {
        state.SkipWithError("a shuffle failed to verify");
      }
    }
  });
}

void BM_ShuffleSeatShare_6x44_CutAndChoose(benchmark::State& state) {
  seat_share(state, ShuffleArgument::cut_and_choose);
}
BENCHMARK(BM_ShuffleSeatShare_6x44_CutAndChoose)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_ShuffleSeatShare_6x44_Permutation(benchmark::State& state) { seat_share(state, ShuffleArgument::permutation); }
BENCHMARK(BM_ShuffleSeatShare_6x44_Permutation)->Unit(benchmark::kMillisecond);

void BM_ShuffleProve_44_CutAndChoose(benchmark::State& state) {
  ShuffleRound round(ShuffleArgument::permutation);
  run_priced(state, [&] {
    benchmark::DoNotOptimize(shuffle_deck(round.deck, seat(0), round.joint, round.decks[1], ShuffleArgument::cut_and_choose));
  });
}
BENCHMARK(BM_ShuffleProve_44_CutAndChoose)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_ShuffleVerify_44_CutAndChoose(benchmark::State& state) {
  ShuffleRound round(ShuffleArgument::cut_and_choose);
  run_priced(state, [&] {
    benchmark::DoNotOptimize(
        verify_shuffle(round.deck, seat(1), round.joint, round.decks[1], round.decks[2], round.proofs[1]));
  });
}
BENCHMARK(BM_ShuffleVerify_44_CutAndChoose)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_ShuffleProve_44_Permutation(benchmark::State& state) {
  ShuffleRound round(ShuffleArgument::permutation);
  run_priced(state, [&] {
    benchmark::DoNotOptimize(shuffle_deck(round.deck, seat(0), round.joint, round.decks[1], ShuffleArgument::permutation));
  });
}
BENCHMARK(BM_ShuffleProve_44_Permutation)->Unit(benchmark::kMillisecond);

void BM_ShuffleVerify_44_Permutation(benchmark::State& state) {
  ShuffleRound round(ShuffleArgument::permutation);
  run_priced(state, [&] {
    benchmark::DoNotOptimize(
        verify_shuffle(round.deck, seat(1), round.joint, round.decks[1], round.decks[2], round.proofs[1]));
  });
}
BENCHMARK(BM_ShuffleVerify_44_Permutation)->Unit(benchmark::kMillisecond);

// ---- Deal: 5 shares made, each verified by 6 seats ------------------------------------------

void BM_Deal_5Shares_6Verifiers(benchmark::State& state) {
  ShuffleRound round(ShuffleArgument::permutation);
  const auto& cards = round.decks.back();
  run_priced(state, [&] {
    // Position 0 dealt to seat 0: seats 1..5 make their shares; every seat checks all five.
    std::vector<CardShare> shares(6);
    for (std::size_t j = 1; j < 6; ++j) shares[j] = make_share(round.deck, seat(j), round.keys[j], CardPosition{0}, cards[0]);
    for (std::size_t verifier = 0; verifier < 6; ++verifier) {
      for (std::size_t j = 1; j < 6; ++j) {
        if (!verify_share(round.deck, seat(j), round.joint, CardPosition{0}, cards[0], shares[j])) {
          state.SkipWithError("a share failed to verify");
        }
      }
    }
  });
}
BENCHMARK(BM_Deal_5Shares_6Verifiers)->Unit(benchmark::kMillisecond);

// ---- Duel: both sides' work and an observer's checks ---------------------------------------

void BM_Duel_BothSidesAndObserver(benchmark::State& state) {
  DuelRules rules = testing::gunjin_rules();
  auto attacker = commit_pedersen(4);
  auto defender = commit_pedersen(testing::kGunjinFlag);
  auto behind = commit_pedersen(7);
  DuelStatement statement;
  statement.session = SessionId::random();
  statement.duel_id = 1;
  statement.attacker_piece = attacker.commitment;
  statement.defender_piece = defender.commitment;
  statement.defender_behind = behind.commitment;
  run_priced(state, [&] {
    auto a = Duelist::attacker(statement, rules, attacker.opening);
    auto d = Duelist::defender(statement, rules, defender.opening, behind.opening);
    auto ra = a.request(d.offer());
    auto rd = d.request(a.offer());
    auto ta = a.table(rd).value();  // each side checks the other's request first
    auto td = d.table(ra).value();
    std::array<DuelClaim, 2> claims{a.claim(td).value(), d.claim(ta).value()};
    // The observer checks both requests and settles.
    bool ok = verify_duel_request(statement, rules, DuelRole::attacker, d.offer(), ra) &&
              verify_duel_request(statement, rules, DuelRole::defender, a.offer(), rd) &&
              settle_duel(statement, {a.offer(), d.offer()}, claims).has_value();
    if (!ok) state.SkipWithError("the duel did not settle");
  });
}
BENCHMARK(BM_Duel_BothSidesAndObserver)->Unit(benchmark::kMillisecond);

// ---- Move proof: a one-step move (any kind but mine and flag) ------------------------------

const ValueSet& one_step_kinds() {
  static const ValueSet set = [] {
    std::vector<std::uint32_t> kinds;
    for (std::uint32_t k = 0; k < testing::kGunjinMine; ++k) kinds.push_back(k);
    return ValueSet::of(kinds).value();
  }();
  return set;
}

void BM_MoveProof_OneStep_Make(benchmark::State& state) {
  auto piece = commit_pedersen(6);
  ProofContext ctx = ProofContext(SessionId::random()).position(10);
  run_priced(state, [&] { benchmark::DoNotOptimize(prove_membership(ctx, piece.opening, one_step_kinds())); });
}
BENCHMARK(BM_MoveProof_OneStep_Make)->Unit(benchmark::kMillisecond);

void BM_MoveProof_OneStep_Check(benchmark::State& state) {
  auto piece = commit_pedersen(6);
  ProofContext ctx = ProofContext(SessionId::random()).position(10);
  auto proof = prove_membership(ctx, piece.opening, one_step_kinds()).value();
  run_priced(state, [&] {
    if (!verify_membership(ctx, piece.commitment, one_step_kinds(), proof)) state.SkipWithError("proof failed");
  });
}
BENCHMARK(BM_MoveProof_OneStep_Check)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parley::crypto

BENCHMARK_MAIN();
