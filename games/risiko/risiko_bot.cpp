#include "games/risiko/risiko_bot.hpp"

#include <algorithm>

#include "crypto/shuffle.hpp"
#include "game/risiko/cards.hpp"
#include "game/risiko/mission.hpp"
#include "games/risiko/module.hpp"

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

// ---- The bot's choices -------------------------------------------------------------------------

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

// ---- The bot -----------------------------------------------------------------------------------

std::optional<Bytes> RisikoBot::act(const Session& session, Seat me) {
  if (session.phase() != Phase::play) return std::nullopt;
  const RisikoRules& rules = games::risiko::rules_of(session);
  if (!rules.started()) return std::nullopt;
  if (auto m = agent_.duty(rules, me, [&](const rk::State& s) { return place_initially(s, me); }))
    return encode(*m);
  if (!rules.deciding(me)) {
    thinking_since_.reset();
    return std::nullopt;
  }
  if (delay_.count() > 0) {
    const auto now = std::chrono::steady_clock::now();
    if (!thinking_since_) thinking_since_ = now;
    if (now - *thinking_since_ < delay_) return std::nullopt;
  }
  thinking_since_.reset();
  if (auto m = decide(rules, me)) return encode(*m);
  return std::nullopt;
}

rk::PlaceArmies RisikoBot::place_initially(const rk::State& state, Seat me) { return initial_placement(state, me); }

std::optional<Message> RisikoBot::decide(const RisikoRules& rules, Seat me) {
  const rk::State s = agent_.knowledge(rules, me);
  const rk::Table& t = s.table;
  const auto& mission = s.secrets.at(me.index).mission;
  if (mission && t.phase != rk::Phase::waiting_for_move &&
      rk::mission_fulfilled(*s.world, t, me, s.world->mission(*mission)))
    return agent_.claim(rules, me, *mission);
  switch (t.phase) {
    case rk::Phase::must_trade:
      if (auto trade = best_trade(s, me)) return agent_.trade(rules, me, *trade);
      return agent_.leave();  // cards it cannot open: it cannot go on
    case rk::Phase::place_armies:
      if (auto trade = best_trade(s, me)) return agent_.trade(rules, me, *trade);
      return PlayMessage{reinforcement(s, me)};
    case rk::Phase::attack:
      if (agent_.has_chain_values(rules, me))
        if (auto order = best_attack(s, me)) return agent_.attack(rules, me, *order);
      if (auto move = consolidation(s, me)) return PlayMessage{*move};
      return PlayMessage{rk::EndTurn{me}};
    case rk::Phase::waiting_for_move: return PlayMessage{move_in(s, me)};
    case rk::Phase::no_move: break;
  }
  return std::nullopt;
}

}  // namespace parley::peer::risiko
