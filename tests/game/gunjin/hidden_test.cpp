// Hidden information: peers apply actions without the enemy's kinds; the verifier, after the
// layouts are opened, replays with every kind and catches what peers could not.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <vector>

#include "fixtures.hpp"
#include "game/gunjin/rules.hpp"

namespace parley::game::gunjin {
namespace {

using testing::at;
using testing::full_game;
using testing::kLayout;
using testing::kSeat0;
using testing::kSeat1;
using testing::move;
using testing::position;
using testing::sq;

std::optional<Error> error_of(const State& s, const Action& a) {
  auto r = Gunjin::apply(s, a);
  if (r) return std::nullopt;
  return r.error();
}

TEST(Hidden, ViewsKnowOwnKindsEnemyPositionsAndBattles) {
  const State full = full_game();
  const State after = *Gunjin::apply(full, move(kSeat0, sq(1, 3), sq(1, 4), BattleOutcome::attacker_takes));
  const View v = Gunjin::view(after, kSeat1);
  EXPECT_EQ(v.seat, kSeat1);
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    EXPECT_EQ(v.state.piece(PieceId{kSeat1, slot}).kind, kLayout[slot]);
    EXPECT_FALSE(v.state.piece(PieceId{kSeat0, slot}).kind);
    EXPECT_EQ(v.state.piece(PieceId{kSeat0, slot}).square, after.piece(PieceId{kSeat0, slot}).square);
  }
  EXPECT_EQ(v.state.battles(), after.battles());
  EXPECT_EQ(v.state, after.conceal(kSeat1));
}

TEST(Hidden, PeersAcceptWhatOnlyTheHiddenKindCouldRefute) {
  // Seat 0: a mine in the open, an engineer behind a 大尉, a 大尉 facing seat 1's 大将.
  const State full = position({at(kSeat0, 0, Kind::mine, sq(2, 2)), at(kSeat0, 1, Kind::engineer, sq(0, 0)),
                               at(kSeat0, 2, Kind::captain, sq(0, 1)), at(kSeat0, 3, Kind::captain, sq(4, 2)),
                               at(kSeat1, 0, Kind::general, sq(4, 3))});
  const State peer = full.conceal(kSeat1);       // seat 1 sees no seat-0 kind
  const State spectator = full.conceal(std::nullopt);
  const Action mine_moves = move(kSeat0, sq(2, 2), sq(2, 3));
  const Action engineer_flies = move(kSeat0, sq(0, 0), sq(0, 2));
  const Action false_outcome = move(kSeat0, sq(4, 2), sq(4, 3), BattleOutcome::attacker_takes);
  for (const Action& cheat : {mine_moves, engineer_flies, false_outcome}) {
    EXPECT_FALSE(error_of(peer, cheat));       // it could have been a plane, a spy …
    EXPECT_FALSE(error_of(spectator, cheat));
  }
  EXPECT_EQ(error_of(full, mine_moves), Error::kind_cannot_make_move);
  EXPECT_EQ(error_of(full, engineer_flies), Error::kind_cannot_make_move);
  EXPECT_EQ(error_of(full, false_outcome), Error::false_battle_outcome);
  // The mover's own state knows its kinds and refuses the first two as well.
  const State own = full.conceal(kSeat0);
  EXPECT_EQ(error_of(own, mine_moves), Error::kind_cannot_make_move);
  EXPECT_EQ(error_of(own, engineer_flies), Error::kind_cannot_make_move);
  EXPECT_FALSE(error_of(own, false_outcome));  // the 大尉 might have met a spy
}

TEST(Hidden, PeersRejectWhatNoPossibleKindCouldDo) {
  // Seat 0's piece on (1,0) flies over its own piece: only a plane can, and a plane beats
  // seat 1's mine and cannot occupy an HQ. Seat 1 knows it all without seeing the kind.
  const State full = position({at(kSeat0, 0, Kind::plane, sq(1, 0)), at(kSeat0, 1, Kind::captain, sq(1, 1)),
                               at(kSeat0, 2, Kind::plane, sq(2, 1)), at(kSeat0, 3, Kind::spy, sq(3, 6)),
                               at(kSeat1, 0, Kind::mine, sq(1, 5))});
  const State peer = full.conceal(kSeat1);
  EXPECT_EQ(error_of(peer, move(kSeat0, sq(1, 0), sq(1, 5), BattleOutcome::defender_stays)),
            Error::false_battle_outcome);
  EXPECT_FALSE(error_of(peer, move(kSeat0, sq(1, 0), sq(1, 5), BattleOutcome::attacker_takes)));
  // A flight into the enemy HQ cannot win it.
  EXPECT_EQ(error_of(peer, move(kSeat0, sq(2, 1), hq_of(kSeat1), std::nullopt, true)), Error::false_hq_claim);
  // A step into it may (an officer could make it): the peer accepts, the verifier knows better.
  const Action spy_claims = move(kSeat0, sq(3, 6), hq_of(kSeat1), std::nullopt, true);
  EXPECT_FALSE(error_of(peer, spy_claims));
  EXPECT_EQ(error_of(full, spy_claims), Error::false_hq_claim);
  // Not claiming is accepted by the peer too (it could be a 大尉), but not by the verifier
  // when the piece is an officer: see Hq tests.
  EXPECT_FALSE(error_of(peer, move(kSeat0, sq(3, 6), hq_of(kSeat1))));
}

TEST(Hidden, AMovedPieceIsNoMineAndNoFlag) {
  // Seat 0's 大尉 has moved before and has a free square beside it: it can move, whatever it is.
  const State moved = position({at(kSeat0, 0, Kind::captain, sq(0, 0), true), at(kSeat1, 0, Kind::spy, sq(5, 7))});
  EXPECT_EQ(mobility(moved.conceal(kSeat1), kSeat0), Mobility::can_move);
  EXPECT_EQ(error_of(moved.conceal(kSeat1), Action{kSeat0, NoLegalMove{}}), Error::false_no_legal_move);
  // Never moved: it might be a mine, so the peer cannot tell; the verifier can.
  const State still = position({at(kSeat0, 0, Kind::captain, sq(0, 0)), at(kSeat1, 0, Kind::spy, sq(5, 7))});
  EXPECT_EQ(mobility(still.conceal(kSeat1), kSeat0), Mobility::unknown);
  EXPECT_FALSE(error_of(still.conceal(kSeat1), Action{kSeat0, NoLegalMove{}}));
  EXPECT_EQ(error_of(still, Action{kSeat0, NoLegalMove{}}), Error::false_no_legal_move);
  // Boxed in with nowhere to go for any kind: certain for everyone.
  const State boxed = position({at(kSeat0, 0, Kind::captain, sq(0, 0)), at(kSeat0, 1, Kind::mine, sq(1, 0)),
                                at(kSeat0, 2, Kind::flag, sq(0, 1)), at(kSeat1, 0, Kind::spy, sq(5, 7))});
  EXPECT_EQ(mobility(boxed.conceal(std::nullopt), kSeat0), Mobility::unknown);  // unseen, they might move
  EXPECT_EQ(mobility(boxed, kSeat0), Mobility::cannot_move);
}

TEST(Hidden, TheVerifiersReplayCatchesACheatThePeerAccepted) {
  // Seat 0's 大尉 on (0,3) "flies" across the closed line onto seat 1's spy.
  const std::vector<Action> log = {move(kSeat0, sq(0, 3), sq(0, 4), BattleOutcome::attacker_takes),
                                   move(kSeat1, sq(4, 4), sq(4, 3), BattleOutcome::attacker_takes)};
  State peer = *State::new_game({}, {std::nullopt, kLayout});
  for (const Action& a : log) {
    auto next = Gunjin::apply(peer, a);
    ASSERT_TRUE(next) << describe(next.error());
    peer = *next;
  }
  // At the end both layouts are opened: the peer's state takes them …
  EXPECT_TRUE(peer.reveal(kSeat0, kLayout));
  // … and the verifier replays the log with full information.
  State verifier = full_game();
  auto first = Gunjin::apply(verifier, log[0]);
  ASSERT_FALSE(first);
  EXPECT_EQ(first.error(), Error::kind_cannot_make_move);
}

TEST(Hidden, RevealChecksTheLayoutAgainstWhatIsKnown) {
  const State full = full_game();
  Layout other = kLayout;
  std::swap(other[0], other[4]);  // 大尉 and 中尉 trade places
  EXPECT_EQ(full.reveal(kSeat0, other).error(), RevealError::contradicts_known);
  Layout broken = kLayout;
  broken[0] = Kind::general;
  EXPECT_EQ(full.conceal(std::nullopt).reveal(kSeat0, broken).error(), RevealError::invalid_layout);
  EXPECT_EQ(full.conceal(std::nullopt).reveal(Seat{2}, kLayout).error(), RevealError::invalid_layout);
  auto opened = full.conceal(kSeat1).reveal(kSeat0, kLayout);
  ASSERT_TRUE(opened);
  EXPECT_EQ(*opened, full);
}

TEST(Hidden, PeersCompareThePublicState) {
  const State full = full_game();
  const State next = *Gunjin::apply(full, move(kSeat0, sq(0, 2), sq(0, 5), BattleOutcome::both_removed));
  const State peer0 = next.conceal(kSeat0);
  const State peer1 = next.conceal(kSeat1);
  EXPECT_NE(Gunjin::hash(peer0), Gunjin::hash(peer1));
  EXPECT_EQ(Gunjin::hash(peer0.conceal(std::nullopt)), Gunjin::hash(peer1.conceal(std::nullopt)));
  EXPECT_EQ(game::canonical_bytes<Gunjin>(peer0.conceal(std::nullopt)), game::canonical_bytes<Gunjin>(next.conceal(std::nullopt)));
}

// A random legal layout: the standard one shuffled until mines and the flag are off the gates.
Layout random_layout(std::mt19937& rng) {
  Layout layout = kLayout;
  do {
    std::shuffle(layout.begin(), layout.end(), rng);
  } while (!validate_layout(layout));
  return layout;
}

// Random games with full information, applied at every step to the full state, both peers'
// states and a spectator's: everyone accepts every action, and each partial state is the full
// one concealed. At the end, opening both layouts restores the full state from the spectator's.
TEST(Hidden, RandomGamesAgreeAcrossEveryStateOfKnowledge) {
  std::mt19937 rng(20240601);
  int finished = 0;
  int battles = 0;
  for (int game = 0; game < 12; ++game) {
    Options options;
    options.mine_removes_both = game % 3 == 1;
    options.engineer_beats_tank = game % 4 == 2;
    options.spy_wins_only_attacking = game % 5 == 3;
    const std::array<std::optional<Layout>, 2> layouts = {random_layout(rng), random_layout(rng)};
    State full = *State::new_game(options, layouts);
    std::array<State, 2> peers = {full.conceal(kSeat0), full.conceal(kSeat1)};
    State spectator = full.conceal(std::nullopt);
    for (int step = 0; step < 400 && full.phase() != Phase::over; ++step) {
      std::vector<Action> choices;
      for (const Action& a : Gunjin::legal_actions(full)) {
        if (step % 25 == 0) {
          ASSERT_TRUE(Gunjin::apply(full, a)) << "legal action rejected";
        }
        if (std::holds_alternative<Play>(a.body) || std::holds_alternative<NoLegalMove>(a.body) ||
            std::holds_alternative<HaveLegalMove>(a.body)) {
          choices.push_back(a);
        }
      }
      ASSERT_FALSE(choices.empty());
      const Action chosen = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
      // The mover's own state, which knows its kinds, lists the action among its own.
      const auto own = Gunjin::legal_actions(peers[chosen.actor.index]);
      EXPECT_NE(std::find(own.begin(), own.end(), chosen), own.end());

      auto next = Gunjin::apply(full, chosen);
      ASSERT_TRUE(next);
      full = *next;
      for (std::uint8_t s = 0; s < 2; ++s) {
        auto p = Gunjin::apply(peers[s], chosen);
        ASSERT_TRUE(p) << "peer " << int(s) << ": " << describe(p.error());
        peers[s] = *p;
        ASSERT_EQ(peers[s], full.conceal(Seat{s}));
      }
      auto sp = Gunjin::apply(spectator, chosen);
      ASSERT_TRUE(sp) << describe(sp.error());
      spectator = *sp;
      ASSERT_EQ(spectator, full.conceal(std::nullopt));
      ASSERT_EQ(Gunjin::outcome(spectator), Gunjin::outcome(full));
    }
    finished += full.phase() == Phase::over;
    battles += static_cast<int>(full.battles().size());
    auto opened = spectator.reveal(kSeat0, *layouts[0]);
    ASSERT_TRUE(opened);
    auto both = opened->reveal(kSeat1, *layouts[1]);
    ASSERT_TRUE(both);
    EXPECT_EQ(*both, full);
  }
  EXPECT_GT(finished, 0);
  EXPECT_GT(battles, 12);
}

}  // namespace
}  // namespace parley::game::gunjin
