// Duel messages: offers, requests (checked against a fixed statement), OT tables (opened with
// fixed keys), claims (settled) and dispute openings (judged).
#include "crypto/duel.hpp"
#include "fuzz/crypto/fuzz_support.hpp"

using namespace parley::crypto;

namespace {

struct Fixture {
  DuelRules rules = [] {
    DuelRules r;
    r.flag_kind = 15;
    for (std::uint32_t a = 0; a < 14; ++a) {
      for (std::uint32_t b = 0; b < 15; ++b) r.outcome[b][a] = static_cast<DuelOutcome>((a + b) % 3);
      r.outcome[kLoneFlagIndex][a] = DuelOutcome::attacker_wins;
    }
    return r;
  }();
  DuelStatement statement = [] {
    DuelStatement s;
    s.duel_id = 9;
    s.attacker_piece = commitment_of({4, Scalar::from_u64(21)});
    s.defender_piece = commitment_of({15, Scalar::from_u64(22)});
    s.defender_behind = commitment_of({2, Scalar::from_u64(23)});
    return s;
  }();
  DuelOffer offer{Scalar::from_u64(31) * Point::base(), {}};
  OtChoice choice = OtChoice::restore(offer.sender_key, 4, Scalar::from_u64(32));
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Fixture f;
  std::span<const std::uint8_t> in(data, size);
  fuzzing::expect_canonical(in, decode_duel_offer(in));
  auto request = decode_duel_request(in);
  fuzzing::expect_canonical(in, request);
  if (request.ok()) {
    for (DuelRole role : {DuelRole::attacker, DuelRole::defender}) {
      (void)verify_duel_request(f.statement, f.rules, role, f.offer, *request);
    }
  }
  auto table = decode_duel_table(in);
  fuzzing::expect_canonical(in, table);
  if (table.ok()) {
    (void)decrypt_ot_choice(duel_table_context(f.statement, DuelRole::defender), f.choice, *table);
  }
  auto claim = decode_duel_claim(in);
  fuzzing::expect_canonical(in, claim);
  if (claim.ok()) (void)settle_duel(f.statement, {f.offer, f.offer}, {*claim, *claim});
  auto opening = decode_duel_opening(in);
  fuzzing::expect_canonical(in, opening);
  if (opening.ok()) {
    DuelRequest r{f.choice.request(), ChoiceProof{}};
    (void)judge_duel(f.statement, f.rules, {f.offer, f.offer}, {r, r}, {OtTable{}, OtTable{}},
                     {std::nullopt, std::nullopt}, {*opening, *opening});
  }
  return 0;
}
