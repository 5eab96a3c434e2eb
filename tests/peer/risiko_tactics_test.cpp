// The Risiko bot's difficulties: the dice odds the hard one counts with, checked against the
// odds of a single throw everyone publishes; decisions that differ where they should; and
// short games on the rules engine (no protocol), where the hard bot beats two easy ones.
#include <gtest/gtest.h>

#include <map>

#include "games/risiko/risiko_tactics.hpp"
#include "tests/game/risiko/support.hpp"

namespace parley::peer::risiko {
namespace {

using game::risiko::testing::force_turn;
using game::risiko::testing::S;
using game::risiko::testing::set;
using game::risiko::testing::SplitMix;
using game::risiko::testing::started;
using game::risiko::testing::T;

TEST(RisikoOdds, OneThrowMatchesThePublishedOdds) {
  // stop_at one below the attacker's armies: a single throw decides. Attacker dice 1, 2, 3
  // against one die: 15/36, 125/216, 855/1296; three against two (classic): both armies
  // 2890/7776.
  EXPECT_EQ(conquest_odds(rk::DiceRule::classic, 2, 1, 1), 416667u);
  EXPECT_EQ(conquest_odds(rk::DiceRule::classic, 3, 1, 2), 578704u);
  EXPECT_EQ(conquest_odds(rk::DiceRule::classic, 4, 1, 3), 659722u);
  EXPECT_EQ(conquest_odds(rk::DiceRule::classic, 4, 2, 3), 371656u);
  // One die against one is the same under either rule.
  EXPECT_EQ(conquest_odds(rk::DiceRule::risiko, 2, 1, 1), 416667u);
}

TEST(RisikoOdds, GrowWithTheAttackerAndShrinkWithTheDefender) {
  for (const rk::DiceRule rule : {rk::DiceRule::classic, rk::DiceRule::risiko})
    for (std::uint32_t d = 1; d < 20; ++d)
      for (std::uint32_t a = 2; a < 30; ++a) {
        EXPECT_LE(conquest_odds(rule, a, d), conquest_odds(rule, a + 1, d)) << a << " " << d;
        EXPECT_GE(conquest_odds(rule, a, d), conquest_odds(rule, a, d + 1)) << a << " " << d;
      }
  // The third defending die (Italian Risiko) makes attacking harder.
  EXPECT_LT(conquest_odds(rk::DiceRule::risiko, 10, 5), conquest_odds(rk::DiceRule::classic, 10, 5));
  EXPECT_EQ(conquest_odds(rk::DiceRule::classic, 1, 1), 0u);  // one army cannot attack
  EXPECT_EQ(conquest_odds(rk::DiceRule::classic, 5, 0), 1'000'000u);
  EXPECT_GT(conquest_odds(rk::DiceRule::classic, 200, 3), 999'000u);  // large armies count as 80
}

TEST(RisikoDifficulty, NamesReadBack) {
  for (const Difficulty d : {Difficulty::easy, Difficulty::normal, Difficulty::hard})
    EXPECT_EQ(parse_difficulty(word_of(d)), d);
  EXPECT_FALSE(parse_difficulty("impossible"));
}

// Seat 0's turn in the attack phase of a 3-player game, every territory seat 1's but those set.
rk::State attack_position() {
  rk::State s = started(3, 7);
  for (auto& c : s.table.countries) c = rk::CountryInfo{S(1), 1};
  force_turn(s, S(0), rk::Phase::attack);
  return s;
}

int count_attacks(Difficulty d, const rk::State& s) {
  int attacks = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Tactics tactics(d, seed);
    const auto decision = tactics.decide(s, S(0));
    attacks += decision && std::holds_alternative<rk::MultiAttackOrder>(*decision);
  }
  return attacks;
}

TEST(RisikoDifficulty, OnlyTheEasyBotAttacksAgainstTheOdds) {
  // 3 armies against 2 under the Risiko dice: under a third of the time it takes the territory.
  rk::State s = attack_position();
  set(s, "egypt", 0, 3);
  set(s, "north_africa", 1, 2);
  for (auto& c : s.table.countries)
    if (&c != &s.table.countries[T("egypt").value] && &c != &s.table.countries[T("north_africa").value] && c.owner == S(1))
      c.armies = 9;  // every other target out of reach
  ASSERT_LT(conquest_odds(rk::DiceRule::risiko, 3, 2), 500'000u);
  EXPECT_GT(count_attacks(Difficulty::easy, s), 20);
  EXPECT_EQ(count_attacks(Difficulty::hard, s), 0);
  // With 12 armies against the 2, every difficulty attacks.
  set(s, "egypt", 0, 12);
  EXPECT_EQ(count_attacks(Difficulty::hard, s), 40);
  EXPECT_EQ(count_attacks(Difficulty::normal, s), 40);
}

TEST(RisikoDifficulty, TheHardBotGoesForTheContinentItCanComplete) {
  // Seat 0 holds all of Australia but Western Australia (2 armies), and has 8 armies in both
  // Indonesia (facing it) and Egypt (facing North Africa, 2 armies, worth no continent).
  rk::State s = attack_position();
  // Seat 2 holds a territory of every other continent: taking one breaks no bonus.
  for (const char* key : {"alaska", "argentina", "iceland", "siam"}) set(s, key, 2, 1);
  for (const char* key : {"indonesia", "new_guinea", "eastern_australia"}) set(s, key, 0, 1);
  set(s, "indonesia", 0, 8);
  set(s, "western_australia", 1, 2);
  set(s, "egypt", 0, 8);
  set(s, "north_africa", 1, 2);
  Tactics hard(Difficulty::hard, 1);
  const auto decision = hard.decide(s, S(0));
  ASSERT_TRUE(decision && std::holds_alternative<rk::MultiAttackOrder>(*decision));
  EXPECT_EQ(std::get<rk::MultiAttackOrder>(*decision).to, T("western_australia"));
}

TEST(RisikoDifficulty, MovesInAndUpDiffer) {
  // A conquest from Egypt into North Africa, Egypt with 10 armies and nothing hostile around it
  // but the enemies next to North Africa: hard moves more than the minimum, easy the minimum.
  rk::State s = attack_position();
  for (const char* key : {"egypt", "east_africa", "middle_east", "southern_europe"}) set(s, key, 0, 1);
  set(s, "egypt", 0, 10);
  set(s, "north_africa", 0, 0);
  set(s, "brazil", 1, 6);
  s.table.phase = rk::Phase::waiting_for_move;
  s.table.pending = rk::PendingMove{T("egypt"), T("north_africa"), 3};
  s.table.conquered = true;
  const auto easy = Tactics(Difficulty::easy, 1).decide(s, S(0));
  const auto hard = Tactics(Difficulty::hard, 1).decide(s, S(0));
  ASSERT_TRUE(easy && hard);
  EXPECT_EQ(std::get<rk::MoveIn>(*easy).armies, 3u);
  EXPECT_GT(std::get<rk::MoveIn>(*hard).armies, 3u);

  // Interior armies: the hard and normal bots bring them to the border, the easy one never.
  rk::State t = attack_position();
  for (const char* key : {"egypt", "east_africa", "north_africa", "congo", "south_africa", "madagascar"})
    set(t, key, 0, 1);
  set(t, "south_africa", 0, 9);  // interior: its neighbours are all seat 0's
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Tactics easy_bot(Difficulty::easy, seed), hard_bot(Difficulty::hard, seed);
    const auto e = easy_bot.decide(t, S(0), /*may_attack=*/false);
    const auto h = hard_bot.decide(t, S(0), /*may_attack=*/false);
    ASSERT_TRUE(e && h);
    EXPECT_TRUE(std::holds_alternative<rk::EndTurn>(*e));
    ASSERT_TRUE(std::holds_alternative<rk::MoveArmies>(*h));
    EXPECT_EQ(std::get<rk::MoveArmies>(*h).from, T("south_africa"));
    EXPECT_EQ(std::get<rk::MoveArmies>(*h).armies, 8u);
  }
}

// A game on the rules engine with full information (each bot reads only its own secrets):
// missions and cards dealt from shuffles, dice from the generator.
class TacticsGame {
 public:
  TacticsGame(std::vector<Difficulty> seats, std::uint64_t seed) : rng_(seed) {
    namespace support = game::risiko::testing;
    using namespace game::risiko;
    const auto& world = support::classic();
    const StartGame start =
        deal_game(world, support::colours(static_cast<int>(seats.size())), [&](std::uint32_t b) { return rng_.below(b); });
    state_ = support::must_play(new_game(classic_world(), {}), start).state;
    std::vector<MissionId> missions;
    for (std::size_t m = 0; m < world.missions.size(); ++m) missions.push_back(MissionId{static_cast<std::uint8_t>(m)});
    shuffle(missions);
    for (std::size_t s = 0; s < seats.size(); ++s) {
      state_ = support::must(learn_mission(state_, S(static_cast<int>(s)), missions[s]));
      bots_.emplace_back(seats[s], seed * 31 + s);
    }
    std::vector<CardId> deck;
    for (std::size_t i = 0; i < world.cards.size(); ++i) deck.push_back(CardId{static_cast<std::uint8_t>(i)});
    shuffle(deck);
    deck_order_[0] = deck;
    // The initial placements, each chosen before any is known (as committed in a real game).
    std::vector<rk::Action> placements;
    for (std::size_t s = 0; s < seats.size(); ++s) placements.push_back(bots_[s].initial_placement(state_, S(static_cast<int>(s))));
    for (const auto& p : placements) apply(p);
  }

  // Plays until the game ends or `max_actions` have been played; the winner, or the seat with
  // the most territories.
  Seat play(std::size_t max_actions) {
    for (std::size_t n = 0; n < max_actions && !rk::outcome(state_) && !::testing::Test::HasFatalFailure(); ++n) {
      const Seat seat = state_.table.current_player();
      const auto decision = bots_[seat.index].decide(state_, seat);
      if (!decision) {
        ADD_FAILURE() << "no decision in phase " << static_cast<int>(state_.table.phase);
        break;
      }
      apply(complete(*decision));
    }
    if (const auto out = rk::outcome(state_); out && out->winner) return *out->winner;
    Seat best = S(0);
    for (std::uint8_t s = 1; s < bots_.size(); ++s)
      if (state_.table.territories_of(Seat{s}) > state_.table.territories_of(best)) best = Seat{s};
    return best;
  }

 private:
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng_.below(static_cast<std::uint32_t>(i))]);
  }

  rk::Action complete(const rk::Decision& d) {
    auto die = [this] { return rng_.die(); };
    if (const auto* o = std::get_if<rk::MultiAttackOrder>(&d)) return *rk::roll_multi_attack(state_, *o, die);
    if (const auto* o = std::get_if<rk::AttackOrder>(&d)) return *rk::roll_attack(state_, *o, die);
    return std::visit(
        [](const auto& x) -> rk::Action {
          if constexpr (std::is_constructible_v<rk::Action, decltype(x)>) return x;
          else return rk::EndTurn{};  // the orders were completed above
        },
        d);
  }

  void apply(const rk::Action& action) {
    auto step = rk::play(state_, action);
    ASSERT_TRUE(step.ok()) << rk::describe(step.error());
    state_ = std::move(step).value().state;
    for (const rk::Event& e : step.value().events) {
      if (const auto* r = std::get_if<rk::DeckReshuffled>(&e)) {
        std::vector<rk::CardId> order(state_.table.deck.epochs.back().contents.begin(),
                                      state_.table.deck.epochs.back().contents.end());
        shuffle(order);
        deck_order_[r->epoch] = order;
      }
      if (const auto* c = std::get_if<rk::CardDrawn>(&e))
        state_ = game::risiko::testing::must(rk::learn_card(state_, c->seat, state_.table.player(c->seat).hand.size() - 1,
                                                             deck_order_.at(c->position.epoch).at(c->position.position)));
    }
  }

  SplitMix rng_;
  rk::State state_;
  std::vector<Tactics> bots_;
  std::map<std::uint32_t, std::vector<rk::CardId>> deck_order_;
};

// Wins of a `player` bot against two `others`, taking each seat in turn, over `games` games
// of at most 1,500 actions (the seat with the most territories wins one that has not ended).
int wins_against(Difficulty player, Difficulty others, int games) {
  int wins = 0;
  for (int g = 1; g <= games; ++g) {
    std::vector<Difficulty> seats(3, others);
    const auto mine = static_cast<std::uint8_t>(g % 3);
    seats[mine] = player;
    TacticsGame game(seats, static_cast<std::uint64_t>(g));
    wins += game.play(1500).index == mine;
    if (::testing::Test::HasFatalFailure()) break;
  }
  return wins;
}

TEST(RisikoDifficulty, EachDifficultyBeatsTheOneBelow) {
  // One seat in three wins a third of the games by chance.
  EXPECT_GE(wins_against(Difficulty::hard, Difficulty::easy, 24), 20);
  EXPECT_GE(wins_against(Difficulty::normal, Difficulty::easy, 24), 20);
  EXPECT_GE(wins_against(Difficulty::hard, Difficulty::normal, 60), 24);
  EXPECT_LE(wins_against(Difficulty::easy, Difficulty::hard, 24), 3);
}

}  // namespace
}  // namespace parley::peer::risiko
