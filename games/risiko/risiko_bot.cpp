#include "games/risiko/risiko_bot.hpp"

#include <random>

#include "games/risiko/module.hpp"

namespace parley::peer::risiko {

RisikoBot::RisikoBot(std::chrono::milliseconds delay, Difficulty difficulty, std::uint64_t seed)
    : tactics_(difficulty, seed != 0 ? seed : (std::uint64_t{std::random_device{}()} << 32 | std::random_device{}())),
      delay_(delay) {}

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

rk::PlaceArmies RisikoBot::place_initially(const rk::State& state, Seat me) {
  return tactics_.initial_placement(state, me);
}

std::optional<Message> RisikoBot::decide(const RisikoRules& rules, Seat me) {
  const rk::State s = agent_.knowledge(rules, me);
  const auto decision = tactics_.decide(s, me, agent_.has_chain_values(rules, me));
  if (!decision) return std::nullopt;
  struct Say {
    RisikoAgent& agent;
    const RisikoRules& rules;
    Seat me;
    std::optional<Message> operator()(const rk::ClaimVictory& c) { return agent.claim(rules, me, c.mission); }
    std::optional<Message> operator()(const rk::TradeCards& t) { return agent.trade(rules, me, t); }
    std::optional<Message> operator()(const rk::LeaveGame&) { return agent.leave(); }
    std::optional<Message> operator()(const rk::AttackOrder& o) { return agent.attack(rules, me, o); }
    std::optional<Message> operator()(const rk::MultiAttackOrder& o) { return agent.attack(rules, me, o); }
    std::optional<Message> operator()(const rk::PlaceArmies& a) { return PlayMessage{a}; }
    std::optional<Message> operator()(const rk::MoveIn& a) { return PlayMessage{a}; }
    std::optional<Message> operator()(const rk::MoveArmies& a) { return PlayMessage{a}; }
    std::optional<Message> operator()(const rk::EndTurn& a) { return PlayMessage{a}; }
  };
  return std::visit(Say{agent_, rules, me}, *decision);
}

}  // namespace parley::peer::risiko

