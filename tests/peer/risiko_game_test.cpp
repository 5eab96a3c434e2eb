// Full Risiko games between bots through the session layer (a FakeLobby): every protocol step,
// every proof checked by the session; the log verifies.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

#include "game/risiko/mission.hpp"
#include "tests/peer/risiko_table.hpp"

namespace parley::peer {
namespace {

using testing::RisikoTable;
namespace rk = game::risiko;

void expect_complete_and_verified(RisikoTable& t) {
  ASSERT_EQ(t.session->phase(), Phase::complete) << "entries: " << t.lobby.entries().size();
  for (const Blame& b : t.blames())
    ADD_FAILURE() << "seat " << int(b.seat.index) << " blamed at " << b.index.value << ": " << b.detail;
  const auto& outcome = t.session->outcome();
  ASSERT_TRUE(outcome.has_value());
  ASSERT_TRUE(outcome->winner.has_value());
  const rk::Table& table = t.rules().state().table;
  EXPECT_EQ(table.winner, outcome->winner);
  if (table.end == rk::EndReason::mission) {
    // The winner revealed its mission, and it holds.
    const auto& mission = table.player(*outcome->winner).revealed_mission;
    ASSERT_TRUE(mission.has_value());
    EXPECT_TRUE(rk::mission_fulfilled(t.rules().world(), table, *outcome->winner, t.rules().world().mission(*mission)));
  } else {
    EXPECT_EQ(table.end, rk::EndReason::last_player);
  }
  std::size_t transfers = 0;
  for (const auto& [where, deal] : t.rules().deals()) transfers += deal.transfers.size();
  std::cout << "entries " << t.lobby.entries().size() << ", turns " << table.turn << ", cards dealt "
            << t.rules().deals().size() - t.session->seat_count() << ", card decks " << t.rules().decks().size() - 1
            << ", cards handed over " << transfers << ", winner seat " << int(outcome->winner->index) << " ("
            << outcome->reason << ")\n";
  // The log in words shows the dice each answer completed ("answers roll 3: 6-5-2 against 4-4").
  std::size_t dice_shown = 0;
  for (const auto& e : t.session->events())
    dice_shown += e.kind == SessionEvent::Kind::action && e.text.find(" against ") != std::string::npos;
  EXPECT_GT(dice_shown, 0u);
  const VerifyReport report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  ASSERT_TRUE(report.outcome.has_value());
  EXPECT_EQ(report.outcome->winner, outcome->winner);
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest);
}

TEST(RisikoGame, ThreeBotsFinishWithAVerifiedResult) {
  RisikoTable t(3);
  t.run();
  expect_complete_and_verified(t);
}

TEST(RisikoGame, SixBotsFinishWithAVerifiedResult) {
  RisikoTable t(6);
  // The setup (beacon, keys, both decks shuffled and proven by all six, missions dealt), for the
  // record: its wall time here (one process runs every seat's and the session's side) and bytes.
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(t.run_until([&] { return t.rules().started() && t.rules().stage() >= risiko::Stage::placement_commit; }));
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  std::size_t bytes = 0;
  for (const auto& e : t.lobby.entries()) bytes += lobby::entry_bytes(e.entry).size() + 64;
  std::cout << "setup of 6 seats: " << ms.count() << " ms, " << t.lobby.entries().size() << " entries, " << bytes
            << " bytes\n";
  t.run();
  expect_complete_and_verified(t);
}

}  // namespace
}  // namespace parley::peer
