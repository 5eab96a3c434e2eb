// The protocol's paths beyond an uneventful game: every seat knows every card it holds (dealt,
// or handed over by a seat it eliminated, from a reshuffled deck too) and nobody else learns
// it; a seat that leaves publishing its key leaves the decks working; a seat that goes silent
// is timed out and the others play on without its cards.
#include <gtest/gtest.h>

#include "games/risiko/module.hpp"
#include "tests/peer/risiko_honest_end.hpp"
#include "tests/peer/risiko_table.hpp"

namespace parley::peer {
namespace {

using testing::CrossedShares;
using testing::LeaveOnCue;
using testing::RisikoTable;
using namespace risiko;

// A bot whose knowledge the test reads.
class OpenBot : public RisikoBot {
 public:
  rk::State knowledge(const RisikoRules& rules, Seat me) { return agent_.knowledge(rules, me); }
};

// A bot that leaves (publishing its deck key) once the game reaches a turn.
class LeavingBot final : public RisikoBot {
 public:
  explicit LeavingBot(std::uint32_t turn) : turn_(turn) {}
  std::size_t deals_when_left = 0;
  std::optional<Bytes> act(const Session& session, Seat me) override {
    const RisikoRules& rules = parley::games::risiko::rules_of(session);
    if (session.phase() == Phase::play && rules.started() && rules.state().table.turn >= turn_ &&
        !rules.seat(me).departed) {
      deals_when_left = rules.deals().size();
      return encode(risiko::Message{agent_.leave()});
    }
    return RisikoBot::act(session, me);
  }

 private:
  std::uint32_t turn_;
};

// A bot that stops answering anything once the game reaches a turn.
class SilentBot final : public RisikoBot {
 public:
  explicit SilentBot(std::uint32_t turn) : turn_(turn) {}
  std::optional<Bytes> act(const Session& session, Seat me) override {
    if (parley::games::risiko::rules_of(session).state().table.turn >= turn_) return std::nullopt;
    return RisikoBot::act(session, me);
  }

 private:
  std::uint32_t turn_;
};

TEST(RisikoProtocol, EverySeatKnowsExactlyTheCardsItHolds) {
  bool handed_over = false, reshuffled = false;
  for (int game = 0; game < 8 && !(handed_over && reshuffled); ++game) {
    RisikoTable t(6);
    const std::vector<OpenBot*> bots = testing::seat_bots<OpenBot>(t);
    std::size_t checks = 0;
    t.run_until([&] {
      const RisikoRules& rules = t.rules();
      if (rules.stage() != Stage::play || rules.outcome()) return rules.outcome().has_value();
      const Seat current = rules.state().table.current_player();
      if (!rules.deciding(current)) return false;
      // Nothing is being dealt or handed over: every hand is known to its holder alone.
      for (std::uint8_t i = 0; i < 6; ++i) {
        const Seat s{i};
        if (rules.seat(s).departed) continue;
        const rk::State mine = bots[i]->knowledge(rules, s);
        for (const auto& card : mine.secrets[i].cards) EXPECT_TRUE(card.has_value()) << "seat " << int(i);
        EXPECT_TRUE(mine.secrets[i].mission.has_value());
        for (std::uint8_t j = 0; j < 6; ++j)
          if (j != i) {
            for (const auto& card : mine.secrets[j].cards) EXPECT_FALSE(card.has_value());
          }
        ++checks;
      }
      return false;
    });
    ASSERT_FALSE(::testing::Test::HasFailure());
    EXPECT_GT(checks, 0u);
    for (const auto& [where, deal] : t.rules().deals()) handed_over |= !deal.transfers.empty();
    reshuffled |= t.rules().decks().size() > 2;
  }
  EXPECT_TRUE(handed_over) << "no game in eight had an elimination with cards";
  EXPECT_TRUE(reshuffled) << "no game in eight reshuffled the discard pile";
}

TEST(RisikoProtocol, ASeatThatLeavesWithItsKeyLeavesTheDecksWorking) {
  RisikoTable t(4);
  auto leaver = std::make_unique<LeavingBot>(2);
  LeavingBot* bot = leaver.get();
  t.players[2] = std::move(leaver);
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  const RisikoRules& rules = t.rules();
  EXPECT_TRUE(rules.seat(Seat{2}).departed);
  EXPECT_TRUE(rules.seat(Seat{2}).published_key.has_value());
  EXPECT_TRUE(rules.deck_alive());
  EXPECT_NE(rules.state().table.player(Seat{2}).status, rk::PlayerStatus::playing);
  EXPECT_TRUE(t.blames().empty());
  ASSERT_TRUE(t.session->outcome()->winner.has_value());
  EXPECT_NE(*t.session->outcome()->winner, Seat{2});
  // Cards were still dealt after it left: its shares came from its published key.
  EXPECT_GT(bot->deals_when_left, 0u);
  EXPECT_GT(rules.deals().size(), bot->deals_when_left);
  const VerifyReport report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest);
}

// A bot process restarted with the secrets its runner kept (Player::secrets / restore) is the
// same seat again: it answers for its key, dice and cards, and nobody leaves.
TEST(RisikoProtocol, ABotRestoredFromItsKeptSecretsPlaysOnAsTheSameSeat) {
  RisikoTable t(4);
  // Killed after committing its placement, before revealing it; and again in the middle of play.
  ASSERT_TRUE(t.run_until([&] { return t.rules().stage() == Stage::placement_reveal; }));
  ASSERT_TRUE(t.rules().owes_placement_reveal(Seat{1}));
  for (int restart = 0; restart < 2; ++restart) {
    const Bytes kept = t.players[1]->secrets();
    ASSERT_FALSE(kept.empty());
    auto restarted = std::make_unique<RisikoBot>();
    ASSERT_TRUE(restarted->restore(kept));
    EXPECT_EQ(restarted->secrets(), kept);  // the same bytes: nothing lost, nothing new
    t.players[1] = std::move(restarted);
    if (restart == 0) {
      ASSERT_TRUE(t.run_until([&] { return t.rules().stage() == Stage::play && t.rules().state().table.turn >= 4; }));
    }
  }
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  EXPECT_TRUE(t.blames().empty());
  for (std::uint8_t i = 0; i < 4; ++i) EXPECT_FALSE(t.rules().seat(Seat{i}).departed) << "seat " << int(i) << " left";
  EXPECT_TRUE(t.rules().deck_alive());
  const VerifyReport report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest);
}

TEST(RisikoProtocol, KeptSecretsThatAreDamagedOrForeignAreRefusedOrLeadToALeave) {
  RisikoTable t(3);
  ASSERT_TRUE(t.run_until([&] { return t.rules().stage() == Stage::play; }));
  const Bytes kept = t.players[1]->secrets();
  RisikoBot fresh;
  EXPECT_TRUE(fresh.restore({}));  // nothing kept yet: nothing to restore
  EXPECT_TRUE(fresh.secrets().empty());
  // Every truncation, a trailing byte, another version, a zero key, a chain of length 0.
  for (std::size_t n = 1; n < kept.size(); ++n) EXPECT_FALSE(RisikoBot().restore({kept.data(), n})) << n;
  Bytes longer = kept;
  longer.push_back(0);
  EXPECT_FALSE(RisikoBot().restore(longer));
  Bytes version = kept;
  version[0] = 2;
  EXPECT_FALSE(RisikoBot().restore(version));
  Bytes zero_key = kept;
  std::fill_n(zero_key.begin() + 1 + 32 + 1, 32, 0);
  EXPECT_FALSE(RisikoBot().restore(zero_key));
  Bytes no_chain = kept;
  std::fill_n(no_chain.begin() + 1 + 32 + 1 + 32 + 32, 4, 0);
  EXPECT_FALSE(RisikoBot().restore(no_chain));
  // Seat 2's secrets in seat 1's process: they do not match the key seat 1 announced, so the
  // bot leaves (without a key) rather than answer with another seat's secrets.
  auto foreign = std::make_unique<RisikoBot>();
  ASSERT_TRUE(foreign->restore(t.players[2]->secrets()));
  t.players[1] = std::move(foreign);
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  EXPECT_TRUE(t.blames().empty());
  EXPECT_TRUE(t.rules().seat(Seat{1}).departed);
  EXPECT_FALSE(t.rules().seat(Seat{1}).published_key.has_value());
}

TEST(RisikoProtocol, ABotThatLostItsSecretsLeavesInsteadOfCheating) {
  RisikoTable t(4);
  ASSERT_TRUE(t.run_until([&] { return t.rules().stage() == Stage::play && t.rules().state().table.turn >= 3; }));
  t.players[1] = std::make_unique<RisikoBot>();  // a restarted process: its deck key is gone
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  EXPECT_TRUE(t.blames().empty());
  EXPECT_TRUE(t.rules().seat(Seat{1}).departed);
  EXPECT_FALSE(t.rules().deck_alive());
  const VerifyReport report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest);
}

// The last entry was ignored as late, for this refusal, and nobody is blamed.
void expect_ignored_as_late(const RisikoTable& t, RefusalCode why) {
  EXPECT_TRUE(t.blames().empty()) << t.blames().front().detail;
  const SessionEvent& last = t.session->events().back();
  EXPECT_EQ(last.kind, SessionEvent::Kind::ignored);
  EXPECT_EQ(last.ignored, Ignored::late_action) << last.text;
  EXPECT_EQ(last.refusal, why) << last.text;
}

TEST(RisikoProtocol, SharesThatCrossTheHoldersLeaveAreLateNotACheat) {
  CrossedShares c(false);
  ASSERT_TRUE(c.reached());
  expect_ignored_as_late(c.table, RisikoRefusal::share_not_owed);
  // The sharer posts its other shares again, and the game goes on to its end.
  testing::expect_honest_end(c.table);
}

TEST(RisikoProtocol, SharesForALeaverItsSenderHadSeenLeaveAreBlamed) {
  CrossedShares c(true);
  ASSERT_TRUE(c.reached());
  const auto& blame = c.table.session->seat(CrossedShares::kSharer).blame;
  ASSERT_TRUE(blame);
  EXPECT_EQ(blame->offence, Offence::illegal_action);
  EXPECT_EQ(testing::refusal_of(blame), RefusalCode(RisikoRefusal::share_not_owed)) << blame->detail;
}

// The defender's dice value, made while the attacker's roll was pending, crosses the attacker's
// leave, which calls the roll off: late, not a cheat.
TEST(RisikoProtocol, ADiceAnswerThatCrossesTheAttackersLeaveIsLateNotACheat) {
  RisikoTable t(4);
  const std::vector<LeaveOnCue*> bots = testing::seat_bots<LeaveOnCue>(t);
  ASSERT_TRUE(t.run_until([&] { return t.rules().pending_roll().has_value(); }));
  const PendingRoll roll = *t.rules().pending_roll();
  const Seat attacker = std::visit([](const auto& o) { return o.seat; }, roll.order);
  const lobby::EntryIndex seen{t.lobby.entries().size() - 1};
  const crypto::Digest hash = t.session->state_hash();
  auto answer = t.players[roll.responder.index]->act(*t.session, roll.responder);
  ASSERT_TRUE(answer);
  t.post_game(attacker, bots[attacker.index]->leave_now());
  ASSERT_FALSE(t.rules().pending_roll());
  t.post_game_seen(roll.responder, *answer, seen, hash);
  expect_ignored_as_late(t, RisikoRefusal::dice_not_due);
  testing::expect_honest_end(t);
}

TEST(RisikoProtocol, ASilentSeatIsTimedOutAndTheOthersPlayOn) {
  RoomOptions options;
  options.move_limit_ms = 30'000;
  options.response_limit_ms = 10'000;
  RisikoTable t(4, options);
  const Seat silent{3};
  t.players[silent.index] = std::make_unique<SilentBot>(4);
  while (t.session->phase() != Phase::complete && t.lobby.entries().size() < 200000) {
    if (t.round()) continue;
    // Nobody has anything to post: the silent seat is awaited. Past its deadline, claim it.
    auto deadline = t.session->deadline(silent);
    ASSERT_TRUE(deadline.has_value());
    ASSERT_FALSE(t.session->seat(silent).out());
    t.lobby.advance(*deadline + 1 - t.lobby.now());
    t.post(Seat{0}, TimeoutClaimMessage{silent});
    ASSERT_TRUE(t.session->seat(silent).timed_out_at.has_value());
  }
  ASSERT_EQ(t.session->phase(), Phase::complete);
  EXPECT_TRUE(t.blames().empty());
  const RisikoRules& rules = t.rules();
  EXPECT_TRUE(rules.seat(silent).departed);
  EXPECT_NE(rules.state().table.player(silent).status, rk::PlayerStatus::playing);
  // Its key is gone with it: no card can be opened any more, so none is dealt.
  EXPECT_FALSE(rules.deck_alive());
  ASSERT_TRUE(t.session->outcome()->winner.has_value());
  const VerifyReport report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.seats[silent.index].kind, SeatVerdict::Kind::timed_out);
}

}  // namespace
}  // namespace parley::peer
