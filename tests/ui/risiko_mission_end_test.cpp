// A fulfilled mission ends the game without its holder noticing (docs/risiko.md, "Missions"):
// the person's seat (HumanRisikoPlayer, behind the graphical client and the terminal) and the bot
// claim as soon as the mission holds — after the move-in of their own conquest, and in another
// seat's turn when that seat eliminated their target. Every seat runs the whole protocol through
// a FakeLobby (tests/peer/risiko_table.hpp) on a map of six territories that all border one
// another, so that scripted seats reach each position whatever the deal.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "game/risiko/engine.hpp"
#include "games/risiko/module.hpp"
#include "games/risiko/risiko_agent.hpp"
#include "games/risiko/ui/risiko_board.hpp"
#include "games/risiko/ui/risiko_intent.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/risiko_table.hpp"

namespace parley::ui {
namespace {

namespace rk = game::risiko;
namespace pr = peer::risiko;
using game::Seat;
using peer::testing::RisikoTable;

// Seat i has colour i (yellow, blue, red). Every mission is another colour's destruction, so a
// deal where no seat holds its own colour's (a cycle) gives seat 0 a target and a third seat.
constexpr std::string_view kPeaksMap = R"(risiko-map 1
name "Six Peaks"
continent peaks 0 "Peaks"
territory p1 peaks infantry "P1"
territory p2 peaks cavalry "P2"
territory p3 peaks artillery "P3"
territory p4 peaks infantry "P4"
territory p5 peaks cavalry "P5"
territory p6 peaks artillery "P6"
border p1 p2
border p1 p3
border p1 p4
border p1 p5
border p1 p6
border p2 p3
border p2 p4
border p2 p5
border p2 p6
border p3 p4
border p3 p5
border p3 p6
border p4 p5
border p4 p6
border p5 p6
start_armies 3 3
mission destroy yellow else occupy 2
mission destroy blue else occupy 2
mission destroy red else occupy 2
)";

constexpr Seat kHolder{0};
// A game here takes a few hundred entries; one whose claim never comes stops here.
constexpr std::size_t kMaxEntries = 4000;

// What a scripted seat does: nothing but reinforce and end its turns, leave once play begins
// (its armies stay on the map, unreinforced), or also conquer the target's territories whenever
// its stack is three times theirs.
enum class Role : std::uint8_t { passive, leaver, aggressor };

// The roles, known once the missions are dealt (before anybody's first decision): seat 0 must
// destroy `target`, which leaves; `third` is the other seat.
struct Plan {
  bool known = false;
  Seat target{0}, third{0};
  Role holder = Role::passive, other = Role::passive;
  Role role(Seat s) const {
    if (!known) return Role::passive;
    if (s == target) return Role::leaver;
    return s == kHolder ? holder : other;
  }
};

std::vector<rk::TerritoryId> held(const rk::Table& t, Seat seat) {
  std::vector<rk::TerritoryId> out;
  for (std::uint8_t i = 0; i < t.countries.size(); ++i)
    if (t.countries[i].owner == seat) out.push_back(rk::TerritoryId{i});
  return out;
}

rk::TerritoryId strongest(const rk::Table& t, Seat seat) {
  const auto mine = held(t, seat);
  return *std::max_element(mine.begin(), mine.end(), [&](rk::TerritoryId a, rk::TerritoryId b) {
    return t.countries[a.value].armies < t.countries[b.value].armies;
  });
}

rk::PlaceArmies all_on_strongest(const rk::Table& t, Seat me) {
  return rk::PlaceArmies{me, {rk::Placement{strongest(t, me), t.player(me).armies_to_place}}};
}

// The scripted seat's decision in its turn (never a claim: that is the front end's own).
RisikoIntent decide(const rk::Table& t, Seat me, const Plan& plan) {
  switch (t.phase) {
    case rk::Phase::place_armies: return all_on_strongest(t, me);
    case rk::Phase::waiting_for_move: return rk::MoveIn{me, t.pending->min_armies};
    default: break;
  }
  if (plan.role(me) == Role::aggressor && !held(t, plan.target).empty()) {
    const auto theirs = held(t, plan.target);
    const rk::TerritoryId from = strongest(t, me);
    const rk::TerritoryId to = *std::min_element(theirs.begin(), theirs.end(), [&](rk::TerritoryId a, rk::TerritoryId b) {
      return t.countries[a.value].armies < t.countries[b.value].armies;
    });
    if (t.countries[from.value].armies >= 3 * t.countries[to.value].armies + 3)
      return rk::MultiAttackOrder{me, from, to, 1};
  }
  return rk::EndTurn{me};
}

// A seat the test scripts, doing its protocol through the same agent as the bots.
class Scripted final : public peer::Player {
 public:
  explicit Scripted(const Plan& plan) : plan_(plan) {}

  std::optional<game::Bytes> act(const peer::Session& session, Seat me) override {
    const auto& rules = parley::games::risiko::rules_of(session);
    if (!rules.started() || rules.seat(me).departed) return std::nullopt;
    if (plan_.role(me) == Role::leaver && rules.stage() == pr::Stage::play)
      return pr::encode(pr::Message{agent_.leave()});
    if (auto m = agent_.duty(rules, me, [&](const rk::State& s) { return all_on_strongest(s.table, me); }))
      return pr::encode(*m);
    if (!rules.deciding(me)) return std::nullopt;
    const RisikoIntent intent = decide(rules.state().table, me, plan_);
    if (const auto* o = std::get_if<rk::MultiAttackOrder>(&intent)) return pr::encode(agent_.attack(rules, me, *o));
    if (const auto* p = std::get_if<rk::PlaceArmies>(&intent)) return pr::encode(pr::PlayMessage{rk::Action{*p}});
    if (const auto* m = std::get_if<rk::MoveIn>(&intent)) return pr::encode(pr::PlayMessage{rk::Action{*m}});
    return pr::encode(pr::PlayMessage{rk::Action{rk::EndTurn{me}}});
  }
  std::optional<rk::MissionId> mission(const pr::RisikoRules& rules, Seat me) { return agent_.mission(rules, me); }

 private:
  const Plan& plan_;
  pr::RisikoAgent agent_;
};

// The person: intents into the HumanRisikoPlayer, as the map's clicks and the terminal's
// commands make them, one per decision; never a claim.
class Person final : public peer::Player {
 public:
  explicit Person(const Plan& plan) : plan_(plan) {}

  std::optional<game::Bytes> act(const peer::Session& session, Seat me) override {
    const auto& rules = parley::games::risiko::rules_of(session);
    if (rules.started() && !rules.seat(me).departed) {
      if (rules.owes_placement_commit(me) && !placed_) {
        human.submit(all_on_strongest(rules.state().table, me));
        placed_ = true;
      } else if (rules.deciding(me) && session.actions().size() != asked_at_) {
        human.submit(decide(rules.state().table, me, plan_));
        asked_at_ = session.actions().size();
      }
    }
    return human.act(session, me);
  }
  std::optional<rk::MissionId> mission(const peer::Session& session, Seat me) {
    return human.knowledge(session, me).mission;
  }
  HumanRisikoPlayer human;

 private:
  const Plan& plan_;
  bool placed_ = false;
  std::size_t asked_at_ = SIZE_MAX;
};

// The heuristic bot, whose mission the test reads from its agent. Waiting, it only reinforces
// and ends its own turns (another seat is to take its target); everything else, the protocol
// and the claim, is the bot's own.
class Bot final : public pr::RisikoBot {
 public:
  explicit Bot(bool waiting) : waiting_(waiting) {}
  std::optional<game::Bytes> act(const peer::Session& session, Seat me) override {
    const auto& rules = parley::games::risiko::rules_of(session);
    if (!waiting_ || !rules.started() || !rules.deciding(me)) return RisikoBot::act(session, me);
    const auto& t = rules.state().table;
    if (t.phase == rk::Phase::place_armies) return pr::encode(pr::PlayMessage{rk::Action{all_on_strongest(t, me)}});
    return pr::encode(pr::PlayMessage{rk::Action{rk::EndTurn{me}}});
  }
  std::optional<rk::MissionId> mission(const pr::RisikoRules& rules, Seat me) { return agent_.mission(rules, me); }
  // A claim of its mission whether it holds or not (for the test of a claim that crossed).
  game::Bytes claim_now(const pr::RisikoRules& rules, Seat me) {
    return pr::encode(*agent_.claim(rules, me, *agent_.mission(rules, me)));
  }

 private:
  bool waiting_;
};

enum class Holder : std::uint8_t { person, bot, waiting_bot };

// A table of three on the map, dealt again until the missions form a cycle (a third of deals).
struct MissionTable {
  Plan plan;
  std::unique_ptr<RisikoTable> t;
  Person* person = nullptr;
  Bot* bot = nullptr;
  rk::MissionId mission{0};

  bool deal(Holder holder, Role holder_role, Role other_role) {
    peer::RoomOptions options;
    options.game_options = pr::encode(pr::custom_map_options(kPeaksMap, rk::DiceRule::risiko).value());
    for (int attempt = 0; attempt < 40; ++attempt) {
      plan = Plan{};
      t = std::make_unique<RisikoTable>(3, options);
      std::vector<Scripted*> others(3, nullptr);
      if (holder == Holder::person) {
        auto p = std::make_unique<Person>(plan);
        person = p.get();
        t->players[0] = std::move(p);
      } else {
        auto b = std::make_unique<Bot>(holder == Holder::waiting_bot);
        bot = b.get();
        t->players[0] = std::move(b);
      }
      for (std::uint8_t i = 1; i < 3; ++i) {
        auto s = std::make_unique<Scripted>(plan);
        others[i] = s.get();
        t->players[i] = std::move(s);
      }
      if (!t->run_until([&] { return t->rules().started() && t->rules().stage() >= pr::Stage::placement_commit; }))
        return false;
      std::vector<std::optional<rk::MissionId>> missions{
          holder == Holder::person ? person->mission(*t->session, kHolder) : bot->mission(t->rules(), kHolder),
          others[1]->mission(t->rules(), Seat{1}), others[2]->mission(t->rules(), Seat{2})};
      bool cycle = true;
      for (std::uint8_t i = 0; i < 3; ++i) {
        if (!missions[i]) return false;
        cycle = cycle && static_cast<std::uint8_t>(t->rules().world().mission(*missions[i]).target) != i;
      }
      if (!cycle) continue;
      mission = *missions[0];
      plan.target = Seat{static_cast<std::uint8_t>(t->rules().world().mission(mission).target)};
      plan.third = Seat{static_cast<std::uint8_t>(3 - plan.target.index)};
      plan.holder = holder_role;
      plan.other = other_role;
      plan.known = true;
      return true;
    }
    return false;
  }

  const rk::Table& table() const { return t->rules().state().table; }

  // The game messages a seat had applied, decoded, in order.
  std::vector<pr::Message> actions_of(Seat seat) const {
    std::vector<pr::Message> out;
    for (const auto& r : t->session->actions())
      if (r.seat == seat) out.push_back(pr::decode_message(r.message).value());
    return out;
  }

  // The end every test here expects: seat 0 wins by its mission, which its last message claimed
  // and the result shows; nobody blamed; the log verifies.
  void expect_won_by_claim() {
    ASSERT_EQ(t->session->phase(), peer::Phase::complete) << "entries " << t->lobby.entries().size();
    EXPECT_TRUE(t->blames().empty());
    ASSERT_TRUE(t->session->outcome().has_value());
    EXPECT_EQ(t->session->outcome()->winner, kHolder);
    EXPECT_EQ(table().end, rk::EndReason::mission);
    EXPECT_EQ(claimed_mission(table()), mission);
    const auto mine = actions_of(kHolder);
    ASSERT_FALSE(mine.empty());
    const auto* claim = std::get_if<pr::ClaimMessage>(&mine.back());
    ASSERT_NE(claim, nullptr);
    EXPECT_EQ(claim->mission, mission);
    const peer::VerifyReport report = peer::verify(t->lobby.log());
    EXPECT_TRUE(report.valid) << report.fault;
  }
};

bool moved_in(const pr::Message& m) {
  const auto* play = std::get_if<pr::PlayMessage>(&m);
  return play && std::holds_alternative<rk::MoveIn>(play->action);
}

TEST(RisikoMissionEnd, APersonsOwnConquestEndsTheGameWithTheClaimAfterItsMoveIn) {
  MissionTable m;
  ASSERT_TRUE(m.deal(Holder::person, Role::aggressor, Role::passive)) << "no deal dealt a cycle of missions";
  m.t->run(kMaxEntries);
  m.expect_won_by_claim();
  // Seat 0 took the target's last territory; its next message after the move-in was the claim,
  // in the same turn, though the person never asked for it.
  EXPECT_EQ(m.table().player(m.plan.target).status, rk::PlayerStatus::eliminated);
  EXPECT_EQ(m.table().player(m.plan.target).eliminated_by, kHolder);
  EXPECT_EQ(m.table().current_player(), kHolder);
  const auto mine = m.actions_of(kHolder);
  ASSERT_GE(mine.size(), 2u);
  EXPECT_TRUE(moved_in(mine[mine.size() - 2]));
  EXPECT_TRUE(m.person->human.take_refusals().empty());
}

TEST(RisikoMissionEnd, AnotherSeatEliminatingThePersonsTargetEndsTheGameInThatSeatsTurn) {
  MissionTable m;
  ASSERT_TRUE(m.deal(Holder::person, Role::passive, Role::aggressor)) << "no deal dealt a cycle of missions";
  // Up to the elimination: the third seat takes the target's last territory.
  ASSERT_TRUE(m.t->run_until([&] { return m.table().player(m.plan.target).status == rk::PlayerStatus::eliminated; }));
  EXPECT_EQ(m.table().player(m.plan.target).eliminated_by, m.plan.third);
  EXPECT_FALSE(m.t->session->outcome().has_value());
  const std::uint32_t turn = m.table().turn;
  m.t->run(kMaxEntries);
  m.expect_won_by_claim();
  // The claim came in the eliminating seat's turn, before that turn ended.
  EXPECT_EQ(m.table().turn, turn);
  EXPECT_EQ(m.table().current_player(), m.plan.third);
  EXPECT_TRUE(m.person->human.take_refusals().empty());
}

TEST(RisikoMissionEnd, TheBotClaimsAfterItsOwnConquest) {
  MissionTable m;
  ASSERT_TRUE(m.deal(Holder::bot, Role::passive, Role::passive)) << "no deal dealt a cycle of missions";
  m.t->run(kMaxEntries);
  m.expect_won_by_claim();
  EXPECT_EQ(m.table().player(m.plan.target).eliminated_by, kHolder);
  EXPECT_EQ(m.table().current_player(), kHolder);
}

TEST(RisikoMissionEnd, TheBotClaimsInTheTurnOfTheSeatThatEliminatedItsTarget) {
  MissionTable m;
  ASSERT_TRUE(m.deal(Holder::waiting_bot, Role::passive, Role::aggressor)) << "no deal dealt a cycle of missions";
  ASSERT_TRUE(m.t->run_until([&] { return m.table().player(m.plan.target).status == rk::PlayerStatus::eliminated; }));
  const std::uint32_t turn = m.table().turn;
  m.t->run(kMaxEntries);
  m.expect_won_by_claim();
  EXPECT_EQ(m.table().player(m.plan.target).eliminated_by, m.plan.third);
  EXPECT_EQ(m.table().turn, turn);
  EXPECT_EQ(m.table().current_player(), m.plan.third);
}

// A claim made in another seat's turn that no longer holds when it lands, because that seat
// acted meanwhile, is late (ignored, nobody blamed); the same claim made with nothing in
// between is a false claim, blamed.
TEST(RisikoMissionEnd, AClaimThatCrossedAnotherSeatsActionIsLateAndAFreshFalseOneIsBlamed) {
  MissionTable m;
  ASSERT_TRUE(m.deal(Holder::waiting_bot, Role::passive, Role::aggressor)) << "no deal dealt a cycle of missions";
  ASSERT_TRUE(m.t->run_until([&] { return m.t->rules().deciding(m.plan.third); }));
  ASSERT_FALSE(rk::claim_due(rk::learn_mission(m.t->rules().state(), kHolder, m.mission).value(), kHolder));
  const lobby::EntryIndex seen{m.t->lobby.entries().size() - 1};
  const crypto::Digest hash = m.t->session->state_hash();
  const game::Bytes claim = m.bot->claim_now(m.t->rules(), kHolder);
  auto move = m.t->players[m.plan.third.index]->act(*m.t->session, m.plan.third);
  ASSERT_TRUE(move);
  m.t->post_game(m.plan.third, *move);
  m.t->post_game_seen(kHolder, claim, seen, hash);
  EXPECT_TRUE(m.t->blames().empty());
  const peer::SessionEvent& last = m.t->session->events().back();
  EXPECT_EQ(last.kind, peer::SessionEvent::Kind::ignored);
  EXPECT_EQ(last.ignored, peer::Ignored::late_action) << last.text;
  EXPECT_EQ(last.refusal, peer::RefusalCode{rk::Error::mission_not_fulfilled}) << last.text;
  m.t->post_game(kHolder, m.bot->claim_now(m.t->rules(), kHolder));
  ASSERT_EQ(m.t->blames().size(), 1u);
  EXPECT_EQ(m.t->blames().front().seat, kHolder);
}

}  // namespace
}  // namespace parley::ui
