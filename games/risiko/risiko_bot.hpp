#pragma once
// The Risiko bot of `parley bot risiko`, the house bots and the tests: a player at a difficulty
// (easy, normal, hard: risiko_tactics.hpp) on top of the seat's protocol agent
// (risiko_agent.hpp). It claims its mission as soon as it is fulfilled, and plays its moves as
// its Tactics choose.
//
// A Strategy decides the moves; the agent does the protocol. Tests put a cheating strategy or
// a tampering agent in a seat to check that every peer catches it.
#include <chrono>
#include <cstdint>
#include <optional>

#include "games/risiko/risiko_agent.hpp"
#include "games/risiko/risiko_tactics.hpp"
#include "peer/net/player.hpp"

namespace parley::peer::risiko {

// The bot. Its seed draws the easy difficulty's random choices (0: from the system's entropy).
class RisikoBot : public Player {
 public:
  explicit RisikoBot(std::chrono::milliseconds delay = {}, Difficulty difficulty = Difficulty::normal,
                     std::uint64_t seed = 0);
  std::optional<Bytes> act(const Session& session, Seat me) override;
  Bytes secrets() const override { return agent_.secrets(); }
  bool restore(std::span<const std::uint8_t> secrets) override { return agent_.restore(secrets); }

 protected:
  // The move to make now (the agent has no protocol step due and the seat is deciding).
  virtual std::optional<Message> decide(const RisikoRules& rules, Seat me);
  // The whole initial placement, committed before anyone reveals.
  virtual rk::PlaceArmies place_initially(const rk::State& state, Seat me);
  RisikoAgent agent_;
  Tactics tactics_;

 private:
  std::chrono::milliseconds delay_;
  std::optional<std::chrono::steady_clock::time_point> thinking_since_;
};

}  // namespace parley::peer::risiko
