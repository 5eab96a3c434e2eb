#include "games/risiko/risiko_tactics.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <vector>

#include "game/risiko/cards.hpp"
#include "game/risiko/dice.hpp"
#include "game/risiko/engine.hpp"
#include "game/risiko/mission.hpp"
#include "i18n/i18n.hpp"

namespace parley::peer::risiko {

namespace {

using rk::TerritoryId;

TerritoryId territory(std::size_t i) { return TerritoryId{static_cast<std::uint8_t>(i)}; }

bool has_enemy_neighbour(const rk::State& s, Seat me, TerritoryId t) {
  for (TerritoryId n : s.world->country(t).neighbours)
    if (s.table.countries[n.value].owner != me) return true;
  return false;
}

// How much the seat's mission wants territory t: its continents, or its target's armies.
int mission_weight(const rk::State& s, Seat me, TerritoryId t) {
  const auto& mission = s.secrets.at(me.index).mission;
  if (!mission) return 0;
  const rk::Mission& m = s.world->mission(*mission);
  switch (m.kind) {
    case rk::MissionKind::continents:
      return std::find(m.continents.begin(), m.continents.end(), s.world->country(t).continent) != m.continents.end()
                 ? 3
                 : 0;
    case rk::MissionKind::destroy: {
      if (rk::destroy_falls_back(s.table, me, m)) return 0;
      const Seat owner = s.table.countries[t.value].owner;
      return s.table.player(owner).colour == m.target ? 4 : 0;
    }
    case rk::MissionKind::occupy: return 0;
  }
  return 0;
}

// A border territory's worth as a place for armies: its best margin over a neighbouring enemy,
// plus what the mission wants there.
std::optional<int> border_score(const rk::State& s, Seat me, TerritoryId t) {
  std::optional<int> best;
  const int mine = static_cast<int>(s.table.countries[t.value].armies);
  for (TerritoryId n : s.world->country(t).neighbours) {
    if (s.table.countries[n.value].owner == me) continue;
    const int score = mine - static_cast<int>(s.table.countries[n.value].armies) + mission_weight(s, me, n) +
                      mission_weight(s, me, t);
    if (!best || score > *best) best = score;
  }
  return best;
}

// Own border territories, best first (ties: lower index first).
std::vector<TerritoryId> borders_by_score(const rk::State& s, Seat me) {
  std::vector<std::pair<int, std::size_t>> scored;
  for (std::size_t i = 0; i < s.table.countries.size(); ++i) {
    if (s.table.countries[i].owner != me) continue;
    if (auto score = border_score(s, me, territory(i))) scored.push_back({-*score, i});
  }
  std::sort(scored.begin(), scored.end());
  std::vector<TerritoryId> out;
  for (const auto& [score, i] : scored) out.push_back(territory(i));
  if (out.empty())
    for (std::size_t i = 0; i < s.table.countries.size(); ++i)
      if (s.table.countries[i].owner == me) out.push_back(territory(i));
  return out;
}

rk::PlaceArmies spread(Seat me, std::vector<TerritoryId> targets, std::uint32_t armies) {
  std::map<TerritoryId, std::uint32_t> amounts;
  for (std::uint32_t k = 0; k < armies && !targets.empty(); ++k) ++amounts[targets[k % targets.size()]];
  rk::PlaceArmies out{me, {}};
  for (const auto& [t, n] : amounts) out.placements.push_back({t, n});
  return out;
}

}  // namespace

// ---- The normal difficulty ---------------------------------------------------------------------

rk::PlaceArmies initial_placement(const rk::State& state, Seat me) {
  auto borders = borders_by_score(state, me);
  if (borders.size() > 4) borders.resize(4);
  return spread(me, std::move(borders), state.table.player(me).armies_to_place);
}

rk::PlaceArmies reinforcement(const rk::State& state, Seat me) {
  auto borders = borders_by_score(state, me);
  borders.resize(1);
  return spread(me, std::move(borders), state.table.player(me).armies_to_place);
}

std::optional<rk::MultiAttackOrder> best_attack(const rk::State& state, Seat me) {
  std::optional<rk::MultiAttackOrder> best;
  int best_score = 0;
  const auto& countries = state.table.countries;
  for (std::size_t i = 0; i < countries.size(); ++i) {
    const std::uint32_t a = countries[i].armies;
    if (countries[i].owner != me || a < 3) continue;
    for (TerritoryId to : state.world->country(territory(i)).neighbours) {
      const std::uint32_t d = countries[to.value].armies;
      if (countries[to.value].owner == me || a < d + 2) continue;
      const int score = static_cast<int>(a) - static_cast<int>(d) + mission_weight(state, me, to);
      rk::MultiAttackOrder order{me, territory(i), to, std::max<std::uint32_t>(1, a / 3)};
      if (rk::check(state, rk::Decision{order})) continue;
      if (!best || score > best_score) {
        best = order;
        best_score = score;
      }
    }
  }
  return best;
}

std::optional<rk::TradeCards> best_trade(const rk::State& state, Seat me) {
  const auto& cards = state.secrets.at(me.index).cards;
  std::optional<rk::TradeCards> best;
  std::uint32_t best_value = 0;
  for (std::size_t a = 0; a < cards.size(); ++a)
    for (std::size_t b = a + 1; b < cards.size(); ++b)
      for (std::size_t c = b + 1; c < cards.size(); ++c) {
        if (!cards[a] || !cards[b] || !cards[c]) continue;
        rk::TradeCards trade{me,
                             {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(c)},
                             {*cards[a], *cards[b], *cards[c]}};
        auto set = rk::classify({state.world->card(*cards[a]).symbol, state.world->card(*cards[b]).symbol,
                                 state.world->card(*cards[c]).symbol});
        if (!set || rk::check(state, rk::Decision{trade})) continue;
        const std::uint32_t value = rk::base_value(*set);
        if (!best || value > best_value) {
          best = trade;
          best_value = value;
        }
      }
  return best;
}

rk::MoveIn move_in(const rk::State& state, Seat me) {
  const rk::PendingMove& m = *state.table.pending;
  const std::uint32_t available = state.table.countries[m.from.value].armies - 1;
  std::uint32_t armies = available;
  if (has_enemy_neighbour(state, me, m.from)) armies = std::max<std::uint32_t>(m.min_armies, available / 2);
  return rk::MoveIn{me, std::min(armies, available)};
}

std::optional<rk::MoveArmies> consolidation(const rk::State& state, Seat me) {
  if (state.table.moved) return std::nullopt;
  std::optional<rk::MoveArmies> best;
  const auto& countries = state.table.countries;
  for (std::size_t i = 0; i < countries.size(); ++i) {
    const TerritoryId from = territory(i);
    if (countries[i].owner != me || countries[i].armies < 2 || has_enemy_neighbour(state, me, from)) continue;
    for (TerritoryId to : state.world->country(from).neighbours) {
      if (!has_enemy_neighbour(state, me, to)) continue;
      if (!best || countries[i].armies - 1 > best->armies) best = rk::MoveArmies{me, from, to, countries[i].armies - 1};
      break;
    }
  }
  return best;
}


// ---- Dice odds ---------------------------------------------------------------------------------

namespace {

constexpr std::uint32_t kOddsArmies = 80;

// The chance of each outcome of one throw, `attacker` dice against `defender` dice (1–3 each):
// [defender's losses] over the pairs compared, every throw of the dice counted once.
struct Throw {
  std::array<double, rk::kMaxDice + 1> defender_loses{};  // index: armies the defender loses
};

const std::array<std::array<Throw, rk::kMaxDice>, rk::kMaxDice>& throw_odds() {
  static const auto table = [] {
    std::array<std::array<Throw, rk::kMaxDice>, rk::kMaxDice> t{};
    for (std::uint8_t a = 1; a <= rk::kMaxDice; ++a)
      for (std::uint8_t d = 1; d <= rk::kMaxDice; ++d) {
        std::uint32_t throws = 1;
        for (int i = 0; i < a + d; ++i) throws *= 6;
        std::array<std::uint32_t, rk::kMaxDice + 1> count{};
        for (std::uint32_t code = 0; code < throws; ++code) {
          rk::Roll roll;
          roll.attacker.count = a;
          roll.defender.count = d;
          std::uint32_t c = code;
          for (std::uint8_t i = 0; i < a; ++i, c /= 6) roll.attacker.values[i] = static_cast<std::uint8_t>(1 + c % 6);
          for (std::uint8_t i = 0; i < d; ++i, c /= 6) roll.defender.values[i] = static_cast<std::uint8_t>(1 + c % 6);
          ++count[rk::resolve_battle(roll).defender];
        }
        for (std::size_t k = 0; k <= rk::kMaxDice; ++k)
          t[a - 1][d - 1].defender_loses[k] = static_cast<double>(count[k]) / static_cast<double>(throws);
      }
    return t;
  }();
  return table;
}

double odds(rk::DiceRule rule, std::uint32_t attacker, std::uint32_t defender, std::uint32_t stop_at) {
  attacker = std::min(attacker, kOddsArmies);
  defender = std::min(defender, kOddsArmies);
  stop_at = std::max<std::uint32_t>(stop_at, 1);
  if (defender == 0) return 1.0;
  if (attacker <= stop_at) return 0.0;
  // p[a][d]: the chance from a armies against d; filled from the smaller counts up.
  std::vector<double> p((attacker + 1) * (defender + 1), 0.0);
  auto at = [&](std::uint32_t a, std::uint32_t d) -> double& { return p[a * (defender + 1) + d]; };
  for (std::uint32_t a = 0; a <= attacker; ++a) at(a, 0) = 1.0;
  for (std::uint32_t a = 0; a <= attacker; ++a)
    for (std::uint32_t d = 1; d <= defender; ++d) {
      const std::uint8_t ad = rk::max_attacker_dice(a);
      if (a <= stop_at || ad == 0) continue;  // stays 0: the attack stops
      const std::uint8_t dd = rk::defender_dice(rule, d);
      const Throw& t = throw_odds()[ad - 1][dd - 1];
      const std::uint32_t pairs = std::min(ad, dd);
      double sum = 0;
      for (std::uint32_t k = 0; k <= pairs; ++k) {
        const std::uint32_t lost = pairs - k;  // the attacker loses the pairs it does not win
        if (t.defender_loses[k] == 0) continue;
        sum += t.defender_loses[k] * at(a - lost, d > k ? d - k : 0);
      }
      at(a, d) = sum;
    }
  return at(attacker, defender);
}

}  // namespace

std::uint32_t conquest_odds(rk::DiceRule rule, std::uint32_t attacker, std::uint32_t defender, std::uint32_t stop_at) {
  return static_cast<std::uint32_t>(odds(rule, attacker, defender, stop_at) * 1'000'000.0 + 0.5);
}

// ---- Difficulties ------------------------------------------------------------------------------

std::optional<Difficulty> parse_difficulty(std::string_view word) {
  if (word == "easy") return Difficulty::easy;
  if (word == "normal") return Difficulty::normal;
  if (word == "hard") return Difficulty::hard;
  return std::nullopt;
}

std::string_view word_of(Difficulty difficulty) {
  switch (difficulty) {
    case Difficulty::easy: return "easy";
    case Difficulty::normal: return "normal";
    case Difficulty::hard: return "hard";
  }
  return "normal";
}

const char* describe(Difficulty difficulty) {
  switch (difficulty) {
    case Difficulty::easy: return i18n::trc("difficulty", "easy");
    case Difficulty::normal: return i18n::trc("difficulty", "normal");
    case Difficulty::hard: return i18n::trc("difficulty", "hard");
  }
  return "";
}

// ---- The hard difficulty's arithmetic ----------------------------------------------------------

namespace {

std::vector<TerritoryId> own_territories(const rk::State& s, Seat me) {
  std::vector<TerritoryId> out;
  for (std::size_t i = 0; i < s.table.countries.size(); ++i)
    if (s.table.countries[i].owner == me) out.push_back(territory(i));
  return out;
}

std::vector<TerritoryId> own_borders(const rk::State& s, Seat me) {
  std::vector<TerritoryId> out;
  for (TerritoryId t : own_territories(s, me))
    if (has_enemy_neighbour(s, me, t)) out.push_back(t);
  return out;
}

// The enemy armies next to t that could attack it (each keeps one at home).
double threat(const rk::State& s, Seat me, TerritoryId t) {
  double sum = 0;
  for (TerritoryId n : s.world->country(t).neighbours) {
    const rk::CountryInfo& c = s.table.countries[n.value];
    if (c.owner != me && c.armies > 1) sum += c.armies - 1;
  }
  return sum;
}

std::uint32_t owned_in(const rk::State& s, Seat who, rk::ContinentId c) {
  std::uint32_t n = 0;
  for (TerritoryId t : s.world->continent(c).territories) n += s.table.countries[t.value].owner == who;
  return n;
}

// What taking enemy territory t is worth to me, in armies: itself, the progress toward its
// continent (the whole bonus when it completes it), the bonus it takes from a holder, a player
// it eliminates, and what the mission wants.
double worth(const rk::State& s, Seat me, TerritoryId t) {
  const rk::ContinentId c = s.world->country(t).continent;
  const rk::Continent& continent = s.world->continent(c);
  const double size = static_cast<double>(continent.territories.size());
  const double mine = owned_in(s, me, c);
  const Seat owner = s.table.countries[t.value].owner;
  double w = 1.0;
  w += continent.bonus * (mine + 1 == size ? 2.0 : 0.6 * (mine + 1) / size);
  if (owned_in(s, owner, c) == continent.territories.size()) w += continent.bonus;
  if (s.table.territories_of(owner) == 1) w += 4.0;
  w += mission_weight(s, me, t);
  return w;
}

// A continent held whole, or almost: the border armies there guard a bonus.
double guarded_bonus(const rk::State& s, Seat me, TerritoryId t) {
  const rk::ContinentId c = s.world->country(t).continent;
  const rk::Continent& continent = s.world->continent(c);
  const std::uint32_t mine = owned_in(s, me, c);
  if (mine == continent.territories.size()) return continent.bonus;
  if (mine + 1 == continent.territories.size()) return continent.bonus / 2.0;
  return 0;
}

struct Opportunity {
  TerritoryId from, to;
  double chance = 0;  // of taking it, with the armies counted
  double gain = 0;    // chance × worth
};

// The best attack from `from` if it held `armies`.
std::optional<Opportunity> best_from(const rk::State& s, Seat me, TerritoryId from, std::uint32_t armies) {
  std::optional<Opportunity> best;
  for (TerritoryId n : s.world->country(from).neighbours) {
    const rk::CountryInfo& c = s.table.countries[n.value];
    if (c.owner == me) continue;
    const double chance = odds(s.options.dice, armies, c.armies, 1);
    const Opportunity o{from, n, chance, chance * worth(s, me, n)};
    if (!best || o.gain > best->gain) best = o;
  }
  return best;
}

// The border territory where armies do the most: the best attack they make possible, or the
// threat on a border that guards a continent's bonus.
TerritoryId best_border_for(const rk::State& s, Seat me, std::uint32_t armies) {
  const auto borders = own_borders(s, me);
  if (borders.empty()) return own_territories(s, me).front();
  TerritoryId best = borders.front();
  double best_score = -1;
  for (TerritoryId t : borders) {
    const std::uint32_t here = s.table.countries[t.value].armies;
    double score = 0;
    if (auto o = best_from(s, me, t, here + armies)) score = o->gain;
    const double exposed = std::max(0.0, threat(s, me, t) - here - armies / 2.0);
    score += 0.15 * guarded_bonus(s, me, t) * std::min(exposed, 10.0);
    if (score > best_score) {
      best = t;
      best_score = score;
    }
  }
  return best;
}

}  // namespace

// ---- Tactics -----------------------------------------------------------------------------------

rk::PlaceArmies Tactics::initial_placement(const rk::State& state, Seat me) {
  const std::uint32_t armies = state.table.player(me).armies_to_place;
  switch (difficulty_) {
    case Difficulty::easy: {
      const auto mine = own_territories(state, me);
      std::map<TerritoryId, std::uint32_t> amounts;
      for (std::uint32_t k = 0; k < armies && !mine.empty(); ++k) ++amounts[mine[below(static_cast<std::uint32_t>(mine.size()))]];
      rk::PlaceArmies out{me, {}};
      for (const auto& [t, n] : amounts) out.placements.push_back({t, n});
      return out;
    }
    case Difficulty::normal: return risiko::initial_placement(state, me);
    case Difficulty::hard: break;
  }
  // Hard: it builds up in the continent it is nearest to holding (the largest share; one its
  // mission names weighs more): its border territories get armies in proportion to the enemy
  // armies facing them, three times as many there, more where the mission wants them.
  std::optional<rk::ContinentId> aim;
  double aim_score = -1;
  for (std::size_t c = 0; c < state.world->continents.size(); ++c) {
    const rk::ContinentId id{static_cast<std::uint8_t>(c)};
    const auto& ts = state.world->continent(id).territories;
    double score = static_cast<double>(owned_in(state, me, id)) / static_cast<double>(ts.size());
    score += 0.1 * mission_weight(state, me, ts.front());
    if (score > aim_score) {
      aim = id;
      aim_score = score;
    }
  }
  std::vector<std::pair<TerritoryId, double>> weights;
  double total = 0;
  for (TerritoryId t : own_borders(state, me)) {
    double w = 0;
    for (TerritoryId n : state.world->country(t).neighbours)
      if (state.table.countries[n.value].owner != me) w += state.table.countries[n.value].armies;
    w *= state.world->country(t).continent == aim ? 3.0 : 0.5;
    w *= 1.0 + 0.2 * mission_weight(state, me, t);
    weights.emplace_back(t, w);
    total += w;
  }
  if (weights.empty()) return risiko::initial_placement(state, me);
  std::map<TerritoryId, std::uint32_t> amounts;
  std::uint32_t given = 0;
  for (const auto& [t, w] : weights) {
    const auto n = static_cast<std::uint32_t>(static_cast<double>(armies) * w / total);
    if (n > 0) amounts[t] += n;
    given += n;
  }
  std::sort(weights.begin(), weights.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  for (std::size_t i = 0; given < armies; ++i, ++given) ++amounts[weights[i % weights.size()].first];
  rk::PlaceArmies out{me, {}};
  for (const auto& [t, n] : amounts) out.placements.push_back({t, n});
  return out;
}

rk::PlaceArmies Tactics::reinforce(const rk::State& state, Seat me) {
  const std::uint32_t armies = state.table.player(me).armies_to_place;
  switch (difficulty_) {
    case Difficulty::easy: {
      auto borders = own_borders(state, me);
      if (borders.empty()) borders = own_territories(state, me);
      return rk::PlaceArmies{me, {{borders[below(static_cast<std::uint32_t>(borders.size()))], armies}}};
    }
    case Difficulty::normal: return reinforcement(state, me);
    case Difficulty::hard: break;
  }
  return rk::PlaceArmies{me, {{best_border_for(state, me, armies), armies}}};
}

std::optional<rk::MultiAttackOrder> Tactics::attack(const rk::State& state, Seat me) {
  const auto& countries = state.table.countries;
  switch (difficulty_) {
    case Difficulty::easy: {
      // Anywhere it outnumbers the defender, and it may simply stop.
      if (below(4) == 0) return std::nullopt;
      std::vector<rk::MultiAttackOrder> choices;
      for (TerritoryId from : own_territories(state, me)) {
        const std::uint32_t a = countries[from.value].armies;
        for (TerritoryId to : state.world->country(from).neighbours) {
          if (countries[to.value].owner == me || a <= countries[to.value].armies) continue;
          const rk::MultiAttackOrder order{me, from, to, std::max<std::uint32_t>(1, a / 2)};
          if (!rk::check(state, rk::Decision{order})) choices.push_back(order);
        }
      }
      if (choices.empty()) return std::nullopt;
      return choices[below(static_cast<std::uint32_t>(choices.size()))];
    }
    case Difficulty::normal: return best_attack(state, me);
    case Difficulty::hard: break;
  }
  // Hard: the attack of greatest expected gain whose odds are good (fair ones before the turn's
  // first conquest, which earns a card).
  const double needed = state.table.conquered ? 0.65 : 0.5;
  std::optional<rk::MultiAttackOrder> best;
  double best_gain = 0;
  for (TerritoryId from : own_territories(state, me)) {
    const std::uint32_t a = countries[from.value].armies;
    if (a < 2) continue;
    for (TerritoryId to : state.world->country(from).neighbours) {
      if (countries[to.value].owner == me) continue;
      const double chance = odds(state.options.dice, a, countries[to.value].armies, 1);
      if (chance < needed) continue;
      const double gain = chance * worth(state, me, to);
      const rk::MultiAttackOrder order{me, from, to, 1};
      if (rk::check(state, rk::Decision{order})) continue;
      if (!best || gain > best_gain) {
        best = order;
        best_gain = gain;
      }
    }
  }
  return best;
}

rk::MoveIn Tactics::move_in(const rk::State& state, Seat me) {
  const rk::PendingMove& m = *state.table.pending;
  const std::uint32_t available = state.table.countries[m.from.value].armies - 1;
  switch (difficulty_) {
    case Difficulty::easy: return rk::MoveIn{me, std::min<std::uint32_t>(m.min_armies, available)};
    case Difficulty::normal: return risiko::move_in(state, me);
    case Difficulty::hard: break;
  }
  // Forward where there is more to fight (the conquest is not yet ours on the table: its
  // neighbours other than `from` count), every enemy army counted, a lone one too (a target).
  auto enemies = [&](TerritoryId t, TerritoryId besides) {
    double sum = 0;
    for (TerritoryId n : state.world->country(t).neighbours) {
      const rk::CountryInfo& c = state.table.countries[n.value];
      if (n != besides && c.owner != me) sum += c.armies;
    }
    return sum;
  };
  const double behind = enemies(m.from, m.to), ahead = enemies(m.to, m.from);
  std::uint32_t armies = available;
  if (ahead == 0) armies = m.min_armies;
  else if (behind > 0) armies = static_cast<std::uint32_t>(static_cast<double>(available) * ahead / (ahead + behind) + 0.5);
  return rk::MoveIn{me, std::clamp<std::uint32_t>(armies, std::min<std::uint32_t>(m.min_armies, available), available)};
}

std::optional<rk::MoveArmies> Tactics::strategic_move(const rk::State& state, Seat me) {
  switch (difficulty_) {
    case Difficulty::easy: return std::nullopt;
    case Difficulty::normal: return consolidation(state, me);
    case Difficulty::hard: break;
  }
  if (state.table.moved) return std::nullopt;
  // Interior armies to the neighbouring border that is most threatened.
  std::optional<rk::MoveArmies> best;
  double best_score = 0;
  const auto& countries = state.table.countries;
  for (TerritoryId from : own_territories(state, me)) {
    if (countries[from.value].armies < 2 || has_enemy_neighbour(state, me, from)) continue;
    for (TerritoryId to : state.world->country(from).neighbours) {
      if (countries[to.value].owner != me || !has_enemy_neighbour(state, me, to)) continue;
      const double score = (countries[from.value].armies - 1) * (1.0 + threat(state, me, to) + guarded_bonus(state, me, to));
      if (!best || score > best_score) {
        best = rk::MoveArmies{me, from, to, countries[from.value].armies - 1};
        best_score = score;
      }
    }
  }
  return best;
}

std::optional<rk::Decision> Tactics::decide(const rk::State& s, Seat me, bool may_attack) {
  const rk::Table& t = s.table;
  if (t.turn == 0 || t.phase == rk::Phase::no_move || t.current_player() != me) return std::nullopt;
  const auto& mission = s.secrets.at(me.index).mission;
  if (mission && t.phase != rk::Phase::waiting_for_move &&
      rk::mission_fulfilled(*s.world, t, me, s.world->mission(*mission)))
    return rk::ClaimVictory{me, *mission};
  switch (t.phase) {
    case rk::Phase::must_trade:
      if (auto trade = best_trade(s, me)) return *trade;
      return rk::LeaveGame{me};  // cards it cannot open: it cannot go on
    case rk::Phase::place_armies:
      if (difficulty_ != Difficulty::easy)
        if (auto trade = best_trade(s, me)) return *trade;
      return reinforce(s, me);
    case rk::Phase::attack:
      if (may_attack)
        if (auto order = attack(s, me)) return *order;
      if (auto move = strategic_move(s, me)) return *move;
      return rk::EndTurn{me};
    case rk::Phase::waiting_for_move: return move_in(s, me);
    case rk::Phase::no_move: break;
  }
  return std::nullopt;
}

}  // namespace parley::peer::risiko
