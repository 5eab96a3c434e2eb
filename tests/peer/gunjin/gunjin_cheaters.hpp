#pragma once
// Cheating Gunjin seats for tests: a GunjinAgent that follows the protocol in every respect but
// one, with a scripted layout and opening moves (tests/peer/gunjin/gunjin_cheat_test.cpp, and
// the network test's cheater over a real lobby).
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "games/gunjin/gunjin_agent.hpp"
#include "peer/session/gunjin_protocol.hpp"

namespace parley::peer::testing {

using namespace game::gunjin;

// The tracking bot's layout, unmirrored (games/gunjin/gunjin_strategy.cpp), by slot.
constexpr Layout kBaseLayout = {
    Kind::captain,          Kind::mine,     Kind::general,           Kind::mine,
    Kind::major,            Kind::second_lieutenant, Kind::lieutenant_colonel, Kind::flag,
    Kind::colonel,          Kind::engineer, Kind::second_lieutenant, Kind::cavalry,
    Kind::spy,              Kind::major_general, Kind::lieutenant_general, Kind::tank,
    Kind::first_lieutenant, Kind::captain,  Kind::plane,             Kind::first_lieutenant,
    Kind::engineer,         Kind::tank,     Kind::plane};

inline Layout with_swapped(Layout layout, std::uint8_t a, std::uint8_t b) {
  std::swap(layout[a], layout[b]);
  return layout;
}

// A fixed layout, then scripted moves (slot, destination), then the tracking bot's moves.
class ScriptStrategy final : public GunjinStrategy {
 public:
  ScriptStrategy(Layout layout, std::vector<std::pair<std::uint8_t, Square>> script)
      : layout_(layout), script_(std::move(script)), fallback_(7) {}
  Layout layout() override { return layout_; }
  std::optional<Action> decide(const State& view, Seat me, const EnemyKnowledge& enemy) override {
    if (next_ < script_.size()) {
      const auto [slot, to] = script_[next_++];
      return Action{me, Play{*view.piece(PieceId{me, slot}).square, to, std::nullopt, false}};
    }
    return fallback_.decide(view, me, enemy);
  }

 private:
  Layout layout_;
  std::vector<std::pair<std::uint8_t, Square>> script_;
  std::size_t next_ = 0;
  TrackingStrategy fallback_;
};

// A GunjinAgent with one cheat; it records the entry its cheating message lands on.
class Cheater : public GunjinAgent {
 public:
  explicit Cheater(std::unique_ptr<GunjinStrategy> strategy) : GunjinAgent(std::move(strategy)) {}
  std::optional<std::size_t> cheat_index;

 protected:
  // Called with every message the honest agent would send; returns the cheat, or nothing to
  // send the honest message.
  virtual std::optional<GunjinMessage> cheat(const GunjinRules&, Seat, const std::optional<GunjinMessage>&) {
    return std::nullopt;
  }
  std::optional<GunjinMessage> next_message(const GunjinRules& rules, Seat me) override {
    auto honest = GunjinAgent::next_message(rules, me);
    if (cheat_index) return honest;  // one cheat is enough
    if (auto lie = cheat(rules, me, honest)) {
      cheat_index = next_index_;
      return lie;
    }
    return honest;
  }

 public:
  std::optional<Bytes> act(const Session& session, Seat me) override {
    next_index_ = session.next_index().value;
    return GunjinAgent::act(session, me);
  }

 private:
  std::size_t next_index_ = 0;
};

inline std::unique_ptr<GunjinStrategy> script(Layout layout, std::vector<std::pair<std::uint8_t, Square>> moves = {}) {
  return std::make_unique<ScriptStrategy>(layout, std::move(moves));
}

// Proves kinds it does not have: a proof made from an opening of another kind, which cannot
// open the real commitment.
class FalseProver : public Cheater {
 public:
  using Cheater::Cheater;

 protected:
  game::Result<crypto::MembershipProof, crypto::ProveError> prove_kind(const crypto::ProofContext& context,
                                                                       std::uint8_t slot,
                                                                       const crypto::ValueSet& allowed) override {
    auto honest = GunjinAgent::prove_kind(context, slot, allowed);
    if (honest) return honest;
    forged_ = true;
    return crypto::prove_membership(context, crypto::PedersenOpening{allowed.values()[0], crypto::Scalar::random()},
                                    allowed);
  }
  std::optional<GunjinMessage> cheat(const GunjinRules&, Seat, const std::optional<GunjinMessage>& m) override {
    return forged_ ? m : std::nullopt;
  }
  bool forged_ = false;
};

}  // namespace parley::peer::testing
