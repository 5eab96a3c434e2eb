#include "peer/session/risiko_rules.hpp"

#include <algorithm>
#include <cassert>

#include "crypto/commitment.hpp"
#include "crypto/dice.hpp"
#include "crypto/shuffle.hpp"
#include "crypto/stream.hpp"
#include "game/risiko/setup.hpp"
#include "peer/session/risiko_dice.hpp"

namespace parley::peer::risiko {

namespace {

namespace rk = game::risiko;

constexpr crypto::DomainLabel kPlacementLabel{"risiko-placement"};
constexpr std::string_view kAbandoned = "abandoned during the deal";

game::Bytes placement_context(const crypto::SessionId& session, Seat seat) {
  game::ByteWriter out;
  out.raw(session.bytes);
  out.u8(seat.index);
  return std::move(out).take();
}

std::uint32_t total_armies(const rk::PlaceArmies& p) {
  std::uint64_t total = 0;
  for (const auto& x : p.placements) total += x.armies;
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(total, UINT32_MAX));
}

}  // namespace

std::string_view describe(Stage stage) {
  switch (stage) {
    case Stage::keys: return "deck keys";
    case Stage::decks: return "shuffling the decks";
    case Stage::missions: return "dealing the missions";
    case Stage::placement_commit: return "initial placement (commitments)";
    case Stage::placement_reveal: return "initial placement (reveals)";
    case Stage::play: return "play";
    case Stage::over: return "over";
  }
  return "stage";
}

crypto::CommittedValue commit_placement(const crypto::SessionId& session, Seat seat,
                                        std::span<const std::uint8_t> placement) {
  auto context = placement_context(session, seat);
  return crypto::commit_hash({kPlacementLabel, context}, placement);
}

bool placement_opens(const crypto::SessionId& session, Seat seat, const crypto::HashCommitment& commitment,
                     const crypto::CommitmentOpening& opening) {
  auto context = placement_context(session, seat);
  return crypto::verify_commitment(commitment, {kPlacementLabel, context}, opening);
}

RisikoRules::RisikoRules(std::size_t seats, RisikoOptions options, std::shared_ptr<const rk::World> world)
    : options_(std::move(options)),
      world_(std::move(world)),
      state_(rk::new_game(world_, rk::Options{options_.dice})),
      seats_(seats) {}

game::Result<std::unique_ptr<GameRules>, RulesError> make_risiko_rules(std::size_t seats,
                                                                       const RoomOptions& options) {
  auto decoded = decode_risiko_options(options.game_options);
  if (!decoded) return RulesError::bad_options;
  auto world = load_world(*decoded);
  if (!world) return RulesError::bad_options;
  if (seats < static_cast<std::size_t>(rk::kMinPlayers) || seats > static_cast<std::size_t>(rk::kMaxPlayers) ||
      !world->supports(seats))
    return RulesError::bad_seat_count;
  return std::unique_ptr<GameRules>(std::make_unique<RisikoRules>(seats, std::move(decoded).value(), world));
}

crypto::DeckContext RisikoRules::deck_context(std::uint32_t number) const {
  assert(start_);
  return crypto::DeckContext{start_->session, crypto::derive_deck_id(start_->session, number)};
}

const Deal* RisikoRules::deal(std::uint32_t deck, std::uint16_t position) const {
  auto it = deals_.find({deck, position});
  return it == deals_.end() ? nullptr : &it->second;
}

std::vector<Seat> RisikoRules::active_seats() const {
  std::vector<Seat> out;
  for (std::uint8_t i = 0; i < seats_.size(); ++i)
    if (!seats_[i].departed) out.push_back(Seat{i});
  return out;
}

// ---- Setup and start -------------------------------------------------------------------------

Verdict RisikoRules::setup(Seat, std::span<const std::uint8_t> data) {
  // Everything Risiko needs from a seat depends on the session id or the seed: it is posted in
  // play (keys stage), so the setup carries nothing.
  if (!data.empty()) return Rejection{Refusal::no_setup_data};
  return Accepted{};
}

void RisikoRules::begin(const GameStart& start) {
  start_ = start;
  // Seat order and territory deal from the beacon (game/risiko/setup.hpp); colour i to seat i.
  crypto::DeterministicStream stream(start.seed.bytes);
  std::vector<rk::Colour> colours;
  for (std::size_t i = 0; i < seats_.size(); ++i) colours.push_back(static_cast<rk::Colour>(i));
  auto deal = rk::deal_game(*world_, std::move(colours), [&](std::uint32_t bound) { return stream.below(bound); });
  history_.push_back(rk::Action{std::move(deal)});
  auto step = rk::play(state_, history_.back());
  // The deal is valid by construction (tests/game/risiko check deal_game); the world supports
  // this many seats (make_risiko_rules).
  state_ = std::move(step).value().state;
  stage_ = Stage::keys;
}

// ---- Awaited ---------------------------------------------------------------------------------

bool RisikoRules::owes_key(Seat s) const {
  return stage_ == Stage::keys && !seats_[s.index].departed && !seats_[s.index].key;
}

std::vector<std::uint32_t> RisikoRules::shuffles_due(Seat s) const {
  std::vector<std::uint32_t> out;
  if (stage_ != Stage::decks && stage_ != Stage::play) return out;
  // Decks are shuffled one after another, except the two initial decks, shuffled together.
  for (const auto& [number, deck] : decks_) {
    if (deck.ready()) continue;
    if (deck.next_shuffler() != s) break;
    out.push_back(number);
    if (stage_ != Stage::decks) break;
  }
  return out;
}

bool RisikoRules::deal_complete(const Deal& d) const {
  for (std::uint8_t i = 0; i < seats_.size(); ++i)
    if (i != d.holder.index && !d.shares.contains(i)) return false;
  return true;
}

std::vector<std::pair<std::uint32_t, std::uint16_t>> RisikoRules::shares_owed(Seat s) const {
  std::vector<std::pair<std::uint32_t, std::uint16_t>> out;
  if (seats_[s.index].departed) return out;
  if (stage_ != Stage::missions && stage_ != Stage::play) return out;
  for (const auto& [where, d] : deals_) {
    if (d.holder == s || d.shares.contains(s.index)) continue;
    if (!decks_.at(d.deck).ready()) continue;
    out.push_back(where);
  }
  return out;
}

bool RisikoRules::owes_placement_commit(Seat s) const {
  return stage_ == Stage::placement_commit && state_.table.playing(s) && !seats_[s.index].placement;
}

bool RisikoRules::owes_placement_reveal(Seat s) const {
  return stage_ == Stage::placement_reveal && state_.table.playing(s) && !seats_[s.index].placed;
}

bool RisikoRules::owes_dice(Seat s) const { return roll_ && roll_->responder == s; }

bool RisikoRules::owes_transfer(Seat s) const { return transfer_ && transfer_->from == s; }

bool RisikoRules::owes_dispute_reveal(Seat s) const { return dispute_ && dispute_->from == s; }

bool RisikoRules::blocked() const {
  if (transfer_ || dispute_ || roll_) return true;
  for (const auto& [n, deck] : decks_)
    if (!deck.ready()) return true;
  for (const auto& [where, d] : deals_)
    if (!deal_complete(d)) return true;
  return false;
}

bool RisikoRules::deciding(Seat s) const {
  if (stage_ != Stage::play || blocked() || outcome()) return false;
  const auto& t = state_.table;
  return t.turn > 0 && t.playing(s) && t.current_player() == s && t.phase != rk::Phase::no_move;
}

std::vector<Seat> RisikoRules::awaited() const {
  std::vector<Seat> out;
  if (outcome()) return out;
  for (std::uint8_t i = 0; i < seats_.size(); ++i) {
    const Seat s{i};
    if (seats_[i].departed) continue;
    if (owes_key(s) || !shuffles_due(s).empty() || !shares_owed(s).empty() || owes_placement_commit(s) ||
        owes_placement_reveal(s) || owes_dice(s) || owes_transfer(s) || owes_dispute_reveal(s) || deciding(s))
      out.push_back(s);
  }
  return out;
}

bool RisikoRules::thinking(Seat s) const { return owes_placement_commit(s) || deciding(s); }

// ---- Messages --------------------------------------------------------------------------------

Verdict RisikoRules::act(Seat seat, std::span<const std::uint8_t> bytes, const ActionContext&) {
  if (!start_) return Rejection{Refusal::not_begun};
  if (outcome()) return Rejection{Refusal::game_over};
  if (seats_[seat.index].departed) return Rejection{Refusal::seat_left};
  auto message = decode_message(bytes);
  if (!message) return Rejection{Refusal::malformed, {std::string(describe(message.error()))}};
  // A hand-over can be disputed only by its recipient's next message.
  if (disputable_ && disputable_->to == seat && !std::holds_alternative<DisputeMessage>(*message)) disputable_.reset();
  Check fault = std::visit([&](const auto& m) { return on(seat, m); }, *message);
  if (fault) {
    fault->detail.insert(fault->detail.begin(), std::string(kind_name(*message)));
    return std::move(*fault);
  }
  advance_stage();
  return Accepted{};
}

RisikoRules::Check RisikoRules::on(Seat seat, const DeckKeyMessage& m) {
  if (stage_ != Stage::keys) return Rejection{RisikoRefusal::keys_closed};
  SeatProtocol& me = seats_[seat.index];
  if (me.key) return Rejection{RisikoRefusal::second_key};
  if (!crypto::verify_schnorr(deck_context(kMissionDeck).key_proof(seat), m.key.public_key, m.key.proof))
    return Rejection{RisikoRefusal::key_proof_fails};
  me.key = m.key;
  me.chain.emplace(start_->session, seat, m.chain_anchor);
  me.chain_length = m.chain_length;
  me.box_key = m.box_key;
  return std::nullopt;
}

RisikoRules::Check RisikoRules::on(Seat seat, const ShuffleMessage& m) {
  const std::vector<std::uint32_t> due = shuffles_due(seat);
  if (due.empty()) return not_due(RisikoRefusal::not_shuffle_turn);
  assert(joint_ && "decks are shuffled once every key is in");
  if (m.decks.size() != due.size())
    return not_due(RisikoRefusal::wrong_deck_count, {std::to_string(m.decks.size()), std::to_string(due.size())});
  for (std::size_t i = 0; i < due.size(); ++i) {
    if (m.decks[i].deck != due[i]) return not_due(RisikoRefusal::wrong_deck, {std::to_string(m.decks[i].deck)});
    const MentalDeck& deck = decks_.at(due[i]);
    if (!crypto::verify_shuffle(deck_context(deck.number), seat, *joint_, deck.cards, m.decks[i].cards,
                                m.decks[i].proof))
      return Rejection{RisikoRefusal::shuffle_proof_fails, {std::to_string(deck.number)}};
  }
  for (std::size_t i = 0; i < due.size(); ++i) {
    MentalDeck& deck = decks_.at(due[i]);
    deck.cards = m.decks[i].cards;
    ++deck.shuffled;
  }
  return std::nullopt;
}

RisikoRules::Check RisikoRules::on(Seat seat, const SharesMessage& m) {
  auto owed = shares_owed(seat);
  assert(joint_ || owed.empty());
  std::set<std::pair<std::uint32_t, std::uint16_t>> seen;
  for (const ShareEntry& e : m.shares) {
    const std::pair<std::uint32_t, std::uint16_t> where{e.deck, e.position};
    std::vector<std::string> card{std::to_string(e.deck), std::to_string(e.position)};
    if (!seen.insert(where).second) return Rejection{RisikoRefusal::second_share, std::move(card)};
    if (std::find(owed.begin(), owed.end(), where) == owed.end())
      return not_due(RisikoRefusal::share_not_owed, std::move(card));
    const MentalDeck& deck = decks_.at(e.deck);
    if (!crypto::verify_share(deck_context(e.deck), seat, *joint_, crypto::CardPosition{e.position},
                              deck.cards.at(e.position), e.share))
      return Rejection{RisikoRefusal::share_proof_fails, std::move(card)};
  }
  for (const ShareEntry& e : m.shares) deals_.at({e.deck, e.position}).shares.emplace(seat.index, e.share.share);
  if (stage_ == Stage::missions) seats_[seat.index].shared_missions = shares_owed(seat).empty();
  return std::nullopt;
}

RisikoRules::Check RisikoRules::on(Seat seat, const PlacementCommitMessage& m) {
  if (!owes_placement_commit(seat)) return not_due(RisikoRefusal::commit_not_due);
  seats_[seat.index].placement = m.commitment;
  return std::nullopt;
}

RisikoRules::Check RisikoRules::on(Seat seat, const PlacementRevealMessage& m) {
  if (!owes_placement_reveal(seat)) return not_due(RisikoRefusal::reveal_not_due);
  assert(seats_[seat.index].placement && "every seat still playing committed before the reveals");
  crypto::CommitmentOpening opening(m.placement, crypto::SecretBytes<crypto::kCommitmentNonceBytes>::copy_of(m.nonce));
  if (!placement_opens(start_->session, seat, *seats_[seat.index].placement, opening))
    return Rejection{RisikoRefusal::placement_mismatch};
  auto action = rk::decode_action(m.placement);
  if (!action || !std::holds_alternative<rk::PlaceArmies>(*action)) return Rejection{RisikoRefusal::not_a_placement};
  const auto& place = std::get<rk::PlaceArmies>(*action);
  if (place.seat != seat) return Rejection{RisikoRefusal::placement_wrong_seat};
  const std::uint32_t allowance = state_.table.player(seat).armies_to_place;
  if (total_armies(place) != allowance)
    return Rejection{RisikoRefusal::placement_wrong_total,
                     {std::to_string(total_armies(place)), std::to_string(allowance)}};
  if (auto f = apply(*action)) return f;
  seats_[seat.index].placed = true;
  return std::nullopt;
}

RisikoRules::Check RisikoRules::on(Seat seat, const AttackMessage& m) {
  if (stage_ != Stage::play || blocked()) return not_due(RisikoRefusal::attack_not_now);
  const Seat orderer = std::visit([](const auto& o) { return o.seat; }, m.order);
  if (orderer != seat) return Rejection{RisikoRefusal::order_wrong_seat};
  auto illegal = std::visit([&](const auto& o) { return rk::check(state_, rk::Decision{o}); }, m.order);
  if (illegal) return Rejection{*illegal};
  SeatProtocol& me = seats_[seat.index];
  assert(me.chain && "play begins once every seat announced its key and chain");
  if (me.chain->accepted() >= me.chain_length) return Rejection{RisikoRefusal::chain_used_up};
  if (!me.chain->accept(m.value)) return Rejection{RisikoRefusal::attacker_chain_fails};
  PendingRoll roll{rolls_++, m.order, m.value, seat, {}};
  auto responder = stand_in(roll);
  if (!responder) return std::nullopt;  // nobody can answer: the attack does not happen
  roll.responder = *responder;
  roll.asked.insert(responder->index);
  roll_ = std::move(roll);
  return std::nullopt;
}

bool RisikoRules::has_chain_values(Seat s) const {
  const SeatProtocol& p = seats_[s.index];
  return !p.departed && p.chain && p.chain->accepted() < p.chain_length;
}

// The defender answers; if it cannot (it left, or its chain is used up), the first active seat
// after the attacker in turn order that has not been asked yet and has chain values left.
std::optional<Seat> RisikoRules::stand_in(const PendingRoll& roll) const {
  const Seat attacker = std::visit([](const auto& o) { return o.seat; }, roll.order);
  const rk::TerritoryId to = std::visit([](const auto& o) { return o.to; }, roll.order);
  const Seat defender = state_.table.countries[to.value].owner;
  if (!roll.asked.contains(defender.index) && has_chain_values(defender)) return defender;
  const auto& order = state_.table.turn_order;
  const auto at = std::find(order.begin(), order.end(), attacker) - order.begin();
  for (std::size_t k = 1; k < order.size(); ++k) {
    const Seat s = order[(static_cast<std::size_t>(at) + k) % order.size()];
    if (s != attacker && !roll.asked.contains(s.index) && has_chain_values(s)) return s;
  }
  return std::nullopt;
}

RisikoRules::Check RisikoRules::on(Seat seat, const DiceMessage& m) {
  if (!owes_dice(seat)) return not_due(RisikoRefusal::dice_not_due);
  if (m.roll != roll_->number)
    return not_due(RisikoRefusal::wrong_roll, {std::to_string(m.roll), std::to_string(roll_->number)});
  assert(seats_[seat.index].chain && "a responder has chain values (stand_in)");
  if (!seats_[seat.index].chain->accept(m.value)) return Rejection{RisikoRefusal::dice_chain_fails};
  const PendingRoll roll = std::move(*roll_);
  roll_.reset();
  auto action = rolled(roll, m.value);
  // The order was legal when it was made and nothing has happened since (play was blocked).
  if (!action) return Rejection{action.error()};
  return apply(*action);
}

// The attack a roll's second chain value completes: the dice drawn from both values.
game::Result<rk::Action, rk::Error> RisikoRules::rolled(const PendingRoll& roll,
                                                        const crypto::ChainValue& second) const {
  assert(start_);
  DieStream dice(crypto::dice_seed(start_->session, roll.number, roll.first, second));
  return std::visit(
      [&](const auto& o) -> game::Result<rk::Action, rk::Error> {
        using O = std::decay_t<decltype(o)>;
        if constexpr (std::is_same_v<O, rk::AttackOrder>) {
          auto a = rk::roll_attack(state_, o, dice.source());
          if (!a) return a.error();
          return rk::Action{*a};
        } else {
          auto a = rk::roll_multi_attack(state_, o, dice.source());
          if (!a) return a.error();
          return rk::Action{*a};
        }
      },
      roll.order);
}

RisikoRules::Check RisikoRules::on(Seat seat, const PlayMessage& m) {
  if (stage_ != Stage::play) return Rejection{RisikoRefusal::play_before_play};
  if (blocked()) return not_due(RisikoRefusal::step_pending);
  if (rk::actor(m.action) != seat) return Rejection{Refusal::wrong_seat};
  return apply(m.action);
}

game::Result<std::uint16_t, Rejection> RisikoRules::open_with(const Deal& d, Seat share_seat,
                                                               const crypto::CardShare& share,
                                                               std::optional<std::size_t> card_number) const {
  auto refuse = [&](RisikoRefusal as_card, RisikoRefusal as_mission, std::vector<std::string> detail = {}) {
    if (!card_number) return Rejection{as_mission, std::move(detail)};
    detail.insert(detail.begin(), std::to_string(*card_number));
    return Rejection{as_card, std::move(detail)};
  };
  assert(joint_);
  const MentalDeck& deck = decks_.at(d.deck);
  const crypto::MaskedCard& card = deck.cards.at(d.position);
  if (!crypto::verify_share(deck_context(d.deck), share_seat, *joint_, crypto::CardPosition{d.position}, card, share))
    return refuse(RisikoRefusal::card_share_fails, RisikoRefusal::mission_share_fails);
  std::vector<crypto::Point> points;
  for (std::uint8_t i = 0; i < seats_.size(); ++i)
    points.push_back(i == share_seat.index ? share.share : d.shares.at(i));
  auto opened = crypto::unmask(*deck.table, card, points);
  if (!opened)
    return refuse(RisikoRefusal::card_unopened, RisikoRefusal::mission_unopened,
                  {std::string(crypto::describe(opened.error().failure))});
  // The table holds every card of the game; this deck only its contents (a reshuffled pile).
  if (std::find(deck.contents.begin(), deck.contents.end(), opened->value) == deck.contents.end())
    return refuse(RisikoRefusal::card_not_in_deck, RisikoRefusal::mission_not_in_deck);
  return opened->value;
}

RisikoRules::Check RisikoRules::on(Seat seat, const TradeMessage& m) {
  if (stage_ != Stage::play || blocked()) return not_due(RisikoRefusal::trade_not_now);
  const auto& hand = state_.table.player(seat).hand;
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string slot = std::to_string(m.slots[i]);
    if (m.slots[i] >= hand.size()) return Rejection{RisikoRefusal::empty_slot, {slot}};
    const rk::DeckPosition p = hand[m.slots[i]];
    const Deal* d = deal(card_deck_number(p.epoch), p.position);
    if (d == nullptr) return Rejection{RisikoRefusal::undealt_slot, {slot}};
    auto card = open_with(*d, d->holder, m.shares[i], i + 1);
    if (!card) return card.error();
    if (*card != m.cards[i].value)
      return Rejection{RisikoRefusal::trade_wrong_card, {slot, std::to_string(*card), std::to_string(m.cards[i].value)}};
  }
  return apply(rk::TradeCards{seat, m.slots, m.cards});
}

RisikoRules::Check RisikoRules::on(Seat seat, const ClaimMessage& m) {
  if (stage_ != Stage::play || blocked()) return not_due(RisikoRefusal::claim_not_now);
  const Deal* d = deal(kMissionDeck, seat.index);
  assert(d && "a seat still in play holds its dealt mission");
  auto mission = open_with(*d, seat, m.share, std::nullopt);
  if (!mission) return mission.error();
  if (*mission != m.mission.value)
    return Rejection{RisikoRefusal::wrong_mission, {std::to_string(m.mission.value), std::to_string(*mission)}};
  return apply(rk::ClaimVictory{seat, m.mission});
}

RisikoRules::Check RisikoRules::on(Seat seat, const LeaveMessage& m) {
  if (m.key) {
    const auto& announced = seats_[seat.index].key;
    if (!announced) return Rejection{RisikoRefusal::unannounced_key};
    if (*m.key * crypto::Point::base() != announced->public_key) return Rejection{RisikoRefusal::wrong_key};
  }
  depart(seat, m.key);
  return std::nullopt;
}

RisikoRules::Check RisikoRules::on(Seat seat, const TransferMessage& m) {
  if (!owes_transfer(seat)) return not_due(RisikoRefusal::transfer_not_due);
  const PendingTransfer t = *transfer_;
  if (m.transfers.size() != t.positions.size())
    return Rejection{RisikoRefusal::transfer_wrong_count,
                     {std::to_string(m.transfers.size()), std::to_string(t.positions.size())}};
  for (std::size_t i = 0; i < t.positions.size(); ++i)
    if (m.transfers[i].holder != deals_.at({card_deck_number(t.positions[i].epoch), t.positions[i].position}).holder)
      return Rejection{RisikoRefusal::transfer_wrong_holder, {std::to_string(i + 1)}};
  // The sealed shares are for the conqueror's eyes: it checks them (crypto::receive_transfer).
  for (std::size_t i = 0; i < t.positions.size(); ++i)
    deals_.at({card_deck_number(t.positions[i].epoch), t.positions[i].position})
        .transfers.push_back({t.from, t.to, m.transfers[i]});
  transfer_.reset();
  disputable_ = t;
  return std::nullopt;
}

// The recipient says a sealed share does not open or does not prove: nobody else can tell who
// is right, so the eliminated seat settles it by publishing the shares (the cards become
// public); if it cannot, it is blamed and the cards leave play.
RisikoRules::Check RisikoRules::on(Seat seat, const DisputeMessage&) {
  if (!disputable_ || disputable_->to != seat) return not_due(RisikoRefusal::dispute_not_due);
  dispute_ = std::move(disputable_);
  disputable_.reset();
  if (seats_[dispute_->from.index].departed) {
    lose(dispute_->to, dispute_->positions);
    dispute_.reset();
  }
  return std::nullopt;
}

RisikoRules::Check RisikoRules::on(Seat seat, const DisputeRevealMessage& m) {
  if (!owes_dispute_reveal(seat)) return not_due(RisikoRefusal::dispute_reveal_not_due);
  const PendingTransfer& t = *dispute_;
  if (m.shares.size() != t.positions.size())
    return Rejection{RisikoRefusal::dispute_wrong_count,
                     {std::to_string(m.shares.size()), std::to_string(t.positions.size())}};
  for (std::size_t i = 0; i < t.positions.size(); ++i) {
    const Deal& d = deals_.at({card_deck_number(t.positions[i].epoch), t.positions[i].position});
    if (auto card = open_with(d, d.holder, m.shares[i], i + 1); !card) return card.error();
  }
  for (std::size_t i = 0; i < t.positions.size(); ++i)
    deals_.at({card_deck_number(t.positions[i].epoch), t.positions[i].position}).public_holder_share = m.shares[i];
  dispute_.reset();
  return std::nullopt;
}

// ---- Engine and events -----------------------------------------------------------------------

RisikoRules::Check RisikoRules::apply(const rk::Action& action) {
  auto step = rk::play(state_, action);
  if (!step) return Rejection{step.error()};
  history_.push_back(action);
  state_ = std::move(step->state);
  follow(step->events);
  return std::nullopt;
}

void RisikoRules::follow(const std::vector<rk::Event>& events) {
  for (const rk::Event& e : events) {
    if (const auto* r = std::get_if<rk::DeckReshuffled>(&e)) {
      if (dead_) continue;
      std::vector<std::uint16_t> contents;
      for (rk::CardId c : state_.table.deck.epoch(r->epoch)->contents) contents.push_back(c.value);
      form_deck(card_deck_number(r->epoch), std::move(contents));
    } else if (const auto* d = std::get_if<rk::CardDrawn>(&e)) {
      if (dead_)
        lose(d->seat, {d->position});
      else
        deal(card_deck_number(d->position.epoch), d->position.position, d->seat);
    } else if (const auto* x = std::get_if<rk::PlayerEliminated>(&e)) {
      if (x->cards_taken == 0) continue;
      const auto& hand = state_.table.player(x->by).hand;
      PendingTransfer t{x->seat, x->by, {hand.end() - x->cards_taken, hand.end()}};
      if (seats_[x->seat.index].departed)
        lose(x->by, t.positions);
      else
        transfer_ = std::move(t);
    }
  }
}

void RisikoRules::form_deck(std::uint32_t number, std::vector<std::uint16_t> contents) {
  assert(start_);
  MentalDeck deck;
  deck.number = number;
  const std::size_t table_size = number == kMissionDeck ? world_->missions.size() : world_->cards.size();
  deck.table = std::make_shared<const crypto::CardTable>(crypto::derive_deck_id(start_->session, number), table_size);
  for (std::uint16_t c : contents)
    deck.cards.push_back({crypto::Point::identity(), deck.table->point(crypto::CardIndex{c})});
  deck.contents = std::move(contents);
  deck.shufflers = active_seats();
  decks_[number] = std::move(deck);
}

void RisikoRules::deal(std::uint32_t deck, std::uint16_t position, Seat holder) {
  Deal d{deck, position, holder, {}, {}, std::nullopt};
  deals_[{deck, position}] = std::move(d);
}

crypto::Point RisikoRules::computed_share(const crypto::Scalar& key, const crypto::MaskedCard& card) const {
  return key * card.a;
}

// Cards that can no longer be opened or handed over leave play.
void RisikoRules::lose(Seat owner, const std::vector<rk::DeckPosition>& positions) {
  const auto& hand = state_.table.player(owner).hand;
  std::vector<std::size_t> slots;
  for (const auto& p : positions) {
    auto it = std::find(hand.begin(), hand.end(), p);
    if (it != hand.end()) slots.push_back(static_cast<std::size_t>(it - hand.begin()));
  }
  if (slots.empty()) return;
  if (auto next = rk::lose_cards(state_, owner, slots)) state_ = std::move(next).value();
}

// Departed seats with a published key: their shares are computed by everyone. A keyholder
// gone without its key makes every card not yet opened unopenable.
void RisikoRules::kill_decks() {
  dead_ = true;
  for (auto it = deals_.begin(); it != deals_.end();) {
    if (it->second.deck != kMissionDeck && !deal_complete(it->second)) {
      lose(it->second.holder, {rk::DeckPosition{it->second.deck - 1, it->second.position}});
      it = deals_.erase(it);
    } else {
      ++it;
    }
  }
  std::erase_if(decks_, [](const auto& kv) { return !kv.second.ready(); });
}

void RisikoRules::depart(Seat seat, std::optional<crypto::Scalar> key) {
  SeatProtocol& me = seats_[seat.index];
  if (me.departed) return;
  me.departed = true;
  me.published_key = key;
  // Cards (or its mission) still being dealt to it are moot: nobody owes shares for them.
  std::erase_if(deals_, [&](const auto& kv) { return kv.second.holder == seat && !deal_complete(kv.second); });
  if (state_.table.playing(seat)) {
    if (auto step = rk::play(state_, rk::LeaveGame{seat})) {
      history_.push_back(rk::LeaveGame{seat});
      state_ = std::move(step->state);
      follow(step->events);
    }
  }
  // Its turn at shuffling passes to the next seat.
  for (auto& [n, deck] : decks_) {
    if (deck.ready()) continue;
    auto it =
        std::find(deck.shufflers.begin() + static_cast<std::ptrdiff_t>(deck.shuffled), deck.shufflers.end(), seat);
    if (it != deck.shufflers.end()) deck.shufflers.erase(it);
  }
  // Its shares: computed from its key, or lost with it.
  if (key) {
    for (auto& [where, d] : deals_) {
      if (d.holder == seat || d.shares.contains(seat.index)) continue;
      if (decks_.contains(d.deck) && decks_.at(d.deck).ready())
        d.shares.emplace(seat.index, computed_share(*key, decks_.at(d.deck).cards.at(d.position)));
    }
  } else if (stage_ < Stage::placement_commit) {
    abandoned_ = true;  // the missions cannot be dealt without its shares
  } else {
    kill_decks();
  }
  // A roll it was to answer goes to a stand-in; a roll it ordered is void.
  if (roll_) {
    const Seat attacker = std::visit([](const auto& o) { return o.seat; }, roll_->order);
    if (attacker == seat) {
      roll_.reset();
    } else if (roll_->responder == seat) {
      if (auto next = stand_in(*roll_)) {
        roll_->responder = *next;
        roll_->asked.insert(next->index);
      } else {
        roll_.reset();
      }
    }
  }
  if (transfer_ && transfer_->from == seat) {
    lose(transfer_->to, transfer_->positions);
    transfer_.reset();
  }
  if (dispute_ && dispute_->from == seat) {
    lose(dispute_->to, dispute_->positions);
    dispute_.reset();
  }
  if (disputable_ && disputable_->to == seat) disputable_.reset();
  advance_stage();
}

// Stage transitions, and what a deck that became ready (or a departure) makes possible.
void RisikoRules::advance_stage() {
  if (abandoned_ || outcome()) {
    stage_ = Stage::over;
    return;
  }
  // Shares of departed seats whose key is public, for decks that became ready since.
  for (auto& [where, d] : deals_) {
    if (!decks_.contains(d.deck) || !decks_.at(d.deck).ready()) continue;
    for (std::uint8_t i = 0; i < seats_.size(); ++i)
      if (i != d.holder.index && seats_[i].published_key && !d.shares.contains(i))
        d.shares.emplace(i, computed_share(*seats_[i].published_key, decks_.at(d.deck).cards.at(d.position)));
  }
  switch (stage_) {
    case Stage::keys: {
      if (std::any_of(seats_.begin(), seats_.end(), [](const SeatProtocol& p) { return !p.key; })) return;
      std::vector<crypto::DeckKeyAnnouncement> keys;
      for (const auto& p : seats_) keys.push_back(*p.key);
      joint_ = crypto::JointKey::combine(deck_context(kMissionDeck), keys).value();  // each proof was checked
      std::vector<std::uint16_t> missions(world_->missions.size());
      for (std::size_t i = 0; i < missions.size(); ++i) missions[i] = static_cast<std::uint16_t>(i);
      std::vector<std::uint16_t> cards;
      for (rk::CardId c : state_.table.deck.epochs.back().contents) cards.push_back(c.value);
      form_deck(kMissionDeck, std::move(missions));
      form_deck(card_deck_number(0), std::move(cards));
      stage_ = Stage::decks;
      [[fallthrough]];
    }
    case Stage::decks:
      if (!decks_.at(kMissionDeck).ready() || !decks_.at(card_deck_number(0)).ready()) return;
      for (std::uint8_t i = 0; i < seats_.size(); ++i) deal(kMissionDeck, i, Seat{i});
      stage_ = Stage::missions;
      [[fallthrough]];
    case Stage::missions:
      for (const auto& [where, d] : deals_)
        if (!deal_complete(d)) return;
      stage_ = Stage::placement_commit;
      [[fallthrough]];
    case Stage::placement_commit:
      for (std::uint8_t i = 0; i < seats_.size(); ++i)
        if (owes_placement_commit(Seat{i})) return;
      stage_ = Stage::placement_reveal;
      [[fallthrough]];
    case Stage::placement_reveal:
      if (state_.table.turn == 0) return;
      stage_ = Stage::play;
      [[fallthrough]];
    case Stage::play:
    case Stage::over:
      return;
  }
}

void RisikoRules::time_out(Seat seat) { depart(seat, std::nullopt); }

void RisikoRules::forfeit(Seat seat) { depart(seat, std::nullopt); }

std::optional<game::Outcome> RisikoRules::outcome() const {
  if (abandoned_) return game::Outcome{std::nullopt, kAbandoned};
  return rk::outcome(state_);
}

Verdict RisikoRules::reveal(Seat, std::span<const std::uint8_t> secrets) {
  if (!secrets.empty()) return Rejection{Refusal::nothing_to_reveal};
  return Accepted{};
}

// ---- Public state ------------------------------------------------------------------------------

crypto::Digest RisikoRules::public_state_hash() const {
  game::ByteWriter out;
  rk::encode_state(state_, out);
  out.u8(static_cast<std::uint8_t>(stage_));
  out.u8(dead_ ? 1 : 0);
  out.u8(abandoned_ ? 1 : 0);
  for (const SeatProtocol& p : seats_) {
    out.u8(p.key ? 1 : 0);
    if (p.key) out.raw(p.key->public_key.bytes());
    out.raw(p.box_key.bytes);
    out.u8(p.published_key ? 1 : 0);
    out.u32(p.chain ? p.chain->accepted() : 0);
    if (p.chain) out.raw(p.chain->last().bytes);
    out.u8(p.placement ? 1 : 0);
    out.u8(p.placed ? 1 : 0);
    out.u8(p.departed ? 1 : 0);
  }
  out.u32(static_cast<std::uint32_t>(decks_.size()));
  for (const auto& [n, deck] : decks_) {
    out.u32(n);
    out.u32(static_cast<std::uint32_t>(deck.shuffled));
    for (const auto& c : deck.cards) {
      out.raw(c.a.bytes());
      out.raw(c.b.bytes());
    }
  }
  out.u32(static_cast<std::uint32_t>(deals_.size()));
  for (const auto& [where, d] : deals_) {
    out.u32(d.deck);
    out.u16(d.position);
    out.u8(d.holder.index);
    for (const auto& [s, point] : d.shares) {
      out.u8(s);
      out.raw(point.bytes());
    }
    out.u32(static_cast<std::uint32_t>(d.transfers.size()));
    out.u8(d.public_holder_share ? 1 : 0);
    if (d.public_holder_share) out.raw(d.public_holder_share->share.bytes());
  }
  out.u32(rolls_);
  out.u8(roll_ ? roll_->responder.index : 0xff);
  out.u8(transfer_ ? transfer_->from.index : 0xff);
  out.u8(disputable_ ? disputable_->to.index : 0xff);
  out.u8(dispute_ ? dispute_->from.index : 0xff);
  return state_digest(out.data());
}

// ---- Words -------------------------------------------------------------------------------------

std::string RisikoRules::describe_action(Seat seat, std::span<const std::uint8_t> bytes) const {
  auto message = decode_message(bytes);
  if (!message) return "(not a Risiko message)";
  auto territory = [&](rk::TerritoryId t) {
    return world_->valid(t) ? world_->country(t).name : "territory " + std::to_string(t.value);
  };
  return std::visit(
      [&](const auto& m) -> std::string {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, AttackMessage>) {
          if (const auto* a = std::get_if<rk::AttackOrder>(&m.order))
            return "attacks " + territory(a->to) + " from " + territory(a->from) + " with " + std::to_string(a->dice) +
                   " dice";
          const auto& o = std::get<rk::MultiAttackOrder>(m.order);
          return "attacks " + territory(o.to) + " from " + territory(o.from) + " until it falls or " +
                 std::to_string(o.stop_at) + " armies are left";
        } else if constexpr (std::is_same_v<M, PlayMessage>) {
          return std::visit(
              [&](const auto& a) -> std::string {
                using A = std::decay_t<decltype(a)>;
                if constexpr (std::is_same_v<A, rk::PlaceArmies>) {
                  std::string s = "places";
                  for (const auto& p : a.placements)
                    s += " " + std::to_string(p.armies) + " on " + territory(p.territory);
                  return s;
                } else if constexpr (std::is_same_v<A, rk::MoveIn>) {
                  return "moves " + std::to_string(a.armies) + " armies in";
                } else if constexpr (std::is_same_v<A, rk::MoveArmies>) {
                  return "moves " + std::to_string(a.armies) + " armies from " + territory(a.from) + " to " +
                         territory(a.to);
                } else if constexpr (std::is_same_v<A, rk::EndTurn>) {
                  return "ends the turn";
                } else {
                  return "an action that is not a play";
                }
              },
              m.action);
        } else if constexpr (std::is_same_v<M, TradeMessage>) {
          return "trades cards " + std::to_string(m.cards[0].value) + ", " + std::to_string(m.cards[1].value) +
                 " and " + std::to_string(m.cards[2].value);
        } else if constexpr (std::is_same_v<M, ClaimMessage>) {
          return "claims victory with mission " + std::to_string(m.mission.value + 1);
        } else if constexpr (std::is_same_v<M, DiceMessage>) {
          std::string words = "answers roll " + std::to_string(m.roll);
          // The dice it completes, for logs and screens (only if the value is the right one).
          if (!roll_ || roll_->number != m.roll || roll_->responder != seat || !seats_[seat.index].chain) return words;
          crypto::ChainVerifier check = *seats_[seat.index].chain;
          if (!check.accept(m.value)) return words;
          auto action = rolled(*roll_, m.value);
          if (!action) return words;
          std::vector<rk::Roll> rolls;
          if (const auto* a = std::get_if<rk::Attack>(&*action)) rolls.push_back(a->roll);
          if (const auto* a = std::get_if<rk::MultiAttack>(&*action)) rolls = a->rounds;
          auto faces = [](const rk::Dice& d) {
            std::string f;
            for (std::uint8_t i = 0; i < d.count; ++i) f += (i ? "-" : "") + std::to_string(d.values[i]);
            return f;
          };
          words += ":";
          for (std::size_t i = 0; i < rolls.size(); ++i)
            words += (i ? ", " : " ") + faces(rolls[i].attacker) + " against " + faces(rolls[i].defender);
          return words;
        } else if constexpr (std::is_same_v<M, LeaveMessage>) {
          return m.key ? "leaves the game (publishing its deck key)" : "leaves the game";
        } else {
          return std::string(kind_name(Message{m}));
        }
      },
      *message);
}

}  // namespace parley::peer::risiko
