// Gunjin shogi through the session layer with no referee: honest bot games end with the right
// result and verify; every way to cheat is caught live and by the verifier, naming the seat
// and the entry.
#include <gtest/gtest.h>

#include "peer/session/gunjin_protocol.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"

namespace parley::peer {
namespace {

using namespace game::gunjin;
using testing::CrossedOffer;
using testing::GunjinTable;
using testing::kFirst;
using testing::kSecond;


// The same game, replayed by the pure engine from both layouts with full information.
State replay_full(const GunjinTable& t) {
  std::array<std::optional<Layout>, 2> layouts{t.agents[0]->layout(), t.agents[1]->layout()};
  State s = State::new_game(t.rules().room_options().variants, layouts).value();
  for (const Action& a : t.rules().history()) s = Gunjin::apply(s, a).value();
  return s;
}

void expect_honest_and_verified(const GunjinTable& t) {
  auto report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  ASSERT_EQ(report.seats.size(), 2U);
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
  ASSERT_TRUE(report.outcome);
  EXPECT_EQ(report.outcome->winner, t.session->outcome()->winner);
  EXPECT_EQ(report.outcome->reason, t.session->outcome()->reason);
}

TEST(GunjinSession, TwoTrackingBotsPlayToTheEndAndTheLogVerifies) {
  GunjinTable t(testing::tracking_agent(1), testing::tracking_agent(2));
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete) << describe(t.session->phase());
  ASSERT_TRUE(t.session->outcome());
  for (std::uint8_t i = 0; i < 2; ++i) EXPECT_FALSE(t.session->seat(Seat{i}).out());
  // Both layouts were opened, and the game replayed from them is the game everyone saw.
  ASSERT_TRUE(t.rules().revealed()[0] && t.rules().revealed()[1]);
  EXPECT_EQ(*t.rules().revealed()[0], *t.agents[0]->layout());
  EXPECT_EQ(*t.rules().revealed()[1], *t.agents[1]->layout());
  const State full = replay_full(t);
  EXPECT_EQ(full.conceal(std::nullopt), t.rules().public_state());
  // The result is the one the full-information engine gives.
  auto engine = Gunjin::outcome(full);
  ASSERT_TRUE(engine);
  EXPECT_EQ(engine->winner, t.session->outcome()->winner);
  EXPECT_EQ(engine->reason, t.session->outcome()->reason);
  EXPECT_FALSE(full.battles().empty()) << "a game with no battle tests no duel";
  expect_honest_and_verified(t);
}

// The room option "open pieces": layouts public from the setup, plain engine actions, every
// outcome checked with full information; nothing to reveal at the end.
TEST(GunjinSession, AGameWithOpenPiecesPlaysToTheEndAndVerifies) {
  GunjinRoomOptions open;
  open.open_pieces = true;
  GunjinTable t(testing::tracking_agent(1), testing::tracking_agent(2), open);
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  EXPECT_FALSE(t.rules().needs_reveals());
  const State& full = t.rules().public_state();
  EXPECT_EQ(*full.piece(PieceId{kFirst, 0}).kind, (*t.agents[0]->layout())[0]);
  EXPECT_FALSE(full.battles().empty());
  auto engine = Gunjin::outcome(full);
  ASSERT_TRUE(engine);
  EXPECT_EQ(engine->winner, t.session->outcome()->winner);
  expect_honest_and_verified(t);
}

// A seat's agent rebuilt from its saved secrets (what the runner keeps on disk) after every few
// posts — in every step of duels, too — carries on as if nothing happened.
TEST(GunjinSession, AnAgentRestoredFromItsSecretsCarriesOn) {
  GunjinTable t(testing::tracking_agent(1), testing::tracking_agent(2));
  std::size_t restarts = 0;
  std::uint64_t seed = 100;
  while (t.session->phase() != Phase::complete && t.run(5) > 0) {
    for (auto& agent : t.agents) {
      const Bytes secrets = agent->secrets();
      auto fresh = testing::tracking_agent(++seed);
      ASSERT_TRUE(fresh->restore(secrets));
      EXPECT_EQ(fresh->secrets(), secrets);
      agent = std::move(fresh);
      ++restarts;
    }
  }
  ASSERT_EQ(t.session->phase(), Phase::complete);
  EXPECT_GT(restarts, 20U);
  expect_honest_and_verified(t);
  auto damaged = testing::tracking_agent(1);
  EXPECT_FALSE(damaged->restore(Bytes{2, 0, 0}));
  EXPECT_FALSE(damaged->restore(Bytes{1, 0, 0, 0}));
}

// The tracking bot (what battles revealed, expected gains) against uniformly random moves, each
// on both sides: it wins (the games are deterministic given the bots' seeds).
TEST(GunjinSession, TheTrackingBotBeatsTheRandomBot) {
  int tracking_wins = 0, games = 0;
  for (std::uint64_t seed = 3; seed <= 5; ++seed) {
    for (std::uint8_t tracking = 0; tracking < 2; ++tracking) {
      GunjinTable t(tracking == 0 ? testing::tracking_agent(seed) : testing::random_agent(seed),
                    tracking == 1 ? testing::tracking_agent(seed + 100) : testing::random_agent(seed + 100));
      t.run();
      ASSERT_EQ(t.session->phase(), Phase::complete);
      expect_honest_and_verified(t);
      ++games;
      if (t.session->outcome()->winner == Seat{tracking}) ++tracking_wins;
    }
  }
  EXPECT_GE(tracking_wins, games - 1);
}

TEST(GunjinSession, ADrawOfferThatCrossesAMoveStartingABattleIsLateNotACheat) {
  CrossedOffer c(false);
  ASSERT_NE(c.offer_index, 0U) << "no battle was reached";
  GunjinTable& t = c.table;
  EXPECT_FALSE(t.session->seat(c.offerer).blame);
  const SessionEvent& last = t.session->events().back();
  EXPECT_EQ(last.kind, SessionEvent::Kind::ignored);
  EXPECT_EQ(last.index.value, c.offer_index);
  EXPECT_EQ(last.ignored, Ignored::late_action) << last.text;
  EXPECT_EQ(last.refusal, RefusalCode(GunjinRefusal::draw_during_battle)) << last.text;
  EXPECT_FALSE(t.rules().public_state().draw_offer());
  // The battle is settled and the game goes on to its end, with both seats honest.
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  expect_honest_and_verified(t);
}

TEST(GunjinSession, ADrawOfferDuringABattleItsSenderHadSeenIsBlamed) {
  CrossedOffer c(true);
  ASSERT_NE(c.offer_index, 0U) << "no battle was reached";
  const auto& blame = c.table.session->seat(c.offerer).blame;
  ASSERT_TRUE(blame);
  EXPECT_EQ(blame->offence, Offence::illegal_action);
  EXPECT_EQ(blame->index.value, c.offer_index);
  EXPECT_EQ(testing::refusal_of(blame), RefusalCode(GunjinRefusal::draw_during_battle)) << blame->detail;
}

// With open pieces a draw offer is a plain engine action: two that cross are a race, and the
// one that lands second is ignored; the first stands, for the other seat to accept.
TEST(GunjinSession, TwoDrawOffersThatCrossWithOpenPiecesLeaveTheFirstStanding) {
  GunjinRoomOptions open;
  open.open_pieces = true;
  GunjinTable t(testing::tracking_agent(1), testing::tracking_agent(2), open);
  t.run(4);  // the setups and the beacon reveals
  ASSERT_EQ(t.session->phase(), Phase::play);
  const lobby::EntryIndex seen{t.last_index()};
  const crypto::Digest hash = t.session->state_hash();
  auto offer = [&](Seat s) {
    t.session->apply(t.lobby.post(s, ActionMessage{hash, game::gunjin::encode(Action{s, OfferDraw{}})}, seen));
  };
  offer(kSecond);
  offer(kFirst);
  EXPECT_FALSE(t.session->seat(kFirst).blame);
  EXPECT_FALSE(t.session->seat(kSecond).blame);
  EXPECT_EQ(t.session->events().back().kind, SessionEvent::Kind::ignored);
  EXPECT_EQ(t.rules().public_state().draw_offer(), kSecond);
  // The first seat, having seen the offer, accepts it.
  t.post(kFirst, ActionMessage{t.session->state_hash(), game::gunjin::encode(Action{kFirst, AcceptDraw{}})});
  ASSERT_TRUE(t.session->outcome());
  EXPECT_FALSE(t.session->outcome()->winner);
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  expect_honest_and_verified(t);
}

}  // namespace
}  // namespace parley::peer
