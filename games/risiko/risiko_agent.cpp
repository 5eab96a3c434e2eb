#include "games/risiko/risiko_agent.hpp"

#include <algorithm>
#include <random>

#include "crypto/shuffle.hpp"
#include "game/risiko/cards.hpp"
#include "game/risiko/mission.hpp"

namespace parley::peer::risiko {

void RisikoAgent::ensure_secrets(const RisikoRules& rules, Seat me) {
  if (key_) return;
  session_ = rules.session();
  seat_ = me;
  key_ = crypto::DeckKey::generate();
  chain_ = crypto::HashChain::create(rules.session(), me, kBotChainLength);
  box_ = crypto::EphemeralKeyPair::generate();
}

crypto::ChainValue RisikoAgent::next_chain_value(const RisikoRules& rules, Seat me) const {
  return *chain_->contribution(rules.seat(me).chain->accepted() + 1);
}

bool RisikoAgent::has_chain_values(const RisikoRules& rules, Seat me) const {
  return chain_ && rules.seat(me).chain && rules.seat(me).chain->accepted() < chain_->length();
}

std::optional<KnownCard> RisikoAgent::known(const RisikoRules& rules, Seat me, std::uint32_t deck_number,
                                            std::uint16_t position) {
  if (auto it = known_.find({deck_number, position}); it != known_.end()) return it->second;
  const Deal* d = rules.deal(deck_number, position);
  if (d == nullptr || !rules.decks().contains(deck_number)) return std::nullopt;
  const MentalDeck& deck = rules.decks().at(deck_number);
  const crypto::MaskedCard& card = deck.cards.at(position);
  const auto context = rules.deck_context(deck_number);
  const crypto::CardPosition where{position};
  std::optional<crypto::CardShare> share;
  if (d->holder == me) {
    share = crypto::make_share(context, me, *key_, where, card);
  } else if (d->public_holder_share) {
    share = *d->public_holder_share;  // checked by every peer when it was revealed
  } else {
    // Handed to this seat: the newest sealed share addressed to it.
    for (auto t = d->transfers.rbegin(); t != d->transfers.rend() && !share; ++t) {
      if (t->to != me) continue;
      auto opened = crypto::open_private(*box_, rules.seat(t->from).box_key, context.transfer(where, t->from, t->to),
                                         t->sealed.sealed);
      if (!opened) break;
      auto decoded = crypto::decode_card_share(*opened);
      if (!decoded || !crypto::verify_share(context, d->holder, rules.joint_key(), where, card, *decoded)) break;
      share = *decoded;
    }
  }
  if (!share) return std::nullopt;
  std::vector<crypto::Point> points;
  for (std::uint8_t i = 0; i < rules.seat_count(); ++i) {
    if (i == d->holder.index) {
      points.push_back(share->share);
    } else {
      auto it = d->shares.find(i);
      if (it == d->shares.end()) return std::nullopt;  // not dealt completely yet
      points.push_back(it->second);
    }
  }
  auto opened = crypto::unmask(*deck.table, card, points);
  if (!opened) return std::nullopt;
  KnownCard k{opened->value, *share};
  known_.emplace(std::pair{deck_number, position}, k);
  return k;
}

std::optional<rk::MissionId> RisikoAgent::mission(const RisikoRules& rules, Seat me) {
  if (!key_) return std::nullopt;
  auto k = known(rules, me, kMissionDeck, me.index);
  if (!k) return std::nullopt;
  return rk::MissionId{static_cast<std::uint8_t>(k->index)};
}

rk::State RisikoAgent::knowledge(const RisikoRules& rules, Seat me) {
  rk::State s = rules.state();
  if (!key_) return s;
  if (auto m = mission(rules, me))
    if (auto next = rk::learn_mission(s, me, *m)) s = std::move(next).value();
  const auto hand = s.table.player(me).hand;
  for (std::size_t i = 0; i < hand.size(); ++i) {
    auto k = known(rules, me, card_deck_number(hand[i].epoch), hand[i].position);
    if (!k) continue;
    if (auto next = rk::learn_card(s, me, i, rk::CardId{static_cast<std::uint8_t>(k->index)}))
      s = std::move(next).value();
  }
  return s;
}

std::optional<Message> RisikoAgent::trade(const RisikoRules& rules, Seat me, const rk::TradeCards& t) {
  TradeMessage m{t.slots, t.cards, {}};
  const auto& hand = rules.state().table.player(me).hand;
  for (std::size_t i = 0; i < 3; ++i) {
    const rk::DeckPosition p = hand.at(t.slots[i]);
    auto k = known(rules, me, card_deck_number(p.epoch), p.position);
    if (!k) return std::nullopt;
    m.shares[i] = k->holder_share;
  }
  return m;
}

std::optional<Message> RisikoAgent::claim(const RisikoRules& rules, Seat me, rk::MissionId mission) {
  auto k = known(rules, me, kMissionDeck, me.index);
  if (!k) return std::nullopt;
  return ClaimMessage{mission, k->holder_share};
}

AttackMessage RisikoAgent::attack(const RisikoRules& rules, Seat me, Order order) {
  return AttackMessage{std::move(order), next_chain_value(rules, me)};
}

std::optional<Message> RisikoAgent::duty(const RisikoRules& rules, Seat me,
                                         const std::function<rk::PlaceArmies(const rk::State&)>& placement) {
  if (rules.seat(me).departed || rules.outcome()) return std::nullopt;
  // A seat that announced a key this agent does not hold (its process restarted and its kept
  // secrets are gone, or are another game's) cannot answer for it any more; it leaves rather
  // than post shares or dice that would be false.
  if (const auto& announced = rules.seat(me).key;
      announced && (!key_ || session_ != rules.session() || seat_ != me || announced->public_key != key_->public_key()))
    return LeaveMessage{std::nullopt};
  ensure_secrets(rules, me);
  if (rules.owes_key(me)) {
    const auto announcement = crypto::announce_deck_key(rules.deck_context(kMissionDeck), me, *key_);
    return DeckKeyMessage{announcement, chain_->anchor(), chain_->length(), box_->public_key()};
  }
  if (auto due = rules.shuffles_due(me); !due.empty()) {
    ShuffleMessage m;
    for (std::uint32_t number : due) {
      const MentalDeck& deck = rules.decks().at(number);
      auto shuffled = crypto::shuffle_deck(rules.deck_context(number), me, rules.joint_key(), deck.cards,
                                           crypto::ShuffleArgument::permutation);
      m.decks.push_back({number, std::move(shuffled.cards), std::move(shuffled.proof)});
    }
    return m;
  }
  if (auto owed = rules.shares_owed(me); !owed.empty()) {
    SharesMessage m;
    for (const auto& [number, position] : owed) {
      if (m.shares.size() == kMaxSharesPerMessage) break;
      const crypto::MaskedCard& card = rules.decks().at(number).cards.at(position);
      m.shares.push_back(
          {number, position,
           crypto::make_share(rules.deck_context(number), me, *key_, crypto::CardPosition{position}, card)});
    }
    return m;
  }
  if (rules.owes_placement_commit(me)) {
    const rk::PlaceArmies place = placement(knowledge(rules, me));
    placement_ = commit_placement(rules.session(), me, rk::encode_action(rk::Action{place}));
    return PlacementCommitMessage{placement_->commitment};
  }
  if (rules.owes_placement_reveal(me)) {
    if (!placement_) return std::nullopt;  // lost with a restart: the seat will time out
    PlacementRevealMessage m;
    const auto value = placement_->opening.value();
    m.placement.assign(value.begin(), value.end());
    const auto nonce = placement_->opening.nonce().expose();
    std::copy(nonce.begin(), nonce.end(), m.nonce.begin());
    return m;
  }
  if (rules.owes_dice(me)) return DiceMessage{rules.pending_roll()->number, next_chain_value(rules, me)};
  if (const auto& handed = rules.disputable(); handed && handed->to == me) {
    // Every card handed over must open, or the hand-over is disputed before anything else.
    for (const rk::DeckPosition& p : handed->positions)
      if (!known(rules, me, card_deck_number(p.epoch), p.position)) return DisputeMessage{};
  }
  if (rules.owes_dispute_reveal(me)) {
    DisputeRevealMessage m;
    for (const rk::DeckPosition& p : rules.pending_dispute()->positions) {
      auto k = known(rules, me, card_deck_number(p.epoch), p.position);
      if (!k) return std::nullopt;
      m.shares.push_back(k->holder_share);
    }
    return m;
  }
  if (rules.owes_transfer(me)) {
    const PendingTransfer& t = *rules.pending_transfer();
    TransferMessage m;
    for (const rk::DeckPosition& p : t.positions) {
      const std::uint32_t number = card_deck_number(p.epoch);
      auto k = known(rules, me, number, p.position);
      if (!k) return std::nullopt;
      const Deal* d = rules.deal(number, p.position);
      m.transfers.push_back(crypto::seal_share(rules.deck_context(number), crypto::CardPosition{p.position}, d->holder,
                                               k->holder_share, me, *box_, t.to, rules.seat(t.to).box_key));
    }
    return m;
  }
  return std::nullopt;
}

namespace {

constexpr std::uint8_t kSecretsVersion = 1;
// Everything but the placement: version, session, seat, key, chain seed and length, box key.
constexpr std::size_t kFixedSecretsBytes = 1 + crypto::kSessionIdBytes + 1 + crypto::kScalarBytes +
                                           crypto::kChainValueBytes + 4 + crypto::kBoxSecretKeyBytes;

}  // namespace

Bytes RisikoAgent::secrets() const {
  if (!key_) return {};
  // Written into one buffer of the final size: no reallocation leaves a copy the caller's
  // sodium_memzero would miss.
  const std::size_t placement_bytes =
      placement_ ? crypto::kDigestBytes + crypto::kCommitmentNonceBytes + 4 + placement_->opening.value().size() : 0;
  Bytes out;
  out.reserve(kFixedSecretsBytes + 1 + placement_bytes);
  auto raw = [&](std::span<const std::uint8_t> bytes) { out.insert(out.end(), bytes.begin(), bytes.end()); };
  auto u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  out.push_back(kSecretsVersion);
  raw(session_->bytes);
  out.push_back(seat_.index);
  raw(key_->secret().bytes());
  raw(chain_->seed().expose());
  u32(chain_->length());
  raw(box_->secret().expose());
  out.push_back(placement_ ? 1 : 0);
  if (placement_) {
    raw(placement_->commitment.digest);
    raw(placement_->opening.nonce().expose());
    u32(static_cast<std::uint32_t>(placement_->opening.value().size()));
    raw(placement_->opening.value());
  }
  return out;
}

bool RisikoAgent::restore(std::span<const std::uint8_t> secrets) {
  if (secrets.empty()) return true;  // nothing was kept yet
  if (secrets.size() < kFixedSecretsBytes + 1) return false;
  game::ByteReader in(secrets);
  if (*in.u8() != kSecretsVersion) return false;
  crypto::SessionId session;
  std::ranges::copy(*in.raw(crypto::kSessionIdBytes), session.bytes.begin());
  const Seat seat{*in.u8()};
  auto key = crypto::Scalar::from_canonical(*in.raw(crypto::kScalarBytes));
  if (!key || key->is_zero() || seat.index >= game::kMaxSeats) return false;
  const auto seed = crypto::SecretBytes<crypto::kChainValueBytes>::copy_of(
      in.raw(crypto::kChainValueBytes)->first<crypto::kChainValueBytes>());
  const std::uint32_t length = *in.u32();
  const auto box = crypto::SecretBytes<crypto::kBoxSecretKeyBytes>::copy_of(
      in.raw(crypto::kBoxSecretKeyBytes)->first<crypto::kBoxSecretKeyBytes>());
  if (length == 0 || length > crypto::kMaxChainLength) return false;
  std::optional<crypto::CommittedValue> placement;
  auto has_placement = in.u8();
  if (!has_placement || *has_placement > 1) return false;
  if (*has_placement == 1) {
    auto digest = in.raw(crypto::kDigestBytes);
    auto nonce = in.raw(crypto::kCommitmentNonceBytes);
    if (!digest || !nonce) return false;
    crypto::HashCommitment commitment;
    std::ranges::copy(*digest, commitment.digest.begin());
    const auto nonce_bytes = crypto::SecretBytes<crypto::kCommitmentNonceBytes>::copy_of(
        nonce->first<crypto::kCommitmentNonceBytes>());
    auto value = in.bytes(kMaxPlacementBytes);
    if (!value) return false;
    placement.emplace(crypto::CommittedValue{commitment, crypto::CommitmentOpening(*value, nonce_bytes)});
    sodium_memzero(value->data(), value->size());
  }
  if (!in.finish()) return false;
  session_ = session;
  seat_ = seat;
  key_ = crypto::DeckKey::restore(*key);
  chain_ = crypto::HashChain::restore(session, seat, seed, length);
  box_ = crypto::EphemeralKeyPair::restore(box);
  placement_ = std::move(placement);
  known_.clear();  // opened again from the transcript
  return true;
}

}  // namespace parley::peer::risiko
