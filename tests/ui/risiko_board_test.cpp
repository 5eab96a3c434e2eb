// A person's Risiko seat without a window: the map's input state machine (clicks and the
// panel's buttons) in every phase, the intents it makes, the human player that turns them into
// the seat's messages while the seat's agent does the protocol (every share and proof), the
// events and dice the screen shows, and what a seat may see. Seat 0 is the person, seats 1 and 2
// are the heuristic bot, all through a FakeLobby (tests/peer/risiko_table.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "games/risiko/module.hpp"
#include "games/risiko/ui/risiko_board.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/risiko_table.hpp"
#include "tests/ui/risiko_person.hpp"

namespace parley::ui {
namespace {

namespace rk = game::risiko;
using peer::testing::RisikoTable;
constexpr game::Seat kMe{0};

// The person's table: the lobby's game, the screen's own session fed entry by entry, the map
// of seat 0 and a spectator's map.
struct Harness {
  explicit Harness(std::size_t seats = 3) : t(seats) {
    auto player = std::make_unique<HumanRisikoPlayer>();
    human = player.get();
    t.players[0] = std::move(player);
    screen.emplace(peer::Session::start(t.lobby.genesis(), t.lobby.now()).value());
    const auto& rules = parley::games::risiko::rules_of(*screen);
    board.emplace(rules.state().world, builtin_shapes("classic"), kMe);
    spectator.emplace(rules.state().world, builtin_shapes("classic"), std::nullopt);
  }

  SeatNamer namer() {
    return [](game::Seat s) { return "seat " + std::to_string(s.index); };
  }
  // Entries the lobby signed since the last look, into the screen's session and the maps; the
  // seat's secrets as the network thread passes them on.
  void deliver() {
    const auto& all = t.lobby.entries();
    for (; delivered < all.size(); ++delivered) {
      if (delivered > 0) screen->apply(all[delivered]);
      board->after_entry(*screen, namer());
      spectator->after_entry(*screen, namer());
    }
    board->set_secrets(human->knowledge(*t.session, kMe));
  }
  bool round() {
    const bool posted = t.round();
    deliver();
    return posted;
  }
  template <class Predicate>
  bool run_until(Predicate done, std::size_t max_rounds = 5000) {
    deliver();
    for (std::size_t i = 0; i < max_rounds && !done(); ++i)
      if (!round() && !done()) return false;
    return done();
  }
  void submit(std::optional<RisikoIntent> intent) {
    ASSERT_TRUE(intent.has_value());
    human->submit(std::move(*intent));
  }
  const rk::Table& table() const { return t.rules().state().table; }
  std::optional<rk::TerritoryId> own_territory(std::function<bool(rk::TerritoryId)> also = {}) const {
    for (std::uint8_t i = 0; i < table().countries.size(); ++i)
      if (table().countries[i].owner == kMe && (!also || also(rk::TerritoryId{i}))) return rk::TerritoryId{i};
    return std::nullopt;
  }
  std::optional<rk::TerritoryId> enemy_territory() const {
    for (std::uint8_t i = 0; i < table().countries.size(); ++i)
      if (table().countries[i].owner != kMe) return rk::TerritoryId{i};
    return std::nullopt;
  }
  bool mode(RisikoMode m) const { return board->mode() == m; }

  RisikoTable t;
  HumanRisikoPlayer* human = nullptr;
  std::optional<peer::Session> screen;
  std::optional<RisikoBoard> board;
  std::optional<RisikoBoard> spectator;
  std::size_t delivered = 0;
};

// Places the whole initial allowance on one own territory by clicks.
rk::TerritoryId place_initially(Harness& h) {
  const rk::TerritoryId home = *h.own_territory([&](rk::TerritoryId t) {
    for (auto n : h.board->world().country(t).neighbours)
      if (h.table().countries[n.value].owner != kMe) return true;
    return false;
  });
  for (std::uint32_t i = 0; i < h.board->allowance(); ++i) EXPECT_FALSE(h.board->click(home).has_value());
  auto intent = h.board->place();
  EXPECT_TRUE(intent.has_value());
  if (intent) h.human->submit(*intent);
  return home;
}

// True when the game ended before the person's next turn because a bot won: a mission can be
// completed within a bot's first turn (18 territories with two armies each, from the 14 of a
// 3-seat deal), so the tests that need the person's turn deal again when that happens.
bool a_bot_won_first(const Harness& h) {
  const auto outcome = h.t.session->outcome();
  return outcome && outcome->winner && *outcome->winner != kMe;
}

// A table at the person's first reinforcement, its initial allowance placed by clicks.
std::unique_ptr<Harness> at_first_reinforcement() {
  for (int deal = 0; deal < 8; ++deal) {
    auto h = std::make_unique<Harness>();
    if (!h->run_until([&] { return h->board->mode() == RisikoMode::initial_placement; })) return nullptr;
    place_initially(*h);
    if (h->run_until([&] { return h->board->mode() == RisikoMode::reinforce; })) return h;
    if (!a_bot_won_first(*h)) return nullptr;  // stuck rather than won: the test fails
  }
  return nullptr;
}

TEST(RisikoBoard, TheInitialPlacementIsChosenByClicksAndCommittedWhole) {
  Harness h;
  ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::initial_placement; }));
  const std::uint32_t allowance = h.board->allowance();
  EXPECT_EQ(allowance, 35u - 14u);  // 3 players: 35 armies, 14 territories each with one
  const rk::TerritoryId a = *h.own_territory();
  const rk::TerritoryId b = *h.own_territory([&](rk::TerritoryId t) { return t != a; });
  const rk::TerritoryId enemy = *h.enemy_territory();

  EXPECT_FALSE(h.board->click(enemy).has_value());
  EXPECT_TRUE(h.board->draft().empty());  // not ours: nothing drafted
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(h.board->click(a).has_value());
  EXPECT_EQ(h.board->draft().at(a), 3u);
  EXPECT_FALSE(h.board->click(a, /*secondary=*/true).has_value());
  EXPECT_EQ(h.board->draft().at(a), 2u);
  EXPECT_FALSE(h.board->place().has_value());  // not the whole allowance yet
  for (std::uint32_t i = 2; i < allowance - 1; ++i) h.board->click(b);
  h.board->click(a);
  h.board->click(a);  // one more than the allowance: ignored
  EXPECT_EQ(h.board->draft_total(), allowance);
  auto intent = h.board->place();
  ASSERT_TRUE(intent.has_value());
  const auto& place = std::get<rk::PlaceArmies>(*intent);
  EXPECT_EQ(place.seat, kMe);
  ASSERT_EQ(place.placements.size(), 2u);
  EXPECT_LT(place.placements[0].territory, place.placements[1].territory);  // ascending, as the engine wants
  EXPECT_EQ(h.board->mode(), RisikoMode::placement_committed);
  EXPECT_FALSE(h.board->click(a).has_value());
  h.human->submit(*intent);
  ASSERT_TRUE(h.run_until([&] { return parley::games::risiko::rules_of(*h.screen).seat(kMe).placed; }));
  EXPECT_TRUE(h.board->draft().empty());  // revealed: on the table now, not drawn twice

  ASSERT_TRUE(h.run_until([&] { return h.table().turn >= 1; }));
  EXPECT_TRUE(h.human->take_refusals().empty());
  EXPECT_EQ(h.table().countries[a.value].armies, 1 + 3u);
  EXPECT_EQ(h.table().countries[b.value].armies, 1 + allowance - 3);
  EXPECT_FALSE(h.board->mode() == RisikoMode::placement_committed);
  EXPECT_TRUE(h.board->draft().empty());
  // The screen's log said who placed what.
  const auto& log = h.board->tracker().log();
  EXPECT_TRUE(std::any_of(log.begin(), log.end(), [](const std::string& l) { return l.starts_with("seat 0 places "); }));
}

TEST(RisikoBoard, ATurnIsPlayedByClicks) {
  auto dealt = at_first_reinforcement();
  ASSERT_TRUE(dealt) << "the person's first turn never came";
  Harness& h = *dealt;

  // Reinforce: clicks on an own territory, then Place.
  const std::uint32_t allowance = h.board->allowance();
  EXPECT_GE(allowance, 3u);
  const rk::TerritoryId home = *h.own_territory([&](rk::TerritoryId t) {
    for (auto n : h.board->world().country(t).neighbours)
      if (h.table().countries[n.value].owner != kMe) return true;
    return false;
  });
  const std::uint32_t before = h.table().countries[home.value].armies;
  for (std::uint32_t i = 0; i < allowance; ++i) EXPECT_FALSE(h.board->click(home).has_value());
  auto place = h.board->place();
  ASSERT_TRUE(place.has_value());
  EXPECT_EQ(std::get<rk::PlaceArmies>(*place).placements, (std::vector<rk::Placement>{{home, allowance}}));
  EXPECT_EQ(h.board->mode(), RisikoMode::sent);
  h.submit(place);
  ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::attack; }));
  EXPECT_EQ(h.table().countries[home.value].armies, before + allowance);

  // Attack: select the territory, then the enemy next to it; a second click rolls the most dice.
  rk::TerritoryId enemy{};
  for (auto n : h.board->world().country(home).neighbours)
    if (h.table().countries[n.value].owner != kMe) enemy = n;
  EXPECT_FALSE(h.board->click(home).has_value());
  EXPECT_EQ(h.board->selected(), home);
  const auto targets = h.board->targets();
  EXPECT_NE(std::find(targets.begin(), targets.end(), enemy), targets.end());
  EXPECT_FALSE(h.board->click(enemy).has_value());
  EXPECT_EQ(h.board->target(), enemy);
  EXPECT_TRUE(h.board->target_is_enemy());
  auto attack = h.board->click(enemy);
  ASSERT_TRUE(attack.has_value());
  const auto& order = std::get<rk::AttackOrder>(*attack);
  EXPECT_EQ(order.from, home);
  EXPECT_EQ(order.to, enemy);
  EXPECT_EQ(order.dice, 3);  // home holds more than three armies
  h.submit(attack);
  ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::attack || h.board->mode() == RisikoMode::move_in; }));
  // The dice the session drew, shown.
  const auto& roll = h.board->tracker().last_roll();
  ASSERT_TRUE(roll.has_value());
  EXPECT_EQ(roll->attacker, kMe);
  EXPECT_EQ(roll->from, home);
  EXPECT_EQ(roll->to, enemy);
  ASSERT_EQ(roll->rounds.size(), 1u);
  EXPECT_EQ(roll->rounds[0].attacker.count, 3);
  EXPECT_EQ(roll->losses, rk::resolve_battle(roll->rounds[0]));
  EXPECT_EQ(h.spectator->tracker().last_roll()->rounds, roll->rounds);  // a spectator sees the same dice
  const auto& log = h.board->tracker().log();
  EXPECT_TRUE(std::any_of(log.begin(), log.end(), [](const std::string& l) { return l.find(" against ") != std::string::npos; }));

  if (h.board->mode() == RisikoMode::move_in) {
    const auto [least, most] = h.board->move_in_range();
    EXPECT_EQ(least, 3u);
    auto in = h.board->click(enemy);  // a click on the conquered territory moves all that may go
    ASSERT_TRUE(in.has_value());
    EXPECT_EQ(std::get<rk::MoveIn>(*in).armies, most);
    h.submit(in);
    ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::attack; }));
  }
  // M_ATTACK from the panel, if an attack is still possible: until it falls or one army is left.
  h.board->deselect();
  std::optional<std::pair<rk::TerritoryId, rk::TerritoryId>> pair;
  for (std::uint8_t i = 0; i < h.table().countries.size() && !pair; ++i)
    if (h.table().countries[i].owner == kMe && h.table().countries[i].armies >= 2)
      for (auto n : h.board->world().country(rk::TerritoryId{i}).neighbours)
        if (h.table().countries[n.value].owner != kMe) pair = {rk::TerritoryId{i}, n};
  if (pair) {
    h.board->click(pair->first);
    h.board->click(pair->second);
    EXPECT_FALSE(h.board->attack_until(h.table().countries[pair->first.value].armies).has_value());  // stop_at too high
    auto multi = h.board->attack_until(1);
    ASSERT_TRUE(multi.has_value());
    EXPECT_EQ(std::get<rk::MultiAttackOrder>(*multi), (rk::MultiAttackOrder{kMe, pair->first, pair->second, 1}));
    h.submit(multi);
    ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::attack || h.board->mode() == RisikoMode::move_in; }));
    const auto& after = h.board->tracker().last_roll();
    ASSERT_TRUE(after.has_value());
    EXPECT_EQ(after->from, pair->first);
    EXPECT_EQ(after->conquered, h.board->mode() == RisikoMode::move_in);
    if (h.board->mode() == RisikoMode::move_in) {
      const auto [least, most] = h.board->move_in_range();
      EXPECT_FALSE(h.board->move_in(most + 1).has_value());
      h.submit(h.board->move_in(least));
      ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::attack; }));
    }
  }
  // The strategic move: own territory to an own neighbour, from the panel.
  h.board->deselect();
  std::optional<std::pair<rk::TerritoryId, rk::TerritoryId>> move;
  for (std::uint8_t i = 0; i < h.table().countries.size() && !move; ++i)
    if (h.table().countries[i].owner == kMe && h.table().countries[i].armies >= 2)
      for (auto n : h.board->world().country(rk::TerritoryId{i}).neighbours)
        if (h.table().countries[n.value].owner == kMe) move = {rk::TerritoryId{i}, n};
  if (move) {
    h.board->click(move->first);
    h.board->click(move->second);
    EXPECT_FALSE(h.board->target_is_enemy());
    EXPECT_FALSE(h.board->attack(1).has_value());  // not an enemy
    auto m = h.board->move(1);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(std::get<rk::MoveArmies>(*m), (rk::MoveArmies{kMe, move->first, move->second, 1}));
    h.submit(m);
    ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::attack; }));
    EXPECT_TRUE(h.table().moved);
  }
  auto end = h.board->end_turn();
  ASSERT_TRUE(end.has_value());
  EXPECT_EQ(std::get<rk::EndTurn>(*end).seat, kMe);
  h.submit(end);
  ASSERT_TRUE(h.run_until([&] { return h.table().current_player() != kMe; }));
  EXPECT_TRUE(h.human->take_refusals().empty());
  EXPECT_TRUE(h.t.blames().empty());
}

TEST(RisikoBoard, NoInputOffTurnAndIllegalIntentsAreRefusedWithAReason) {
  for (int deal = 0; deal < 8; ++deal) {
    Harness h;
    ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::initial_placement; }));
    // A spectator's map takes no input.
    EXPECT_EQ(h.spectator->mode(), RisikoMode::watching);
    EXPECT_FALSE(h.spectator->click(*h.own_territory()).has_value());
    EXPECT_TRUE(h.spectator->draft().empty());
    EXPECT_FALSE(h.spectator->end_turn().has_value());
    // Before the placement, only a placement: anything else is refused.
    h.human->submit(rk::EndTurn{kMe});
    place_initially(h);
    ASSERT_TRUE(h.run_until([&] { return h.table().turn >= 1; }));
    auto refusals = h.human->take_refusals();
    ASSERT_EQ(refusals.size(), 1u);
    EXPECT_NE(refusals[0].find("place your starting armies first"), std::string::npos) << refusals[0];
    // Off turn, the board makes no intents.
    // (If seat 0 plays first, its turn is played through first.)
    auto off_turn = [&] { return h.table().current_player() != kMe && h.board->mode() == RisikoMode::watching; };
    for (int i = 0; i < 10 && !off_turn(); ++i) {
      if (h.board->mode() == RisikoMode::reinforce) {
        for (std::uint32_t n = h.board->allowance(); n > 0; --n) h.board->click(*h.own_territory());
        h.submit(h.board->place());
      } else if (h.board->mode() == RisikoMode::attack) {
        h.submit(h.board->end_turn());
      }
      if (!h.run_until([&] {
            return off_turn() || h.board->mode() == RisikoMode::reinforce || h.board->mode() == RisikoMode::attack;
          }))
        break;
    }
    if (a_bot_won_first(h)) continue;  // deal again
    ASSERT_TRUE(off_turn());
    EXPECT_FALSE(h.board->click(*h.own_territory()).has_value());
    EXPECT_FALSE(h.board->end_turn().has_value());
    EXPECT_FALSE(h.board->place().has_value());
    // On its turn, an attack from a territory it does not own is refused by the rules.
    if (!h.run_until([&] { return h.board->mode() == RisikoMode::reinforce; })) {
      ASSERT_TRUE(a_bot_won_first(h)) << "the person's turn never came";
      continue;  // deal again
    }
    const rk::TerritoryId enemy = *h.enemy_territory();
    h.human->submit(rk::AttackOrder{kMe, enemy, h.board->world().country(enemy).neighbours.front(), 1});
    const std::size_t entries = h.t.lobby.entries().size();
    h.round();
    refusals = h.human->take_refusals();
    ASSERT_EQ(refusals.size(), 1u);
    EXPECT_EQ(refusals[0].rfind("attack ", 0), 0u) << refusals[0];
    EXPECT_GE(h.t.lobby.entries().size(), entries);
    EXPECT_TRUE(h.t.blames().empty());  // refused before it was ever posted
    return;
  }
  FAIL() << "a bot won before the person's second turn in every deal";
}

// The deal is random (each seat's keys and the beacon): in a few of them seat 0 is out, or a bot
// has won, before seat 0 ever holds a card; then the test deals again.
TEST(RisikoBoard, ASeatSeesItsOwnMissionAndCardsAndNobodyElses) {
  for (int deal = 0; deal < 8; ++deal) {
    Harness h;
    ASSERT_TRUE(h.run_until([&] { return h.board->mode() == RisikoMode::initial_placement && h.board->own().mission; }));
    // Its mission, as its player opened it; the spectator knows none.
    const rk::Player own = h.board->own();
    ASSERT_TRUE(own.mission.has_value());
    EXPECT_EQ(h.board->view().own.mission, own.mission);
    EXPECT_FALSE(h.spectator->view().own.mission.has_value());
    EXPECT_FALSE(mission_text(h.board->world(), *own.mission).empty());
    // The screen's own session knows no secret of any seat: only the seat's player can open them.
    const auto& screen_state = parley::games::risiko::rules_of(*h.screen).state();
    for (const rk::Player& p : screen_state.secrets) {
      EXPECT_FALSE(p.mission.has_value());
      for (const auto& c : p.cards) EXPECT_FALSE(c.has_value());
    }
    // Play on (the person's turns by the bot's choices, through the map) until seat 0 holds a
    // card: it sees its card, and only the count of the others'.
    place_initially(h);
    const bool done = h.run_until(
        [&] {
          if (h.board->mode() == RisikoMode::reinforce) {
            for (std::uint32_t i = h.board->draft_total(); i < h.board->allowance(); ++i)
              h.board->click(peer::risiko::reinforcement(h.board->knowing(), kMe).placements.front().territory);
            h.submit(h.board->place());
          } else if (h.board->mode() == RisikoMode::attack) {
            auto best = peer::risiko::best_attack(h.board->knowing(), kMe);
            if (best && !h.table().conquered) {
              h.board->deselect();
              h.board->click(best->from);
              h.board->click(best->to);
              h.submit(h.board->attack_until(best->stop_at));
            } else {
              h.submit(h.board->end_turn());
            }
          } else if (h.board->mode() == RisikoMode::move_in) {
            h.submit(h.board->move_in(h.board->move_in_range().first));
          }
          return !h.table().player(kMe).hand.empty() &&
                 h.board->own().cards.size() == h.table().player(kMe).hand.size() &&
                 h.board->own().cards.back().has_value();
        },
        20000);
    // Over, or seat 0 out, before seat 0 won a card.
    if (!done && (h.t.session->phase() == peer::Phase::complete || h.t.session->seat(kMe).out())) continue;
    ASSERT_TRUE(done) << "seat 0 never got a card";
    const rk::SeatView view = h.board->view();
    ASSERT_EQ(view.own.cards.size(), view.table.player(kMe).hand.size());
    for (const auto& c : view.own.cards) EXPECT_TRUE(c.has_value());
    EXPECT_TRUE(h.spectator->view().own.cards.empty());
    // The card is the one the full-information referee says it is.
    for (std::size_t i = 0; i < view.own.cards.size(); ++i) {
      const auto& hand = h.table().player(kMe).hand[i];
      const peer::risiko::Deal* deal_of = h.t.rules().deal(peer::risiko::card_deck_number(hand.epoch), hand.position);
      ASSERT_NE(deal_of, nullptr);
      EXPECT_EQ(deal_of->holder, kMe);
    }
    EXPECT_EQ(view.table, h.spectator->view().table);  // the public table is everyone's
    return;
  }
  FAIL() << "the game ended before seat 0 held a card in every deal";
}

// A person's client restarted mid-game (same key, same data folder): the runner kept the seat
// player's secrets, a new HumanRisikoPlayer restored from them takes the seat back with a new
// screen, plays on to the end, and the log verifies with every seat honest. Without them its
// agent would hold no deck key and the seat could only leave.
TEST(RisikoBoard, AClientRestartedMidGameRestoresItsSecretsAndPlaysOnToAVerifiedEnd) {
  // A bot can complete its mission before the person's first turn or the restored seat's next
  // (18 territories can fall within one turn): then the game is dealt again, up to six times.
  for (int deal = 0;; ++deal) {
    ASSERT_LT(deal, 6) << "a bot won before the restored seat's turn in every deal";
    Harness h;
    testing::RisikoPerson person;
    int refusals = 0;
    auto act = [&](std::optional<RisikoIntent> intent) {
      if (intent) h.human->submit(std::move(*intent));
    };
    // Rounds with the person at the map, until `done` (false when nothing moves any more).
    auto play_until = [&](auto done, int max_rounds) {
      h.deliver();
      int idle = 0;
      for (int i = 0; i < max_rounds && !done(); ++i) {
        for (auto& why : h.human->take_refusals()) {
          ADD_FAILURE() << "refused: " << why;
          ++refusals;
          h.board->refused();
        }
        person.play(&*h.board, act);
        idle = h.round() ? 0 : idle + 1;
        if (idle > 3) break;
      }
      return done();
    };
    const game::Bytes before_start = h.human->secrets();
    EXPECT_TRUE(before_start.empty());  // nothing to keep before the seat has its keys

    // The person places, plays a whole turn and ends it.
    if (!play_until([&] { return person.turns >= 1 && h.board->mode() != RisikoMode::initial_placement; }, 20000)) {
      // A bot won first, or the person claimed its mission before a whole turn: deal again.
      const auto outcome = h.t.session->outcome();
      ASSERT_TRUE(outcome && outcome->winner) << "the person never played a turn";
      continue;
    }
    const game::Bytes kept = h.human->secrets();
    ASSERT_FALSE(kept.empty()) << "the human seat gives the runner no secrets to keep";
    HumanRisikoPlayer damaged;
    EXPECT_FALSE(damaged.restore(std::span(kept).first(kept.size() - 1)));

    // The restart: a new player restored from the kept bytes, a new screen from the transcript.
    auto fresh = std::make_unique<HumanRisikoPlayer>();
    ASSERT_TRUE(fresh->restore(kept));
    EXPECT_EQ(fresh->secrets(), kept);
    h.human = fresh.get();
    h.t.players[0] = std::move(fresh);
    h.screen.emplace(peer::Session::start(h.t.lobby.genesis(), h.t.lobby.now()).value());
    h.board.emplace(parley::games::risiko::rules_of(*h.screen).state().world, builtin_shapes("classic"), kMe);
    h.delivered = 0;
    const rk::Player known_before = h.board->own();
    h.deliver();
    EXPECT_TRUE(h.board->own().mission.has_value()) << "the restored seat cannot open its mission";
    EXPECT_NE(h.board->own(), known_before);

    // Plays on to the end.
    const int turns_before = person.turns;
    const bool finished = play_until([&] { return h.t.session->phase() == peer::Phase::complete; }, 60000);
    ASSERT_TRUE(finished) << "stuck in mode " << static_cast<int>(h.board->mode()) << " after "
                          << h.t.lobby.entries().size() << " entries";
    // The restored seat played a turn, or claimed its mission at the start of one (it acted on
    // its restored secrets too); if a bot won before its turn came, deal again.
    const auto outcome = h.t.session->outcome();
    if (person.turns == turns_before && !(outcome && outcome->winner == kMe)) {
      ASSERT_TRUE(outcome && outcome->winner)
          << "the restored seat never played a turn; the game ended: "
          << (outcome ? "no winner (" + std::string(outcome->reason) + ")" : std::string("no outcome"));
      continue;
    }
    EXPECT_EQ(refusals, 0);
    EXPECT_FALSE(h.t.rules().seat(kMe).departed) << "the restored seat left the game";
    EXPECT_TRUE(h.t.blames().empty());
    const peer::VerifyReport report = peer::verify(h.t.lobby.log());
    EXPECT_TRUE(report.valid) << report.fault;
    ASSERT_EQ(report.seats.size(), 3u);
    for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest) << seat.name << seat.reason;
    return;
  }
}

}  // namespace
}  // namespace parley::ui
