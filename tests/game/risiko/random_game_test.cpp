// Long games played to the end from a fixed seed: every seat decides from its own partial
// state (its cards and mission only), every action goes through the canonical encoding and
// is applied by a full-information referee and by every seat's own state, which must all
// accept it and agree byte for byte. The mental decks are simulated here: a shuffled order
// per deck epoch, and a shuffled mission deck.
#include <iostream>
#include <map>
#include <set>

#include "support.hpp"

namespace parley::game::risiko {
namespace {
using namespace testing;

struct Config {
  int players;
  std::uint64_t seed;
  DiceRule dice;
  // Seats that leave: (turn at which, whether it leaves on its own turn or on another's).
  std::vector<std::pair<std::uint32_t, bool>> leaves;
};

class Simulation {
 public:
  explicit Simulation(const Config& c) : cfg_(c), rng_(c.seed) {
    const StartGame start = deal_game(classic(), colours(c.players), [&](std::uint32_t b) { return rng_.below(b); });
    full_ = must_play(new_game(classic_world(), {c.dice}), start).state;
    peers_.assign(c.players, full_);
    std::vector<MissionId> missions;
    for (std::size_t m = 0; m < classic().missions.size(); ++m) missions.push_back(MissionId{static_cast<std::uint8_t>(m)});
    shuffle(missions);
    for (int s = 0; s < c.players; ++s) {
      full_ = must(learn_mission(full_, S(s), missions[s]));
      peers_[s] = must(learn_mission(peers_[s], S(s), missions[s]));
    }
    std::vector<CardId> deck;
    for (std::size_t i = 0; i < classic().cards.size(); ++i) deck.push_back(CardId{static_cast<std::uint8_t>(i)});
    shuffle(deck);
    deck_order_[0] = deck;
  }

  // Plays until the game ends; returns the number of actions.
  std::size_t run(std::size_t max_actions) {
    std::size_t n = 0;
    while (!outcome(full_) && n < max_actions) {
      step(choose());
      ++n;
      if (::testing::Test::HasFatalFailure()) break;
    }
    return n;
  }

  const State& full() const { return full_; }
  std::map<std::string, int> counts;

 private:
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng_.below(static_cast<std::uint32_t>(i))]);
  }

  const Table& table() const { return full_.table; }

  std::vector<TerritoryId> own(Seat seat) const {
    std::vector<TerritoryId> out;
    for (std::size_t i = 0; i < table().countries.size(); ++i)
      if (table().countries[i].owner == seat) out.push_back(TerritoryId{static_cast<std::uint8_t>(i)});
    return out;
  }

  bool on_border(TerritoryId t) const {
    for (TerritoryId n : classic().country(t).neighbours)
      if (table().countries[n.value].owner != table().countries[t.value].owner) return true;
    return false;
  }

  Action place(Seat seat, std::uint32_t armies) {
    auto mine = own(seat);
    std::vector<TerritoryId> border;
    for (TerritoryId t : mine)
      if (on_border(t)) border.push_back(t);
    const auto& pool = border.empty() ? mine : border;
    return PlaceArmies{seat, {{pool[rng_.below(static_cast<std::uint32_t>(pool.size()))], armies}}};
  }

  template <class T>
  std::vector<T> of(const std::vector<Decision>& ds, Seat seat) {
    std::vector<T> out;
    for (const auto& d : ds)
      if (const T* x = std::get_if<T>(&d); x && x->seat == seat) out.push_back(*x);
    return out;
  }

  template <class T>
  T pick(const std::vector<T>& v) { return v[rng_.below(static_cast<std::uint32_t>(v.size()))]; }

  Action choose() {
    const Table& t = table();
    auto die = [&] { return rng_.die(); };
    if (t.turn == 0) {
      std::vector<Seat> waiting;
      for (std::size_t s = 0; s < t.players.size(); ++s)
        if (t.playing(S(static_cast<int>(s))) && t.players[s].armies_to_place > 0) waiting.push_back(S(static_cast<int>(s)));
      const Seat seat = pick(waiting);
      return place(seat, std::min<std::uint32_t>(t.player(seat).armies_to_place, 1 + rng_.below(5)));
    }
    const Seat seat = t.current_player();
    for (const auto& [turn, own_turn] : cfg_.leaves) {
      if (t.turn != turn || left_at_.count(turn)) continue;
      left_at_.insert(turn);
      if (own_turn) return LeaveGame{seat};
      for (std::size_t s = 0; s < t.players.size(); ++s)
        if (S(static_cast<int>(s)) != seat && t.playing(S(static_cast<int>(s)))) return LeaveGame{S(static_cast<int>(s))};
    }
    // The seat decides from its own state: what it cannot know, it cannot use.
    const std::vector<Decision> ds = legal_decisions(peers_[seat.index]);
    if (auto claims = of<ClaimVictory>(ds, seat); !claims.empty()) return claims[0];
    switch (t.phase) {
      case Phase::must_trade: return pick(of<TradeCards>(ds, seat));
      case Phase::place_armies: {
        auto trades = of<TradeCards>(ds, seat);
        if (!trades.empty() && rng_.below(2) == 0) return pick(trades);
        return place(seat, t.player(seat).armies_to_place);
      }
      case Phase::waiting_for_move: {
        auto moves = of<MoveIn>(ds, seat);
        return rng_.below(3) == 0 ? pick(moves) : moves.back();
      }
      case Phase::attack: {
        std::vector<AttackOrder> good;
        for (const auto& o : of<AttackOrder>(ds, seat)) {
          const auto from = t.countries[o.from.value].armies, to = t.countries[o.to.value].armies;
          if (o.dice == max_attacker_dice(from) && from >= to + 2) good.push_back(o);
        }
        if (!good.empty() && rng_.below(10) < 9) {
          const AttackOrder o = pick(good);
          if (rng_.below(2) == 0) return *roll_attack(full_, o, die);
          const std::uint32_t from = t.countries[o.from.value].armies;
          return *roll_multi_attack(full_, MultiAttackOrder{seat, o.from, o.to, std::max<std::uint32_t>(1, from / 3)}, die);
        }
        auto moves = of<MoveArmies>(ds, seat);
        if (!moves.empty() && rng_.below(4) == 0) return pick(moves);
        return EndTurn{seat};
      }
      case Phase::no_move: break;
    }
    ADD_FAILURE() << "no decision";
    return EndTurn{seat};
  }

  void learn(Seat seat, std::size_t slot, CardId card) {
    full_ = must(learn_card(full_, seat, slot, card));
    peers_[seat.index] = must(learn_card(peers_[seat.index], seat, slot, card));
  }

  void step(const Action& chosen) {
    // Every action crosses the wire in its canonical encoding.
    const Bytes wire = encode_action(chosen);
    auto decoded = decode_action(wire);
    ASSERT_TRUE(decoded.ok());
    const Action& action = *decoded;
    ASSERT_EQ(action, chosen);
    ++counts[std::string(std::visit([](const auto& a) { return kind_name(a); }, action))];
    auto referee = play(full_, action);
    ASSERT_TRUE(referee.ok()) << describe(referee.error()) << " turn " << table().turn;
    for (auto& peer : peers_) {
      auto r = play(peer, action);
      ASSERT_TRUE(r.ok()) << describe(r.error());
      peer = std::move(r).value().state;
    }
    std::array<std::size_t, kMaxSeats> hand_before{};
    for (std::size_t s = 0; s < table().players.size(); ++s) hand_before[s] = table().players[s].hand.size();
    Step done = std::move(referee).value();
    full_ = std::move(done.state);
    for (const Event& e : done.events) {
      if (const auto* l = std::get_if<PlayerLeft>(&e)) lost_ += hand_before[l->seat.index];
      if (const auto* r = std::get_if<DeckReshuffled>(&e)) {
        std::vector<CardId> order(table().deck.epochs.back().contents.begin(), table().deck.epochs.back().contents.end());
        shuffle(order);
        deck_order_[r->epoch] = order;
      }
      if (const auto* d = std::get_if<CardDrawn>(&e))
        learn(d->seat, table().player(d->seat).hand.size() - 1, deck_order_.at(d->position.epoch).at(d->position.position));
      if (const auto* x = std::get_if<PlayerEliminated>(&e)) {
        // The conqueror learns the cards it took (privately, from the eliminated seat).
        const std::size_t hand = table().player(x->by).hand.size();
        for (std::size_t i = hand - x->cards_taken; i < hand; ++i)
          peers_[x->by.index] = must(learn_card(peers_[x->by.index], x->by, i, *full_.secrets[x->by.index].cards[i]));
      }
    }
    check_invariants();
  }

  void check_invariants() {
    const Bytes referee = canonical_bytes<Risiko>(full_);
    for (const auto& peer : peers_) ASSERT_EQ(canonical_bytes<Risiko>(peer), referee);
    ASSERT_TRUE(knows_everything(full_));
    std::size_t cards = table().deck.draw_pile() + table().deck.discard.size() + lost_;
    for (const auto& p : table().players) cards += p.hand.size();
    ASSERT_EQ(cards, classic().cards.size());
    for (std::size_t i = 0; i < table().countries.size(); ++i) {
      const bool pending = table().pending && table().pending->to.value == i;
      ASSERT_TRUE(pending || table().countries[i].armies >= 1) << i;
    }
    if (table().turn > 0 && table().phase != Phase::no_move) {
      int acting = 0;
      for (std::size_t s = 0; s < table().players.size(); ++s)
        acting += client_state(table(), S(static_cast<int>(s))) != ClientState::watching;
      ASSERT_EQ(acting, 1);
    }
  }

  static std::string_view kind_name(const StartGame&) { return "start"; }
  static std::string_view kind_name(const PlaceArmies&) { return "place"; }
  static std::string_view kind_name(const TradeCards&) { return "trade"; }
  static std::string_view kind_name(const Attack&) { return "attack"; }
  static std::string_view kind_name(const MultiAttack&) { return "m_attack"; }
  static std::string_view kind_name(const MoveIn&) { return "move_in"; }
  static std::string_view kind_name(const MoveArmies&) { return "move"; }
  static std::string_view kind_name(const EndTurn&) { return "end_turn"; }
  static std::string_view kind_name(const ClaimVictory&) { return "claim"; }
  static std::string_view kind_name(const LeaveGame&) { return "leave"; }

  Config cfg_;
  SplitMix rng_;
  State full_;
  std::vector<State> peers_;
  std::map<std::uint32_t, std::vector<CardId>> deck_order_;
  std::set<std::uint32_t> left_at_;
  std::size_t lost_ = 0;
};

void play_to_the_end(const Config& c) {
  Simulation sim(c);
  const std::size_t actions = sim.run(400000);
  const auto out = outcome(sim.full());
  ASSERT_TRUE(out.has_value()) << "no end after " << actions << " actions";
  std::string summary;
  for (const auto& [k, v] : sim.counts) summary += k + "=" + std::to_string(v) + " ";
  std::cout << c.players << " players, seed " << c.seed << ": " << sim.full().table.turn << " turns, " << actions
            << " actions, winner seat " << int(out->winner->index) << " (" << out->reason << "); " << summary << "\n";
  EXPECT_GT(sim.counts["attack"] + sim.counts["m_attack"], 0);
  EXPECT_GT(sim.counts["end_turn"], 0);
}

TEST(RisikoRandomGame, SixPlayersRisikoDiceWithLeaves) { play_to_the_end({6, 0x5eed, DiceRule::risiko, {{12, false}, {20, true}}}); }
TEST(RisikoRandomGame, ThreePlayersRisikoDice) { play_to_the_end({3, 42, DiceRule::risiko, {}}); }
TEST(RisikoRandomGame, FourPlayersClassicDice) { play_to_the_end({4, 2024, DiceRule::classic, {}}); }

}  // namespace
}  // namespace parley::game::risiko
