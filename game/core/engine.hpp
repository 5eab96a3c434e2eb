#pragma once
// The convention every rules engine follows (docs/design.md). An engine is a traits type
// with static functions over value types; there is no base class and no registry.
//
//   legal_actions(state)   every action the rules allow now (for bots, UIs and tests)
//   apply(state, action)   the next state, or the typed reason the action is illegal
//   view(state, seat)      what that seat may know
//   encode(state, writer)  the canonical bytes peers hash and compare
//   hash(state)            a 64-bit key for in-engine use (repetition, tables)
//   outcome(state)         the result once the game is over
//
// Randomness and hidden facts enter only as fields of an action (dice values, a revealed
// card, a battle outcome), so every peer that applies the same actions reaches the same state.
#include <concepts>
#include <cstdint>
#include <optional>
#include <ranges>
#include <string_view>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/core/seat.hpp"

namespace parley::game {

struct Outcome {
  std::optional<Seat> winner;  // nullopt: a draw
  std::string_view reason;     // static text from the engine: "checkmate", "HQ occupied", …
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

template <class E>
concept RulesEngine = requires(const typename E::State& state, const typename E::Action& action,
                               Seat seat, ByteWriter& writer) {
  typename E::State;
  typename E::Action;
  typename E::Error;
  typename E::View;
  { E::legal_actions(state) } -> std::ranges::range;
  { E::apply(state, action) } -> std::same_as<Result<typename E::State, typename E::Error>>;
  { E::view(state, seat) } -> std::same_as<typename E::View>;
  { E::encode(state, writer) } -> std::same_as<void>;
  { E::hash(state) } -> std::same_as<std::uint64_t>;
  { E::outcome(state) } -> std::same_as<std::optional<Outcome>>;
  { describe(std::declval<const typename E::Error&>()) } -> std::convertible_to<std::string_view>;
};

// The canonical bytes of a state.
template <RulesEngine E>
Bytes canonical_bytes(const typename E::State& state) {
  ByteWriter writer;
  E::encode(state, writer);
  return std::move(writer).take();
}

}  // namespace parley::game
