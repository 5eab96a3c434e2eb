#pragma once
// The Risiko bot of `parley bot risiko`, the house bots and the tests: a heuristic player on top
// of the seat's protocol agent (risiko_agent.hpp). It claims its mission as soon as it is
// fulfilled, trades whenever it holds a set, reinforces the border where it is strongest
// (preferring its mission's continents and target colour), attacks while the odds are good,
// moves into conquests, brings interior armies to the border.
//
// A Strategy decides the moves; the agent does the protocol. Tests put a cheating strategy or
// a tampering agent in a seat to check that every peer catches it.
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "games/risiko/risiko_agent.hpp"
#include "peer/net/player.hpp"

namespace parley::peer::risiko {

// The heuristic bot.
class RisikoBot : public Player {
 public:
  explicit RisikoBot(std::chrono::milliseconds delay = {}) : delay_(delay) {}
  std::optional<Bytes> act(const Session& session, Seat me) override;
  Bytes secrets() const override { return agent_.secrets(); }
  bool restore(std::span<const std::uint8_t> secrets) override { return agent_.restore(secrets); }

 protected:
  // The move to make now (the agent has no protocol step due and the seat is deciding).
  virtual std::optional<Message> decide(const RisikoRules& rules, Seat me);
  // The whole initial placement, committed before anyone reveals.
  virtual rk::PlaceArmies place_initially(const rk::State& state, Seat me);
  RisikoAgent agent_;

 private:
  std::chrono::milliseconds delay_;
  std::optional<std::chrono::steady_clock::time_point> thinking_since_;
};

// The bot's choices, over a state that knows its own secrets.
rk::PlaceArmies initial_placement(const rk::State& state, Seat me);
rk::PlaceArmies reinforcement(const rk::State& state, Seat me);
std::optional<rk::MultiAttackOrder> best_attack(const rk::State& state, Seat me);
std::optional<rk::TradeCards> best_trade(const rk::State& state, Seat me);
rk::MoveIn move_in(const rk::State& state, Seat me);
std::optional<rk::MoveArmies> consolidation(const rk::State& state, Seat me);

}  // namespace parley::peer::risiko
