#include "games/risiko/ui/risiko_board.hpp"

#include <algorithm>

#include "game/risiko/mission.hpp"
#include "games/risiko/module.hpp"
#include "peer/session/risiko_dice.hpp"

namespace parley::ui {

using peer::risiko::RisikoRules;
using peer::risiko::Stage;

std::string colour_name(rk::Colour colour) {
  std::string n(rk::name(colour));
  if (!n.empty()) n[0] = static_cast<char>(n[0] - 'a' + 'A');
  return n;
}

std::string mission_text(const rk::World& world, rk::MissionId id) {
  if (!world.valid(id)) return "mission " + std::to_string(id.value + 1);
  const rk::Mission& m = world.mission(id);
  auto occupy = [](std::uint32_t n, std::uint32_t armies) {
    std::string s = "Occupy " + std::to_string(n) + " territories";
    if (armies > 1) s += " with at least " + std::to_string(armies) + " armies each";
    return s;
  };
  switch (m.kind) {
    case rk::MissionKind::occupy: return occupy(m.territories, m.min_armies);
    case rk::MissionKind::continents: {
      std::string s = "Conquer ";
      for (std::size_t i = 0; i < m.continents.size(); ++i) {
        if (i > 0) s += i + 1 == m.continents.size() && m.extra_continents == 0 ? " and " : ", ";
        s += world.continent(m.continents[i]).name;
      }
      if (m.extra_continents == 1) s += " and a third continent of your choice";
      if (m.extra_continents > 1) s += " and " + std::to_string(m.extra_continents) + " more continents";
      return s;
    }
    case rk::MissionKind::destroy:
      return "Destroy the " + colour_name(m.target) + " armies (if they are yours, absent, or destroyed by someone "
             "else: " + occupy(m.territories, 1) + ")";
  }
  return {};
}

std::string card_text(const rk::World& world, rk::CardId id) {
  if (!world.valid(id)) return "card " + std::to_string(id.value);
  const rk::Card& c = world.card(id);
  if (!c.territory) return "Joker";
  return world.country(*c.territory).name + " (" + std::string(rk::name(c.symbol)) + ")";
}

// ---- RisikoTracker -----------------------------------------------------------------------------

namespace {

std::string faces(const rk::Dice& d) {
  std::string f;
  for (std::uint8_t i = 0; i < d.count; ++i) f += (i ? "-" : "") + std::to_string(d.values[i]);
  return f;
}

// The engine action a Risiko message stands for, given the state and pending roll before it.
std::optional<rk::Action> engine_action(const peer::risiko::Message& message, game::Seat seat, const rk::State& before,
                                        const std::optional<peer::risiko::PendingRoll>& roll,
                                        const crypto::SessionId& session) {
  using namespace peer::risiko;
  if (const auto* m = std::get_if<PlayMessage>(&message)) return m->action;
  if (const auto* m = std::get_if<PlacementRevealMessage>(&message)) {
    auto a = rk::decode_action(m->placement);
    if (a) return *a;
  } else if (const auto* m = std::get_if<TradeMessage>(&message)) {
    return rk::TradeCards{seat, m->slots, m->cards};
  } else if (const auto* m = std::get_if<ClaimMessage>(&message)) {
    return rk::ClaimVictory{seat, m->mission};
  } else if (std::holds_alternative<LeaveMessage>(message)) {
    return rk::LeaveGame{seat};
  } else if (const auto* m = std::get_if<DiceMessage>(&message)) {
    if (!roll || roll->number != m->roll) return std::nullopt;
    // The dice as the session draws them: both chain values, the attacker's dice then the
    // defender's, round by round (peer/session/risiko_dice.hpp).
    DieStream dice(crypto::dice_seed(session, roll->number, roll->first, m->value));
    if (const auto* o = std::get_if<rk::AttackOrder>(&roll->order)) {
      auto a = rk::roll_attack(before, *o, dice.source());
      if (a) return rk::Action{*a};
    } else {
      auto a = rk::roll_multi_attack(before, std::get<rk::MultiAttackOrder>(roll->order), dice.source());
      if (a) return rk::Action{*a};
    }
  }
  return std::nullopt;
}

}  // namespace

void RisikoTracker::after_entry(const peer::Session& session, const SeatNamer& name) {
  if (session.rules().game() != peer::risiko::kRisikoGame) return;
  const RisikoRules& rules = parley::games::risiko::rules_of(session);
  const rk::World& world = rules.world();
  if (rules.started() && !before_) {
    before_ = rules.state();
    actions_seen_ = session.actions().size();
    std::string order;
    for (game::Seat s : rules.state().table.turn_order) order += (order.empty() ? "" : ", ") + name(s);
    log_.push_back("The territories are dealt; turn order: " + order);
  }
  for (; before_ && actions_seen_ < session.actions().size(); ++actions_seen_) {
    const peer::ActionRecord& record = session.actions()[actions_seen_];
    auto message = peer::risiko::decode_message(record.message);
    if (!message) continue;
    if (std::holds_alternative<peer::risiko::AttackMessage>(*message)) {
      // The order; its dice come with the answer.
      log_.push_back(name(record.seat) + " " + rules.describe_action(record.seat, record.message));
      continue;
    }
    auto action = engine_action(*message, record.seat, *before_, roll_before_, rules.session());
    if (!action) continue;
    auto step = rk::play(*before_, *action);
    if (!step || !(step->state.table == rules.state().table)) {
      // Not what the session did (a refusal, or a departure in the same entry): its own words.
      log_.push_back(name(record.seat) + ": " + rules.describe_action(record.seat, record.message));
      continue;
    }
    say_events(step->events, world, name, record.seat);
  }
  for (; events_seen_ < session.events().size(); ++events_seen_) {
    const peer::SessionEvent& e = session.events()[events_seen_];
    const std::string who = e.seat ? name(*e.seat) : std::string("?");
    if (e.kind == peer::SessionEvent::Kind::blame) log_.push_back(who + " is caught: " + e.text);
    if (e.kind == peer::SessionEvent::Kind::timeout) log_.push_back(who + " ran out of time and leaves the game");
  }
  if (rules.started()) {
    before_ = rules.state();
    roll_before_ = rules.pending_roll();
  }
}

void RisikoTracker::say_events(const std::vector<rk::Event>& events, const rk::World& world, const SeatNamer& name,
                               std::optional<game::Seat> actor) {
  auto where = [&](rk::TerritoryId t) { return world.valid(t) ? world.country(t).name : std::string("?"); };
  std::string placed;
  std::optional<RisikoRollShown> roll;
  for (const rk::Event& event : events) {
    std::visit(
        [&](const auto& e) {
          using E = std::decay_t<decltype(e)>;
          if constexpr (std::is_same_v<E, rk::ArmiesPlaced>) {
            placed += (placed.empty() ? "" : ", ") + std::to_string(e.armies) + " on " + where(e.territory);
          } else if constexpr (std::is_same_v<E, rk::TurnStarted>) {
            log_.push_back("Turn " + std::to_string(e.turn) + ": " + name(e.seat));
          } else if constexpr (std::is_same_v<E, rk::ArmiesAdded>) {
            std::string s = name(e.seat) + " receives " + std::to_string(e.armies.total()) + " armies";
            if (e.armies.continents > 0) s += " (" + std::to_string(e.armies.continents) + " for continents)";
            log_.push_back(s);
          } else if constexpr (std::is_same_v<E, rk::CardsTraded>) {
            log_.push_back(name(e.seat) + " trades " + card_text(world, e.cards[0]) + ", " + card_text(world, e.cards[1]) +
                           " and " + card_text(world, e.cards[2]) + " for " + std::to_string(e.armies) + " armies");
          } else if constexpr (std::is_same_v<E, rk::BattleFought>) {
            if (!roll) roll = RisikoRollShown{e.attacker, e.defender, e.from, e.to, {}, {}, false};
            roll->rounds.push_back(e.roll);
            roll->losses.attacker = static_cast<std::uint8_t>(std::min(255, roll->losses.attacker + e.losses.attacker));
            roll->losses.defender = static_cast<std::uint8_t>(std::min(255, roll->losses.defender + e.losses.defender));
          } else if constexpr (std::is_same_v<E, rk::TerritoryConquered>) {
            if (roll) roll->conquered = true;
            log_.push_back(name(e.seat) + " conquers " + where(e.territory) + " from " + name(e.previous_owner));
          } else if constexpr (std::is_same_v<E, rk::PlayerEliminated>) {
            log_.push_back(name(e.seat) + " is eliminated by " + name(e.by) + " (" + std::to_string(e.cards_taken) +
                           " cards taken)");
          } else if constexpr (std::is_same_v<E, rk::ArmiesMovedIn>) {
            log_.push_back(name(e.seat) + " moves " + std::to_string(e.armies) + " armies into " + where(e.to));
          } else if constexpr (std::is_same_v<E, rk::ArmiesMoved>) {
            log_.push_back(name(e.seat) + " moves " + std::to_string(e.armies) + " armies from " + where(e.from) +
                           " to " + where(e.to));
          } else if constexpr (std::is_same_v<E, rk::DeckReshuffled>) {
            log_.push_back("The " + std::to_string(e.cards) + " traded cards are shuffled into a new deck");
          } else if constexpr (std::is_same_v<E, rk::CardDrawn>) {
            log_.push_back(name(e.seat) + " draws a card");
          } else if constexpr (std::is_same_v<E, rk::PlayerLeft>) {
            log_.push_back(name(e.seat) + " leaves the game");
          } else if constexpr (std::is_same_v<E, rk::MissionRevealed>) {
            log_.push_back(name(e.seat) + " reveals the mission: " + mission_text(world, e.mission));
          } else if constexpr (std::is_same_v<E, rk::GameEnded>) {
            log_.push_back(e.winner ? "Game over: " + name(*e.winner) + " wins (" + std::string(rk::describe(e.reason)) + ")"
                                    : std::string("Game over"));
          }
        },
        event);
  }
  if (!placed.empty() && actor) log_.push_back(name(*actor) + " places " + placed);
  if (roll) {
    std::string s = name(roll->attacker) + " attacks " + where(roll->to) + " (" + name(roll->defender) + ") from " +
                    where(roll->from) + ":";
    const std::size_t shown = std::min<std::size_t>(roll->rounds.size(), 4);
    for (std::size_t i = 0; i < shown; ++i)
      s += (i ? "," : "") + std::string(" ") + faces(roll->rounds[i].attacker) + " against " +
           faces(roll->rounds[i].defender);
    if (roll->rounds.size() > shown) s += ", ... (" + std::to_string(roll->rounds.size()) + " rounds)";
    s += "; losses " + std::to_string(roll->losses.attacker) + " to " + std::to_string(roll->losses.defender);
    // The battle comes before the conquest it led to.
    auto it = log_.end();
    if (roll->conquered)
      for (auto back = log_.end(); back != log_.begin();) {
        --back;
        if (back->find(" conquers ") != std::string::npos) {
          it = back;
          break;
        }
      }
    log_.insert(it, s);
    last_roll_ = std::move(roll);
  }
}

// ---- RisikoBoard -------------------------------------------------------------------------------

std::string_view describe(RisikoMode mode) {
  switch (mode) {
    case RisikoMode::watching: return "watching";
    case RisikoMode::initial_placement: return "initial placement";
    case RisikoMode::placement_committed: return "placement committed";
    case RisikoMode::must_trade: return "must trade";
    case RisikoMode::reinforce: return "reinforce";
    case RisikoMode::attack: return "attack";
    case RisikoMode::move_in: return "move in";
    case RisikoMode::sent: return "sent";
    case RisikoMode::out: return "out";
  }
  return "?";
}

RisikoBoard::RisikoBoard(std::shared_ptr<const rk::World> world, std::shared_ptr<const RisikoShapes> shapes,
                         std::optional<game::Seat> me)
    : world_(std::move(world)), shapes_(std::move(shapes)), me_(me), state_(rk::new_game(world_)) {}

void RisikoBoard::after_entry(const peer::Session& session, const SeatNamer& name) {
  tracker_.after_entry(session, name);
  if (session.rules().game() != peer::risiko::kRisikoGame) return;
  const RisikoRules& rules = parley::games::risiko::rules_of(session);
  started_ = rules.started();
  over_ = rules.outcome().has_value() || session.outcome().has_value();
  if (!started_) return;
  state_ = rules.state();
  if (!me_) return;
  const game::Seat me = *me_;
  const Stage stage = rules.stage();
  const auto& protocol = rules.seat(me);
  departed_ = protocol.departed || !state_.table.playing(me) || session.seat(me).out();
  placement_due_ = (stage == Stage::keys || stage == Stage::decks || stage == Stage::missions ||
                    stage == Stage::placement_commit) &&
                   !protocol.placement && !departed_;
  committed_ = protocol.placement.has_value() && !protocol.placed && !departed_;
  deciding_ = rules.deciding(me);
  const std::size_t mine = static_cast<std::size_t>(std::count_if(
      session.actions().begin(), session.actions().end(), [&](const peer::ActionRecord& r) { return r.seat == me; }));
  if (sent_ && mine > my_actions_) sent_ = false;
  my_actions_ = mine;
  // Keep what still makes sense: a selection of an own territory, a draft on own territories.
  if (selected_ && !owns(*selected_)) deselect();
  if (target_ && selected_ && !world_->adjacent(*selected_, *target_)) target_.reset();
  for (auto it = draft_.begin(); it != draft_.end();) it = owns(it->first) ? std::next(it) : draft_.erase(it);
  // A draft lives while it can still be placed: before the placement is revealed, or in the
  // seat's own reinforcement.
  const bool reinforcing = deciding_ && state_.table.phase == rk::Phase::place_armies;
  if (!placement_due_ && !committed_ && !reinforcing) draft_.clear();
  // The initial placement's draft ends when it is revealed, even when the same entry starts
  // this seat's first reinforcement (it would otherwise count as reinforcements).
  if (protocol.placed && !initial_revealed_) {
    initial_revealed_ = true;
    draft_.clear();
  }
  const auto hand = state_.table.player(me).hand.size();
  for (auto it = chosen_cards_.begin(); it != chosen_cards_.end();) it = *it < hand ? std::next(it) : chosen_cards_.erase(it);
}

rk::State RisikoBoard::knowing() const {
  rk::State s = state_;
  if (!me_ || !started_) return s;
  if (own_.mission)
    if (auto next = rk::learn_mission(s, *me_, *own_.mission)) s = std::move(next).value();
  for (std::size_t i = 0; i < own_.cards.size() && i < s.table.player(*me_).hand.size(); ++i)
    if (own_.cards[i])
      if (auto next = rk::learn_card(s, *me_, i, *own_.cards[i])) s = std::move(next).value();
  return s;
}

rk::SeatView RisikoBoard::view() const {
  if (!me_) return rk::SeatView{game::Seat{0}, rk::ClientState::watching, state_.table, {}};
  return rk::view(knowing(), *me_);
}

RisikoMode RisikoBoard::mode() const {
  if (!me_ || !started_) return RisikoMode::watching;
  if (over_ || departed_) return RisikoMode::out;
  if (sent_ && !placement_due_) return RisikoMode::sent;
  if (placement_due_ && !initial_sent_) return RisikoMode::initial_placement;
  if (placement_due_ || committed_) return RisikoMode::placement_committed;
  if (!deciding_) return RisikoMode::watching;
  switch (state_.table.phase) {
    case rk::Phase::must_trade: return RisikoMode::must_trade;
    case rk::Phase::place_armies: return RisikoMode::reinforce;
    case rk::Phase::attack: return RisikoMode::attack;
    case rk::Phase::waiting_for_move: return RisikoMode::move_in;
    case rk::Phase::no_move: break;
  }
  return RisikoMode::watching;
}

std::uint32_t RisikoBoard::draft_total() const {
  std::uint32_t sum = 0;
  for (const auto& [t, n] : draft_) sum += n;
  return sum;
}

std::uint32_t RisikoBoard::allowance() const {
  if (!me_ || !started_) return 0;
  return state_.table.player(*me_).armies_to_place;
}

std::vector<rk::TerritoryId> RisikoBoard::targets() const {
  std::vector<rk::TerritoryId> out;
  if (mode() != RisikoMode::attack || !selected_) return out;
  const rk::CountryInfo& from = state_.table.countries[selected_->value];
  if (from.armies < 2) return out;
  for (rk::TerritoryId n : world_->country(*selected_).neighbours)
    if (!owns(n) || !state_.table.moved) out.push_back(n);
  return out;
}

bool RisikoBoard::target_is_enemy() const { return target_ && !owns(*target_); }

std::uint8_t RisikoBoard::max_dice() const {
  if (!selected_) return 0;
  return rk::max_attacker_dice(state_.table.countries[selected_->value].armies);
}

std::pair<std::uint32_t, std::uint32_t> RisikoBoard::move_in_range() const {
  const auto& pending = state_.table.pending;
  if (!pending) return {0, 0};
  const std::uint32_t available = state_.table.countries[pending->from.value].armies - 1;
  return {std::min<std::uint32_t>(pending->min_armies, available), available};
}

void RisikoBoard::deselect() {
  selected_.reset();
  target_.reset();
}

std::optional<RisikoIntent> RisikoBoard::send(RisikoIntent intent) {
  sent_ = true;
  return intent;
}

std::optional<RisikoIntent> RisikoBoard::click(std::optional<rk::TerritoryId> territory, bool secondary) {
  const RisikoMode m = mode();
  if (!territory) {
    deselect();
    return std::nullopt;
  }
  const rk::TerritoryId t = *territory;
  switch (m) {
    case RisikoMode::initial_placement:
    case RisikoMode::reinforce: {
      if (!owns(t)) return std::nullopt;
      if (secondary) {
        if (auto it = draft_.find(t); it != draft_.end() && --it->second == 0) draft_.erase(it);
      } else if (draft_total() < allowance()) {
        ++draft_[t];
      }
      return std::nullopt;
    }
    case RisikoMode::attack: {
      if (secondary) {
        deselect();
        return std::nullopt;
      }
      if (selected_ && target_ == t && !owns(t)) return attack(max_dice());  // a second click on the target rolls
      if (selected_ && t != *selected_) {
        const auto options = targets();
        if (std::find(options.begin(), options.end(), t) != options.end()) {
          target_ = t;
          return std::nullopt;
        }
      }
      if (selected_ == t) {
        deselect();
      } else if (owns(t) && state_.table.countries[t.value].armies >= 2) {
        selected_ = t;
        target_.reset();
      }
      return std::nullopt;
    }
    case RisikoMode::move_in: {
      // A click on the conquered territory moves in as many armies as may go.
      const auto& pending = state_.table.pending;
      if (pending && pending->to == t && !secondary) return move_in(move_in_range().second);
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

std::optional<RisikoIntent> RisikoBoard::place() {
  const RisikoMode m = mode();
  if (m != RisikoMode::initial_placement && m != RisikoMode::reinforce) return std::nullopt;
  const std::uint32_t total = draft_total();
  if (total == 0 || total > allowance()) return std::nullopt;
  if (m == RisikoMode::initial_placement && total != allowance()) return std::nullopt;
  rk::PlaceArmies place{*me_, {}};
  for (const auto& [t, n] : draft_) place.placements.push_back({t, n});  // ascending: a std::map
  if (m == RisikoMode::reinforce) draft_.clear();
  if (m == RisikoMode::initial_placement) initial_sent_ = true;
  return send(std::move(place));
}

void RisikoBoard::toggle_card(std::uint8_t slot) {
  if (!me_ || slot >= state_.table.player(*me_).hand.size()) return;
  if (!chosen_cards_.erase(slot) && chosen_cards_.size() < 3) chosen_cards_.insert(slot);
}

std::optional<TradeIntent> RisikoBoard::trade_decision() const {
  const RisikoMode m = mode();
  if ((m != RisikoMode::must_trade && m != RisikoMode::reinforce) || chosen_cards_.size() != 3) return std::nullopt;
  TradeIntent t;
  std::copy(chosen_cards_.begin(), chosen_cards_.end(), t.slots.begin());
  rk::TradeCards check{*me_, t.slots, {}};
  for (std::size_t i = 0; i < 3; ++i) {
    if (t.slots[i] >= own_.cards.size() || !own_.cards[t.slots[i]]) return std::nullopt;
    check.cards[i] = *own_.cards[t.slots[i]];
  }
  if (rk::check(knowing(), rk::Decision{check})) return std::nullopt;
  return t;
}

std::optional<RisikoIntent> RisikoBoard::trade() {
  auto t = trade_decision();
  if (!t) return std::nullopt;
  chosen_cards_.clear();
  return send(*t);
}

std::optional<RisikoIntent> RisikoBoard::attack(std::uint8_t dice) {
  if (mode() != RisikoMode::attack || !selected_ || !target_is_enemy()) return std::nullopt;
  rk::AttackOrder order{*me_, *selected_, *target_, dice};
  if (rk::check(state_, rk::Decision{order})) return std::nullopt;
  return send(order);
}

std::optional<RisikoIntent> RisikoBoard::attack_until(std::uint32_t stop_at) {
  if (mode() != RisikoMode::attack || !selected_ || !target_is_enemy()) return std::nullopt;
  rk::MultiAttackOrder order{*me_, *selected_, *target_, stop_at};
  if (rk::check(state_, rk::Decision{order})) return std::nullopt;
  return send(order);
}

std::optional<RisikoIntent> RisikoBoard::move(std::uint32_t armies) {
  if (mode() != RisikoMode::attack || !selected_ || !target_ || target_is_enemy()) return std::nullopt;
  rk::MoveArmies order{*me_, *selected_, *target_, armies};
  if (rk::check(state_, rk::Decision{order})) return std::nullopt;
  deselect();
  return send(order);
}

std::optional<RisikoIntent> RisikoBoard::move_in(std::uint32_t armies) {
  if (mode() != RisikoMode::move_in) return std::nullopt;
  rk::MoveIn order{*me_, armies};
  if (rk::check(state_, rk::Decision{order})) return std::nullopt;
  const rk::TerritoryId from = state_.table.pending->from, to = state_.table.pending->to;
  // Go on attacking from where the armies went, if they can.
  selected_ = state_.table.countries[from.value].armies - armies >= 2 ? from : to;
  target_.reset();
  return send(order);
}

std::optional<RisikoIntent> RisikoBoard::end_turn() {
  if (mode() != RisikoMode::attack) return std::nullopt;
  deselect();
  return send(rk::EndTurn{*me_});
}

bool RisikoBoard::can_claim() const {
  const RisikoMode m = mode();
  if (m != RisikoMode::attack && m != RisikoMode::reinforce && m != RisikoMode::must_trade) return false;
  return own_.mission && !rk::check(knowing(), rk::Decision{rk::ClaimVictory{*me_, *own_.mission}});
}

std::optional<RisikoIntent> RisikoBoard::claim() {
  if (!can_claim()) return std::nullopt;
  return send(ClaimIntent{});
}

std::optional<RisikoIntent> RisikoBoard::leave() {
  const RisikoMode m = mode();
  if (!me_ || m == RisikoMode::out || !started_) return std::nullopt;
  return send(rk::LeaveGame{*me_});
}

}  // namespace parley::ui
