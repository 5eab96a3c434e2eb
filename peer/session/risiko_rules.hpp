#pragma once
// Risiko through the session layer, with no trusted server (docs/risiko.md, "Protocol"). The
// engine (game/risiko) keeps seed 000's rules on the public Table; this adapter adds what the
// seed's server did in secret, as checks every peer and the verifier run on every message:
//
//   keys              every seat announces its mental-deck key (Schnorr proof)
//   decks             each seat in turn shuffles the card deck and the mission deck
//                     (permutation argument); nobody knows where any card is
//   missions          every seat publishes its DLEQ share of every other seat's mission; each
//                     seat opens its own privately
//   placement         every seat commits to its whole initial placement, then all reveal
//   play              turns as in the engine; an attack carries the attacker's next hash-chain
//                     value and the defender (or a stand-in) answers with its own; a card drawn
//                     is dealt from the mental deck (shares from every other keyholder); a trade
//                     or a mission claim publishes the holder's shares; an eliminated seat's
//                     cards pass to its conqueror inside crypto_box; LEAVE_GAME at any moment
//
// Messages that answer a protocol step (shares, shuffles, dice, transfers) are not moves:
// thinking() is false for them, so the room's response limit applies and a silent seat is
// timed out and dropped as if it had left (the seed's LEAVE_GAME rule).
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "crypto/deck.hpp"
#include "crypto/hash_chain.hpp"
#include "game/risiko/engine.hpp"
#include "peer/session/risiko_messages.hpp"
#include "peer/session/risiko_options.hpp"
#include "peer/session/rules.hpp"

namespace parley::peer::risiko {

inline constexpr std::string_view kRisikoGame = "risiko";

enum class Stage : std::uint8_t { keys, decks, missions, placement_commit, placement_reveal, play, over };
std::string_view describe(Stage stage);

enum class DeckKind : std::uint8_t { cards, missions };

// One mental deck: an open deck (card or mission indices) masked and shuffled in turn by its
// keyholders. A card epoch of the engine is one deck; a deck re-formed after a keyholder left
// gets a new number.
struct MentalDeck {
  std::uint32_t number = 0;
  DeckKind kind = DeckKind::cards;
  std::uint32_t epoch = 0;              // cards: the engine's deck epoch
  std::vector<std::uint16_t> contents;  // the open deck's card (or mission) indices, in order
  std::vector<Seat> keyholders;         // seat order
  std::vector<Seat> shuffle_order;
  std::size_t shuffled = 0;             // how many of shuffle_order have shuffled
  std::vector<crypto::MaskedCard> cards;
  crypto::JointKey key;                 // the keyholders' joint key
  std::shared_ptr<const crypto::CardTable> table;
  bool cancelled = false;               // re-formed: messages about it are moot
  bool stale = false;                   // a keyholder left before any deal: re-form at the next draw
  bool ready() const { return !cancelled && shuffled == shuffle_order.size(); }
  bool keyholder(Seat s) const;
};

// A private message that handed a dealt card to a new owner.
struct TransferRecord {
  Seat from;
  Seat to;
  crypto::ShareTransfer sealed;
};

// A position of a mental deck dealt to one seat (its holder).
struct Deal {
  std::uint32_t deck = 0;
  std::uint16_t position = 0;
  Seat holder;
  std::map<std::uint8_t, crypto::Point> shares;  // by seat: checked, or computed from a published key
  bool complete = false;                         // every keyholder but the holder has its share in
  std::optional<crypto::Point> holder_share;     // once revealed in public (a trade, a claim, a dispute)
  std::vector<TransferRecord> transfers;
};

struct PendingRoll {
  std::uint32_t number = 0;
  Seat attacker;
  Order order;
  crypto::ChainValue first;
  std::set<std::uint8_t> asked;  // every seat that has been the one to answer
};

// Cards passing from an eliminated seat to its conqueror (also the shape of a dispute).
struct PendingTransfer {
  Seat from;
  Seat to;
  std::vector<game::risiko::DeckPosition> positions;
};

struct SeatProtocol {
  std::optional<crypto::DeckKeyAnnouncement> key;
  std::optional<crypto::Scalar> revealed_key;  // published when the seat left
  bool departed = false;                       // left, timed out or blamed: takes no further part
  std::optional<crypto::ChainVerifier> chain;
  std::uint32_t chain_length = 0;
  std::optional<crypto::HashCommitment> placement;
  bool placed = false;
};

class RisikoRules final : public GameRules {
 public:
  RisikoRules(std::size_t seats, RisikoOptions options, std::shared_ptr<const game::risiko::World> world);

  std::string_view game() const override { return kRisikoGame; }
  Verdict setup(Seat seat, std::span<const std::uint8_t> data) override;
  void begin(const GameStart& start) override;
  Verdict act(Seat seat, std::span<const std::uint8_t> message, const ActionContext& context) override;
  std::vector<Seat> awaited() const override;
  bool thinking(Seat seat) const override;
  void time_out(Seat seat) override;
  void forfeit(Seat seat) override;
  std::optional<game::Outcome> outcome() const override;
  crypto::Digest public_state_hash() const override;
  Verdict reveal(Seat seat, std::span<const std::uint8_t> secrets) override;
  bool needs_reveals() const override { return false; }
  std::string describe_action(Seat seat, std::span<const std::uint8_t> message) const override;

  // ---- What a seat's agent reads (peer/bots/risiko_agent) ----------------------------------
  const RisikoOptions& options() const { return options_; }
  const game::risiko::State& state() const { return state_; }
  const game::risiko::World& world() const { return *world_; }
  Stage stage() const { return stage_; }
  const crypto::SessionId& session() const { return start_->session; }
  const GameStart& start() const { return *start_; }
  const SeatProtocol& seat(Seat s) const { return seats_.at(s.index); }
  std::size_t seat_count() const { return seats_.size(); }
  crypto::DeckContext deck_context(std::uint32_t number) const;
  const MentalDeck& deck(std::uint32_t number) const { return decks_.at(number); }
  std::optional<std::uint32_t> mission_deck() const { return mission_deck_; }
  // The mental deck and position an engine hand slot holds.
  std::optional<std::pair<std::uint32_t, std::uint16_t>> mental_position(game::risiko::DeckPosition p) const;
  const Deal* deal(std::uint32_t deck, std::uint16_t position) const;
  const std::optional<PendingRoll>& pending_roll() const { return roll_; }
  const std::optional<PendingTransfer>& pending_transfer() const { return transfer_; }
  const std::optional<PendingTransfer>& pending_dispute() const { return dispute_; }
  const std::optional<PendingTransfer>& disputable() const { return disputable_; }
  // Chain values a seat has revealed so far (its next is contribution(used + 1)).
  std::uint32_t chain_used(Seat s) const;
  bool chain_left(Seat s) const;

  // Protocol steps a seat owes now.
  bool owes_key(Seat s) const;
  std::vector<std::uint32_t> shuffles_owed(Seat s) const;
  std::vector<std::pair<std::uint32_t, std::uint16_t>> shares_owed(Seat s) const;
  bool owes_placement_commit(Seat s) const;
  bool owes_placement_reveal(Seat s) const;
  std::optional<std::uint32_t> dice_owed(Seat s) const;
  // The seat that answers the pending roll: the defender if it is still playing, else the first
  // playing seat after the attacker in turn order (never the attacker) with chain values left.
  std::optional<Seat> second_revealer() const;
  // Whether the seat is to choose a move now (its clock runs).
  bool deciding(Seat s) const;

 private:
  struct Fault {
    std::string reason;
  };
  using Check = std::optional<Fault>;

  Check on(Seat seat, const DeckKeyMessage& m);
  Check on(Seat seat, const ShuffleMessage& m);
  Check on(Seat seat, const SharesMessage& m);
  Check on(Seat seat, const PlacementCommitMessage& m);
  Check on(Seat seat, const PlacementRevealMessage& m);
  Check on(Seat seat, const AttackMessage& m);
  Check on(Seat seat, const DiceMessage& m);
  Check on(Seat seat, const PlayMessage& m);
  Check on(Seat seat, const TradeMessage& m);
  Check on(Seat seat, const ClaimMessage& m);
  Check on(Seat seat, const LeaveMessage& m);
  Check on(Seat seat, const TransferMessage& m);
  Check on(Seat seat, const DisputeMessage& m);
  Check on(Seat seat, const DisputeRevealMessage& m);

  // The engine applies an action; the events may start protocol steps (deals, transfers).
  Check apply(const game::risiko::Action& action);
  void follow_events(const std::vector<game::risiko::Event>& events);
  void replace_state(game::risiko::State next) { state_ = std::move(next); }
  bool blocked() const;  // a protocol step is pending in play
  bool in_turn(Seat s) const;

  std::uint32_t form_deck(DeckKind kind, std::uint32_t epoch, std::vector<std::uint16_t> contents,
                          std::optional<Seat> last);
  void form_initial_decks();
  void reform(std::uint32_t number, std::optional<Seat> last);
  void deck_ready(MentalDeck& deck);
  void open_deal(Deal& deal);
  void check_deal(Deal& deal);
  void missions_dealt_check();
  void placement_check();
  void depart(Seat seat, bool key_published);
  void lose(Seat owner, const std::vector<game::risiko::DeckPosition>& positions);
  std::vector<Seat> playing_seats() const;
  std::optional<Seat> holder_of_slot(game::risiko::DeckPosition p) const;
  Check check_holder_share(const Deal& deal, const crypto::CardShare& share, Seat holder) const;
  game::Result<std::uint16_t, std::string> open_with(const Deal& deal, const crypto::Point& holder_share) const;
  crypto::Point computed_share(Seat seat, const crypto::MaskedCard& card) const;
  void encode_protocol(game::ByteWriter& out) const;
  void after_change();  // stage transitions and who answers the pending roll

  std::size_t seat_count_;
  RisikoOptions options_;
  std::shared_ptr<const game::risiko::World> world_;
  game::risiko::State state_;
  std::optional<GameStart> start_;
  Stage stage_ = Stage::keys;
  std::vector<SeatProtocol> seats_;
  std::optional<crypto::JointKey> joint_;
  std::map<std::uint32_t, MentalDeck> decks_;
  std::uint32_t next_deck_ = 1;  // deck 0 names the key proofs
  std::optional<std::uint32_t> mission_deck_;
  std::map<std::uint32_t, std::uint32_t> epoch_deck_;  // engine epoch → mental deck
  std::map<std::pair<std::uint32_t, std::uint16_t>, Deal> deals_;
  std::optional<PendingRoll> roll_;
  std::uint32_t rolls_ = 0;
  // Rolls that ended without dice (the attacker left) → the seats that had been asked: a late
  // answer from one of them is moot (its chain value is spent, nothing else happens).
  std::map<std::uint32_t, std::set<std::uint8_t>> cancelled_rolls_;
  std::optional<PendingTransfer> transfer_;
  std::optional<PendingTransfer> dispute_;
  std::optional<PendingTransfer> disputable_;
  std::optional<Seat> last_committer_;
  bool abandoned_ = false;
};

game::Result<std::unique_ptr<GameRules>, RulesError> make_risiko_rules(std::size_t seats, const RoomOptions& options);

// The bytes of a Risiko message, for agents and players to post.
inline Bytes risiko_message(const Message& m) { return encode(m); }

// The commitment domain of a seat's initial placement.
crypto::HashCommitment placement_commitment(const crypto::SessionId& session, Seat seat,
                                            const crypto::CommitmentOpening& opening);
bool placement_opens(const crypto::SessionId& session, Seat seat, const crypto::HashCommitment& commitment,
                     const crypto::CommitmentOpening& opening);

}  // namespace parley::peer::risiko
