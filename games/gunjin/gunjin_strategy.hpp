#pragma once
// How a Gunjin player decides, apart from the protocol (the agent, gunjin_agent.hpp, turns a
// decision into messages and proofs): its layout, and on its turn a move or a declaration,
// seen only from its own view (its kinds known, the enemy's hidden) and what it has learnt.
//
//   RandomStrategy    a random legal layout; a uniformly random legal move
//   TrackingStrategy  a sensible layout drawn at random (gunjin_layouts.hpp: the flag covered
//                     by a strong piece or a mine, strong movers spread, fighters at the gates,
//                     different every game); each move scored by the expected gain
//                     of its battle over the kinds the enemy piece may still have (what every
//                     battle revealed), the risk of standing next to enemy pieces that could beat
//                     it, and officers' progress toward the enemy HQ
//   ThinkingStrategy  another strategy, each decision held back by a thinking time
//
// Both accept a draw offered after a long quiet spell and offer one after a longer one, so
// bot games end.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>

#include "game/gunjin/rules.hpp"
#include "games/gunjin/gunjin_knowledge.hpp"

namespace parley::peer {

class GunjinStrategy {
 public:
  virtual ~GunjinStrategy() = default;
  virtual game::gunjin::Layout layout() = 0;
  // The action on this seat's turn: a Play (its battle outcome and HQ claim are ignored: the
  // protocol settles them), NoLegalMove, OfferDraw, AcceptDraw or Resign. Nothing: not decided
  // yet (a person still thinking).
  virtual std::optional<game::gunjin::Action> decide(const game::gunjin::State& view, game::Seat me,
                                                     const EnemyKnowledge& enemy) = 0;
};

// Plies since the last battle (or the start) after which a bot accepts, or offers, a draw.
inline constexpr std::uint32_t kAcceptDrawAfterQuietPlies = 40;
inline constexpr std::uint32_t kOfferDrawAfterQuietPlies = 120;

// The distinct (from, to) moves the seat may make in its own view.
std::vector<game::gunjin::Play> own_moves(const game::gunjin::State& view, game::Seat me);

class RandomStrategy final : public GunjinStrategy {
 public:
  explicit RandomStrategy(std::uint64_t seed) : rng_(seed) {}
  game::gunjin::Layout layout() override;
  std::optional<game::gunjin::Action> decide(const game::gunjin::State& view, game::Seat me,
                                             const EnemyKnowledge& enemy) override;

 private:
  std::mt19937_64 rng_;
};

class TrackingStrategy final : public GunjinStrategy {
 public:
  explicit TrackingStrategy(std::uint64_t seed) : rng_(seed) {}
  game::gunjin::Layout layout() override;
  std::optional<game::gunjin::Action> decide(const game::gunjin::State& view, game::Seat me,
                                             const EnemyKnowledge& enemy) override;

 private:
  std::int64_t score(const game::gunjin::State& view, game::Seat me, const EnemyKnowledge& enemy,
                     const game::gunjin::Play& move);
  std::mt19937_64 rng_;
};

// A strategy that takes its time, so a person playing it can follow the game (and may offer a
// draw while it thinks): it decides only once `delay` has passed since it was first asked about
// a position (a ply and its draw offer). The agent asks again and again while a decision is
// pending, as it does for a person.
class ThinkingStrategy final : public GunjinStrategy {
 public:
  ThinkingStrategy(std::unique_ptr<GunjinStrategy> inner, std::chrono::milliseconds delay)
      : inner_(std::move(inner)), delay_(delay) {}
  game::gunjin::Layout layout() override { return inner_->layout(); }
  std::optional<game::gunjin::Action> decide(const game::gunjin::State& view, game::Seat me,
                                             const EnemyKnowledge& enemy) override;

 private:
  struct Position {
    std::uint32_t ply = 0;
    std::optional<game::Seat> draw_offer;
    friend bool operator==(const Position&, const Position&) = default;
  };
  std::unique_ptr<GunjinStrategy> inner_;
  std::chrono::milliseconds delay_;
  std::optional<Position> position_;
  std::chrono::steady_clock::time_point since_;
};

// A random layout that keeps the placement rules (for tests and the random bot).
game::gunjin::Layout random_layout(std::mt19937_64& rng);

}  // namespace parley::peer
