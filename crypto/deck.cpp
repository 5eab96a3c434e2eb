#include "crypto/deck.hpp"

#include <cassert>

#include "crypto/hash.hpp"

namespace parley::crypto {

namespace {

constexpr DomainLabel kDeckIdLabel{"deck-id"};
constexpr DomainLabel kCardLabel{"card"};
constexpr DomainLabel kDeckKeyPurpose{"deck-key"};
constexpr DomainLabel kShufflePurpose{"deck-shuffle"};
constexpr DomainLabel kSharePurpose{"card-share"};
constexpr DomainLabel kTransferPurpose{"card-transfer"};

void write_card(game::ByteWriter& out, const MaskedCard& c) {
  write_point(out, c.a);
  write_point(out, c.b);
}

MaskedCard read_card(WireReader& in) {
  Point a = read_point(in);
  Point b = read_point(in);
  return {a, b};
}

void write_share(game::ByteWriter& out, const CardShare& s) {
  write_point(out, s.share);
  write_proof(out, s.proof);
}

CardShare read_share(WireReader& in) {
  Point p = read_point(in);
  DleqProof proof = read_dleq_proof(in);
  return {p, std::move(proof)};
}

}  // namespace

DeckId derive_deck_id(const SessionId& session, std::uint32_t deck_number) {
  HashInput in(kDeckIdLabel);
  in.bytes(session.bytes).u32(deck_number);
  return DeckId{blake2b_256(in)};
}

ProofContext DeckContext::key_proof(game::Seat seat) const {
  ProofContext ctx(session);
  ctx.purpose(kDeckKeyPurpose).field(deck.bytes).seat(seat);
  return ctx;
}

ProofContext DeckContext::shuffle_proof(game::Seat seat) const {
  ProofContext ctx(session);
  ctx.purpose(kShufflePurpose).field(deck.bytes).seat(seat);
  return ctx;
}

ProofContext DeckContext::share_proof(CardPosition position, game::Seat seat) const {
  ProofContext ctx(session);
  ctx.purpose(kSharePurpose).field(deck.bytes).position(position.value).seat(seat);
  return ctx;
}

ProofContext DeckContext::transfer(CardPosition position, game::Seat from, game::Seat to) const {
  ProofContext ctx(session);
  ctx.purpose(kTransferPurpose).field(deck.bytes).position(position.value).seat(from).seat(to);
  return ctx;
}

std::string_view describe(DeckFailure failure) {
  switch (failure) {
    case DeckFailure::seat_count: return "not one key or share per seat";
    case DeckFailure::bad_key_proof: return "a deck key's proof of knowledge fails";
    case DeckFailure::bad_share_proof: return "a card share's DLEQ proof fails";
    case DeckFailure::unknown_card: return "the unmasked point is no card of this deck";
  }
  return "unknown deck failure";
}

std::string_view describe(TransferFailure failure) {
  switch (failure) {
    case TransferFailure::cannot_open: return "the transferred share does not open (keys, context or tampering)";
    case TransferFailure::malformed: return "the transferred share is malformed";
    case TransferFailure::bad_share_proof: return "the transferred share's DLEQ proof fails";
    case TransferFailure::unknown_card: return "the transferred card is no card of this deck";
  }
  return "unknown transfer failure";
}

// ---- Cards -------------------------------------------------------------------------------------

CardTable::CardTable(const DeckId& deck, std::size_t size) {
  assert(size >= 1 && size <= kMaxDeckSize);
  points_.reserve(size);
  for (std::size_t i = 0; i < size; ++i) {
    HashInput in(kCardLabel);
    in.bytes(deck.bytes).u16(static_cast<std::uint16_t>(i));
    points_.push_back(Point::from_hash(blake2b_512(in)));
    index_.emplace(points_.back(), CardIndex{static_cast<std::uint16_t>(i)});
  }
}

std::optional<CardIndex> CardTable::find(const Point& m) const {
  auto it = index_.find(m);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

void absorb(HashInput& in, const MaskedCard& card) {
  absorb(in, card.a);
  absorb(in, card.b);
}

std::vector<MaskedCard> open_deck(const CardTable& table) {
  std::vector<MaskedCard> deck;
  deck.reserve(table.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    deck.push_back({Point::identity(), table.point(CardIndex{static_cast<std::uint16_t>(i)})});
  }
  return deck;
}

MaskedCard remask(const MaskedCard& card, const Point& joint_key, const Scalar& r) {
  return {card.a + r * Point::base(), card.b + r * joint_key};
}

// ---- Keys --------------------------------------------------------------------------------------

DeckKey::DeckKey(const Scalar& secret) : secret_(secret), public_(secret * Point::base()) {}
DeckKey DeckKey::generate() { return DeckKey(Scalar::random_nonzero()); }
DeckKey DeckKey::restore(const Scalar& secret) { return DeckKey(secret); }

DeckKeyAnnouncement announce_deck_key(const DeckContext& deck, game::Seat seat, const DeckKey& key) {
  return {key.public_key(), prove_schnorr(deck.key_proof(seat), key.secret(), key.public_key())};
}

game::Result<JointKey, DeckError> JointKey::combine(const DeckContext& deck,
                                                    std::span<const DeckKeyAnnouncement> seats) {
  if (seats.empty() || seats.size() > game::kMaxSeats) return DeckError{DeckFailure::seat_count, std::nullopt};
  JointKey key;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    game::Seat seat{static_cast<std::uint8_t>(i)};
    if (!verify_schnorr(deck.key_proof(seat), seats[i].public_key, seats[i].proof)) {
      return DeckError{DeckFailure::bad_key_proof, seat};
    }
    key.seat_keys_.push_back(seats[i].public_key);
    key.joint_ = key.joint_ + seats[i].public_key;
  }
  return key;
}

// ---- Shares ------------------------------------------------------------------------------------

CardShare make_share(const DeckContext& deck, game::Seat seat, const DeckKey& key, CardPosition position,
                     const MaskedCard& card) {
  Point share = key.secret() * card.a;
  return {share, prove_dleq(deck.share_proof(position, seat), key.secret(), key.public_key(), card.a, share)};
}

bool verify_share(const DeckContext& deck, game::Seat seat, const JointKey& keys, CardPosition position,
                  const MaskedCard& card, const CardShare& share) {
  if (seat.index >= keys.seats()) return false;
  return verify_dleq(deck.share_proof(position, seat), keys.seat_key(seat), card.a, share.share, share.proof);
}

game::Result<CardIndex, DeckError> unmask(const CardTable& table, const MaskedCard& card,
                                          std::span<const Point> shares_in_seat_order) {
  Point m = card.b;
  for (const Point& s : shares_in_seat_order) m = m - s;
  auto found = table.find(m);
  if (!found) return DeckError{DeckFailure::unknown_card, std::nullopt};
  return *found;
}

game::Result<CardIndex, DeckError> receive_card(const DeckContext& deck, const CardTable& table, const JointKey& keys,
                                                game::Seat owner, const DeckKey& own_key, CardPosition position,
                                                const MaskedCard& card, std::span<const CardShare> published) {
  if (published.size() != keys.seats() || owner.index >= keys.seats()) {
    return DeckError{DeckFailure::seat_count, std::nullopt};
  }
  std::vector<Point> shares;
  for (std::size_t i = 0; i < published.size(); ++i) {
    game::Seat seat{static_cast<std::uint8_t>(i)};
    if (seat == owner) {
      shares.push_back(own_key.secret() * card.a);
    } else if (!verify_share(deck, seat, keys, position, card, published[i])) {
      return DeckError{DeckFailure::bad_share_proof, seat};
    } else {
      shares.push_back(published[i].share);
    }
  }
  return unmask(table, card, shares);
}

game::Result<CardIndex, DeckError> open_revealed(const DeckContext& deck, const CardTable& table,
                                                 const JointKey& keys, CardPosition position, const MaskedCard& card,
                                                 std::span<const CardShare> all_shares) {
  if (all_shares.size() != keys.seats()) return DeckError{DeckFailure::seat_count, std::nullopt};
  std::vector<Point> shares;
  for (std::size_t i = 0; i < all_shares.size(); ++i) {
    game::Seat seat{static_cast<std::uint8_t>(i)};
    if (!verify_share(deck, seat, keys, position, card, all_shares[i])) {
      return DeckError{DeckFailure::bad_share_proof, seat};
    }
    shares.push_back(all_shares[i].share);
  }
  return unmask(table, card, shares);
}

// ---- Transfer ----------------------------------------------------------------------------------

ShareTransfer seal_share(const DeckContext& deck, CardPosition position, game::Seat holder,
                         const CardShare& holder_share, game::Seat from, const EphemeralKeyPair& from_key,
                         game::Seat to, const EphemeralPublicKey& to_key) {
  game::ByteWriter payload;
  encode(holder_share, payload);
  return {holder, seal_private(from_key, to_key, deck.transfer(position, from, to), payload.data())};
}

game::Result<ReceivedCard, TransferFailure> receive_transfer(const DeckContext& deck, const CardTable& table,
                                                             const JointKey& keys, CardPosition position,
                                                             const MaskedCard& card,
                                                             std::span<const CardShare> published,
                                                             const ShareTransfer& transfer, game::Seat from,
                                                             const EphemeralPublicKey& from_key, game::Seat to,
                                                             const EphemeralKeyPair& to_key) {
  if (published.size() != keys.seats() || transfer.holder.index >= keys.seats()) return TransferFailure::malformed;
  auto payload = open_private(to_key, from_key, deck.transfer(position, from, to), transfer.sealed);
  if (!payload) return TransferFailure::cannot_open;
  auto share = decode_card_share(*payload);
  if (!share) return TransferFailure::malformed;
  if (!verify_share(deck, transfer.holder, keys, position, card, *share)) return TransferFailure::bad_share_proof;
  std::vector<Point> shares;
  for (std::size_t i = 0; i < published.size(); ++i) {
    game::Seat seat{static_cast<std::uint8_t>(i)};
    if (seat == transfer.holder) {
      shares.push_back(share->share);
    } else if (!verify_share(deck, seat, keys, position, card, published[i])) {
      return TransferFailure::bad_share_proof;
    } else {
      shares.push_back(published[i].share);
    }
  }
  auto opened = unmask(table, card, shares);
  if (!opened) return TransferFailure::unknown_card;
  return ReceivedCard{*opened, *share};
}

// ---- Encodings ---------------------------------------------------------------------------------

void encode(const DeckKeyAnnouncement& announcement, game::ByteWriter& out) {
  write_header(out, WireTag::deck_key);
  write_point(out, announcement.public_key);
  write_proof(out, announcement.proof);
}

game::Result<DeckKeyAnnouncement, WireError> decode_deck_key(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::deck_key);
  Point key = read_point(r);
  SchnorrProof proof = read_schnorr_proof(r);
  return r.finish(DeckKeyAnnouncement{key, std::move(proof)});
}

void encode(std::span<const MaskedCard> deck, game::ByteWriter& out) {
  write_header(out, WireTag::masked_deck);
  out.u16(static_cast<std::uint16_t>(deck.size()));
  for (const MaskedCard& c : deck) write_card(out, c);
}

game::Result<std::vector<MaskedCard>, WireError> decode_masked_deck(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::masked_deck);
  std::size_t n = r.u16();
  if (n > kMaxDeckSize || (!r.failed() && n == 0)) r.fail(WireError::bad_value);
  std::vector<MaskedCard> deck;
  if (!r.failed()) deck.reserve(n);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) deck.push_back(read_card(r));
  return r.finish(std::move(deck));
}

void encode(const CardShare& share, game::ByteWriter& out) {
  write_header(out, WireTag::card_share);
  write_share(out, share);
}

game::Result<CardShare, WireError> decode_card_share(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::card_share);
  CardShare share = read_share(r);
  return r.finish(std::move(share));
}

void encode(const ShareTransfer& transfer, game::ByteWriter& out) {
  write_header(out, WireTag::sealed_share);
  out.u8(transfer.holder.index);
  write_private_message(out, transfer.sealed);
}

game::Result<ShareTransfer, WireError> decode_share_transfer(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::sealed_share);
  game::Seat holder{r.u8()};
  if (holder.index >= game::kMaxSeats) r.fail(WireError::bad_value);
  PrivateMessage sealed = read_private_message(r);
  return r.finish(ShareTransfer{holder, std::move(sealed)});
}

}  // namespace parley::crypto
