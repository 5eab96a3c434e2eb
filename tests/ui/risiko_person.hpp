#pragma once
// A person at the Risiko map for tests: what it does now, with the choices the heuristic bot
// would make, through the map's clicks and the panel's buttons only (risiko_network_test.cpp,
// house_bot_test.cpp, risiko_board_test.cpp). `act` is where an intent goes: RisikoScreen::act,
// or the HumanRisikoPlayer itself without a network.
#include <functional>
#include <optional>

#include "games/risiko/risiko_bot.hpp"
#include "games/risiko/ui/risiko_board.hpp"

namespace parley::ui::testing {

struct RisikoPerson {
  using Act = std::function<void(std::optional<RisikoIntent>)>;

  void play(RisikoBoard* b, const Act& act) {
    namespace bot = peer::risiko;
    if (!b || !b->me()) return;
    const game::Seat me = *b->me();
    const game::risiko::State s = b->knowing();
    auto click_times = [&](game::risiko::TerritoryId t, std::uint32_t n) {
      for (std::uint32_t i = 0; i < n; ++i) act(b->click(t));
    };
    auto trade = [&](const game::risiko::TradeCards& t) {
      for (std::uint8_t slot : t.slots) b->toggle_card(slot);
      act(b->trade());
      ++trades;
    };
    switch (b->mode()) {
      case RisikoMode::initial_placement:
        b->clear_draft();
        for (const auto& p : bot::initial_placement(s, me).placements) click_times(p.territory, p.armies);
        act(b->place());
        ++placements;
        break;
      case RisikoMode::must_trade:
        if (auto t = bot::best_trade(s, me)) trade(*t);
        else act(b->leave());
        break;
      case RisikoMode::reinforce:
        if (b->can_claim()) {
          act(b->claim());
        } else if (auto t = bot::best_trade(s, me)) {
          trade(*t);
        } else {
          click_times(bot::reinforcement(s, me).placements.front().territory, b->allowance() - b->draft_total());
          act(b->place());
        }
        break;
      case RisikoMode::attack: {
        if (b->can_claim()) {
          act(b->claim());
          break;
        }
        std::optional<RisikoIntent> intent;
        if (auto a = bot::best_attack(s, me)) {
          b->deselect();
          b->click(a->from);
          b->click(a->to);
          // Alternate: a single ATTACK by a second click on the target, or M_ATTACK from the panel.
          intent = attacks % 2 == 0 ? b->click(a->to) : b->attack_until(a->stop_at);
          ++attacks;
        } else if (auto m = bot::consolidation(s, me)) {
          b->deselect();
          b->click(m->from);
          b->click(m->to);
          intent = b->move(m->armies);
          ++moves;
        }
        if (!intent) {
          intent = b->end_turn();
          ++turns;
        }
        act(std::move(intent));
        break;
      }
      case RisikoMode::move_in: act(b->move_in(bot::move_in(s, me).armies)); break;
      default: break;
    }
  }
  int placements = 0, attacks = 0, moves = 0, turns = 0, trades = 0;
};

}  // namespace parley::ui::testing
