#pragma once
// Risiko through the session layer, with no trusted server (docs/risiko.md, "Protocol"). The
// engine (game/risiko) keeps the original design's rules on the public Table; this adapter does what the
// original's server did in secret, as checks every peer and the verifier run on every message:
//
//   keys              every seat announces its mental-deck key (Schnorr proof) and the anchor
//                     of the hash chain its dice contributions come from
//   decks             each seat in seat order shuffles the mission deck and the card deck in
//                     one message (permutation argument); nobody knows where any card is
//   missions          mission deck position i is seat i's; every seat publishes its share
//                     (DLEQ) of every other seat's position, so each seat alone opens its own
//   placement         every seat commits to its whole initial placement, then all reveal
//   play              turns as in the engine. An attack carries the attacker's next chain
//                     value; the defender (or a stand-in) answers with its own; the dice come
//                     from both. A card drawn is dealt from the epoch's mental deck (a
//                     reshuffled discard pile is a new deck, shuffled by every active seat);
//                     every other seat publishes its share. A trade or a mission claim
//                     publishes the shares that open the cards. An eliminated seat's cards pass
//                     to its conqueror inside crypto_box. LEAVE_GAME at any moment.
//
// Messages that answer a protocol step (shares, shuffles, dice, transfers, placement reveals)
// are not moves: thinking() is false for them, so the room's response limit applies and a
// silent seat is timed out and leaves the game (the original's LEAVE_GAME rule).
#include <cassert>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "crypto/commitment.hpp"
#include "crypto/deck.hpp"
#include "crypto/hash_chain.hpp"
#include "game/risiko/engine.hpp"
#include "peer/session/risiko_messages.hpp"
#include "peer/session/risiko_options.hpp"
#include "peer/session/risiko_refusal.hpp"
#include "peer/session/rules.hpp"

namespace parley::peer::risiko {

inline constexpr std::string_view kRisikoGame = "risiko";

// The deck numbers of a session (crypto::derive_deck_id): the key proofs and the mission deck
// use 0; the card deck of engine epoch e is 1 + e.
inline constexpr std::uint32_t kMissionDeck = 0;
inline constexpr std::uint32_t card_deck_number(std::uint32_t epoch) { return 1 + epoch; }

enum class Stage : std::uint8_t { keys, decks, missions, placement_commit, placement_reveal, play, over };
std::string_view describe(Stage stage);

// One mental deck: an open deck (card or mission indices, in this order) masked and shuffled in
// turn by the seats in `shufflers`.
struct MentalDeck {
  std::uint32_t number = 0;
  std::vector<std::uint16_t> contents;  // the cards (or missions) in it: card i is table point i
  std::vector<Seat> shufflers;          // seat order
  std::size_t shuffled = 0;             // how many of them have shuffled
  std::vector<crypto::MaskedCard> cards;
  std::shared_ptr<const crypto::CardTable> table;
  bool ready() const { return shuffled == shufflers.size(); }
  std::optional<Seat> next_shuffler() const {
    return ready() ? std::nullopt : std::optional<Seat>(shufflers[shuffled]);
  }
};

// A sealed share that handed a dealt card to a new owner.
struct TransferRecord {
  Seat from;
  Seat to;
  crypto::ShareTransfer sealed;
};

// A position of a mental deck dealt to one seat (its holder): every other seat's share point.
struct Deal {
  std::uint32_t deck = 0;
  std::uint16_t position = 0;
  Seat holder;
  std::map<std::uint8_t, crypto::Point> shares;  // by seat: proven, or computed from a published key
  std::vector<TransferRecord> transfers;         // in order: who passed the card to whom
  std::optional<crypto::CardShare> public_holder_share;  // revealed to settle a disputed hand-over
};

// An attack whose dice wait for the second chain value.
struct PendingRoll {
  std::uint32_t number = 0;
  Order order;
  crypto::ChainValue first;   // the attacker's
  Seat responder;             // the defender, or its stand-in
  std::set<std::uint8_t> asked;  // every seat that has been the responder
};

// Cards passing from an eliminated seat to its conqueror.
struct PendingTransfer {
  Seat from;
  Seat to;
  std::vector<game::risiko::DeckPosition> positions;  // in the order of the sealed shares
};

struct SeatProtocol {
  std::optional<crypto::DeckKeyAnnouncement> key;
  crypto::EphemeralPublicKey box_key;           // where cards handed to this seat are sealed to
  std::optional<crypto::Scalar> published_key;  // a leaver's deck key, published with LEAVE_GAME
  std::optional<crypto::ChainVerifier> chain;
  std::uint32_t chain_length = 0;
  bool shared_missions = false;
  std::optional<crypto::HashCommitment> placement;
  bool placed = false;
  bool departed = false;  // left, timed out or blamed: takes no further part
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
  std::string describe_refusal(const Rejection& rejection) const override { return describe_risiko_refusal(rejection); }
  std::string_view refusal_name(RefusalCode code) const override { return risiko_refusal_name(code); }

  // ---- What a seat's agent reads (games/risiko/risiko_agent) ----------------------------------
  const RisikoOptions& options() const { return options_; }
  const game::risiko::State& state() const { return state_; }
  const game::risiko::World& world() const { return *world_; }
  Stage stage() const { return stage_; }
  bool started() const { return start_.has_value(); }
  // Once started().
  const GameStart& start() const {
    assert(start_);
    return *start_;
  }
  const crypto::SessionId& session() const { return start().session; }
  const SeatProtocol& seat(Seat s) const { return seats_.at(s.index); }
  std::size_t seat_count() const { return seats_.size(); }
  crypto::DeckContext deck_context(std::uint32_t number) const;
  // Once every key is in (the decks stage on).
  const crypto::JointKey& joint_key() const {
    assert(joint_);
    return *joint_;
  }
  const std::map<std::uint32_t, MentalDeck>& decks() const { return decks_; }
  const Deal* deal(std::uint32_t deck, std::uint16_t position) const;
  const std::map<std::pair<std::uint32_t, std::uint16_t>, Deal>& deals() const { return deals_; }
  const std::optional<PendingRoll>& pending_roll() const { return roll_; }
  const std::optional<PendingTransfer>& pending_transfer() const { return transfer_; }
  // The hand-over its recipient may still dispute (until its next message), and a dispute the
  // eliminated seat must settle by revealing the shares in public.
  const std::optional<PendingTransfer>& disputable() const { return disputable_; }
  const std::optional<PendingTransfer>& pending_dispute() const { return dispute_; }
  // Whether cards can still be dealt (false once a keyholder vanished without its key).
  bool deck_alive() const { return !dead_; }
  // Every engine action applied, in order, from the deal: with no cards lost (deck_alive()),
  // game::risiko::play on them from new_game reaches state() — the game for the engine alone
  // (bench/peer/risiko_game_bench).
  const std::vector<game::risiko::Action>& history() const { return history_; }

  // Protocol steps a seat owes now.
  bool owes_key(Seat s) const;
  // The decks this seat is to shuffle now, in one message: both initial decks, or one new deck.
  std::vector<std::uint32_t> shuffles_due(Seat s) const;
  std::vector<std::pair<std::uint32_t, std::uint16_t>> shares_owed(Seat s) const;
  bool owes_placement_commit(Seat s) const;
  bool owes_placement_reveal(Seat s) const;
  bool owes_dice(Seat s) const;
  bool owes_transfer(Seat s) const;
  bool owes_dispute_reveal(Seat s) const;
  // Whether the seat is to choose a move now (its clock runs): no protocol step is pending.
  bool deciding(Seat s) const;

 private:
  // What a message supplies or answers is not due now: a race with another seat's message (a
  // leave that ends a deal, a roll called off) explains that, not a cheat (Rejection::moot).
  static Rejection not_due(RisikoRefusal code, std::vector<std::string> detail = {}) {
    return Rejection{code, std::move(detail), false, true};
  }
  // A message's own checks; act() names its kind first in the refusal's particulars.
  using Check = std::optional<Rejection>;

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

  // The engine applies an action; its events may start protocol steps (deals, transfers).
  Check apply(const game::risiko::Action& action);
  game::Result<game::risiko::Action, game::risiko::Error> rolled(const PendingRoll& roll,
                                                                 const crypto::ChainValue& second) const;
  void follow(const std::vector<game::risiko::Event>& events);
  bool blocked() const;  // a protocol step is pending in play
  void form_deck(std::uint32_t number, std::vector<std::uint16_t> contents);
  void deal(std::uint32_t deck, std::uint16_t position, Seat holder);
  bool deal_complete(const Deal& deal) const;
  void lose(Seat owner, const std::vector<game::risiko::DeckPosition>& positions);
  void depart(Seat seat, std::optional<crypto::Scalar> key);
  void kill_decks();
  void advance_stage();
  std::optional<Seat> stand_in(const PendingRoll& roll) const;
  bool has_chain_values(Seat s) const;
  std::vector<Seat> active_seats() const;
  // The card (or mission) a dealt position holds, given the holder's share; refused as the
  // message's card `card` (1-based), or as the mission when none.
  game::Result<std::uint16_t, Rejection> open_with(const Deal& deal, Seat share_seat, const crypto::CardShare& share,
                                                   std::optional<std::size_t> card) const;
  crypto::Point computed_share(const crypto::Scalar& key, const crypto::MaskedCard& card) const;

  RisikoOptions options_;
  std::shared_ptr<const game::risiko::World> world_;
  game::risiko::State state_;
  std::vector<game::risiko::Action> history_;
  std::optional<GameStart> start_;
  Stage stage_ = Stage::keys;
  std::vector<SeatProtocol> seats_;
  std::optional<crypto::JointKey> joint_;
  std::map<std::uint32_t, MentalDeck> decks_;
  std::map<std::pair<std::uint32_t, std::uint16_t>, Deal> deals_;
  std::optional<PendingRoll> roll_;
  std::uint32_t rolls_ = 0;
  std::optional<PendingTransfer> transfer_;
  std::optional<PendingTransfer> disputable_;
  std::optional<PendingTransfer> dispute_;
  bool dead_ = false;       // a keyholder vanished without its key: no card can be opened any more
  bool abandoned_ = false;  // a seat vanished before every mission was dealt
};

game::Result<std::unique_ptr<GameRules>, RulesError> make_risiko_rules(std::size_t seats, const RoomOptions& options);

// The commitment to a seat's initial placement (an encoded PlaceArmies), bound to the session
// and the seat.
crypto::CommittedValue commit_placement(const crypto::SessionId& session, Seat seat,
                                        std::span<const std::uint8_t> placement);
bool placement_opens(const crypto::SessionId& session, Seat seat, const crypto::HashCommitment& commitment,
                     const crypto::CommitmentOpening& opening);

}  // namespace parley::peer::risiko
