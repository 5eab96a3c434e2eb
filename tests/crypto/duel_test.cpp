// The duel: every battle of Gunjin's battle table settled by two-way OT and checked against the
// table itself; every lie (a wrong table, a false claim, a choice other than the committed kind,
// a replayed claim) fails or is named by judge_duel.
#include <gtest/gtest.h>

#include "crypto/duel.hpp"
#include "tests/crypto/gunjin_rules.hpp"

namespace parley::crypto {
namespace {

using testing::gunjin_rules;
using testing::kGunjinFlag;
using testing::kSeed001Table;

constexpr std::size_t A = 0, D = 1;  // DuelRole indices

struct Battle {
  Battle(std::uint32_t attacker_kind, std::uint32_t defender_kind, std::optional<std::uint32_t> behind_kind)
      : rules(gunjin_rules()),
        attacker(commit_pedersen(attacker_kind)),
        defender(commit_pedersen(defender_kind)) {
    statement.session = SessionId::random();
    statement.duel_id = 1234;
    statement.attacker_piece = attacker.commitment;
    statement.defender_piece = defender.commitment;
    if (behind_kind) {
      behind = commit_pedersen(*behind_kind);
      statement.defender_behind = behind->commitment;
    }
    sides.push_back(Duelist::attacker(statement, rules, attacker.opening));
    sides.push_back(Duelist::defender(statement, rules, defender.opening,
                                      behind ? std::optional(behind->opening) : std::nullopt));
    offers = {sides[A].offer(), sides[D].offer()};
    requests = {sides[A].request(offers[D]), sides[D].request(offers[A])};
  }
  // Rounds 3 and 4, honestly.
  void exchange() {
    tables = {sides[A].table(requests[D]).value(), sides[D].table(requests[A]).value()};
    claims = {sides[A].claim(tables[D]).value(), sides[D].claim(tables[A]).value()};
  }
  DuelVerdict judge() const {
    return judge_duel(statement, rules, offers, requests, tables, {claims[A], claims[D]},
                      {sides[A].opening(), sides[D].opening()});
  }
  DuelRules rules;
  PedersenCommitted attacker, defender;
  std::optional<PedersenCommitted> behind;
  DuelStatement statement;
  std::vector<Duelist> sides;
  std::array<DuelOffer, 2> offers;
  std::array<DuelRequest, 2> requests;
  std::array<OtTable, 2> tables;
  std::array<DuelClaim, 2> claims;
};

DuelOutcome seed_outcome(std::uint32_t defender, std::uint32_t attacker) {
  return static_cast<DuelOutcome>(kSeed001Table[defender][attacker]);
}

TEST(Duel, EveryBattleOfTheSeedTableSettlesToTheTablesOutcome) {
  for (std::uint32_t a = 0; a < 14; ++a) {      // every kind that can attack
    for (std::uint32_t b = 0; b < 15; ++b) {    // every defender but the flag
      Battle battle(a, b, std::nullopt);
      battle.exchange();
      EXPECT_EQ(battle.claims[A].outcome, battle.claims[D].outcome);
      auto outcome = settle_duel(battle.statement, battle.offers, battle.claims);
      ASSERT_TRUE(outcome.has_value()) << a << " attacks " << b;
      EXPECT_EQ(*outcome, seed_outcome(b, a)) << a << " attacks " << b;
    }
  }
}

TEST(Duel, TheFlagFightsAsThePieceBehindItAndLosesAlone) {
  for (std::uint32_t a = 0; a < 14; ++a) {
    for (std::uint32_t behind = 0; behind < 15; ++behind) {
      Battle battle(a, kGunjinFlag, behind);
      ASSERT_EQ(battle.sides[D].choice(), behind);
      battle.exchange();
      EXPECT_EQ(settle_duel(battle.statement, battle.offers, battle.claims), seed_outcome(behind, a))
          << a << " attacks the flag backed by " << behind;
    }
    Battle lone(a, kGunjinFlag, std::nullopt);
    ASSERT_EQ(lone.sides[D].choice(), kLoneFlagIndex);
    lone.exchange();
    EXPECT_EQ(settle_duel(lone.statement, lone.offers, lone.claims), DuelOutcome::attacker_wins);
  }
  // A piece other than the flag ignores what stands behind it.
  Battle ordinary(0, 13, 2);
  ordinary.exchange();
  EXPECT_EQ(settle_duel(ordinary.statement, ordinary.offers, ordinary.claims), seed_outcome(13, 0));
}

TEST(Duel, AnHonestDuelHasNoFaultsWhenJudged) {
  Battle battle(5, 7, std::nullopt);
  battle.exchange();
  DuelVerdict verdict = battle.judge();
  EXPECT_TRUE(verdict.faults.empty());
  EXPECT_EQ(verdict.outcome, seed_outcome(7, 5));
}

TEST(Duel, RequestsAreCheckedAgainstTheCommittedKinds) {
  Battle battle(4, 9, std::nullopt);
  EXPECT_TRUE(verify_duel_request(battle.statement, battle.rules, DuelRole::attacker, battle.offers[D], battle.requests[A]));
  EXPECT_TRUE(verify_duel_request(battle.statement, battle.rules, DuelRole::defender, battle.offers[A], battle.requests[D]));
  // Requests are not interchangeable between sides or duels.
  EXPECT_FALSE(verify_duel_request(battle.statement, battle.rules, DuelRole::defender, battle.offers[A], battle.requests[A]));
  auto other_duel = battle.statement;
  other_duel.duel_id = 1235;
  EXPECT_FALSE(verify_duel_request(other_duel, battle.rules, DuelRole::attacker, battle.offers[D], battle.requests[A]));

  // An attacker whose OT choice differs from its committed kind (a tank, 4, posing as 大将, 0):
  // it cannot prove the choice, and the defender refuses to make a table for it.
  OtChoice lie = OtChoice::make(battle.offers[D].sender_key, 0);
  ProofContext ctx = ProofContext(battle.statement.session);
  DuelRequest lying{lie.request(), prove_choice(ctx, battle.offers[D].sender_key, lie.request(),
                                                battle.statement.attacker_piece, battle.attacker.opening, lie.mask())};
  EXPECT_FALSE(verify_duel_request(battle.statement, battle.rules, DuelRole::attacker, battle.offers[D], lying));
  EXPECT_EQ(battle.sides[D].table(lying).error(), DuelError::bad_request);

  // A defender lying about the piece behind its flag fails the same way.
  Battle flag(3, kGunjinFlag, 1);
  Battle imposter(3, kGunjinFlag, 6);  // its own request, but for another statement
  EXPECT_FALSE(verify_duel_request(flag.statement, flag.rules, DuelRole::defender, flag.offers[A], imposter.requests[D]));
}

TEST(Duel, ALyingTableIsNamed) {
  // The defender (a 少尉, 10, attacked by a 大将, 0: the attacker wins) fills its table with
  // "defender stays" and its real token for that outcome.
  Battle battle(0, 10, std::nullopt);
  DuelOpening defender_secrets = battle.sides[D].opening();
  std::vector<std::vector<std::uint8_t>> lies;
  for (std::uint32_t i = 0; i < kDuelWidth; ++i) {
    std::vector<std::uint8_t> e{0};
    e.insert(e.end(), defender_secrets.tokens[0].begin(), defender_secrets.tokens[0].end());
    lies.push_back(e);
  }
  battle.tables = {battle.sides[A].table(battle.requests[D]).value(),
                   encrypt_ot_table(duel_table_context(battle.statement, DuelRole::defender),
                                    OtSender::restore(defender_secrets.sender_secret), battle.requests[A].request, lies)};
  battle.claims = {battle.sides[A].claim(battle.tables[D]).value(), battle.sides[D].claim(battle.tables[A]).value()};
  EXPECT_EQ(battle.claims[A].outcome, DuelOutcome::defender_stays);
  EXPECT_EQ(battle.claims[D].outcome, DuelOutcome::attacker_wins);
  EXPECT_EQ(settle_duel(battle.statement, battle.offers, battle.claims), std::nullopt);

  DuelVerdict verdict = battle.judge();
  EXPECT_EQ(verdict.faults, (std::vector<DuelFault>{{DuelRole::defender, DuelFaultKind::wrong_table}}));
  EXPECT_EQ(verdict.outcome, DuelOutcome::attacker_wins);
}

TEST(Duel, ALyingClaimFailsToSettleAndIsNamed) {
  Battle battle(13, 0, std::nullopt);  // the spy attacks 大将 and wins
  battle.exchange();
  ASSERT_EQ(settle_duel(battle.statement, battle.offers, battle.claims), DuelOutcome::attacker_wins);
  // The defender claims it stayed, without the attacker's token for that outcome.
  auto lying = battle.claims;
  lying[D].outcome = DuelOutcome::defender_stays;
  EXPECT_EQ(settle_duel(battle.statement, battle.offers, lying), std::nullopt);
  // Or with both claims saying "defender stays": the attacker's token for it was never sent.
  auto both = lying;
  both[A].outcome = DuelOutcome::defender_stays;
  EXPECT_EQ(settle_duel(battle.statement, battle.offers, both), std::nullopt);
  battle.claims = lying;
  DuelVerdict verdict = battle.judge();
  EXPECT_EQ(verdict.faults, (std::vector<DuelFault>{{DuelRole::defender, DuelFaultKind::false_claim}}));
  EXPECT_EQ(verdict.outcome, DuelOutcome::attacker_wins);
}

TEST(Duel, ClaimsDoNotTransferBetweenDuelsOrSides) {
  Battle battle(2, 8, std::nullopt);
  battle.exchange();
  Battle other(2, 8, std::nullopt);
  other.exchange();
  // Tokens from another duel with the same outcome do not settle this one.
  EXPECT_EQ(settle_duel(battle.statement, battle.offers, other.claims), std::nullopt);
  auto mixed = battle.claims;
  std::swap(mixed[A], mixed[D]);
  EXPECT_EQ(settle_duel(battle.statement, battle.offers, mixed), std::nullopt);
  auto replay = battle.statement;
  replay.duel_id += 1;
  EXPECT_EQ(settle_duel(replay, battle.offers, battle.claims), std::nullopt);
}

// The table an honest sender makes, rebuilt from its opening (as judge_duel does).
OtTable honest_table(const Battle& battle, DuelRole sender, const Point& request) {
  DuelOpening o = battle.sides[static_cast<std::size_t>(sender)].opening();
  std::uint32_t own = battle.sides[static_cast<std::size_t>(sender)].choice();
  std::vector<std::vector<std::uint8_t>> entries;
  for (std::uint32_t i = 0; i < kDuelWidth; ++i) {
    auto cell = sender == DuelRole::defender ? battle.rules.outcome[own][i] : battle.rules.outcome[i][own];
    std::vector<std::uint8_t> e(33, 0xee);
    if (cell) {
      e[0] = static_cast<std::uint8_t>(*cell);
      std::copy(o.tokens[static_cast<std::size_t>(*cell)].begin(), o.tokens[static_cast<std::size_t>(*cell)].end(),
                e.begin() + 1);
    }
    entries.push_back(e);
  }
  return encrypt_ot_table(duel_table_context(battle.statement, sender), OtSender::restore(o.sender_secret), request,
                          entries);
}

TEST(Duel, AChoiceOtherThanTheEffectiveKindIsNamed) {
  // A flag backed by 中将 (1) whose owner chose the flag's own index (15) instead, bypassing
  // the choice proof (which cannot be made for it, so an honest attacker refuses to answer).
  Battle battle(5, kGunjinFlag, 1);
  DuelOpening cheat = battle.sides[D].opening();
  OtChoice wrong = OtChoice::make(battle.offers[A].sender_key, kGunjinFlag);
  battle.requests[D].request = wrong.request();
  EXPECT_EQ(battle.sides[A].table(battle.requests[D]).error(), DuelError::bad_request);
  cheat.choice = kGunjinFlag;
  cheat.mask = wrong.mask();
  // Had the attacker answered, the defender's entry 15 would be noise and it could not claim.
  battle.tables = {honest_table(battle, DuelRole::attacker, wrong.request()),
                   battle.sides[D].table(battle.requests[A]).value()};
  DuelVerdict verdict = judge_duel(battle.statement, battle.rules, battle.offers, battle.requests, battle.tables,
                                   {battle.sides[A].claim(battle.tables[D]).value(), std::nullopt},
                                   {battle.sides[A].opening(), cheat});
  EXPECT_EQ(verdict.faults, (std::vector<DuelFault>{{DuelRole::defender, DuelFaultKind::wrong_choice}}));
  EXPECT_EQ(verdict.outcome, seed_outcome(1, 5));
}

TEST(Duel, OpeningsThatDoNotMatchArePinnedOnTheirSide) {
  Battle battle(6, 11, std::nullopt);
  battle.exchange();
  DuelOpening forged = battle.sides[A].opening();
  forged.piece = {7, forged.piece.blinding};  // claims another kind after the fact
  DuelVerdict verdict = judge_duel(battle.statement, battle.rules, battle.offers, battle.requests, battle.tables,
                                   {battle.claims[A], battle.claims[D]}, {forged, battle.sides[D].opening()});
  EXPECT_EQ(verdict.faults, (std::vector<DuelFault>{{DuelRole::attacker, DuelFaultKind::bad_opening}}));
  EXPECT_EQ(verdict.outcome, std::nullopt);
  DuelOpening wrong_tokens = battle.sides[D].opening();
  wrong_tokens.tokens[2][0] ^= 1;
  verdict = judge_duel(battle.statement, battle.rules, battle.offers, battle.requests, battle.tables,
                       {battle.claims[A], battle.claims[D]}, {battle.sides[A].opening(), wrong_tokens});
  EXPECT_EQ(verdict.faults, (std::vector<DuelFault>{{DuelRole::defender, DuelFaultKind::bad_opening}}));
}

TEST(Duel, ARestoredSideContinuesTheSameDuel) {
  Battle battle(9, kGunjinFlag, 3);
  // The defender crashes after its request; it restores from its persisted (encoded) opening.
  game::ByteWriter saved;
  encode(battle.sides[D].opening(), saved);
  auto restored = Duelist::restore(DuelRole::defender, battle.statement, battle.rules,
                                   decode_duel_opening(saved.data()).value(), battle.offers[A]);
  EXPECT_EQ(restored.offer(), battle.offers[D]);
  EXPECT_EQ(restored.choice(), 3u);
  battle.sides[D] = restored;
  battle.exchange();
  EXPECT_EQ(settle_duel(battle.statement, battle.offers, battle.claims), seed_outcome(3, 9));
  // A side restored before its request makes the same offer and a fresh request.
  Battle early(9, 4, std::nullopt);
  auto again = Duelist::restore(DuelRole::attacker, early.statement, early.rules, early.sides[A].opening(), std::nullopt);
  EXPECT_EQ(again.offer(), early.offers[A]);
  early.sides[A] = again;
  early.requests[A] = early.sides[A].request(early.offers[D]);
  early.exchange();
  EXPECT_EQ(settle_duel(early.statement, early.offers, early.claims), seed_outcome(4, 9));
}

TEST(DuelEncoding, MessagesRoundTripAndMalformedOnesAreRejected) {
  Battle battle(3, kGunjinFlag, 4);
  battle.exchange();
  auto round_trip = [](const auto& message, auto decode) {
    game::ByteWriter w;
    encode(message, w);
    auto back = decode(w.data());
    EXPECT_TRUE(back.ok());
    if (back.ok()) {
      EXPECT_TRUE(*back == message);
    }
    return w.data();
  };
  round_trip(battle.offers[A], decode_duel_offer);
  round_trip(battle.requests[A], decode_duel_request);
  auto defender_request = round_trip(battle.requests[D], decode_duel_request);
  round_trip(battle.tables[D], decode_duel_table);
  auto claim = round_trip(battle.claims[A], decode_duel_claim);
  round_trip(battle.sides[D].opening(), decode_duel_opening);
  round_trip(battle.sides[A].opening(), decode_duel_opening);

  claim[2] = 3;  // no such outcome
  EXPECT_EQ(decode_duel_claim(claim).error(), WireError::bad_value);
  defender_request[2] = 7;  // no such role
  EXPECT_EQ(decode_duel_request(defender_request).error(), WireError::bad_value);
  game::ByteWriter table;
  write_header(table, WireTag::duel_table);
  table.u8(kMaxOtWidth + 1);
  table.u16(49);
  EXPECT_EQ(decode_duel_table(table.data()).error(), WireError::bad_value);
  game::ByteWriter short_table;
  write_header(short_table, WireTag::duel_table);
  short_table.u8(17);
  short_table.u16(49);
  short_table.raw(std::vector<std::uint8_t>(49 * 3));
  EXPECT_EQ(decode_duel_table(short_table.data()).error(), WireError::truncated);
}

}  // namespace
}  // namespace parley::crypto
