#include "games/gunjin/module.hpp"


#include <cassert>

#include "games/gunjin/gunjin_agent.hpp"
#include "games/gunjin/gunjin_strategy.hpp"
#include "i18n/i18n.hpp"
#include "peer/bots/game_bots.hpp"

namespace parley::games::gunjin {

namespace {

class GunjinModule final : public peer::GameModule {
 public:
  std::string_view name() const override { return peer::kGunjinGame; }
  std::string_view title() const override { return i18n::tr_noop("Gunjin shogi"); }
  peer::SeatRange seats() const override { return {2, 2}; }
  game::Result<std::unique_ptr<peer::GameRules>, peer::RulesError> make_rules(
      std::size_t seats, const peer::RoomOptions& options) const override {
    if (!this->seats().contains(seats)) return peer::RulesError::bad_seat_count;
    auto gunjin = peer::decode_gunjin_room_options(options.game_options);
    if (!gunjin) return peer::RulesError::bad_options;
    return std::unique_ptr<peer::GameRules>(std::make_unique<peer::GunjinRules>(*gunjin));
  }
  // Seat 0 plays the cream pieces, seat 1 the blue (as the client draws them).
  std::optional<std::string> seat_label(game::Seat seat) const override {
    return seat.index == 0 ? i18n::tr_noop("Cream") : i18n::tr_noop("Blue");
  }
  void describe_options(std::span<const std::uint8_t> game_options, std::vector<std::string>& parts) const override {
    auto gunjin = peer::decode_gunjin_room_options(game_options);
    if (!gunjin) {
      parts.emplace_back(i18n::tr("Gunjin options unreadable"));
      return;
    }
    if (gunjin->open_pieces) parts.emplace_back(i18n::tr("open pieces"));
    if (gunjin->variants.mine_removes_both) parts.emplace_back(i18n::tr("a winning mine is removed too"));
    if (gunjin->variants.engineer_beats_tank) parts.emplace_back(i18n::tr("engineer beats tank"));
    if (gunjin->variants.spy_wins_only_attacking) parts.emplace_back(i18n::tr("spy beats the general only attacking"));
  }
};

class GunjinBots final : public peer::GameBots {
 public:
  game::Result<peer::Bot, std::string> bot(const peer::BotRequest& r) const override {
    if (r.level > 0 || !r.difficulty.empty())
      return std::string("--level is for chess bots, --difficulty for Risiko bots");
    const std::string engine = r.engine.empty() ? "tracking" : r.engine;
    std::unique_ptr<peer::GunjinStrategy> strategy;
    if (engine == "tracking") strategy = std::make_unique<peer::TrackingStrategy>(r.seed);
    else if (engine == "random") strategy = std::make_unique<peer::RandomStrategy>(r.seed);
    else return "unknown --engine '" + engine + "' for gunjin: tracking or random";
    if (r.delay.count() > 0) strategy = std::make_unique<peer::ThinkingStrategy>(std::move(strategy), r.delay);
    return peer::Bot{std::make_unique<peer::GunjinAgent>(std::move(strategy)), engine + " bot", "the " + engine + " bot"};
  }
  game::Result<peer::Bot, std::string> house_bot(const peer::BotRequest& r) const override {
    return peer::Bot{std::make_unique<peer::GunjinAgent>(std::make_unique<peer::ThinkingStrategy>(
                         std::make_unique<peer::TrackingStrategy>(r.seed), r.delay)),
                     "tracking bot", "the tracking bot"};
  }
  game::Result<peer::BotPlays, std::string> house_bot_plays(const peer::BotRequest& r) const override {
    if (r.level > 0 || !r.difficulty.empty())
      return std::string("--level is for chess bots, --difficulty for Risiko bots");
    return peer::BotPlays{i18n::tr("the tracking bot")};
  }
  std::string house_bot_words() const override { return "gunjin (the tracking bot)"; }
};

}  // namespace

std::shared_ptr<peer::GameModule> module() {
  auto gunjin = std::make_shared<GunjinModule>();
  gunjin->provide<peer::GameBots>(std::make_shared<const GunjinBots>());
  return gunjin;
}

const peer::GunjinRules* rules(const peer::Session& session) {
  return dynamic_cast<const peer::GunjinRules*>(&session.rules());
}

const peer::GunjinRules& rules_of(const peer::Session& session) {
  const auto* found = rules(session);
  assert(found != nullptr);
  return *found;
}

}  // namespace parley::games::gunjin
