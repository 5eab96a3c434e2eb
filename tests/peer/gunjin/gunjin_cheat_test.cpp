// Each way to cheat at Gunjin without a referee, by a seat that follows the protocol in every
// other respect: the session (every peer) refuses the message and blames the seat at that
// entry, the game goes on to its end (a forfeit), and `parley verify` names the same seat, the
// same entry and the same reason.
#include <gtest/gtest.h>

#include "peer/session/gunjin_protocol.hpp"
#include "tests/peer/gunjin/gunjin_cheaters.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"

namespace parley::peer {
namespace {

using namespace game::gunjin;
using testing::GunjinTable;
using namespace testing;


// A game of a `C` in seat `at` against the tracking bot, played to its end.
template <class C>
struct CheatGame {
  std::unique_ptr<GunjinTable> table;
  C& cheater;
};

template <class C, class... Args>
CheatGame<C> play(Seat at, Args&&... args) {
  auto owned = std::make_unique<C>(std::forward<Args>(args)...);
  C& cheater = *owned;
  auto table = at == kFirst ? std::make_unique<GunjinTable>(std::move(owned), testing::tracking_agent(2))
                            : std::make_unique<GunjinTable>(testing::tracking_agent(1), std::move(owned));
  table->run();
  return {std::move(table), cheater};
}

// The cheat happened (at `index`), the session blamed `cheater` there for the rules' refusal
// `code` (with these particulars, when given), the other seat won by forfeit, the log is complete
// and valid, and the verifier says the same.
void expect_caught(const GunjinTable& t, Seat cheater, std::optional<std::size_t> cheat, RefusalCode code,
                   Offence offence = Offence::illegal_action,
                   std::optional<std::vector<std::string>> particulars = std::nullopt) {
  ASSERT_TRUE(cheat) << "the cheater never cheated";
  const std::size_t index = *cheat;
  const SeatRecord& record = t.session->seat(cheater);
  ASSERT_TRUE(record.blame) << "the cheat went unnoticed";
  EXPECT_EQ(record.blame->index.value, index);
  EXPECT_EQ(record.blame->offence, offence);
  EXPECT_EQ(refusal_of(record.blame), code) << record.blame->detail;
  if (particulars && record.blame->refused) {
    EXPECT_EQ(record.blame->refused->detail, *particulars);
  }
  EXPECT_FALSE(t.session->seat(opponent(cheater)).out());
  ASSERT_EQ(t.session->phase(), Phase::complete);

  auto report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  ASSERT_EQ(report.seats.size(), 2U);
  const SeatVerdict& v = report.seats[cheater.index];
  EXPECT_EQ(v.kind, SeatVerdict::Kind::blamed);
  ASSERT_TRUE(v.index);
  EXPECT_EQ(v.index->value, index);
  EXPECT_EQ(v.offence, offence);
  EXPECT_EQ(v.refusal, code) << v.reason;
  EXPECT_EQ(v.reason, std::string(describe(offence)) + ": " + record.blame->detail);
  EXPECT_EQ(report.seats[opponent(cheater).index].kind, SeatVerdict::Kind::honest);
  ASSERT_TRUE(report.outcome);
  if (offence != Offence::bad_reveal) {
    EXPECT_EQ(report.outcome->winner, opponent(cheater));
    EXPECT_EQ(report.outcome->reason, "forfeit");
  }
}

// ---- The layout -------------------------------------------------------------------------------

class SecondGeneral final : public Cheater {
 public:
  SecondGeneral() : Cheater(script(kBaseLayout)) {}

 protected:
  Layout choose_layout() override {
    Layout layout = kBaseLayout;
    layout[0] = Kind::general;  // a 大尉 made a second 大将
    return layout;
  }
  std::optional<GunjinMessage> cheat(const GunjinRules&, Seat, const std::optional<GunjinMessage>& m) override {
    return m && std::holds_alternative<ArmyMessage>(*m) ? m : std::nullopt;
  }
};

TEST(GunjinCheat, ALayoutWithASecondGeneralFailsItsArmyProof) {
  auto [table, c] = play<SecondGeneral>(kFirst);
  GunjinTable& t = *table;
  expect_caught(t, kFirst, c.cheat_index, GunjinRefusal::army_proof_fails);
}

// ---- Moves ------------------------------------------------------------------------------------

TEST(GunjinCheat, AMineThatMovesIsCaughtByItsMoveProof) {
  // A mine on slot 17, beside the gate: once the gate's plane has attacked, the mine steps
  // sideways onto the gate square.
  auto [table, c] = play<FalseProver>(kFirst, 
      script(with_swapped(kBaseLayout, 1, 17), {{18, Square{24}}, {17, Square{18}}}));
  GunjinTable& t = *table;
  // Seat 0's piece from slot 17 (the mine) is named, with its move.
  expect_caught(t, kFirst, c.cheat_index, GunjinRefusal::move_proof_fails, Offence::illegal_action,
                std::vector<std::string>{"0", "17", square_name(square_of_slot(kFirst, 17)), square_name(Square{18})});
  EXPECT_EQ(t.rules().history().size(), 2U) << "the mine's move was applied";
}

TEST(GunjinCheat, AnEngineerThatFliesIsCaughtByItsMoveProof) {
  // An engineer on slot 19 (column 3, no gate) goes straight across the closed line: a plane's
  // move.
  auto [table, c] = play<FalseProver>(kFirst, script(with_swapped(kBaseLayout, 19, 20), {{19, Square{25}}}));
  GunjinTable& t = *table;
  expect_caught(t, kFirst, c.cheat_index, GunjinRefusal::move_proof_fails);
  EXPECT_TRUE(t.rules().history().empty());
}

class FalseHqClaim final : public Cheater {
 public:
  FalseHqClaim() : Cheater(script(with_swapped(kBaseLayout, 19, 22), {{19, hq_of(kSecond)}})) {}

 protected:
  std::optional<GunjinMessage> cheat(const GunjinRules&, Seat, const std::optional<GunjinMessage>& m) override {
    const auto* move = m ? std::get_if<MoveMessage>(&*m) : nullptr;
    if (move == nullptr || move->to != hq_of(kSecond)) return std::nullopt;
    MoveMessage lie = *move;
    lie.officer = true;  // the plane says it is an officer taking the HQ
    return lie;
  }
};

TEST(GunjinCheat, APlaneClaimingTheHqAsAnOfficerIsCaught) {
  auto [table, c] = play<FalseHqClaim>(kFirst);
  GunjinTable& t = *table;
  expect_caught(t, kFirst, c.cheat_index, GunjinRefusal::no_officer_could_move);
}

// ---- Battles ----------------------------------------------------------------------------------

// The defender asks the attacker's table for another kind than the one it committed to.
class WrongDefenderKind final : public Cheater {
 public:
  WrongDefenderKind() : Cheater(script(kBaseLayout)) {}

 protected:
  std::optional<GunjinMessage> cheat(const GunjinRules& rules, Seat me, const std::optional<GunjinMessage>& m) override {
    if (!m || !std::holds_alternative<DuelAnswerMessage>(*m)) return std::nullopt;
    const PendingDuel& d = *rules.duel();
    const PieceId defender = *rules.public_state().piece_at(d.to);
    const Kind real = (*layout_)[defender.slot];
    const Kind claimed = real == Kind::general ? Kind::spy : Kind::general;
    std::optional<crypto::PedersenOpening> behind;
    if (auto b = friendly_behind(rules.public_state(), defender)) behind = army_->openings[b->slot];
    duelist_.emplace(crypto::Duelist::defender(
        d.statement, rules.duel_rules(), crypto::PedersenOpening{index_of(claimed), crypto::Scalar::random()}, behind));
    (void)me;
    return DuelAnswerMessage{duelist_->offer(), duelist_->request(d.offers[0])};
  }
};

TEST(GunjinCheat, ADefenderChoosingAnotherKindInTheDuelIsCaught) {
  auto [table, c] = play<WrongDefenderKind>(kSecond);  // the first move is always an attack
  GunjinTable& t = *table;
  expect_caught(t, kSecond, c.cheat_index, GunjinRefusal::defender_choice_fails);
}

// The attacker asks the defender's table for another kind than the one it committed to.
class WrongAttackerKind final : public Cheater {
 public:
  WrongAttackerKind() : Cheater(script(kBaseLayout)) {}

 protected:
  std::optional<GunjinMessage> cheat(const GunjinRules& rules, Seat, const std::optional<GunjinMessage>& m) override {
    if (!m || !std::holds_alternative<DuelTableMessage>(*m)) return std::nullopt;
    const PendingDuel& d = *rules.duel();
    crypto::DuelOpening saved = duelist_->opening();
    saved.piece.value = saved.piece.value == index_of(Kind::general) ? index_of(Kind::spy) : index_of(Kind::general);
    duelist_.emplace(crypto::Duelist::restore(crypto::DuelRole::attacker, d.statement, rules.duel_rules(), saved, std::nullopt));
    crypto::DuelRequest request = duelist_->request(d.offers[1]);
    auto table = duelist_->table(d.requests[1]);
    if (!table) return std::nullopt;
    return DuelTableMessage{std::move(request), std::move(table).value()};
  }
};

TEST(GunjinCheat, AnAttackerChoosingAnotherKindInTheDuelIsCaught) {
  auto [table, c] = play<WrongAttackerKind>(kFirst);
  GunjinTable& t = *table;
  expect_caught(t, kFirst, c.cheat_index, GunjinRefusal::attacker_choice_fails);
}

// The defender's table gives the attacker a false outcome at every entry. The two claims then
// disagree, both sides open their duel secrets, and the defender's opening shows its table lied.
class LyingTable final : public Cheater {
 public:
  LyingTable() : Cheater(script(kBaseLayout)) {}

 protected:
  std::optional<GunjinMessage> cheat(const GunjinRules& rules, Seat, const std::optional<GunjinMessage>& m) override {
    if (m && std::holds_alternative<DuelAnswerMessage>(*m)) {
      const PendingDuel& d = *rules.duel();
      const PieceId defender = *rules.public_state().piece_at(d.to);
      std::optional<crypto::PedersenOpening> behind;
      if (auto b = friendly_behind(rules.public_state(), defender)) behind = army_->openings[b->slot];
      crypto::DuelRules lies = rules.duel_rules();
      for (auto& row : lies.outcome)
        for (auto& cell : row)
          if (cell) cell = *cell == crypto::DuelOutcome::attacker_wins ? crypto::DuelOutcome::defender_stays
                                                                       : crypto::DuelOutcome::attacker_wins;
      duelist_.emplace(crypto::Duelist::defender(d.statement, lies, army_->openings[defender.slot], behind));
      lied_ = true;
      answer_ = DuelAnswerMessage{duelist_->offer(), duelist_->request(d.offers[0])};
      return std::nullopt;  // not yet the message it is caught at
    }
    // Its duel opening, which shows the lie, is what it is blamed for.
    if (lied_ && m && std::holds_alternative<DuelOpeningMessage>(*m)) return m;
    return std::nullopt;
  }
  std::optional<GunjinMessage> next_message(const GunjinRules& rules, Seat me) override {
    auto m = Cheater::next_message(rules, me);
    if (answer_) {
      auto answer = std::move(*answer_);
      answer_.reset();
      return answer;
    }
    return m;
  }

 private:
  bool lied_ = false;
  std::optional<DuelAnswerMessage> answer_;
};

TEST(GunjinCheat, ALyingDuelTableIsFoundInTheDisputeAndNamed) {
  auto [table, c] = play<LyingTable>(kSecond);
  GunjinTable& t = *table;
  expect_caught(t, kSecond, c.cheat_index, GunjinRefusal::defender_opening_lies, Offence::illegal_action,
                std::vector<std::string>{fault_words({crypto::DuelFaultKind::wrong_table})});
}

// The attacker claims another outcome than the token it received proves.
class FalseOutcome final : public Cheater {
 public:
  FalseOutcome() : Cheater(script(kBaseLayout)) {}

 protected:
  std::optional<GunjinMessage> cheat(const GunjinRules&, Seat, const std::optional<GunjinMessage>& m) override {
    const auto* claim = m ? std::get_if<DuelClaimMessage>(&*m) : nullptr;
    if (claim == nullptr) return std::nullopt;
    DuelClaimMessage lie = *claim;
    lie.claim.outcome = claim->claim.outcome == crypto::DuelOutcome::attacker_wins ? crypto::DuelOutcome::defender_stays
                                                                                  : crypto::DuelOutcome::attacker_wins;
    return lie;
  }
};

TEST(GunjinCheat, AFalseOutcomeClaimIsCaught) {
  auto [table, c] = play<FalseOutcome>(kFirst);
  GunjinTable& t = *table;
  expect_caught(t, kFirst, c.cheat_index, GunjinRefusal::attacker_false_claim);
  EXPECT_TRUE(t.rules().history().empty()) << "the battle was settled on a false claim";
}

// The defender opens its duel secrets instead of claiming, although the entry it received was
// valid: a false dispute (it would learn the attacker's kind).
class FalseDispute final : public Cheater {
 public:
  FalseDispute() : Cheater(script(kBaseLayout)) {}

 protected:
  std::optional<GunjinMessage> cheat(const GunjinRules&, Seat, const std::optional<GunjinMessage>& m) override {
    const auto* reply = m ? std::get_if<DuelReplyMessage>(&*m) : nullptr;
    if (reply == nullptr || !std::holds_alternative<crypto::DuelClaim>(reply->verdict)) return std::nullopt;
    return DuelReplyMessage{reply->table, duelist_->opening()};
  }
};

TEST(GunjinCheat, AFalseDisputeIsNamed) {
  auto [table, c] = play<FalseDispute>(kSecond);
  GunjinTable& t = *table;
  expect_caught(t, kSecond, c.cheat_index, GunjinRefusal::defender_opening_lies, Offence::illegal_action,
                std::vector<std::string>{fault_words({crypto::DuelFaultKind::false_dispute})});
}

// The attacker opens its duel secrets instead of claiming, although the defender's table entry it
// received was valid and the defender claimed honestly: a false dispute by the other side. The
// design makes it a fault (docs/gunjin.md: `false_dispute`, it would learn the defender's kind):
// the disputer is named, the honest defender is not, and the battle is not settled on it.
class AttackerFalseDispute final : public Cheater {
 public:
  AttackerFalseDispute() : Cheater(script(kBaseLayout)) {}

 protected:
  std::optional<GunjinMessage> cheat(const GunjinRules&, Seat, const std::optional<GunjinMessage>& m) override {
    if (!m || !std::holds_alternative<DuelClaimMessage>(*m)) return std::nullopt;
    return DuelOpeningMessage{duelist_->opening()};
  }
};

TEST(GunjinCheat, AnAttackersFalseDisputeNamesTheAttackerAndNotTheHonestDefender) {
  auto [table, c] = play<AttackerFalseDispute>(kFirst);
  GunjinTable& t = *table;
  // The defender had claimed: its honest reply was accepted before the dispute.
  expect_caught(t, kFirst, c.cheat_index, GunjinRefusal::attacker_opening_lies, Offence::illegal_action,
                std::vector<std::string>{fault_words({crypto::DuelFaultKind::false_dispute})});
  EXPECT_FALSE(t.session->seat(kSecond).blame);
  EXPECT_TRUE(t.rules().history().empty()) << "the battle was settled on a false dispute";
}

// "I have no legal move" at the first turn, with immobility proofs made from false openings.
class FalseNoMove final : public FalseProver {
 public:
  FalseNoMove() : FalseProver(script(kBaseLayout)) {}

 protected:
  std::optional<GunjinMessage> cheat(const GunjinRules& rules, Seat me, const std::optional<GunjinMessage>& m) override {
    if (!m || !std::holds_alternative<MoveMessage>(*m)) return std::nullopt;
    return no_legal_move_message(rules, me);
  }
};

TEST(GunjinCheat, AFalseNoLegalMoveDeclarationIsCaught) {
  auto [table, c] = play<FalseNoMove>(kFirst);
  GunjinTable& t = *table;
  expect_caught(t, kFirst, c.cheat_index, GunjinRefusal::false_no_move);
}

// ---- The end ----------------------------------------------------------------------------------

class BadReveal final : public GunjinAgent {
 public:
  BadReveal() : GunjinAgent(std::make_unique<TrackingStrategy>(1)) {}
  std::optional<std::size_t> reveal_index;
  std::optional<Bytes> reveal(const Session& session, Seat me) override {
    if (refuse) return std::nullopt;
    reveal_index = session.next_index().value;
    ArmyOpenings openings = army_->openings;
    openings[7].value = openings[7].value == index_of(Kind::general) ? index_of(Kind::spy) : index_of(Kind::general);
    (void)me;
    return encode_army_openings(openings);
  }
  bool refuse = false;
};

TEST(GunjinCheat, ARevealThatDoesNotOpenTheCommitmentsIsBlamed) {
  auto [table, c] = play<BadReveal>(kFirst);
  GunjinTable& t = *table;
  auto outcome = t.session->outcome();
  expect_caught(t, kFirst, c.reveal_index, GunjinRefusal::opening_mismatch, Offence::bad_reveal,
                std::vector<std::string>{"7"});
  // The result of the game stands.
  EXPECT_NE(outcome->reason, "forfeit");
  EXPECT_EQ(*t.session->outcome(), *outcome);
}

TEST(GunjinCheat, ASeatThatRefusesToOpenItsLayoutTimesOutAndIsNamed) {
  auto cheater = std::make_unique<BadReveal>();
  cheater->refuse = true;
  GunjinTable t(std::move(cheater), testing::tracking_agent(2));
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::finishing);
  EXPECT_EQ(t.session->awaited(), std::vector<Seat>{kFirst});
  const auto deadline = t.session->deadline(kFirst);
  ASSERT_TRUE(deadline);
  t.lobby.advance(*deadline - t.lobby.now() + 1);
  t.post(kSecond, TimeoutClaimMessage{kFirst});
  const std::size_t claim = t.last_index();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  ASSERT_TRUE(t.session->seat(kFirst).timed_out_at);
  EXPECT_EQ(t.session->seat(kFirst).timed_out_at->value, claim);
  auto report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.seats[0].kind, SeatVerdict::Kind::timed_out);
  EXPECT_EQ(report.seats[0].index->value, claim);
  EXPECT_EQ(report.seats[1].kind, SeatVerdict::Kind::honest);
}

}  // namespace
}  // namespace parley::peer
