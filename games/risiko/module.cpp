#include "games/risiko/module.hpp"

#include <cassert>

#include "games/risiko/risiko_bot.hpp"
#include "i18n/i18n.hpp"
#include "peer/bots/game_bots.hpp"

namespace parley::games::risiko {

namespace {

namespace rk = game::risiko;

class RisikoModule final : public peer::GameModule {
 public:
  std::string_view name() const override { return peer::risiko::kRisikoGame; }
  std::string_view title() const override { return i18n::tr_noop("Risiko"); }
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
      parts.emplace_back(i18n::tr("Risiko options unreadable"));
      return;
    }
    parts.push_back(risiko->custom_map.empty() ? i18n::trf("map {0}", risiko->map) : std::string(i18n::tr("a map of its own")));
    if (risiko->dice == rk::DiceRule::classic) parts.emplace_back(i18n::tr("classic dice"));
  }
  // Seat i plays colour i (docs/risiko.md, "Stages").
  std::optional<std::string> seat_label(game::Seat seat) const override {
    static constexpr const char* kColours[] = {i18n::tr_noop("Yellow"), i18n::tr_noop("Blue"), i18n::tr_noop("Red"),
                                                i18n::tr_noop("Black"), i18n::tr_noop("Purple"), i18n::tr_noop("Green")};
    if (seat.index < std::size(kColours)) return kColours[seat.index];
    return std::nullopt;
  }
};

// The bot at a difficulty (risiko_bot.hpp, risiko_tactics.hpp): it has no other engine.
class RisikoBots final : public peer::GameBots {
 public:
  static game::Result<peer::risiko::Difficulty, std::string> difficulty_of(const peer::BotRequest& r) {
    if (r.level > 0) return std::string("--level is for chess bots; a Risiko bot has --difficulty");
    if (!r.engine.empty()) return "unknown --engine '" + r.engine + "' for risiko: it has one bot, at --difficulty";
    const auto difficulty = peer::risiko::parse_difficulty(r.difficulty.empty() ? "normal" : r.difficulty);
    if (!difficulty) return "unknown --difficulty '" + r.difficulty + "': easy, normal or hard";
    return *difficulty;
  }
  game::Result<peer::Bot, std::string> bot(const peer::BotRequest& r) const override {
    auto difficulty = difficulty_of(r);
    if (!difficulty) return difficulty.error();
    return peer::Bot{std::make_unique<peer::risiko::RisikoBot>(r.delay, *difficulty, r.seed), "risiko bot",
                     peer::risiko::describe(*difficulty)};
  }
  game::Result<peer::Bot, std::string> house_bot(const peer::BotRequest& r) const override { return bot(r); }
  game::Result<peer::BotPlays, std::string> house_bot_plays(const peer::BotRequest& r) const override {
    auto bot = difficulty_of(r);
    if (!bot) return bot.error();
    return peer::BotPlays{peer::risiko::describe(*bot)};
  }
  std::string house_bot_words() const override { return "risiko (--bots of them, at --difficulty)"; }
  bool has_difficulties() const override { return true; }
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
