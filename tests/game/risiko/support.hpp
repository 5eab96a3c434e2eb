#pragma once
// Helpers for the Risiko tests: a deterministic generator, territory lookup by key, and
// positions built by real actions or, for focused rule tests, by setting the table directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "game/risiko/builtin_maps.hpp"
#include "game/risiko/engine.hpp"
#include "game/risiko/setup.hpp"

namespace parley::game::risiko::testing {

// SplitMix64 (Steele, Lea, Flood 2014): a small deterministic generator for tests.
class SplitMix {
 public:
  explicit SplitMix(std::uint64_t seed) : x_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (x_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound) by rejection sampling.
  std::uint32_t below(std::uint32_t bound) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    for (;;) {
      const std::uint64_t v = next();
      if (v < limit) return static_cast<std::uint32_t>(v % bound);
    }
  }
  std::uint8_t die() { return static_cast<std::uint8_t>(1 + below(6)); }

 private:
  std::uint64_t x_;
};

inline const World& classic() { return *classic_world(); }

inline TerritoryId T(const std::string& key) {
  auto t = classic().find_territory(key);
  EXPECT_TRUE(t.has_value()) << key;
  return t.value_or(TerritoryId{0});
}

inline ContinentId C(const std::string& key) {
  auto c = classic().find_continent(key);
  EXPECT_TRUE(c.has_value()) << key;
  return c.value_or(ContinentId{0});
}

inline Seat S(int i) { return Seat{static_cast<std::uint8_t>(i)}; }

inline std::vector<Colour> colours(int n) {
  std::vector<Colour> out;
  for (int i = 0; i < n; ++i) out.push_back(static_cast<Colour>(i));
  return out;
}

inline State must(Result<State, Error> r) {
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : describe(r.error()));
  return r.ok() ? std::move(r).value() : State{};
}

inline Step must_play(const State& s, const Action& a) {
  auto r = play(s, a);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : describe(r.error()));
  return r.ok() ? std::move(r).value() : Step{s, {}};
}

inline Error fails(const State& s, const Action& a) {
  auto r = play(s, a);
  EXPECT_FALSE(r.ok()) << "action unexpectedly accepted";
  return r.ok() ? Error::game_over : r.error();
}

// A started game on the classic map: n players, colours 0..n-1, order and deal from `seed`.
inline State started(int n, std::uint64_t seed = 1, Options options = {}) {
  SplitMix rng(seed);
  const StartGame start = deal_game(classic(), colours(n), [&](std::uint32_t b) { return rng.below(b); });
  return must_play(new_game(classic_world(), options), start).state;
}

// Turns the state into `seat`'s turn in `phase`, nothing left to place, nothing done yet.
inline void force_turn(State& s, Seat seat, Phase phase) {
  auto& t = s.table;
  t.turn = std::max<std::uint32_t>(t.turn, 1);
  t.current = static_cast<std::uint8_t>(std::find(t.turn_order.begin(), t.turn_order.end(), seat) - t.turn_order.begin());
  t.phase = phase;
  t.conquered = false;
  t.moved = false;
  t.pending.reset();
  for (auto& p : t.players) p.armies_to_place = 0;
}

inline void set(State& s, const std::string& key, int seat, std::uint32_t armies) {
  s.table.countries[T(key).value] = CountryInfo{S(seat), armies};
}

// Gives every territory to `seat` with one army (a blank board to draw positions on).
inline void fill(State& s, int seat) {
  for (auto& c : s.table.countries) c = CountryInfo{S(seat), 1};
}

inline Roll roll(std::vector<std::uint8_t> attacker, std::vector<std::uint8_t> defender) {
  Roll r;
  r.attacker.count = static_cast<std::uint8_t>(attacker.size());
  r.defender.count = static_cast<std::uint8_t>(defender.size());
  for (std::size_t i = 0; i < attacker.size(); ++i) r.attacker.values[i] = attacker[i];
  for (std::size_t i = 0; i < defender.size(); ++i) r.defender.values[i] = defender[i];
  return r;
}

template <class E>
std::vector<E> events_of(const Step& step) {
  std::vector<E> out;
  for (const auto& e : step.events)
    if (const auto* x = std::get_if<E>(&e)) out.push_back(*x);
  return out;
}

}  // namespace parley::game::risiko::testing
