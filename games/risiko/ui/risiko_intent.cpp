#include "games/risiko/ui/risiko_intent.hpp"

#include <algorithm>

#include "games/risiko/module.hpp"

namespace parley::ui {

using peer::risiko::Message;
using peer::risiko::RisikoRules;

namespace {

std::uint32_t total(const rk::PlaceArmies& p) {
  std::uint32_t sum = 0;
  for (const auto& placement : p.placements) sum += placement.armies;
  return sum;
}

std::size_t actions_by(const peer::Session& session, game::Seat me) {
  return static_cast<std::size_t>(std::count_if(session.actions().begin(), session.actions().end(),
                                                [&](const peer::ActionRecord& r) { return r.seat == me; }));
}

}  // namespace

std::string describe(const RisikoIntent& intent, const rk::World& world) {
  auto name = [&](rk::TerritoryId t) { return world.valid(t) ? world.country(t).name : std::string("?"); };
  return std::visit(
      [&](const auto& i) -> std::string {
        using I = std::decay_t<decltype(i)>;
        if constexpr (std::is_same_v<I, rk::PlaceArmies>) {
          std::string s = "place";
          for (const auto& p : i.placements) s += " " + std::to_string(p.armies) + " on " + name(p.territory);
          return s;
        } else if constexpr (std::is_same_v<I, TradeIntent>) {
          return "trade three cards";
        } else if constexpr (std::is_same_v<I, rk::AttackOrder>) {
          return "attack " + name(i.to) + " from " + name(i.from) + " with " + std::to_string(i.dice) + " dice";
        } else if constexpr (std::is_same_v<I, rk::MultiAttackOrder>) {
          return "attack " + name(i.to) + " from " + name(i.from) + " until it falls or " + std::to_string(i.stop_at) +
                 " armies are left";
        } else if constexpr (std::is_same_v<I, rk::MoveIn>) {
          return "move " + std::to_string(i.armies) + " armies in";
        } else if constexpr (std::is_same_v<I, rk::MoveArmies>) {
          return "move " + std::to_string(i.armies) + " armies from " + name(i.from) + " to " + name(i.to);
        } else if constexpr (std::is_same_v<I, rk::EndTurn>) {
          return "end the turn";
        } else if constexpr (std::is_same_v<I, ClaimIntent>) {
          return "claim victory";
        } else {
          return "leave the game";
        }
      },
      intent);
}

game::Result<Message, std::string> HumanRisikoPlayer::message(const RisikoRules& rules, game::Seat me,
                                                             const RisikoIntent& intent) {
  const rk::State s = agent_.knowledge(rules, me);
  const std::string what = describe(intent, rules.world());
  auto refused = [&](const rk::Decision& d) -> std::optional<std::string> {
    if (auto error = rk::check(s, d)) return what + ": " + std::string(rk::describe(*error));
    return std::nullopt;
  };
  return std::visit(
      [&](const auto& i) -> game::Result<Message, std::string> {
        using I = std::decay_t<decltype(i)>;
        if constexpr (std::is_same_v<I, TradeIntent>) {
          const auto& cards = s.secrets.at(me.index).cards;
          rk::TradeCards trade{me, i.slots, {}};
          for (std::size_t k = 0; k < 3; ++k) {
            if (i.slots[k] >= cards.size() || !cards[i.slots[k]]) return what + ": a card is not open to you yet";
            trade.cards[k] = *cards[i.slots[k]];
          }
          if (auto why = refused(trade)) return *why;
          if (auto m = agent_.trade(rules, me, trade)) return *m;
          return what + ": a card is not open to you yet";
        } else if constexpr (std::is_same_v<I, ClaimIntent>) {
          const auto& mission = s.secrets.at(me.index).mission;
          if (!mission) return what + ": your mission is not open to you yet";
          if (auto why = refused(rk::ClaimVictory{me, *mission})) return *why;
          if (auto m = agent_.claim(rules, me, *mission)) return *m;
          return what + ": your mission is not open to you yet";
        } else if constexpr (std::is_same_v<I, rk::LeaveGame>) {
          return Message{agent_.leave()};
        } else {
          if (i.seat != me) return what + ": not your seat";
          if (auto why = refused(i)) return *why;
          if constexpr (std::is_same_v<I, rk::AttackOrder> || std::is_same_v<I, rk::MultiAttackOrder>) {
            if (!agent_.has_chain_values(rules, me)) return what + ": your dice chain is used up";
            return Message{agent_.attack(rules, me, i)};
          } else {
            return Message{peer::risiko::PlayMessage{rk::Action{i}}};
          }
        }
      },
      intent);
}

std::optional<game::Bytes> HumanRisikoPlayer::act(const peer::Session& session, game::Seat me) {
  if (session.phase() != peer::Phase::play || session.rules().game() != peer::risiko::kRisikoGame) return std::nullopt;
  const RisikoRules& rules = parley::games::risiko::rules_of(session);
  if (!rules.started() || rules.seat(me).departed || rules.outcome()) return std::nullopt;

  // LEAVE_GAME goes at any moment, before anything the seat owes.
  if (!queue_.empty() && std::holds_alternative<rk::LeaveGame>(queue_.front())) {
    queue_.clear();
    last_.reset();
    return peer::risiko::encode(Message{agent_.leave()});
  }

  // The initial placement is committed whole: the protocol waits for the person's choice.
  const bool placement_due = rules.owes_placement_commit(me) && !rules.owes_key(me) &&
                             rules.shuffles_due(me).empty() && rules.shares_owed(me).empty();
  if (placement_due && !initial_) {
    const std::uint32_t allowance = rules.state().table.player(me).armies_to_place;
    while (!queue_.empty() && !initial_) {
      RisikoIntent intent = std::move(queue_.front());
      queue_.pop_front();
      const auto* place = std::get_if<rk::PlaceArmies>(&intent);
      if (!place) {
        refusals_.push_back(describe(intent, rules.world()) + ": place your starting armies first");
        continue;
      }
      const std::string what = describe(intent, rules.world());
      if (place->seat != me) {
        refusals_.push_back(what + ": not your seat");
      } else if (total(*place) != allowance) {
        refusals_.push_back(what + ": all " + std::to_string(allowance) + " starting armies are placed at once");
      } else if (auto error = rk::check(agent_.knowledge(rules, me), rk::Decision{*place})) {
        refusals_.push_back(what + ": " + std::string(rk::describe(*error)));
      } else {
        initial_ = *place;
      }
    }
    if (!initial_) return std::nullopt;
  }
  if (auto duty = agent_.duty(rules, me, [&](const rk::State&) { return *initial_; }))
    return peer::risiko::encode(*duty);
  if (!rules.deciding(me)) return std::nullopt;

  // The intent handed out last: if it landed (the seat has more actions than when it was
  // handed out) it is done; if the lobby refused the post it is offered again while legal.
  if (auto again = std::exchange(last_, std::nullopt)) {
    if (actions_by(session, me) == last_actions_) {
      if (auto m = message(rules, me, *again)) {
        last_ = std::move(again);
        return peer::risiko::encode(*m);
      }
    }
  }
  while (!queue_.empty()) {
    RisikoIntent intent = std::move(queue_.front());
    queue_.pop_front();
    auto m = message(rules, me, intent);
    if (!m) {
      refusals_.push_back(m.error());
      continue;
    }
    last_ = std::move(intent);
    last_actions_ = actions_by(session, me);
    return peer::risiko::encode(*m);
  }
  return std::nullopt;
}

rk::Player HumanRisikoPlayer::knowledge(const peer::Session& session, game::Seat me) {
  if (session.phase() == peer::Phase::setup || session.phase() == peer::Phase::beacon ||
      session.rules().game() != peer::risiko::kRisikoGame)
    return {};
  const RisikoRules& rules = parley::games::risiko::rules_of(session);
  if (!rules.started()) return {};
  return agent_.knowledge(rules, me).secrets.at(me.index);
}

}  // namespace parley::ui
