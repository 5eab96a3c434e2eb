// The state machine: setup, the simultaneous initial placement, turns, attacks, conquests,
// M_ATTACK, the strategic move, cards (with full and partial information), elimination,
// LEAVE_GAME, views and encodings. Legal and illegal transitions, each with its typed error.
#include "support.hpp"

namespace parley::game::risiko {
namespace {
using namespace testing;

StartGame balanced_start(int n) {
  SplitMix rng(99);
  return deal_game(classic(), colours(n), [&](std::uint32_t b) { return rng.below(b); });
}

// ---- Setup ------------------------------------------------------------------------------

TEST(RisikoSetup, DealIsRoundRobinInTurnOrder) {
  for (int n = 3; n <= 6; ++n) {
    const StartGame a = balanced_start(n);
    EXPECT_EQ(a, balanced_start(n)) << "deterministic";
    std::vector<int> share(n, 0);
    for (Seat s : a.owners) ++share[s.index];
    for (int k = 0; k < n; ++k) EXPECT_EQ(share[a.turn_order[k].index], 42 / n + (k < 42 % n ? 1 : 0));
    const Step step = must_play(new_game(classic_world()), a);
    for (int seat = 0; seat < n; ++seat)
      EXPECT_EQ(step.state.table.players[seat].armies_to_place, classic().start_armies[n] - share[seat]);
    EXPECT_EQ(events_of<GameStarted>(step).size(), 1u);
    EXPECT_EQ(events_of<MissionDealt>(step).size(), static_cast<std::size_t>(n));
    EXPECT_EQ(step.state.table.phase, Phase::place_armies);
    EXPECT_EQ(step.state.table.turn, 0u);
  }
}

TEST(RisikoSetup, BadStartsAreRejected) {
  const State fresh = new_game(classic_world());
  StartGame a = balanced_start(4);
  StartGame b = a;
  b.colours = colours(2);
  EXPECT_EQ(fails(fresh, b), Error::bad_player_count);
  b.colours = {Colour::red, Colour::blue, Colour::red, Colour::green};
  EXPECT_EQ(fails(fresh, b), Error::bad_colours);
  b = a;
  b.turn_order[1] = b.turn_order[0];
  EXPECT_EQ(fails(fresh, b), Error::bad_turn_order);
  b.turn_order.pop_back();
  EXPECT_EQ(fails(fresh, b), Error::bad_turn_order);
  b = a;
  b.owners.pop_back();
  EXPECT_EQ(fails(fresh, b), Error::bad_deal);
  b = a;
  b.owners[0] = S(5);
  EXPECT_EQ(fails(fresh, b), Error::bad_deal);
  b = a;  // move one territory from the first player in order (11) to the last (10): 10 / 11 wrong
  for (auto& o : b.owners)
    if (o == a.turn_order[0]) {
      o = a.turn_order[3];
      break;
    }
  EXPECT_EQ(fails(fresh, b), Error::bad_deal);
  const State s = must_play(fresh, a).state;
  EXPECT_EQ(fails(s, a), Error::game_already_started);
  EXPECT_EQ(fails(fresh, EndTurn{S(0)}), Error::game_not_started);
  EXPECT_EQ(fails(fresh, LeaveGame{S(0)}), Error::game_not_started);
}

// ---- Initial placement: everybody at once ------------------------------------------------

TEST(RisikoPlacement, SimultaneousInitialPlacement) {
  State s = started(3, 5);
  const auto& t = s.table;
  for (int seat = 0; seat < 3; ++seat) EXPECT_EQ(t.players[seat].armies_to_place, 35u - 14u);
  auto own = [&](const State& st, int seat) {
    std::vector<TerritoryId> out;
    for (std::size_t i = 0; i < st.table.countries.size(); ++i)
      if (st.table.countries[i].owner == S(seat)) out.push_back(TerritoryId{static_cast<std::uint8_t>(i)});
    return out;
  };
  // Seats place in any order, several times each.
  s = must_play(s, PlaceArmies{S(2), {{own(s, 2)[0], 5}, {own(s, 2)[3], 6}}}).state;
  s = must_play(s, PlaceArmies{S(0), {{own(s, 0)[1], 21}}}).state;
  EXPECT_EQ(view(s, S(0)).client_state, ClientState::watching);
  EXPECT_EQ(view(s, S(1)).client_state, ClientState::place_armies);
  // Illegal placements.
  EXPECT_EQ(fails(s, PlaceArmies{S(1), {{own(s, 0)[0], 1}}}), Error::not_your_territory);
  EXPECT_EQ(fails(s, PlaceArmies{S(1), {{own(s, 1)[0], 22}}}), Error::too_many_armies);
  EXPECT_EQ(fails(s, PlaceArmies{S(1), {{own(s, 1)[0], 0}}}), Error::empty_placement);
  EXPECT_EQ(fails(s, PlaceArmies{S(1), {}}), Error::empty_placement);
  EXPECT_EQ(fails(s, PlaceArmies{S(1), {{own(s, 1)[2], 1}, {own(s, 1)[1], 1}}}), Error::empty_placement);
  EXPECT_EQ(fails(s, PlaceArmies{S(1), {{TerritoryId{200}, 1}}}), Error::unknown_territory);
  EXPECT_EQ(fails(s, PlaceArmies{S(7), {{own(s, 1)[0], 1}}}), Error::unknown_seat);
  EXPECT_EQ(fails(s, PlaceArmies{S(0), {{own(s, 0)[0], 1}}}), Error::too_many_armies);  // nothing left
  EXPECT_EQ(fails(s, EndTurn{S(1)}), Error::wrong_phase);
  EXPECT_EQ(fails(s, Attack{{S(1), own(s, 1)[0], own(s, 0)[0], 1}, roll({6}, {1})}), Error::wrong_phase);
  // The last armies: the first turn begins, with TURN and ADDED_ARMIES.
  s = must_play(s, PlaceArmies{S(2), {{own(s, 2)[5], 10}}}).state;
  const Step last = must_play(s, PlaceArmies{S(1), {{own(s, 1)[0], 21}}});
  const Seat first = last.state.table.turn_order[0];
  ASSERT_EQ(events_of<TurnStarted>(last).size(), 1u);
  EXPECT_EQ(events_of<TurnStarted>(last)[0].seat, first);
  EXPECT_EQ(events_of<TurnStarted>(last)[0].turn, 1u);
  const auto added = events_of<ArmiesAdded>(last);
  ASSERT_EQ(added.size(), 1u);
  EXPECT_EQ(added[0].armies.total(), reinforcements(classic(), last.state.table, first).total());
  EXPECT_EQ(last.state.table.phase, Phase::place_armies);
  EXPECT_EQ(last.state.table.player(first).armies_to_place, added[0].armies.total());
  std::uint32_t total = 0;
  for (const auto& c : last.state.table.countries) total += c.armies;
  EXPECT_EQ(total, 3u * 35u);
  EXPECT_EQ(view(last.state, first).client_state, ClientState::place_armies);
}

// ---- Reinforcements ----------------------------------------------------------------------

TEST(RisikoReinforcements, TerritoriesOverThreeAtLeastThreePlusContinents) {
  State s = started(3);
  auto give = [&](const std::vector<std::string>& keys) {
    fill(s, 1);
    for (const auto& k : keys) set(s, k, 0, 1);
    return reinforcements(classic(), s.table, S(0));
  };
  EXPECT_EQ(give({"alaska"}).total(), 3u);  // 1 territory: the minimum
  EXPECT_EQ(give({"alaska", "japan", "peru", "congo", "india", "siam", "iceland", "ural", "egypt"}).total(), 3u);
  std::vector<std::string> twelve = {"alaska", "japan", "peru", "congo", "india", "siam",
                                     "iceland", "ural", "egypt", "china", "quebec", "ontario"};
  EXPECT_EQ(give(twelve).territories, 4u);
  EXPECT_EQ(give(twelve).continents, 0u);
  // Oceania: 4 territories -> 3 + 2.
  Reinforcements r = give({"indonesia", "new_guinea", "western_australia", "eastern_australia"});
  EXPECT_EQ(r.territories, 3u);
  EXPECT_EQ(r.continents, 2u);
  // North and South America: 13 territories -> 4 + 5 + 2.
  std::vector<std::string> americas;
  for (const auto& c : {"north_america", "south_america"})
    for (TerritoryId t : classic().continent(C(c)).territories) americas.push_back(classic().country(t).key);
  r = give(americas);
  EXPECT_EQ(r.territories, 4u);
  EXPECT_EQ(r.continents, 7u);
  // The whole world: 14 + 5 + 2 + 5 + 3 + 7 + 2.
  fill(s, 0);
  EXPECT_EQ(reinforcements(classic(), s.table, S(0)).total(), 14u + 24u);
}

// ---- Turns, attacks and conquests ------------------------------------------------------

// Seat 0 holds the world but for Ukraine (seat 1, 2 armies) and Middle East (seat 1),
// Japan (seat 2) and Argentina (seat 3); Scandinavia has 5 armies. Seat 0's ATTACK phase.
class Board : public ::testing::Test {
 protected:
  void SetUp() override {
    s = started(4, 3);
    fill(s, 0);
    set(s, "ukraine", 1, 2);
    set(s, "middle_east", 1, 1);
    set(s, "japan", 2, 1);
    set(s, "argentina", 3, 1);
    set(s, "scandinavia", 0, 5);
    force_turn(s, S(0), Phase::attack);
  }
  Attack attack(const std::string& from, const std::string& to, std::uint8_t dice, Roll r) {
    return Attack{{S(0), T(from), T(to), dice}, r};
  }
  Seat next_after(Seat seat) const {
    const auto& order = s.table.turn_order;
    const auto i = std::find(order.begin(), order.end(), seat) - order.begin();
    return order[(i + 1) % order.size()];
  }
  State s;
};

TEST_F(Board, AttackChecks) {
  EXPECT_EQ(fails(s, attack("scandinavia", "ukraine", 4, roll({6, 6, 6, 6}, {1, 1}))), Error::bad_dice_count);
  EXPECT_EQ(fails(s, attack("scandinavia", "ukraine", 0, roll({6}, {1, 1}))), Error::bad_dice_count);
  EXPECT_EQ(fails(s, attack("scandinavia", "ukraine", 3, roll({6, 6}, {1, 1}))), Error::bad_roll);
  EXPECT_EQ(fails(s, attack("scandinavia", "ukraine", 3, roll({6, 6, 6}, {1, 1, 1}))), Error::bad_roll);
  EXPECT_EQ(fails(s, attack("scandinavia", "ukraine", 3, roll({6, 6, 6}, {1}))), Error::bad_roll);
  EXPECT_EQ(fails(s, attack("scandinavia", "ukraine", 3, roll({6, 7, 6}, {1, 1}))), Error::bad_roll);
  EXPECT_EQ(fails(s, attack("scandinavia", "japan", 1, roll({6}, {1}))), Error::not_adjacent);
  EXPECT_EQ(fails(s, attack("scandinavia", "iceland", 1, roll({6}, {1}))), Error::own_territory);
  EXPECT_EQ(fails(s, attack("ukraine", "scandinavia", 1, roll({6}, {1}))), Error::not_your_territory);
  EXPECT_EQ(fails(s, attack("scandinavia", "scandinavia", 1, roll({6}, {1}))), Error::same_territory);
  EXPECT_EQ(fails(s, attack("ural", "ukraine", 1, roll({6}, {1, 1}))), Error::too_few_armies);
  EXPECT_EQ(fails(s, Attack{{S(0), TerritoryId{99}, T("ukraine"), 1}, roll({6}, {1, 1})}), Error::unknown_territory);
  EXPECT_EQ(fails(s, Attack{{S(2), T("japan"), T("kamchatka"), 1}, roll({6}, {1})}), Error::not_your_turn);
  // Repelled: both attacker dice lose, ties to the defender.
  const Step step = must_play(s, attack("scandinavia", "ukraine", 2, roll({5, 3}, {5, 4})));
  EXPECT_EQ(step.state.table.countries[T("scandinavia").value].armies, 3u);
  EXPECT_EQ(step.state.table.countries[T("ukraine").value].armies, 2u);
  EXPECT_EQ(step.state.table.phase, Phase::attack);
  ASSERT_EQ(events_of<BattleFought>(step).size(), 1u);
  EXPECT_EQ(events_of<BattleFought>(step)[0].losses, (Losses{2, 0}));
}

TEST_F(Board, ClassicDiceLetTheDefenderThrowTwo) {
  s.options.dice = DiceRule::classic;
  set(s, "ukraine", 1, 3);
  EXPECT_EQ(fails(s, attack("scandinavia", "ukraine", 3, roll({6, 6, 6}, {1, 1, 1}))), Error::bad_roll);
  const Step step = must_play(s, attack("scandinavia", "ukraine", 3, roll({6, 6, 6}, {1, 1})));
  EXPECT_EQ(step.state.table.countries[T("ukraine").value].armies, 1u);
}

TEST_F(Board, ConquestMovesAtLeastTheDiceRolled) {
  const Step won = must_play(s, attack("scandinavia", "ukraine", 3, roll({6, 6, 6}, {1, 2})));
  const State& w = won.state;
  EXPECT_EQ(w.table.phase, Phase::waiting_for_move);
  EXPECT_EQ(w.table.countries[T("ukraine").value].owner, S(0));
  EXPECT_EQ(w.table.countries[T("ukraine").value].armies, 0u);
  EXPECT_EQ(view(w, S(0)).client_state, ClientState::move_armies);
  ASSERT_EQ(events_of<TerritoryConquered>(won).size(), 1u);
  EXPECT_TRUE(events_of<PlayerEliminated>(won).empty());  // seat 1 still has Middle East
  // Nothing else until the armies move in.
  EXPECT_EQ(fails(w, attack("scandinavia", "ukraine", 1, roll({6}, {1}))), Error::wrong_phase);
  EXPECT_EQ(fails(w, EndTurn{S(0)}), Error::wrong_phase);
  EXPECT_EQ(fails(w, MoveIn{S(0), 2}), Error::too_few_armies);
  EXPECT_EQ(fails(w, MoveIn{S(0), 5}), Error::too_many_armies);
  EXPECT_EQ(fails(w, MoveIn{S(1), 3}), Error::not_your_turn);
  EXPECT_EQ(fails(s, MoveIn{S(0), 3}), Error::wrong_phase);
  const State moved = must_play(w, MoveIn{S(0), 4}).state;
  EXPECT_EQ(moved.table.countries[T("ukraine").value].armies, 4u);
  EXPECT_EQ(moved.table.countries[T("scandinavia").value].armies, 1u);
  EXPECT_EQ(moved.table.phase, Phase::attack);
  // A second conquest in the same turn: still one card at the end.
  State twice = moved;
  set(twice, "ural", 0, 3);
  set(twice, "siberia", 2, 1);
  twice = must_play(twice, attack("ural", "siberia", 2, roll({6, 6}, {1}))).state;
  twice = must_play(twice, MoveIn{S(0), 2}).state;
  const Step end = must_play(twice, EndTurn{S(0)});
  ASSERT_EQ(events_of<CardDrawn>(end).size(), 1u);
  EXPECT_EQ(events_of<CardDrawn>(end)[0].position, (DeckPosition{0, 0}));
  EXPECT_EQ(end.state.table.player(S(0)).hand.size(), 1u);
  EXPECT_EQ(end.state.table.deck.draw_pile(), 43u);
  EXPECT_EQ(end.state.table.current_player(), next_after(S(0)));
  EXPECT_EQ(events_of<TurnEnded>(end).size(), 1u);
  EXPECT_EQ(events_of<TurnStarted>(end).size(), 1u);
}

TEST_F(Board, NoConquestNoCard) {
  const Step end = must_play(s, EndTurn{S(0)});
  EXPECT_TRUE(events_of<CardDrawn>(end).empty());
  EXPECT_TRUE(end.state.table.player(S(0)).hand.empty());
  const Seat next = next_after(S(0));
  EXPECT_EQ(end.state.table.current_player(), next);
  EXPECT_EQ(end.state.table.phase, Phase::place_armies);
  EXPECT_EQ(end.state.table.player(next).armies_to_place, reinforcements(classic(), s.table, next).total());
  // The turn's own phases: the new player must place before attacking or ending.
  EXPECT_EQ(fails(end.state, EndTurn{next}), Error::wrong_phase);
  EXPECT_EQ(fails(end.state, EndTurn{S(0)}), Error::not_your_turn);
}

TEST_F(Board, PlacingTheReinforcementsOpensTheAttack) {
  s.table.phase = Phase::place_armies;
  s.table.player(S(0)).armies_to_place = 5;
  EXPECT_EQ(fails(s, attack("scandinavia", "ukraine", 1, roll({6}, {1, 1}))), Error::wrong_phase);
  s = must_play(s, PlaceArmies{S(0), {{T("iceland"), 2}}}).state;
  EXPECT_EQ(s.table.phase, Phase::place_armies);
  s = must_play(s, PlaceArmies{S(0), {{T("iceland"), 1}, {T("scandinavia"), 2}}}).state;
  EXPECT_EQ(s.table.phase, Phase::attack);
  EXPECT_EQ(s.table.countries[T("scandinavia").value].armies, 7u);
  EXPECT_EQ(fails(s, PlaceArmies{S(0), {{T("iceland"), 1}}}), Error::wrong_phase);
}

TEST_F(Board, MultiAttackUntilConquest) {
  set(s, "scandinavia", 0, 10);
  set(s, "ukraine", 1, 3);
  const MultiAttackOrder order{S(0), T("scandinavia"), T("ukraine"), 1};
  // Round 1: 3 v 3, defender wins all. Round 2: 3 (7 armies left) v 3, attacker wins all.
  const std::vector<Roll> rounds = {roll({1, 1, 1}, {6, 6, 6}), roll({6, 6, 6}, {1, 1, 1})};
  const Step step = must_play(s, MultiAttack{order, rounds});
  EXPECT_EQ(events_of<BattleFought>(step).size(), 2u);
  EXPECT_EQ(step.state.table.phase, Phase::waiting_for_move);
  EXPECT_EQ(step.state.table.pending->min_armies, 3);
  EXPECT_EQ(step.state.table.countries[T("scandinavia").value].armies, 7u);
  EXPECT_EQ(fails(s, MultiAttack{order, {rounds[0]}}), Error::missing_rounds);
  EXPECT_EQ(fails(s, MultiAttack{order, {rounds[0], rounds[1], rounds[1]}}), Error::extra_rounds);
  EXPECT_EQ(fails(s, MultiAttack{order, {roll({1, 1}, {6, 6, 6}), rounds[1]}}), Error::bad_roll);
  EXPECT_EQ(fails(s, MultiAttack{order, {}}), Error::missing_rounds);
  // A failed round leaves nothing behind: the action is all or nothing.
  EXPECT_EQ(s.table.countries[T("scandinavia").value].armies, 10u);
}

TEST_F(Board, MultiAttackStopsAtItsLevel) {
  set(s, "scandinavia", 0, 10);
  set(s, "ukraine", 1, 3);
  const MultiAttackOrder order{S(0), T("scandinavia"), T("ukraine"), 8};
  const Step step = must_play(s, MultiAttack{order, {roll({1, 1, 1}, {6, 6, 6})}});
  EXPECT_EQ(step.state.table.countries[T("scandinavia").value].armies, 7u);
  EXPECT_EQ(step.state.table.phase, Phase::attack);
  EXPECT_EQ(fails(s, MultiAttack{{S(0), T("scandinavia"), T("ukraine"), 0}, {}}), Error::bad_stop);
  EXPECT_EQ(fails(s, MultiAttack{{S(0), T("scandinavia"), T("ukraine"), 10}, {}}), Error::bad_stop);
  EXPECT_EQ(check(s, MultiAttackOrder{S(0), T("scandinavia"), T("ukraine"), 9}), std::nullopt);
  // The helper draws the dice from the session's source and stops where the rule says.
  SplitMix rng(4);
  for (int i = 0; i < 50; ++i) {
    auto m = roll_multi_attack(s, MultiAttackOrder{S(0), T("scandinavia"), T("ukraine"), 1}, [&] { return rng.die(); });
    ASSERT_TRUE(m.ok());
    const Step r = must_play(s, *m);
    const auto& c = r.state.table.countries;
    EXPECT_TRUE(c[T("ukraine").value].owner == S(0) || c[T("scandinavia").value].armies == 1);
  }
}

TEST_F(Board, OneStrategicMoveBetweenNeighbours) {
  EXPECT_EQ(fails(s, MoveArmies{S(0), T("scandinavia"), T("japan"), 1}), Error::not_your_territory);
  EXPECT_EQ(fails(s, MoveArmies{S(0), T("scandinavia"), T("peru"), 1}), Error::not_adjacent);
  EXPECT_EQ(fails(s, MoveArmies{S(0), T("scandinavia"), T("iceland"), 5}), Error::too_many_armies);
  EXPECT_EQ(fails(s, MoveArmies{S(0), T("scandinavia"), T("iceland"), 0}), Error::too_few_armies);
  EXPECT_EQ(fails(s, MoveArmies{S(0), T("iceland"), T("iceland"), 1}), Error::same_territory);
  const Step step = must_play(s, MoveArmies{S(0), T("scandinavia"), T("iceland"), 4});
  EXPECT_EQ(step.state.table.countries[T("iceland").value].armies, 5u);
  EXPECT_EQ(events_of<ArmiesMoved>(step).size(), 1u);
  EXPECT_EQ(fails(step.state, MoveArmies{S(0), T("iceland"), T("scandinavia"), 1}), Error::strategic_move_used);
  EXPECT_EQ(fails(step.state, attack("iceland", "great_britain", 1, roll({6}, {1}))), Error::strategic_move_made);
  EXPECT_TRUE(play(step.state, EndTurn{S(0)}).ok());
}

// ---- Cards -----------------------------------------------------------------------------

// Gives `seat` hand slots dealt from epoch 0 (positions continue from what was dealt), with
// the identities known to this (full-information) state.
void deal(State& s, int seat, const std::vector<std::string>& keys_or_joker) {
  for (const auto& k : keys_or_joker) {
    CardId card = k == "joker" ? CardId{42} : k == "joker2" ? CardId{43} : CardId{T(k).value};
    auto& e = s.table.deck.epochs.back();
    s.table.player(S(seat)).hand.push_back(DeckPosition{e.number, e.dealt++});
    s.secrets[seat].cards.push_back(std::nullopt);
    s = must(learn_card(s, S(seat), s.secrets[seat].cards.size() - 1, card));
  }
}

TradeCards trade_of(const State& s, int seat, std::array<std::uint8_t, 3> slots) {
  TradeCards t{S(seat), slots, {}};
  for (int i = 0; i < 3; ++i) t.cards[i] = *s.secrets[seat].cards[slots[i]];
  return t;
}

TEST_F(Board, EveryTradeValueWithTheTerritoryBonus) {
  // Artillery: siberia, mongolia, middle_east, ukraine; infantry: japan, afghanistan, india,
  // egypt; cavalry: ural, yakutsk, kamchatka, china. Seat 0 owns all but ukraine,
  // middle_east, japan and argentina.
  struct Case {
    std::vector<std::string> cards;
    std::uint32_t value;
  };
  const std::vector<Case> cases = {
      {{"siberia", "mongolia", "middle_east"}, 4 + 2 * 2},
      {{"japan", "afghanistan", "india"}, 6 + 2 * 2},
      {{"ural", "yakutsk", "kamchatka"}, 8 + 2 * 3},
      {{"japan", "ural", "middle_east"}, 10 + 2 * 1},
      {{"joker", "japan", "egypt"}, 12 + 2 * 1},
      {{"kamchatka", "joker2", "china"}, 12 + 2 * 2},
      {{"middle_east", "siberia", "joker"}, 12 + 2 * 1},
      {{"ukraine", "joker", "middle_east"}, 12 + 2 * 0},  // neither territory is seat 0's
  };
  for (const Case& c : cases) {
    State t = s;
    t.table.phase = Phase::place_armies;
    t.table.player(S(0)).armies_to_place = 3;
    deal(t, 0, c.cards);
    const Step step = must_play(t, trade_of(t, 0, {0, 1, 2}));
    ASSERT_EQ(events_of<CardsTraded>(step).size(), 1u);
    EXPECT_EQ(events_of<CardsTraded>(step)[0].armies, c.value) << c.cards[0];
    EXPECT_EQ(step.state.table.player(S(0)).armies_to_place, 3 + c.value);
    EXPECT_TRUE(step.state.table.player(S(0)).hand.empty());
    EXPECT_EQ(step.state.table.deck.discard.size(), 3u);
  }
  State t = s;
  t.table.phase = Phase::place_armies;
  deal(t, 0, {"japan", "ural", "egypt"});  // infantry, cavalry, infantry
  EXPECT_EQ(fails(t, trade_of(t, 0, {0, 1, 2})), Error::not_a_set);
  EXPECT_EQ(fails(t, TradeCards{S(0), {0, 1, 1}, {CardId{0}, CardId{1}, CardId{1}}}), Error::bad_card_slot);
  EXPECT_EQ(fails(t, TradeCards{S(0), {0, 1, 3}, {CardId{0}, CardId{1}, CardId{2}}}), Error::bad_card_slot);
  t.table.phase = Phase::attack;
  EXPECT_EQ(fails(t, trade_of(t, 0, {0, 1, 2})), Error::wrong_phase);
}

TEST_F(Board, HiddenCardsCheckedWithWhatIsKnown) {
  s.table.phase = Phase::place_armies;
  s.table.player(S(0)).armies_to_place = 1;
  deal(s, 0, {"siberia", "mongolia", "middle_east", "japan"});
  deal(s, 1, {"india"});
  const TradeCards honest = trade_of(s, 0, {0, 1, 2});
  // Claiming the slots hold other cards: full information knows, seat 2 cannot tell...
  TradeCards lie = honest;
  lie.cards = {CardId{T("siam").value}, CardId{T("mongolia").value}, CardId{T("middle_east").value}};
  EXPECT_EQ(fails(s, lie), Error::card_mismatch);
  const State seat2 = knowledge_of(s, S(2));
  EXPECT_TRUE(play(seat2, lie).ok());
  // ...but seat 1 knows it holds India: nobody else can reveal it.
  const State seat1 = knowledge_of(s, S(1));
  lie.cards[0] = CardId{T("india").value};
  lie.cards[1] = CardId{T("afghanistan").value};
  lie.cards[2] = CardId{T("japan").value};
  EXPECT_EQ(fails(seat1, lie), Error::card_held_elsewhere);
  // Seat 0's own state knows what it holds.
  lie = honest;
  lie.cards[0] = CardId{T("japan").value};
  EXPECT_EQ(fails(knowledge_of(s, S(0)), lie), Error::card_mismatch);
  EXPECT_EQ(fails(s, TradeCards{S(0), {0, 1, 2}, {CardId{44}, CardId{1}, CardId{2}}}), Error::unknown_card);
  // The honest trade, seen by every seat's state: all accept and agree on the public result.
  const Step full = must_play(s, honest);
  for (int seat = 0; seat < 4; ++seat) {
    const Step partial = must_play(knowledge_of(s, S(seat)), honest);
    EXPECT_EQ(canonical_bytes<Risiko>(partial.state), canonical_bytes<Risiko>(full.state));
  }
  // A traded card is face up: it cannot be revealed again, not even by a state that knew nothing.
  State after = knowledge_of(full.state, S(2));
  after.table.player(S(1)).hand.push_back(DeckPosition{0, after.table.deck.epochs[0].dealt++});
  after.secrets[1].cards.push_back(std::nullopt);
  EXPECT_EQ(learn_card(after, S(1), 1, CardId{T("siberia").value}).error(), Error::card_already_revealed);
}

TEST_F(Board, ReshuffledDeckBoundsWhatASlotCanHold) {
  // Epoch 0 fully dealt; the discard pile holds three traded cards.
  auto& deck = s.table.deck;
  deck.epochs[0].dealt = 44;
  for (const char* k : {"alaska", "peru", "congo"}) {
    deck.discard.insert(CardId{T(k).value});
    deck.epochs[0].revealed.insert(CardId{T(k).value});
  }
  s.table.player(S(3)).hand.push_back(DeckPosition{0, 7});  // keeps epoch 0 alive
  s.secrets[3].cards.push_back(std::nullopt);
  set(s, "ukraine", 1, 1);
  s = must_play(s, attack("scandinavia", "ukraine", 3, roll({6, 6, 6}, {1}))).state;
  s = must_play(s, MoveIn{S(0), 3}).state;
  const Step end = must_play(s, EndTurn{S(0)});
  ASSERT_EQ(events_of<DeckReshuffled>(end).size(), 1u);
  EXPECT_EQ(events_of<DeckReshuffled>(end)[0].cards, 3u);
  const auto& d = end.state.table.deck;
  ASSERT_EQ(d.epochs.size(), 2u);
  EXPECT_EQ(d.epochs[1].number, 1u);
  EXPECT_TRUE(d.discard.empty());
  EXPECT_EQ(end.state.table.player(S(0)).hand.back(), (DeckPosition{1, 0}));
  // That slot can only hold Alaska, Peru or Congo.
  EXPECT_EQ(learn_card(end.state, S(0), 0, CardId{T("japan").value}).error(), Error::card_not_in_deck);
  EXPECT_TRUE(learn_card(end.state, S(0), 0, CardId{T("peru").value}).ok());
  // Seat 3's epoch-0 slot cannot be Peru (revealed from epoch 0 already).
  EXPECT_EQ(learn_card(end.state, S(3), 0, CardId{T("peru").value}).error(), Error::card_already_revealed);
  EXPECT_EQ(learn_card(end.state, S(3), 5, CardId{T("peru").value}).error(), Error::bad_card_slot);
  // When seat 3's card leaves play, epoch 0 is no longer needed and is dropped.
  const State left = must_play(end.state, LeaveGame{S(3)}).state;
  EXPECT_EQ(left.table.deck.epochs.size(), 1u);
  EXPECT_EQ(left.table.deck.epochs[0].number, 1u);
}

TEST_F(Board, NoCardWhenEveryCardIsInAHand) {
  s.table.deck.epochs[0].dealt = 44;
  set(s, "ukraine", 1, 1);
  s = must_play(s, attack("scandinavia", "ukraine", 1, roll({6}, {1}))).state;
  s = must_play(s, MoveIn{S(0), 1}).state;
  const Step end = must_play(s, EndTurn{S(0)});
  EXPECT_TRUE(events_of<CardDrawn>(end).empty());
}

TEST_F(Board, MustTradeAboveFiveCards) {
  const Seat before = [&] {
    const auto& o = s.table.turn_order;
    return o[(std::find(o.begin(), o.end(), S(0)) - o.begin() + o.size() - 1) % o.size()];
  }();
  deal(s, 0, {"siberia", "mongolia", "middle_east", "japan", "afghanistan", "india"});
  force_turn(s, before, Phase::attack);
  s.table.countries[T("argentina").value].owner = before;  // everyone keeps a territory
  s.table.countries[T("japan").value].owner = before;
  s.table.countries[T("ukraine").value].owner = before;
  const Step turn = must_play(s, EndTurn{before});
  State t = turn.state;
  ASSERT_EQ(t.table.current_player(), S(0));
  EXPECT_EQ(t.table.phase, Phase::must_trade);
  EXPECT_EQ(view(t, S(0)).client_state, ClientState::must_trade);
  const std::uint32_t reinforced = t.table.player(S(0)).armies_to_place;
  EXPECT_EQ(fails(t, PlaceArmies{S(0), {{T("iceland"), 1}}}), Error::must_trade);
  EXPECT_EQ(fails(t, attack("scandinavia", "ukraine", 1, roll({6}, {1, 1}))), Error::must_trade);
  EXPECT_EQ(fails(t, EndTurn{S(0)}), Error::must_trade);
  EXPECT_EQ(fails(t, MoveArmies{S(0), T("scandinavia"), T("iceland"), 1}), Error::must_trade);
  // Seat 2's state cannot list the trade (it does not know the cards) but accepts it.
  const auto seat2_options = legal_decisions(knowledge_of(t, S(2)));
  EXPECT_TRUE(std::none_of(seat2_options.begin(), seat2_options.end(),
                           [](const Decision& d) { return std::holds_alternative<TradeCards>(d); }));
  const TradeCards trade = trade_of(t, 0, {0, 1, 2});  // three artillery; seat 0 owns two
  const auto legal = legal_decisions(t);
  EXPECT_NE(std::find(legal.begin(), legal.end(), Decision{trade}), legal.end());
  t = must_play(t, trade).state;
  EXPECT_EQ(t.table.phase, Phase::place_armies);
  EXPECT_EQ(t.table.player(S(0)).armies_to_place, reinforced + 4 + 2 * 2);
  EXPECT_EQ(t.table.player(S(0)).hand.size(), 3u);
}

TEST_F(Board, EliminationHandsTheCardsToTheConqueror) {
  set(s, "middle_east", 0, 1);  // seat 1 keeps only Ukraine
  set(s, "ukraine", 1, 1);
  deal(s, 0, {"siberia", "mongolia"});
  deal(s, 1, {"japan", "afghanistan", "india", "joker"});
  const Step won = must_play(s, attack("scandinavia", "ukraine", 3, roll({6, 6, 6}, {1})));
  const auto eliminated = events_of<PlayerEliminated>(won);
  ASSERT_EQ(eliminated.size(), 1u);
  EXPECT_EQ(eliminated[0].seat, S(1));
  EXPECT_EQ(eliminated[0].by, S(0));
  EXPECT_EQ(eliminated[0].cards_taken, 4);
  const State& w = won.state;
  EXPECT_EQ(w.table.player(S(1)).status, PlayerStatus::eliminated);
  EXPECT_EQ(w.table.player(S(1)).eliminated_by, S(0));
  EXPECT_TRUE(w.table.player(S(1)).hand.empty());
  EXPECT_EQ(w.table.player(S(0)).hand.size(), 6u);
  EXPECT_EQ(w.secrets[0].cards[2], CardId{T("japan").value});  // full information follows the cards
  // A seat that knew nothing of seat 1's cards learns them now, privately, with checks.
  State seat0 = must_play(knowledge_of(s, S(0)), Attack{{S(0), T("scandinavia"), T("ukraine"), 3}, roll({6, 6, 6}, {1})}).state;
  EXPECT_EQ(seat0.secrets[0].cards[2], std::nullopt);
  EXPECT_EQ(learn_card(seat0, S(0), 2, CardId{T("siberia").value}).error(), Error::card_held_elsewhere);
  seat0 = must(learn_card(seat0, S(0), 2, CardId{T("japan").value}));
  // Six cards after the move-in: MUST_TRADE in the middle of the turn.
  const State moved = must_play(w, MoveIn{S(0), 3}).state;
  EXPECT_EQ(moved.table.phase, Phase::must_trade);
  const State traded = must_play(moved, trade_of(moved, 0, {2, 3, 4})).state;  // three infantry, owns 2
  EXPECT_EQ(traded.table.phase, Phase::place_armies);
  EXPECT_EQ(traded.table.player(S(0)).armies_to_place, 6u + 2 * 2);
  const State placed = must_play(traded, PlaceArmies{S(0), {{T("ukraine"), 10}}}).state;
  EXPECT_EQ(placed.table.phase, Phase::attack);
  // The eliminated seat can do nothing any more.
  EXPECT_EQ(fails(placed, LeaveGame{S(1)}), Error::seat_not_playing);
}

TEST_F(Board, EliminatingTheLastOpponentEndsTheGame) {
  fill(s, 0);
  set(s, "scandinavia", 0, 5);
  set(s, "ukraine", 1, 1);
  s.table.players[2].status = PlayerStatus::left;
  s.table.players[3].status = PlayerStatus::eliminated;
  const State won = must_play(s, attack("scandinavia", "ukraine", 1, roll({6}, {1}))).state;
  EXPECT_EQ(won.table.phase, Phase::waiting_for_move);
  const Step end = must_play(won, MoveIn{S(0), 4});
  EXPECT_EQ(end.state.table.phase, Phase::no_move);
  EXPECT_EQ(outcome(end.state)->winner, S(0));
  EXPECT_EQ(end.state.table.end, EndReason::last_player);
  EXPECT_EQ(outcome(end.state)->reason, describe(EndReason::last_player));
}

// ---- LEAVE_GAME --------------------------------------------------------------------------

TEST_F(Board, CurrentPlayerLeavingPassesTheTurn) {
  deal(s, 0, {"siberia"});
  const Step step = must_play(s, LeaveGame{S(0)});
  const State& t = step.state;
  EXPECT_EQ(t.table.player(S(0)).status, PlayerStatus::left);
  EXPECT_TRUE(t.table.player(S(0)).hand.empty());
  EXPECT_EQ(t.table.current_player(), next_after(S(0)));
  EXPECT_EQ(events_of<PlayerLeft>(step).size(), 1u);
  EXPECT_EQ(events_of<TurnStarted>(step).size(), 1u);
  EXPECT_EQ(t.table.phase, Phase::place_armies);
  // Its armies stay on the board, inert; they can be attacked.
  EXPECT_EQ(t.table.countries[T("scandinavia").value].owner, S(0));
  EXPECT_EQ(fails(t, LeaveGame{S(0)}), Error::seat_not_playing);
  EXPECT_EQ(fails(t, EndTurn{S(0)}), Error::seat_not_playing);
}

TEST_F(Board, AnotherPlayerLeavingIsDeactivated) {
  const Step step = must_play(s, LeaveGame{S(2)});
  EXPECT_EQ(step.state.table.current_player(), S(0));
  EXPECT_EQ(step.state.table.phase, Phase::attack);
  EXPECT_EQ(step.state.table.player(S(2)).status, PlayerStatus::left);
  // Attacking the leaver's territory works, and taking its last one eliminates it.
  State t = step.state;
  set(t, "kamchatka", 0, 4);
  t = must_play(t, Attack{{S(0), T("kamchatka"), T("japan"), 3}, roll({6, 6, 6}, {1})}).state;
  EXPECT_EQ(t.table.player(S(2)).status, PlayerStatus::eliminated);
  EXPECT_EQ(t.table.player(S(2)).eliminated_by, S(0));
}

TEST_F(Board, LeavingWhileWaitingForTheMoveSettlesIt) {
  const State w = must_play(s, attack("scandinavia", "ukraine", 2, roll({6, 6}, {1, 1}))).state;
  const Step step = must_play(w, LeaveGame{S(0)});
  EXPECT_EQ(step.state.table.countries[T("ukraine").value].armies, 2u);
  EXPECT_EQ(step.state.table.countries[T("scandinavia").value].armies, 3u);
  EXPECT_EQ(events_of<ArmiesMovedIn>(step).size(), 1u);
  EXPECT_TRUE(events_of<CardDrawn>(step).empty());
  EXPECT_EQ(step.state.table.current_player(), next_after(S(0)));
}

TEST_F(Board, LastPlayerStandingWins) {
  s = must_play(s, LeaveGame{S(1)}).state;
  s = must_play(s, LeaveGame{S(2)}).state;
  EXPECT_FALSE(outcome(s).has_value());
  const Step step = must_play(s, LeaveGame{S(0)});
  EXPECT_EQ(step.state.table.phase, Phase::no_move);
  EXPECT_EQ(outcome(step.state)->winner, S(3));
  EXPECT_EQ(events_of<GameEnded>(step).size(), 1u);
  EXPECT_EQ(fails(step.state, LeaveGame{S(3)}), Error::game_over);
}

TEST(RisikoLeave, DuringTheInitialPlacement) {
  State s = started(3, 11);
  const Seat first = s.table.turn_order[0];
  std::vector<Seat> others;
  for (int i = 0; i < 3; ++i)
    if (S(i) != first) others.push_back(S(i));
  s = must_play(s, LeaveGame{first}).state;
  EXPECT_EQ(s.table.player(first).armies_to_place, 0u);
  EXPECT_EQ(s.table.turn, 0u);
  for (Seat seat : others) {
    TerritoryId own{0};
    for (std::size_t i = 0; i < 42; ++i)
      if (s.table.countries[i].owner == seat) own = TerritoryId{static_cast<std::uint8_t>(i)};
    s = must_play(s, PlaceArmies{seat, {{own, s.table.player(seat).armies_to_place}}}).state;
  }
  EXPECT_EQ(s.table.turn, 1u);
  EXPECT_NE(s.table.current_player(), first);  // the leaver's turn is skipped
  EXPECT_EQ(s.table.current_player(), s.table.turn_order[1]);
}

// ---- Views, knowledge, encodings -------------------------------------------------------

TEST_F(Board, ViewsShowOnlyOwnSecrets) {
  deal(s, 0, {"siberia"});
  deal(s, 1, {"japan", "india"});
  for (int seat = 0; seat < 4; ++seat) s = must(learn_mission(s, S(seat), MissionId{static_cast<std::uint8_t>(seat + 3)}));
  ASSERT_TRUE(knows_everything(s));
  for (int seat = 0; seat < 4; ++seat) {
    const SeatView v = Risiko::view(s, S(seat));
    EXPECT_EQ(v.own, s.secrets[seat]);
    EXPECT_EQ(v.table, s.table);
    EXPECT_EQ(v.client_state, seat == 0 ? ClientState::attack : ClientState::watching);
    const State k = knowledge_of(s, S(seat));
    EXPECT_FALSE(knows_everything(k));
    for (int other = 0; other < 4; ++other) {
      if (other == seat) continue;
      EXPECT_FALSE(k.secrets[other].mission.has_value());
      for (const auto& c : k.secrets[other].cards) EXPECT_FALSE(c.has_value());
    }
    EXPECT_EQ(canonical_bytes<Risiko>(k), canonical_bytes<Risiko>(s));
    EXPECT_EQ(Risiko::hash(k), Risiko::hash(s));
  }
  EXPECT_EQ(view(s, S(1)).table.player(S(1)).hand.size(), 2u);  // the count is public
}

TEST_F(Board, EncodingCoversThePublicStateOnly) {
  const Bytes before = canonical_bytes<Risiko>(s);
  State t = s;
  t.secrets[2].mission = MissionId{3};
  EXPECT_EQ(canonical_bytes<Risiko>(t), before);
  t.table.countries[0].armies += 1;
  EXPECT_NE(canonical_bytes<Risiko>(t), before);
  t = s;
  t.options.dice = DiceRule::classic;
  EXPECT_NE(canonical_bytes<Risiko>(t), before);
  t = s;
  t.table.deck.discard.insert(CardId{3});
  EXPECT_NE(canonical_bytes<Risiko>(t), before);
  EXPECT_NE(Risiko::hash(t), Risiko::hash(s));
}

TEST_F(Board, LegalDecisionsAreLegal) {
  const auto decisions = legal_decisions(s);
  ASSERT_FALSE(decisions.empty());
  for (const Decision& d : decisions) EXPECT_EQ(check(s, d), std::nullopt);
  EXPECT_NE(std::find(decisions.begin(), decisions.end(), Decision{EndTurn{S(0)}}), decisions.end());
  EXPECT_NE(std::find(decisions.begin(), decisions.end(), Decision{AttackOrder{S(0), T("scandinavia"), T("ukraine"), 3}}),
            decisions.end());
  EXPECT_EQ(std::find(decisions.begin(), decisions.end(), Decision{AttackOrder{S(0), T("scandinavia"), T("ukraine"), 4}}),
            decisions.end());
  EXPECT_EQ(check(s, AttackOrder{S(0), T("scandinavia"), T("japan"), 1}), Error::not_adjacent);
  auto a = roll_attack(s, AttackOrder{S(0), T("scandinavia"), T("ukraine"), 3}, [] { return std::uint8_t{4}; });
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->roll.defender.count, 2);
  EXPECT_TRUE(play(s, *a).ok());
  EXPECT_EQ(roll_attack(s, AttackOrder{S(0), T("scandinavia"), T("japan"), 1}, [] { return std::uint8_t{4}; }).error(),
            Error::not_adjacent);
  EXPECT_TRUE(legal_decisions(new_game(classic_world())).empty());
}

}  // namespace
}  // namespace parley::game::risiko
