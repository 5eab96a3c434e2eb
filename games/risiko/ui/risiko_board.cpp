#include "games/risiko/ui/risiko_board.hpp"

#include <algorithm>

#include "game/risiko/mission.hpp"
#include "games/risiko/module.hpp"
#include "games/risiko/terminal/risiko_map_text.hpp"
#include "i18n/i18n.hpp"
#include "ui/core/live_game.hpp"
#include "peer/session/risiko_dice.hpp"

namespace parley::ui {

using peer::risiko::RisikoRules;
using peer::risiko::Stage;

std::string colour_name(rk::Colour colour) {
  static constexpr const char* kNames[] = {i18n::tr_noop("Yellow"), i18n::tr_noop("Blue"),   i18n::tr_noop("Red"),
                                           i18n::tr_noop("Black"),  i18n::tr_noop("Purple"), i18n::tr_noop("Green")};
  const auto i = static_cast<std::size_t>(colour);
  return i < std::size(kNames) ? i18n::tr(kNames[i]) : std::string(rk::name(colour));
}

std::string mission_text(const rk::World& world, rk::MissionId id) {
  if (!world.valid(id)) return i18n::trf("mission {0}", id.value + 1);
  const rk::Mission& m = world.mission(id);
  auto occupy = [](std::uint32_t n, std::uint32_t armies) {
    if (armies > 1) return i18n::trf("Occupy {0} territories with at least {1} armies each", n, armies);
    return i18n::trf("Occupy {0} territories", n);
  };
  switch (m.kind) {
    case rk::MissionKind::occupy: return occupy(m.territories, m.min_armies);
    case rk::MissionKind::continents: {
      std::string names;
      for (std::size_t i = 0; i < m.continents.size(); ++i) {
        const std::string& name = cli::risiko_place_name(world.continent(m.continents[i]));
        if (i == 0) names = name;
        else if (i + 1 == m.continents.size() && m.extra_continents == 0) names = i18n::trf("{0} and {1}", names, name);
        else names = i18n::trf("{0}, {1}", names, name);
      }
      if (m.extra_continents == 1) return i18n::trf("Conquer {0} and a third continent of your choice", names);
      if (m.extra_continents > 1) return i18n::trf("Conquer {0} and {1} more continents", names, m.extra_continents);
      return i18n::trf("Conquer {0}", names);
    }
    case rk::MissionKind::destroy:
      return i18n::trf("Destroy the {0} armies (if they are yours, absent, or destroyed by someone else: {1})",
                       colour_name(m.target), occupy(m.territories, 1));
  }
  return {};
}

std::optional<rk::MissionId> claimed_mission(const rk::Table& table) {
  if (table.end != rk::EndReason::mission || !table.winner || table.winner->index >= table.players.size())
    return std::nullopt;
  return table.player(*table.winner).revealed_mission;
}

std::string symbol_name(rk::Symbol symbol) {
  switch (symbol) {
    case rk::Symbol::infantry: return i18n::tr("infantry");
    case rk::Symbol::cavalry: return i18n::tr("cavalry");
    case rk::Symbol::artillery: return i18n::tr("artillery");
    case rk::Symbol::joker: return i18n::tr("Joker");
  }
  return "?";
}

std::string card_text(const rk::World& world, rk::CardId id) {
  if (!world.valid(id)) return i18n::trf("card {0}", id.value);
  const rk::Card& c = world.card(id);
  if (!c.territory) return i18n::tr("Joker");
  return i18n::trf("{0} ({1})", cli::risiko_place_name(world.country(*c.territory)), symbol_name(c.symbol));
}

// ---- RisikoTracker -----------------------------------------------------------------------------

namespace {

std::string territory_words(const rk::World& world, rk::TerritoryId t) {
  return world.valid(t) ? cli::risiko_place_name(world.country(t)) : std::string("?");
}

// An attack order in words, as the tracker's log tells it (the dice come with the answer).
std::string attack_order_words(const rk::World& world, const std::string& who, const peer::risiko::AttackMessage& m) {
  if (const auto* a = std::get_if<rk::AttackOrder>(&m.order))
    return i18n::trnf("{0} attacks {1} from {2} with {3} die", "{0} attacks {1} from {2} with {3} dice", a->dice, who,
                      territory_words(world, a->to), territory_words(world, a->from), a->dice);
  const auto& o = std::get<rk::MultiAttackOrder>(m.order);
  return i18n::trnf("{0} attacks {1} from {2} until it falls or {3} army is left",
                    "{0} attacks {1} from {2} until it falls or {3} armies are left", o.stop_at, who,
                    territory_words(world, o.to), territory_words(world, o.from), o.stop_at);
}

// The dice high to low, as they are compared: "6-4-1".
std::string faces(const rk::Dice& d) {
  std::vector<std::uint8_t> values(d.values.begin(), d.values.begin() + std::min<std::size_t>(d.count, d.values.size()));
  std::sort(values.begin(), values.end(), std::greater<>());
  std::string f;
  for (std::size_t i = 0; i < values.size(); ++i) f += (i ? "-" : "") + std::to_string(values[i]);
  return f;
}


}  // namespace

std::optional<rk::Action> risiko_engine_action(const peer::risiko::Message& message, game::Seat seat, const rk::State& before,
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

std::string risiko_roll_words(const std::vector<rk::Roll>& rounds) {
  std::string words;
  const std::size_t shown = std::min<std::size_t>(rounds.size(), 4);
  for (std::size_t i = 0; i < shown; ++i) {
    const std::string round = i18n::trf("{0} against {1}", faces(rounds[i].attacker), faces(rounds[i].defender));
    words = i == 0 ? round : i18n::trf("{0}, {1}", words, round);
  }
  if (rounds.size() > shown) words = i18n::trf("{0}, ... ({1} rounds)", words, rounds.size());
  return words;
}

void RisikoTracker::after_entry(const peer::Session& session, const SeatNamer& name) {
  if (session.rules().game() != peer::risiko::kRisikoGame) return;
  const RisikoRules& rules = parley::games::risiko::rules_of(session);
  const rk::World& world = rules.world();
  if (rules.started() && !before_) {
    before_ = rules.state();
    actions_seen_ = session.actions().size();
    std::string order;
    for (game::Seat s : rules.state().table.turn_order) order += (order.empty() ? "" : ", ") + name(s);
    log_.push_back(i18n::trf("The territories are dealt; turn order: {0}", order));
  }
  for (; before_ && actions_seen_ < session.actions().size(); ++actions_seen_) {
    const peer::ActionRecord& record = session.actions()[actions_seen_];
    auto message = peer::risiko::decode_message(record.message);
    if (!message) continue;
    if (const auto* attack = std::get_if<peer::risiko::AttackMessage>(&*message)) {
      // The order; its dice come with the answer.
      log_.push_back(attack_order_words(world, name(record.seat), *attack));
      continue;
    }
    auto action = risiko_engine_action(*message, record.seat, *before_, roll_before_, rules.session());
    if (!action) continue;
    auto step = rk::play(*before_, *action);
    if (!step || !(step->state.table == rules.state().table)) {
      // Not what the session did (a refusal, or a departure in the same entry): its own words.
      // (The rules' own words, which are English: a rare case.)
      log_.push_back(name(record.seat) + ": " + rules.describe_action(record.seat, record.message));
      continue;
    }
    say_events(step->events, world, name, record.seat);
  }
  for (; events_seen_ < session.events().size(); ++events_seen_) {
    const peer::SessionEvent& e = session.events()[events_seen_];
    const std::string who = e.seat ? name(*e.seat) : std::string("?");
    if (e.kind == peer::SessionEvent::Kind::blame) log_.push_back(i18n::trf("{0} is caught: {1}", who, e.text));
    if (e.kind == peer::SessionEvent::Kind::timeout)
      log_.push_back(i18n::trf("{0} ran out of time and leaves the game", who));
  }
  if (rules.started()) {
    before_ = rules.state();
    roll_before_ = rules.pending_roll();
  }
}

void RisikoTracker::say_events(const std::vector<rk::Event>& events, const rk::World& world, const SeatNamer& name,
                               std::optional<game::Seat> actor) {
  auto where = [&](rk::TerritoryId t) { return territory_words(world, t); };
  std::string placed;
  std::optional<std::size_t> conquest;  // where the first conquest's line is in the log
  std::optional<RisikoRollShown> roll;
  for (const rk::Event& event : events) {
    std::visit(
        [&](const auto& e) {
          using E = std::decay_t<decltype(e)>;
          if constexpr (std::is_same_v<E, rk::ArmiesPlaced>) {
            const std::string here = i18n::trf("{0} on {1}", e.armies, where(e.territory));
            placed = placed.empty() ? here : i18n::trf("{0}, {1}", placed, here);
          } else if constexpr (std::is_same_v<E, rk::TurnStarted>) {
            log_.push_back(i18n::trf("Turn {0}: {1}", e.turn, name(e.seat)));
          } else if constexpr (std::is_same_v<E, rk::ArmiesAdded>) {
            const unsigned long total = e.armies.total();
            log_.push_back(e.armies.continents > 0
                               ? i18n::trnf("{0} receives {1} army ({2} for continents)",
                                            "{0} receives {1} armies ({2} for continents)", total, name(e.seat), total,
                                            e.armies.continents)
                               : i18n::trnf("{0} receives {1} army", "{0} receives {1} armies", total, name(e.seat), total));
          } else if constexpr (std::is_same_v<E, rk::CardsTraded>) {
            log_.push_back(i18n::trnf("{0} trades {1}, {2} and {3} for {4} army", "{0} trades {1}, {2} and {3} for {4} armies",
                                      e.armies, name(e.seat), card_text(world, e.cards[0]), card_text(world, e.cards[1]),
                                      card_text(world, e.cards[2]), e.armies));
          } else if constexpr (std::is_same_v<E, rk::BattleFought>) {
            if (!roll) roll = RisikoRollShown{e.attacker, e.defender, e.from, e.to, {}, {}, false};
            roll->rounds.push_back(e.roll);
            roll->losses.attacker = static_cast<std::uint8_t>(std::min(255, roll->losses.attacker + e.losses.attacker));
            roll->losses.defender = static_cast<std::uint8_t>(std::min(255, roll->losses.defender + e.losses.defender));
          } else if constexpr (std::is_same_v<E, rk::TerritoryConquered>) {
            if (roll) roll->conquered = true;
            if (!conquest) conquest = log_.size();
            log_.push_back(i18n::trf("{0} conquers {1} from {2}", name(e.seat), where(e.territory), name(e.previous_owner)));
          } else if constexpr (std::is_same_v<E, rk::PlayerEliminated>) {
            log_.push_back(i18n::trnf("{0} is eliminated by {1} ({2} card taken)", "{0} is eliminated by {1} ({2} cards taken)",
                                      e.cards_taken, name(e.seat), name(e.by), e.cards_taken));
          } else if constexpr (std::is_same_v<E, rk::ArmiesMovedIn>) {
            log_.push_back(i18n::trnf("{0} moves {1} army into {2}", "{0} moves {1} armies into {2}", e.armies, name(e.seat),
                                      e.armies, where(e.to)));
          } else if constexpr (std::is_same_v<E, rk::ArmiesMoved>) {
            log_.push_back(i18n::trnf("{0} moves {1} army from {2} to {3}", "{0} moves {1} armies from {2} to {3}", e.armies,
                                      name(e.seat), e.armies, where(e.from), where(e.to)));
          } else if constexpr (std::is_same_v<E, rk::DeckReshuffled>) {
            log_.push_back(i18n::trnf("The {0} traded card is shuffled into a new deck",
                                      "The {0} traded cards are shuffled into a new deck", e.cards, e.cards));
          } else if constexpr (std::is_same_v<E, rk::CardDrawn>) {
            log_.push_back(i18n::trf("{0} draws a card", name(e.seat)));
          } else if constexpr (std::is_same_v<E, rk::PlayerLeft>) {
            log_.push_back(i18n::trf("{0} leaves the game", name(e.seat)));
          } else if constexpr (std::is_same_v<E, rk::MissionRevealed>) {
            log_.push_back(i18n::trf("{0} reveals the mission: {1}", name(e.seat), mission_text(world, e.mission)));
          } else if constexpr (std::is_same_v<E, rk::GameEnded>) {
            log_.push_back(e.winner ? i18n::trf("Game over: {0} wins ({1})", name(*e.winner),
                                                outcome_reason_words(rk::describe(e.reason)))
                                    : std::string(i18n::tr("Game over")));
          }
        },
        event);
  }
  if (!placed.empty() && actor) log_.push_back(i18n::trf("{0} places {1}", name(*actor), placed));
  if (roll) {
    const std::string rounds = risiko_roll_words(roll->rounds);
    const std::string s = i18n::trf("{0} attacks {1} ({2}) from {3}: {4}; losses {5} to {6}", name(roll->attacker),
                                    where(roll->to), name(roll->defender), where(roll->from), rounds,
                                    roll->losses.attacker, roll->losses.defender);
    // The battle comes before the conquest it led to.
    auto it = roll->conquered && conquest ? log_.begin() + static_cast<std::ptrdiff_t>(*conquest) : log_.end();
    log_.insert(it, s);
    last_roll_ = std::move(roll);
  }
}

// ---- RisikoBoard -------------------------------------------------------------------------------

std::string_view describe(RisikoMode mode) {
  switch (mode) {
    case RisikoMode::watching: return i18n::trc("risiko mode", "watching");
    case RisikoMode::initial_placement: return i18n::trc("risiko mode", "initial placement");
    case RisikoMode::placement_committed: return i18n::trc("risiko mode", "placement committed");
    case RisikoMode::must_trade: return i18n::trc("risiko mode", "must trade");
    case RisikoMode::reinforce: return i18n::trc("risiko mode", "reinforce");
    case RisikoMode::attack: return i18n::trc("risiko mode", "attack");
    case RisikoMode::move_in: return i18n::trc("risiko mode", "move in");
    case RisikoMode::sent: return i18n::trc("risiko mode", "sent");
    case RisikoMode::out: return i18n::trc("risiko mode", "out");
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
