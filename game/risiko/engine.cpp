#include "game/risiko/engine.hpp"

#include <algorithm>
#include <span>

#include "game/risiko/mission.hpp"

namespace parley::game::risiko {
namespace {

using Check = std::optional<Error>;

// The rules' checks, over a state they never change (no copy: legal_decisions runs them often).
class Checks {
 public:
  explicit Checks(const State& s) : s_(s) {}

  Check in_game() const {
    if (!t().started) return Error::game_not_started;
    if (t().phase == Phase::no_move) return Error::game_over;
    return std::nullopt;
  }

  Check seat_ok(Seat s) const {
    if (s.index >= t().players.size()) return Error::unknown_seat;
    if (!t().playing(s)) return Error::seat_not_playing;
    return std::nullopt;
  }

  // The seat may act in its own turn, in one of the given phases.
  Check turn_of(Seat s, std::initializer_list<Phase> phases) const {
    if (auto e = in_game()) return e;
    if (auto e = seat_ok(s)) return e;
    if (t().turn == 0) return Error::wrong_phase;
    if (t().current_player() != s) return Error::not_your_turn;
    if (std::find(phases.begin(), phases.end(), t().phase) != phases.end()) return std::nullopt;
    if (t().phase == Phase::must_trade) return Error::must_trade;
    return Error::wrong_phase;
  }

  Check territory(TerritoryId id) const {
    if (!w().valid(id)) return Error::unknown_territory;
    return std::nullopt;
  }

  Check attack_route(Seat seat, TerritoryId from, TerritoryId to) const {
    if (auto e = turn_of(seat, {Phase::attack})) return e;
    if (t().moved) return Error::strategic_move_made;
    if (auto e = territory(from)) return e;
    if (auto e = territory(to)) return e;
    if (from == to) return Error::same_territory;
    if (country(from).owner != seat) return Error::not_your_territory;
    if (country(to).owner == seat) return Error::own_territory;
    if (!w().adjacent(from, to)) return Error::not_adjacent;
    if (country(from).armies < 2) return Error::too_few_armies;
    return std::nullopt;
  }

  Check order(const AttackOrder& o) const {
    if (auto e = attack_route(o.seat, o.from, o.to)) return e;
    if (o.dice < 1 || o.dice > max_attacker_dice(country(o.from).armies)) return Error::bad_dice_count;
    return std::nullopt;
  }

  Check order(const MultiAttackOrder& o) const {
    if (auto e = attack_route(o.seat, o.from, o.to)) return e;
    const std::uint32_t from = country(o.from).armies;
    if (o.stop_at < 1 || o.stop_at >= from) return Error::bad_stop;
    // Every round costs at least one army, so this bounds the rounds an M_ATTACK may need.
    if (std::uint64_t{from - o.stop_at} + country(o.to).armies > kMaxRounds) return Error::bad_stop;
    return std::nullopt;
  }

  std::uint8_t defender_dice_at(TerritoryId to) const {
    return defender_dice(s_.options.dice, country(to).armies);
  }

  // A card claimed to be in `seat`'s hand slot `slot` (ignoring the slots in `skip`):
  // consistent with the deck and with every identity this state knows.
  Check card_fits(Seat seat, std::size_t slot, CardId card, std::span<const std::uint8_t> skip) const {
    if (!w().valid(card)) return Error::unknown_card;
    const DeckPosition pos = t().player(seat).hand[slot];
    const DeckEpoch* e = t().deck.epoch(pos.epoch);
    if (e == nullptr || !e->contents.contains(card)) return Error::card_not_in_deck;
    if (e->revealed.contains(card) || t().deck.discard.contains(card)) return Error::card_already_revealed;
    const auto& known = s_.secrets[seat.index].cards[slot];
    if (known && *known != card) return Error::card_mismatch;
    for (std::size_t p = 0; p < s_.secrets.size(); ++p)
      for (std::size_t j = 0; j < s_.secrets[p].cards.size(); ++j) {
        if (p == seat.index && (j == slot || std::find(skip.begin(), skip.end(), j) != skip.end())) continue;
        if (s_.secrets[p].cards[j] == card) return Error::card_held_elsewhere;
      }
    return std::nullopt;
  }

  Check mission_fits(Seat seat, MissionId m) const {
    if (!w().valid(m)) return Error::unknown_mission;
    for (std::size_t p = 0; p < t().players.size(); ++p) {
      if (p == seat.index) continue;
      if (t().players[p].revealed_mission == m || s_.secrets[p].mission == m) return Error::mission_held_elsewhere;
    }
    const auto& known = s_.secrets[seat.index].mission;
    if (known && *known != m) return Error::mission_mismatch;
    const auto& revealed = t().player(seat).revealed_mission;
    if (revealed && *revealed != m) return Error::mission_mismatch;
    return std::nullopt;
  }

 private:
  const World& w() const { return *s_.world; }
  const Table& t() const { return s_.table; }
  const CountryInfo& country(TerritoryId id) const { return s_.table.countries[id.value]; }
  const State& s_;
};

// Applies one action to a private copy of the state; on an error the copy is dropped, so an
// action is all or nothing (an M_ATTACK with one bad round changes nothing).
class Machine {
 public:
  explicit Machine(State s) : s_(std::move(s)), ck_(s_) {}
  Machine(const Machine&) = delete;  // ck_ refers to this object's own state
  Machine& operator=(const Machine&) = delete;

  Check run(const Action& action) {
    return std::visit([this](const auto& a) { return on(a); }, action);
  }
  Step finish() && { return Step{std::move(s_), std::move(events_)}; }

 private:
  const World& w() const { return *s_.world; }
  const Table& t() const { return s_.table; }
  Table& t() { return s_.table; }
  const CountryInfo& country(TerritoryId id) const { return s_.table.countries[id.value]; }
  CountryInfo& country(TerritoryId id) { return s_.table.countries[id.value]; }
  void emit(Event e) { events_.push_back(std::move(e)); }

  std::size_t playing_count() const {
    return static_cast<std::size_t>(std::count_if(t().players.begin(), t().players.end(),
                                                  [](const PlayerInfo& p) { return p.status == PlayerStatus::playing; }));
  }

  std::optional<Seat> sole_player() const {
    if (playing_count() != 1) return std::nullopt;
    for (std::size_t s = 0; s < t().players.size(); ++s)
      if (t().players[s].status == PlayerStatus::playing) return Seat{static_cast<std::uint8_t>(s)};
    return std::nullopt;
  }

  void end_game(Seat winner, EndReason reason) {
    t().phase = Phase::no_move;
    t().winner = winner;
    t().end = reason;
    emit(GameEnded{winner, reason});
  }

  // ---- Turns -------------------------------------------------------------------------

  // Starts the turn of the first playing seat at turn-order index `from` or after it.
  void begin_turn_from(std::size_t from) {
    const std::size_t n = t().turn_order.size();
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t idx = (from + k) % n;
      if (!t().playing(t().turn_order[idx])) continue;
      t().current = static_cast<std::uint8_t>(idx);
      ++t().turn;
      t().conquered = false;
      t().moved = false;
      t().pending.reset();
      const Seat seat = t().turn_order[idx];
      const Reinforcements r = reinforcements(w(), t(), seat);
      t().player(seat).armies_to_place += r.total();
      emit(TurnStarted{seat, t().turn});
      emit(ArmiesAdded{seat, r});
      t().phase = t().player(seat).hand.size() > kMaxHandWithoutTrade ? Phase::must_trade : Phase::place_armies;
      return;
    }
  }

  // The initial placement ends when no playing seat has armies left; then the first turn.
  void maybe_end_initial_placement() {
    for (const auto& p : t().players)
      if (p.status == PlayerStatus::playing && p.armies_to_place > 0) return;
    begin_turn_from(0);
  }

  // The phase after a conquest is settled or cards were traded mid-turn.
  void resume_turn(Seat seat) {
    const auto& p = t().player(seat);
    if (p.hand.size() > kMaxHandWithoutTrade)
      t().phase = Phase::must_trade;
    else if (p.armies_to_place > 0)
      t().phase = Phase::place_armies;
    else
      t().phase = Phase::attack;
  }

  // ---- Cards -------------------------------------------------------------------------

  // Drops deck epochs no hand refers to any more (the current one always stays).
  void prune_epochs() {
    auto& epochs = t().deck.epochs;
    if (epochs.empty()) return;
    const std::uint32_t current = epochs.back().number;
    std::erase_if(epochs, [&](const DeckEpoch& e) {
      if (e.number == current) return false;
      for (const auto& p : t().players)
        for (const auto& d : p.hand)
          if (d.epoch == e.number) return false;
      return true;
    });
  }

  void draw_card(Seat seat) {
    auto& deck = t().deck;
    if (deck.draw_pile() == 0) {
      if (deck.discard.empty()) return;  // every card is in a hand: nothing to draw
      DeckEpoch next;
      next.number = deck.epochs.back().number + 1;
      next.contents = deck.discard;
      deck.discard.clear();
      deck.epochs.push_back(std::move(next));
      emit(DeckReshuffled{deck.epochs.back().number, static_cast<std::uint16_t>(deck.epochs.back().contents.size())});
    }
    DeckEpoch& e = deck.epochs.back();
    const DeckPosition pos{e.number, e.dealt++};
    t().player(seat).hand.push_back(pos);
    s_.secrets[seat.index].cards.push_back(std::nullopt);
    emit(CardDrawn{seat, pos});
    prune_epochs();
  }

 public:
  Check learn_card(Seat seat, std::size_t slot, CardId card) {
    if (!t().started) return Error::game_not_started;
    if (seat.index >= t().players.size()) return Error::unknown_seat;
    if (slot >= t().player(seat).hand.size()) return Error::bad_card_slot;
    if (auto e = ck_.card_fits(seat, slot, card, {})) return e;
    s_.secrets[seat.index].cards[slot] = card;
    return std::nullopt;
  }

  Check lose_cards(Seat seat, std::span<const std::size_t> slots) {
    if (!t().started) return Error::game_not_started;
    if (seat.index >= t().players.size()) return Error::unknown_seat;
    auto& player = t().player(seat);
    std::vector<std::size_t> sorted(slots.begin(), slots.end());
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    for (std::size_t i = 0; i < sorted.size(); ++i)
      if (sorted[i] >= player.hand.size() || (i > 0 && sorted[i] == sorted[i - 1])) return Error::bad_card_slot;
    auto& known = s_.secrets[seat.index].cards;
    for (std::size_t slot : sorted) {
      player.hand.erase(player.hand.begin() + static_cast<std::ptrdiff_t>(slot));
      known.erase(known.begin() + static_cast<std::ptrdiff_t>(slot));
    }
    if (t().phase == Phase::must_trade && t().turn > 0 && t().current_player() == seat) resume_turn(seat);
    prune_epochs();
    return std::nullopt;
  }

  Check learn_mission(Seat seat, MissionId m) {
    if (!t().started) return Error::game_not_started;
    if (seat.index >= t().players.size()) return Error::unknown_seat;
    if (auto e = ck_.mission_fits(seat, m)) return e;
    s_.secrets[seat.index].mission = m;
    return std::nullopt;
  }

 private:
  // ---- Battles -----------------------------------------------------------------------

  Check fight(Seat seat, TerritoryId from, TerritoryId to, std::uint8_t dice, const Roll& roll) {
    if (!roll.attacker.valid() || !roll.defender.valid() || roll.attacker.count != dice ||
        roll.defender.count != ck_.defender_dice_at(to))
      return Error::bad_roll;
    const Losses losses = resolve_battle(roll);
    country(from).armies -= losses.attacker;
    country(to).armies -= losses.defender;
    emit(BattleFought{seat, country(to).owner, from, to, roll, losses});
    return std::nullopt;
  }

  void conquer(Seat seat, TerritoryId from, TerritoryId to, std::uint8_t dice) {
    const Seat previous = country(to).owner;
    country(to).owner = seat;
    t().pending = PendingMove{from, to, dice};
    t().conquered = true;
    t().phase = Phase::waiting_for_move;
    emit(TerritoryConquered{seat, to, previous});
    if (t().territories_of(previous) != 0) return;
    // Eliminated: its cards, and whatever this state knows of them, go to the conqueror.
    auto& loser = t().player(previous);
    auto& winner = t().player(seat);
    auto& loser_cards = s_.secrets[previous.index].cards;
    auto& winner_cards = s_.secrets[seat.index].cards;
    const auto taken = static_cast<std::uint8_t>(loser.hand.size());
    winner.hand.insert(winner.hand.end(), loser.hand.begin(), loser.hand.end());
    winner_cards.insert(winner_cards.end(), loser_cards.begin(), loser_cards.end());
    loser.hand.clear();
    loser_cards.clear();
    loser.armies_to_place = 0;
    loser.status = PlayerStatus::eliminated;
    loser.eliminated_by = seat;
    emit(PlayerEliminated{previous, seat, taken});
  }

  void settle_move_in(Seat seat, std::uint32_t armies) {
    const PendingMove m = *t().pending;
    country(m.from).armies -= armies;
    country(m.to).armies += armies;
    t().pending.reset();
    emit(ArmiesMovedIn{seat, m.from, m.to, armies});
  }

  // ---- Actions -----------------------------------------------------------------------

  Check on(const StartGame& a) {
    if (t().started) return Error::game_already_started;
    const std::size_t n = a.colours.size();
    if (n < kMinPlayers || n > kMaxPlayers || !w().supports(n)) return Error::bad_player_count;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        if (a.colours[i] == a.colours[j]) return Error::bad_colours;
    if (a.turn_order.size() != n) return Error::bad_turn_order;
    std::vector<bool> seen(n, false);
    for (Seat s : a.turn_order) {
      if (s.index >= n || seen[s.index]) return Error::bad_turn_order;
      seen[s.index] = true;
    }
    const std::size_t territories = w().territory_count();
    if (a.owners.size() != territories) return Error::bad_deal;
    std::vector<std::size_t> share(n, 0);
    for (Seat s : a.owners) {
      if (s.index >= n) return Error::bad_deal;
      ++share[s.index];
    }
    for (std::size_t k = 0; k < n; ++k)
      if (share[a.turn_order[k].index] != territories / n + (k < territories % n ? 1 : 0)) return Error::bad_deal;

    Table& tb = t();
    tb.started = true;
    tb.turn = 0;
    tb.turn_order = a.turn_order;
    tb.players.assign(n, PlayerInfo{});
    s_.secrets.assign(n, Player{});
    for (std::size_t s = 0; s < n; ++s) {
      tb.players[s].colour = a.colours[s];
      tb.players[s].armies_to_place = w().start_armies[n] - static_cast<std::uint32_t>(share[s]);
    }
    tb.countries.assign(territories, CountryInfo{});
    for (std::size_t i = 0; i < territories; ++i) tb.countries[i] = CountryInfo{a.owners[i], 1};
    DeckEpoch first;
    for (std::size_t c = 0; c < w().cards.size(); ++c) first.contents.insert(CardId{static_cast<std::uint8_t>(c)});
    tb.deck.epochs.assign(1, std::move(first));
    tb.phase = Phase::place_armies;
    emit(GameStarted{});
    for (std::size_t s = 0; s < n; ++s) emit(MissionDealt{Seat{static_cast<std::uint8_t>(s)}});
    maybe_end_initial_placement();
    return std::nullopt;
  }

  Check on(const PlaceArmies& a) {
    if (auto e = ck_.in_game()) return e;
    if (auto e = ck_.seat_ok(a.seat)) return e;
    if (t().turn > 0) {
      if (auto e = ck_.turn_of(a.seat, {Phase::place_armies})) return e;
    }
    if (a.placements.empty()) return Error::empty_placement;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < a.placements.size(); ++i) {
      const Placement& p = a.placements[i];
      if (p.armies == 0 || (i > 0 && !(a.placements[i - 1].territory < p.territory))) return Error::empty_placement;
      if (auto e = ck_.territory(p.territory)) return e;
      if (country(p.territory).owner != a.seat) return Error::not_your_territory;
      total += p.armies;
    }
    auto& player = t().player(a.seat);
    if (total > player.armies_to_place) return Error::too_many_armies;
    player.armies_to_place -= static_cast<std::uint32_t>(total);
    for (const Placement& p : a.placements) {
      country(p.territory).armies += p.armies;
      emit(ArmiesPlaced{a.seat, p.territory, p.armies});
    }
    if (t().turn == 0)
      maybe_end_initial_placement();
    else if (player.armies_to_place == 0)
      t().phase = Phase::attack;
    return std::nullopt;
  }

  Check on(const TradeCards& a) {
    if (auto e = ck_.turn_of(a.seat, {Phase::must_trade, Phase::place_armies})) return e;
    auto& player = t().player(a.seat);
    for (std::size_t i = 0; i < 3; ++i) {
      if (a.slots[i] >= player.hand.size()) return Error::bad_card_slot;
      for (std::size_t j = 0; j < i; ++j)
        if (a.slots[i] == a.slots[j]) return Error::bad_card_slot;
    }
    std::array<Symbol, 3> symbols{};
    std::uint32_t bonus = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      if (auto e = ck_.card_fits(a.seat, a.slots[i], a.cards[i], a.slots)) return e;
      for (std::size_t j = 0; j < i; ++j)
        if (a.cards[i] == a.cards[j]) return Error::card_held_elsewhere;
      const Card& card = w().card(a.cards[i]);
      symbols[i] = card.symbol;
      if (card.territory && country(*card.territory).owner == a.seat) bonus += kOwnedTerritoryBonus;
    }
    const auto set = classify(symbols);
    if (!set) return Error::not_a_set;
    const std::uint32_t armies = base_value(*set) + bonus;

    auto slots = a.slots;
    std::sort(slots.begin(), slots.end(), std::greater<>());
    auto& known = s_.secrets[a.seat.index].cards;
    for (std::size_t i = 0; i < 3; ++i) {
      const std::uint8_t slot = slots[i];
      const std::size_t k = static_cast<std::size_t>(std::find(a.slots.begin(), a.slots.end(), slot) - a.slots.begin());
      t().deck.epoch(player.hand[slot].epoch)->revealed.insert(a.cards[k]);
      t().deck.discard.insert(a.cards[k]);
      player.hand.erase(player.hand.begin() + slot);
      known.erase(known.begin() + slot);
    }
    player.armies_to_place += armies;
    emit(CardsTraded{a.seat, a.cards, armies});
    if (t().phase == Phase::must_trade && player.hand.size() <= kMaxHandWithoutTrade) t().phase = Phase::place_armies;
    prune_epochs();
    return std::nullopt;
  }

  Check on(const Attack& a) {
    if (auto e = ck_.order(a.order)) return e;
    if (auto e = fight(a.order.seat, a.order.from, a.order.to, a.order.dice, a.roll)) return e;
    if (country(a.order.to).armies == 0) conquer(a.order.seat, a.order.from, a.order.to, a.order.dice);
    return std::nullopt;
  }

  Check on(const MultiAttack& a) {
    const MultiAttackOrder& o = a.order;
    if (auto e = ck_.order(o)) return e;
    std::size_t round = 0;
    std::uint8_t dice = 0;
    while (country(o.to).armies > 0 && country(o.from).armies > o.stop_at) {
      if (round == a.rounds.size()) return Error::missing_rounds;
      dice = max_attacker_dice(country(o.from).armies);
      if (auto e = fight(o.seat, o.from, o.to, dice, a.rounds[round])) return e;
      ++round;
    }
    if (round != a.rounds.size()) return Error::extra_rounds;
    if (country(o.to).armies == 0) conquer(o.seat, o.from, o.to, dice);
    return std::nullopt;
  }

  Check on(const MoveIn& a) {
    if (auto e = ck_.turn_of(a.seat, {Phase::waiting_for_move})) return e;
    const PendingMove& m = *t().pending;
    if (a.armies < m.min_armies) return Error::too_few_armies;
    if (a.armies >= country(m.from).armies) return Error::too_many_armies;
    settle_move_in(a.seat, a.armies);
    if (auto winner = sole_player()) {
      end_game(*winner, EndReason::last_player);
      return std::nullopt;
    }
    resume_turn(a.seat);
    return std::nullopt;
  }

  Check on(const MoveArmies& a) {
    if (auto e = ck_.turn_of(a.seat, {Phase::attack})) return e;
    if (t().moved) return Error::strategic_move_used;
    if (auto e = ck_.territory(a.from)) return e;
    if (auto e = ck_.territory(a.to)) return e;
    if (a.from == a.to) return Error::same_territory;
    if (country(a.from).owner != a.seat || country(a.to).owner != a.seat) return Error::not_your_territory;
    if (!w().adjacent(a.from, a.to)) return Error::not_adjacent;
    if (a.armies == 0) return Error::too_few_armies;
    if (a.armies >= country(a.from).armies) return Error::too_many_armies;
    country(a.from).armies -= a.armies;
    country(a.to).armies += a.armies;
    t().moved = true;
    emit(ArmiesMoved{a.seat, a.from, a.to, a.armies});
    return std::nullopt;
  }

  Check on(const EndTurn& a) {
    if (auto e = ck_.turn_of(a.seat, {Phase::attack})) return e;
    emit(TurnEnded{a.seat});
    if (t().conquered) draw_card(a.seat);
    begin_turn_from(t().current + 1u);
    return std::nullopt;
  }

  // A fulfilled mission ends the game whenever it holds (docs/risiko.md, "Missions"): in the
  // holder's own turn outside a move-in (whose armies count), and in any other seat's turn, where
  // that seat's action (the holder's target eliminated by it) can fulfil it.
  Check on(const ClaimVictory& a) {
    if (auto e = ck_.in_game()) return e;
    if (auto e = ck_.seat_ok(a.seat)) return e;
    if (t().turn == 0) return Error::wrong_phase;
    if (t().current_player() == a.seat)
      if (auto e = ck_.turn_of(a.seat, {Phase::place_armies, Phase::must_trade, Phase::attack})) return e;
    if (auto e = ck_.mission_fits(a.seat, a.mission)) return e;
    if (!mission_fulfilled(w(), t(), a.seat, w().mission(a.mission))) return Error::mission_not_fulfilled;
    t().player(a.seat).revealed_mission = a.mission;
    s_.secrets[a.seat.index].mission = a.mission;
    emit(MissionRevealed{a.seat, a.mission});
    end_game(a.seat, EndReason::mission);
    return std::nullopt;
  }

  Check on(const LeaveGame& a) {
    if (auto e = ck_.in_game()) return e;
    if (auto e = ck_.seat_ok(a.seat)) return e;
    auto& player = t().player(a.seat);
    const bool was_current = t().turn > 0 && t().current_player() == a.seat;
    // A conquest waiting for its move-in is settled with the least it allows.
    if (was_current && t().pending) settle_move_in(a.seat, t().pending->min_armies);
    player.status = PlayerStatus::left;
    player.armies_to_place = 0;
    // Its hidden cards leave play: nobody can reveal them any more.
    player.hand.clear();
    s_.secrets[a.seat.index].cards.clear();
    emit(PlayerLeft{a.seat});
    prune_epochs();
    if (auto winner = sole_player()) {
      end_game(*winner, EndReason::last_player);
      return std::nullopt;
    }
    if (t().turn == 0)
      maybe_end_initial_placement();
    else if (was_current)
      begin_turn_from(t().current + 1u);
    return std::nullopt;
  }

  State s_;
  Checks ck_;
  std::vector<Event> events_;
};

// Whether an action without dice would be accepted now.
bool accepted(const State& s, const Action& action) {
  Machine m(s);
  return !m.run(action).has_value();
}

void add_placements(const State& s, Seat seat, std::vector<Decision>& out) {
  const std::uint32_t armies = s.table.player(seat).armies_to_place;
  for (std::size_t i = 0; i < s.table.countries.size(); ++i) {
    if (s.table.countries[i].owner != seat) continue;
    for (std::uint32_t k = 1; k <= armies; ++k)
      out.push_back(PlaceArmies{seat, {Placement{TerritoryId{static_cast<std::uint8_t>(i)}, k}}});
  }
}

void add_trades(const State& s, Seat seat, std::vector<Decision>& out) {
  const auto& cards = s.secrets[seat.index].cards;
  const std::size_t n = cards.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      for (std::size_t c = b + 1; c < n; ++c) {
        if (!cards[a] || !cards[b] || !cards[c]) continue;
        TradeCards t{seat,
                     {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(c)},
                     {*cards[a], *cards[b], *cards[c]}};
        if (accepted(s, Action{std::in_place_type<TradeCards>, t})) out.emplace_back(std::in_place_type<TradeCards>, t);
      }
}

void add_claim(const State& s, Seat seat, std::vector<Decision>& out) {
  if (auto claim = claim_due(s, seat)) out.push_back(*claim);
}

void add_attack_phase(const State& s, Seat seat, std::vector<Decision>& out) {
  const World& w = *s.world;
  const Table& t = s.table;
  if (!t.moved) {
    for (std::size_t i = 0; i < t.countries.size(); ++i) {
      const TerritoryId from{static_cast<std::uint8_t>(i)};
      const std::uint32_t armies = t.countries[i].armies;
      if (t.countries[i].owner != seat || armies < 2) continue;
      for (TerritoryId to : w.country(from).neighbours) {
        if (t.countries[to.value].owner == seat) {
          for (std::uint32_t k = 1; k < armies; ++k) out.push_back(MoveArmies{seat, from, to, k});
          continue;
        }
        for (std::uint8_t d = 1; d <= max_attacker_dice(armies); ++d) out.push_back(AttackOrder{seat, from, to, d});
        for (std::uint32_t stop = 1; stop < armies; ++stop) {
          const MultiAttackOrder o{seat, from, to, stop};
          if (!Checks(s).order(o)) out.push_back(o);
        }
      }
    }
  }
  out.push_back(EndTurn{seat});
}

}  // namespace

State new_game(std::shared_ptr<const World> world, Options options) {
  State s;
  s.world = std::move(world);
  s.options = options;
  return s;
}

Result<Step, Error> play(const State& state, const Action& action) {
  Machine m(state);
  if (auto e = m.run(action)) return *e;
  return std::move(m).finish();
}

Result<State, Error> learn_card(const State& state, Seat seat, std::size_t slot, CardId card) {
  Machine m(state);
  if (auto e = m.learn_card(seat, slot, card)) return *e;
  return std::move(m).finish().state;
}

Result<State, Error> learn_mission(const State& state, Seat seat, MissionId mission) {
  Machine m(state);
  if (auto e = m.learn_mission(seat, mission)) return *e;
  return std::move(m).finish().state;
}

Result<State, Error> lose_cards(const State& state, Seat seat, std::span<const std::size_t> slots) {
  Machine m(state);
  if (auto e = m.lose_cards(seat, slots)) return *e;
  return std::move(m).finish().state;
}

std::optional<Error> check(const State& state, const Decision& decision) {
  return std::visit(
      [&](const auto& d) -> std::optional<Error> {
        using T = std::decay_t<decltype(d)>;
        if constexpr (std::is_same_v<T, AttackOrder> || std::is_same_v<T, MultiAttackOrder>) {
          return Checks(state).order(d);
        } else {
          auto r = play(state, Action{d});
          if (!r) return r.error();
          return std::nullopt;
        }
      },
      decision);
}

std::vector<Decision> legal_decisions(const State& s) {
  std::vector<Decision> out;
  const Table& t = s.table;
  if (!t.started || t.phase == Phase::no_move) return out;
  if (t.turn == 0) {
    for (std::size_t i = 0; i < t.players.size(); ++i) {
      const Seat seat{static_cast<std::uint8_t>(i)};
      if (t.playing(seat)) add_placements(s, seat, out);
    }
  } else {
    const Seat seat = t.current_player();
    switch (t.phase) {
      case Phase::must_trade:
        add_trades(s, seat, out);
        add_claim(s, seat, out);
        break;
      case Phase::place_armies:
        add_placements(s, seat, out);
        add_trades(s, seat, out);
        add_claim(s, seat, out);
        break;
      case Phase::attack:
        add_attack_phase(s, seat, out);
        add_claim(s, seat, out);
        break;
      case Phase::waiting_for_move: {
        const PendingMove& m = *t.pending;
        for (std::uint32_t k = m.min_armies; k < t.countries[m.from.value].armies; ++k) out.push_back(MoveIn{seat, k});
        break;
      }
      case Phase::no_move: break;
    }
  }
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    const Seat seat{static_cast<std::uint8_t>(i)};
    if (t.turn > 0 && t.playing(seat) && seat != t.current_player()) add_claim(s, seat, out);
    if (t.playing(seat)) out.push_back(LeaveGame{seat});
  }
  return out;
}

std::optional<ClaimVictory> claim_due(const State& state, Seat holder) {
  if (holder.index >= state.secrets.size()) return std::nullopt;
  const auto& mission = state.secrets[holder.index].mission;
  if (!mission || !state.world->valid(*mission)) return std::nullopt;
  // The cheap test first: legal_decisions asks for every seat.
  if (!mission_fulfilled(*state.world, state.table, holder, state.world->mission(*mission))) return std::nullopt;
  const ClaimVictory claim{holder, *mission};
  if (!accepted(state, Action{std::in_place_type<ClaimVictory>, claim})) return std::nullopt;
  return claim;
}

Result<Attack, Error> roll_attack(const State& state, const AttackOrder& order, const DieSource& die) {
  const Checks checks(state);
  if (auto e = checks.order(order)) return *e;
  Attack a{order, {}};
  a.roll.attacker.count = order.dice;
  a.roll.defender.count = checks.defender_dice_at(order.to);
  for (std::uint8_t i = 0; i < a.roll.attacker.count; ++i) a.roll.attacker.values[i] = die();
  for (std::uint8_t i = 0; i < a.roll.defender.count; ++i) a.roll.defender.values[i] = die();
  return a;
}

Result<MultiAttack, Error> roll_multi_attack(const State& state, const MultiAttackOrder& order, const DieSource& die) {
  if (auto e = Checks(state).order(order)) return *e;
  MultiAttack out{order, {}};
  std::uint32_t from = state.table.countries[order.from.value].armies;
  std::uint32_t to = state.table.countries[order.to.value].armies;
  while (to > 0 && from > order.stop_at) {
    Roll r;
    r.attacker.count = max_attacker_dice(from);
    r.defender.count = defender_dice(state.options.dice, to);
    for (std::uint8_t i = 0; i < r.attacker.count; ++i) r.attacker.values[i] = die();
    for (std::uint8_t i = 0; i < r.defender.count; ++i) r.defender.values[i] = die();
    if (!r.attacker.valid() || !r.defender.valid()) return Error::bad_roll;
    const Losses l = resolve_battle(r);
    from -= l.attacker;
    to -= l.defender;
    out.rounds.push_back(r);
  }
  return out;
}

std::optional<Outcome> outcome(const State& state) {
  if (!state.table.winner) return std::nullopt;
  return Outcome{state.table.winner, describe(state.table.end)};
}

Result<State, Error> Risiko::apply(const State& state, const Action& action) {
  auto r = play(state, action);
  if (!r) return r.error();
  return std::move(r).value().state;
}

std::uint64_t Risiko::hash(const State& state) {
  ByteWriter w;
  encode_state(state, w);
  return fnv1a64(w.data());
}

}  // namespace parley::game::risiko
