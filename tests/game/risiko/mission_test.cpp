// Every mission's check, including the destroy missions' fallback to 24 territories, and the
// claim that reveals a mission, with full and with partial information.
#include "game/risiko/mission.hpp"
#include "support.hpp"

namespace parley::game::risiko {
namespace {
using namespace testing;

// Four players: seat i has colour i (yellow, blue, red, black); purple and green are absent.
class Missions : public ::testing::Test {
 protected:
  void SetUp() override {
    s = started(4, 7);
    fill(s, 1);  // seat 1 (blue) holds everything; tests hand territories to seat 0
  }
  const Mission& m(int i) { return classic().missions[i]; }
  bool ok(int mission, int holder = 0) { return mission_fulfilled(classic(), s.table, S(holder), m(mission)); }
  // Seat 0 takes n territories (in territory order, skipping `except`) with `armies` each.
  void give(int n, std::uint32_t armies = 1, const std::vector<std::string>& except = {}) {
    for (std::size_t i = 0; i < s.table.countries.size() && n > 0; ++i) {
      if (std::find_if(except.begin(), except.end(), [&](const std::string& k) { return T(k).value == i; }) != except.end())
        continue;
      if (s.table.countries[i].owner == S(0)) continue;
      s.table.countries[i] = CountryInfo{S(0), armies};
      --n;
    }
  }
  void give_continent(const std::string& key) {
    for (TerritoryId t : classic().continent(C(key)).territories) s.table.countries[t.value] = CountryInfo{S(0), 1};
  }
  State s;
};

TEST_F(Missions, EighteenTerritoriesWithTwoArmiesEach) {
  give(17, 2);
  give(10, 1);
  EXPECT_FALSE(ok(0));  // 27 territories, but only 17 with two armies
  give(1, 2);
  EXPECT_TRUE(ok(0));
  s.table.countries[0].armies = 1;  // one of the 18 drops to a single army
  EXPECT_EQ(s.table.countries[0].owner, S(0));
  EXPECT_FALSE(ok(0));
}

TEST_F(Missions, TwentyFourTerritories) {
  give(23);
  EXPECT_FALSE(ok(1));
  give(1);
  EXPECT_TRUE(ok(1));
}

TEST_F(Missions, ContinentPairs) {
  const std::vector<std::pair<int, std::pair<std::string, std::string>>> pairs = {
      {2, {"north_america", "africa"}},
      {3, {"north_america", "oceania"}},
      {4, {"asia", "south_america"}},
      {5, {"asia", "africa"}}};
  for (const auto& [mission, cs] : pairs) {
    SetUp();
    give_continent(cs.first);
    EXPECT_FALSE(ok(mission)) << mission;
    give_continent(cs.second);
    EXPECT_TRUE(ok(mission)) << mission;
    // Losing one territory of either continent undoes it.
    s.table.countries[classic().continent(C(cs.second)).territories.front().value].owner = S(2);
    EXPECT_FALSE(ok(mission)) << mission;
  }
}

TEST_F(Missions, TwoContinentsPlusAThirdOfOnesChoice) {
  for (int mission : {6, 7}) {
    const std::string second = mission == 6 ? "south_america" : "oceania";
    for (const std::string third : {"north_america", "africa", "asia"}) {
      SetUp();
      give_continent("europe");
      give_continent(second);
      EXPECT_FALSE(ok(mission)) << mission;  // the third is missing
      give_continent(third);
      EXPECT_TRUE(ok(mission)) << mission << " " << third;
    }
    // The named two alone plus the other named pair's continent do not count twice.
    SetUp();
    give_continent(second);
    give_continent(mission == 6 ? "oceania" : "south_america");
    give_continent("asia");
    EXPECT_FALSE(ok(mission)) << "Europe missing";
  }
}

TEST_F(Missions, DestroyAColourYourself) {
  const int destroy_blue = 9;
  give(30);  // plenty of territories: must not matter while blue is alive
  EXPECT_FALSE(destroy_falls_back(s.table, S(0), m(destroy_blue)));
  EXPECT_FALSE(ok(destroy_blue));
  s.table.players[1].status = PlayerStatus::eliminated;
  s.table.players[1].eliminated_by = S(0);
  EXPECT_TRUE(ok(destroy_blue));
  EXPECT_FALSE(ok(destroy_blue, 2));  // not for red: blue was not red's to destroy
}

TEST_F(Missions, DestroyFallsBackWhenSomebodyElseDestroysIt) {
  const int destroy_blue = 9;
  s.table.players[1].status = PlayerStatus::eliminated;
  s.table.players[1].eliminated_by = S(2);
  EXPECT_TRUE(destroy_falls_back(s.table, S(0), m(destroy_blue)));
  give(23);
  EXPECT_FALSE(ok(destroy_blue));
  give(1);
  EXPECT_TRUE(ok(destroy_blue));
}

TEST_F(Missions, DestroyFallsBackForOwnColourAndAbsentColours) {
  give(23);
  for (int mission : {8, 12, 13}) {  // yellow is seat 0's own; purple and green are absent
    EXPECT_TRUE(destroy_falls_back(s.table, S(0), m(mission))) << mission;
    EXPECT_FALSE(ok(mission)) << mission;
  }
  give(1);
  for (int mission : {8, 12, 13}) EXPECT_TRUE(ok(mission)) << mission;
  // Red and black are in the game: no fallback, 24 territories are not enough.
  EXPECT_FALSE(ok(10));
  EXPECT_FALSE(ok(11));
}

TEST_F(Missions, DestroyALeaverStillMeansTakingItsLastTerritory) {
  s.table.players[1].status = PlayerStatus::left;
  EXPECT_FALSE(destroy_falls_back(s.table, S(0), m(9)));
  give(30);
  EXPECT_FALSE(ok(9));
}

// ---- Claims through the engine -------------------------------------------------------

class Claims : public Missions {
 protected:
  void SetUp() override {
    Missions::SetUp();
    for (int seat = 0; seat < 4; ++seat) s = must(learn_mission(s, S(seat), MissionId{static_cast<std::uint8_t>(seat)}));
    force_turn(s, S(1), Phase::attack);  // seat 1 (mission 1: 24 territories) holds all 42
    for (int i = 0; i < 3; ++i) {        // the others keep one territory each
      s.table.countries[i * 10].owner = i == 0 ? S(0) : S(i + 1);
    }
  }
};

TEST_F(Claims, FulfilledMissionWins) {
  const Step step = must_play(s, ClaimVictory{S(1), MissionId{1}});
  EXPECT_EQ(step.state.table.phase, Phase::no_move);
  EXPECT_EQ(step.state.table.player(S(1)).revealed_mission, MissionId{1});
  const auto out = outcome(step.state);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->winner, S(1));
  EXPECT_EQ(step.state.table.end, EndReason::mission);
  EXPECT_EQ(out->reason, describe(EndReason::mission));
  EXPECT_EQ(events_of<GameEnded>(step).size(), 1u);
  EXPECT_EQ(fails(step.state, EndTurn{S(1)}), Error::game_over);
}

TEST_F(Claims, FalseClaimsAreNamed) {
  EXPECT_EQ(fails(s, ClaimVictory{S(1), MissionId{14}}), Error::unknown_mission);
  // Mission 0 is seat 0's: this state knows it.
  EXPECT_EQ(fails(s, ClaimVictory{S(1), MissionId{0}}), Error::mission_held_elsewhere);
  // Mission 5 is nobody's, but this state knows seat 1 was dealt mission 1.
  EXPECT_EQ(fails(s, ClaimVictory{S(1), MissionId{5}}), Error::mission_mismatch);
  EXPECT_EQ(fails(s, ClaimVictory{S(2), MissionId{2}}), Error::not_your_turn);
  // Seat 1 holds everything except three territories, yet mission 1 needs only 24: fulfilled.
  // Take territories away until it is not.
  State few = s;
  for (std::size_t i = 0; i < 18; ++i) few.table.countries[i].owner = S(2);
  EXPECT_EQ(fails(few, ClaimVictory{S(1), MissionId{1}}), Error::mission_not_fulfilled);
}

TEST_F(Claims, PartialInformationChecksWhatItCan) {
  // Seat 2's own state does not know seat 1's mission. Seat 1 claims mission 9 (destroy
  // blue, its own colour, so 24 territories, which it holds): seat 2 cannot refute that;
  // full information can, for seat 1 was dealt mission 1.
  const State seat2 = knowledge_of(s, S(2));
  EXPECT_TRUE(play(seat2, ClaimVictory{S(1), MissionId{9}}).ok());  // cannot be refuted yet
  EXPECT_EQ(fails(s, ClaimVictory{S(1), MissionId{9}}), Error::mission_mismatch);  // full information can
  // Seat 2 knows its own mission (2): nobody else can claim it.
  EXPECT_EQ(fails(seat2, ClaimVictory{S(1), MissionId{2}}), Error::mission_held_elsewhere);
}

TEST_F(Claims, LearningAMissionIsChecked) {
  State blank = knowledge_of(s, S(3));
  EXPECT_EQ(learn_mission(blank, S(0), MissionId{3}).error(), Error::mission_held_elsewhere);
  EXPECT_EQ(learn_mission(blank, S(0), MissionId{20}).error(), Error::unknown_mission);
  EXPECT_EQ(learn_mission(blank, S(9), MissionId{0}).error(), Error::unknown_seat);
  EXPECT_EQ(learn_mission(s, S(0), MissionId{7}).error(), Error::mission_mismatch);
  EXPECT_EQ(learn_mission(new_game(classic_world()), S(0), MissionId{0}).error(), Error::game_not_started);
}

}  // namespace
}  // namespace parley::game::risiko
