#include "games/risiko/module.hpp"

#include <cassert>

#include "games/risiko/risiko_bot.hpp"
#include "peer/bots/game_bots.hpp"

namespace parley::games::risiko {

namespace {

namespace rk = game::risiko;

class RisikoModule final : public peer::GameModule {
 public:
  std::string_view name() const override { return peer::risiko::kRisikoGame; }
  std::string_view title() const override { return "Risiko"; }
  // The engine's bounds (game/risiko/types.hpp); a map may support fewer (make_risiko_rules).
  peer::SeatRange seats() const override {
    return {static_cast<std::uint8_t>(rk::kMinPlayers), static_cast<std::uint8_t>(rk::kMaxPlayers)};
  }
  game::Result<std::unique_ptr<peer::GameRules>, peer::RulesError> make_rules(
      std::size_t seats, const peer::RoomOptions& options) const override {
    return peer::risiko::make_risiko_rules(seats, options);
  }
  void describe_options(std::span<const std::uint8_t> game_options, std::vector<std::string>& parts) const override {
    auto risiko = peer::risiko::decode_risiko_options(game_options);
    if (!risiko) {
      parts.emplace_back("Risiko options unreadable");
      return;
    }
    parts.push_back(risiko->custom_map.empty() ? "map " + risiko->map : "a map of its own");
    if (risiko->dice == rk::DiceRule::classic) parts.emplace_back("classic dice");
  }
  // Seat i plays colour i (docs/risiko.md, "Stages").
  std::optional<std::string> seat_label(game::Seat seat) const override {
    static constexpr const char* kColours[] = {"Yellow", "Blue", "Red", "Black", "Purple", "Green"};
    if (seat.index < std::size(kColours)) return kColours[seat.index];
    return std::nullopt;
  }
};

// The heuristic bot (risiko_bot.hpp): it has no other engine, and no choice made at random.
class RisikoBots final : public peer::GameBots {
 public:
  game::Result<peer::Bot, std::string> bot(const peer::BotRequest& r) const override {
    return peer::Bot{std::make_unique<peer::risiko::RisikoBot>(r.delay), "risiko bot"};
  }
  std::unique_ptr<peer::Player> house_bot(std::uint64_t, std::chrono::milliseconds delay) const override {
    return std::make_unique<peer::risiko::RisikoBot>(delay);
  }
  std::string house_bot_words() const override { return "risiko (heuristic bots, --bots of them)"; }
};

}  // namespace

std::shared_ptr<peer::GameModule> module() {
  auto risiko = std::make_shared<RisikoModule>();
  risiko->provide<peer::GameBots>(std::make_shared<const RisikoBots>());
  return risiko;
}

const peer::risiko::RisikoRules* rules(const peer::Session& session) {
  return dynamic_cast<const peer::risiko::RisikoRules*>(&session.rules());
}

const peer::risiko::RisikoRules& rules_of(const peer::Session& session) {
  const auto* found = rules(session);
  assert(found != nullptr);
  return *found;
}

}  // namespace parley::games::risiko
