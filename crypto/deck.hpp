#pragma once
// The mental deck (Barnett–Smart 2003, additive ElGamal on ristretto255; docs/design.md, "Mental deck").
//
//  keys      seat j: secret x_j, public Y_j = x_j·G with a Schnorr proof of knowledge (which
//            stops a seat from choosing Y_j from the others' keys); joint key Y = Σ Y_j.
//  cards     card i is M_i = from_hash(BLAKE2b-512(parley/card/v1 ‖ deck_id ‖ i)); the open deck
//            is (O, M_i). A masked card is (A, B) = (r·G, M + r·Y); re-masking adds
//            (r'·G, r'·Y). Shuffling (shuffle.hpp) permutes and re-masks.
//  shares    seat j's share of a masked card is S_j = x_j·A with a DLEQ proof
//            log_G Y_j = log_A S_j; M = B − Σ_j S_j. Dealing position p to seat X: every other
//            seat publishes its share; only X, adding its own privately, learns the card.
//            A public reveal is X publishing its share too.
//  transfer  X hands its dealt card to Z by sending its share and proof to Z inside a private
//            message (ephemeral.hpp); Z checks the proof and so learns the card.
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/ephemeral.hpp"
#include "crypto/group.hpp"
#include "crypto/sigma.hpp"
#include "crypto/wire.hpp"
#include "game/core/seat.hpp"

namespace parley::crypto {

inline constexpr std::size_t kMaxDeckSize = 256;
inline constexpr std::size_t kDeckIdBytes = 32;

struct DeckId {
  std::array<std::uint8_t, kDeckIdBytes> bytes{};
  friend auto operator<=>(const DeckId&, const DeckId&) = default;
};
// A deck's id within a session: deck 0 = the cards, 1 = the missions, a reshuffled discard
// pile a new number, … (the session layer assigns them).
DeckId derive_deck_id(const SessionId& session, std::uint32_t deck_number);

// Which card (its identity, fixed by the deck) and where in the deck (a position after shuffles).
struct CardIndex {
  std::uint16_t value = 0;
  friend auto operator<=>(const CardIndex&, const CardIndex&) = default;
};
struct CardPosition {
  std::uint16_t value = 0;
  friend auto operator<=>(const CardPosition&, const CardPosition&) = default;
};

// The session and deck every deck proof is bound to.
struct DeckContext {
  SessionId session;
  DeckId deck;
  ProofContext key_proof(game::Seat seat) const;
  ProofContext shuffle_proof(game::Seat seat) const;
  ProofContext share_proof(CardPosition position, game::Seat seat) const;
  ProofContext transfer(CardPosition position, game::Seat from, game::Seat to) const;
};

// The card points M_0..M_{n−1} and their reverse lookup.
class CardTable {
 public:
  CardTable(const DeckId& deck, std::size_t size);  // size in [1, kMaxDeckSize]
  std::size_t size() const { return points_.size(); }
  const Point& point(CardIndex card) const { return points_.at(card.value); }
  std::optional<CardIndex> find(const Point& m) const;

 private:
  std::vector<Point> points_;
  std::map<Point, CardIndex> index_;
};

struct MaskedCard {
  Point a;  // r·G
  Point b;  // M + r·Y
  friend bool operator==(const MaskedCard&, const MaskedCard&) = default;
};

// Both points of a card into a proof's hash, a then b.
void absorb(HashInput& in, const MaskedCard& card);

std::vector<MaskedCard> open_deck(const CardTable& table);
MaskedCard remask(const MaskedCard& card, const Point& joint_key, const Scalar& r);

// ---- Keys --------------------------------------------------------------------------------------

class DeckKey {
 public:
  static DeckKey generate();
  // Rebuilds the key from its persisted secret (crash recovery).
  static DeckKey restore(const Scalar& secret);
  const Point& public_key() const { return public_; }
  const Scalar& secret() const { return secret_; }

 private:
  DeckKey(const Scalar& secret);
  Scalar secret_;
  Point public_;
};

struct DeckKeyAnnouncement {
  Point public_key;
  SchnorrProof proof;
  friend bool operator==(const DeckKeyAnnouncement&, const DeckKeyAnnouncement&) = default;
};

DeckKeyAnnouncement announce_deck_key(const DeckContext& deck, game::Seat seat, const DeckKey& key);

enum class DeckFailure : std::uint8_t {
  seat_count,         // not 1..kMaxSeats key announcements / shares
  bad_key_proof,      // a seat's Schnorr proof for its deck key fails
  bad_share_proof,    // a seat's DLEQ proof for its share fails
  unknown_card,       // the unmasked point is no card of this deck (someone cheated)
};
std::string_view describe(DeckFailure failure);

struct DeckError {
  DeckFailure failure;
  std::optional<game::Seat> seat;  // the seat to blame, when one can be named
};

class JointKey {
 public:
  // Verifies every seat's proof (seat order) and sums the keys.
  static game::Result<JointKey, DeckError> combine(const DeckContext& deck,
                                                   std::span<const DeckKeyAnnouncement> seats);
  const Point& point() const { return joint_; }
  const Point& seat_key(game::Seat seat) const { return seat_keys_.at(seat.index); }
  std::size_t seats() const { return seat_keys_.size(); }

 private:
  Point joint_;
  std::vector<Point> seat_keys_;
};

// ---- Shares, dealing and revealing -------------------------------------------------------------

struct CardShare {
  Point share;  // x_j·A
  DleqProof proof;
  friend bool operator==(const CardShare&, const CardShare&) = default;
};

CardShare make_share(const DeckContext& deck, game::Seat seat, const DeckKey& key, CardPosition position,
                     const MaskedCard& card);
[[nodiscard]] bool verify_share(const DeckContext& deck, game::Seat seat, const JointKey& keys, CardPosition position,
                                const MaskedCard& card, const CardShare& share);

// The card under a mask, given every seat's share point in seat order (for a dealt card: the
// published shares and the owner's own x·A). unknown_card if the result is no card of the deck.
game::Result<CardIndex, DeckError> unmask(const CardTable& table, const MaskedCard& card,
                                          std::span<const Point> shares_in_seat_order);

// Seat `owner` learns the card at `position` dealt to it: checks every other seat's published
// share (seat order; the owner's own slot is ignored) and adds its own share.
game::Result<CardIndex, DeckError> receive_card(const DeckContext& deck, const CardTable& table, const JointKey& keys,
                                                game::Seat owner, const DeckKey& own_key, CardPosition position,
                                                const MaskedCard& card, std::span<const CardShare> published);

// Anyone opens a publicly revealed card: every seat's share (seat order) is checked.
game::Result<CardIndex, DeckError> open_revealed(const DeckContext& deck, const CardTable& table,
                                                 const JointKey& keys, CardPosition position, const MaskedCard& card,
                                                 std::span<const CardShare> all_shares);

// ---- Transfer of a dealt card ------------------------------------------------------------------
// The card at `position` was dealt to `holder` (whose share was never published). Its current
// owner, `from` (the holder or a seat it passed the card to), sends holder's share with holder's
// proof to `to`. The share's proof is bound to (deck, position, holder), the private message to
// (deck, position, from, to).

struct ShareTransfer {
  game::Seat holder;  // whose share the message carries
  PrivateMessage sealed;
};

ShareTransfer seal_share(const DeckContext& deck, CardPosition position, game::Seat holder,
                         const CardShare& holder_share, game::Seat from, const EphemeralKeyPair& from_key,
                         game::Seat to, const EphemeralPublicKey& to_key);

enum class TransferFailure : std::uint8_t { cannot_open, malformed, bad_share_proof, unknown_card };
std::string_view describe(TransferFailure failure);

struct ReceivedCard {
  CardIndex card;
  CardShare holder_share;  // keep it: it is what a later transfer or reveal forwards
};

// The new owner opens the message and learns the card: `published` are the shares every seat
// other than the holder published when the card was dealt (the holder's slot is ignored).
game::Result<ReceivedCard, TransferFailure> receive_transfer(const DeckContext& deck, const CardTable& table,
                                                             const JointKey& keys, CardPosition position,
                                                             const MaskedCard& card,
                                                             std::span<const CardShare> published,
                                                             const ShareTransfer& transfer, game::Seat from,
                                                             const EphemeralPublicKey& from_key, game::Seat to,
                                                             const EphemeralKeyPair& to_key);

// ---- Encodings ---------------------------------------------------------------------------------

void encode(const DeckKeyAnnouncement& announcement, game::ByteWriter& out);
game::Result<DeckKeyAnnouncement, WireError> decode_deck_key(std::span<const std::uint8_t> in);
// A whole deck state: a u16 count and the masked cards. Cards are proper points: the open deck
// (A = identity) is computed from the CardTable, never received.
void encode(std::span<const MaskedCard> deck, game::ByteWriter& out);
game::Result<std::vector<MaskedCard>, WireError> decode_masked_deck(std::span<const std::uint8_t> in);
void encode(const CardShare& share, game::ByteWriter& out);
game::Result<CardShare, WireError> decode_card_share(std::span<const std::uint8_t> in);
void encode(const ShareTransfer& transfer, game::ByteWriter& out);
game::Result<ShareTransfer, WireError> decode_share_transfer(std::span<const std::uint8_t> in);

}  // namespace parley::crypto
