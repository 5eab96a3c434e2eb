#pragma once
// Gunjin shogi through the session layer (docs/gunjin.md, "Protocol"), with no referee: every
// peer, and `parley verify`, runs this on the transcript and checks every proof as it arrives.
//
//   setup    each seat: one Pedersen commitment per piece (23)
//   army     each seat, first in play: the proof that its commitments are a legal layout
//   move     the mover's squares, its move proof when the public state does not already show
//            the piece may move so, and for an attack the attacker's duel offer
//   duel     an attack is settled by a duel (crypto/duel.hpp) in four replies — defender,
//            attacker, defender, attacker — that are protocol replies (the response limit
//            applies); a dispute opens the duel's secrets, each side's on its own, and the side
//            whose opening shows a lie is blamed at that message
//   end      both layouts are opened; the game is replayed from them with full information, so
//            every move, battle and claim is checked once more against the true kinds
//
// The rules hold only what everyone knows (the public state: positions, battle outcomes); the
// seat's secrets are its agent's (games/gunjin/gunjin_agent.hpp). With open pieces (a room option)
// both layouts are public in setup and a message is a plain engine action.
#include <array>
#include <optional>
#include <vector>

#include "game/gunjin/rules.hpp"
#include "peer/session/gunjin_army.hpp"
#include "peer/session/gunjin_messages.hpp"
#include "peer/session/gunjin_refusal.hpp"
#include "peer/session/rules.hpp"

namespace parley::peer {

inline constexpr std::string_view kGunjinGame = "gunjin";

// Where a battle's duel stands: whose reply the game waits for.
enum class DuelStep : std::uint8_t {
  defender_answer,  // the defender's offer and request
  attacker_table,   // the attacker's request and table
  defender_reply,   // the defender's table and claim (or its opening)
  attacker_claim,   // the attacker's claim (or its opening)
  dispute,          // the claims disagree, or one side disputed: each side opens its secrets
};

// The duel of an attack in progress, by crypto::DuelRole (0 attacker, 1 defender).
struct PendingDuel {
  Seat attacker;
  game::gunjin::Square from;
  game::gunjin::Square to;
  bool officer = false;
  crypto::DuelStatement statement;
  DuelStep step = DuelStep::defender_answer;
  std::array<crypto::DuelOffer, 2> offers{};
  std::array<crypto::DuelRequest, 2> requests{};
  std::array<crypto::OtTable, 2> tables{};
  std::array<std::optional<crypto::DuelClaim>, 2> claims{};
  std::array<bool, 2> disputed{};  // the side opened instead of claiming
  std::array<std::optional<crypto::DuelOpening>, 2> openings{};  // judged honest
  Seat defender() const { return game::gunjin::opponent(attacker); }
  Seat seat_of(crypto::DuelRole role) const { return role == crypto::DuelRole::attacker ? attacker : defender(); }
};

class GunjinRules final : public GameRules {
 public:
  explicit GunjinRules(const GunjinRoomOptions& options);

  std::string_view game() const override { return kGunjinGame; }
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
  // Every seat still in opens its layout once play has begun (open pieces have nothing to open).
  bool needs_reveals() const override { return began_ && !options_.open_pieces; }
  std::string describe_action(Seat seat, std::span<const std::uint8_t> message) const override;
  std::string describe_refusal(const Rejection& rejection) const override { return describe_gunjin_refusal(rejection); }
  std::string_view refusal_name(RefusalCode code) const override { return gunjin_refusal_name(code); }

  // For agents, screens and tools.
  const GunjinRoomOptions& room_options() const { return options_; }
  bool began() const { return began_; }
  const crypto::SessionId& session() const { return session_; }
  // What everyone knows (with open pieces: everything).
  const game::gunjin::State& public_state() const { return state_; }
  // Every engine action applied so far, in order (a battle's once its duel settled).
  const std::vector<game::gunjin::Action>& history() const { return history_; }
  const std::optional<PendingDuel>& duel() const { return duel_; }
  bool army_proved(Seat seat) const { return army_proved_[seat.index]; }
  const std::array<ArmyCommitments, 2>& commitments() const { return commitments_; }
  const crypto::DuelRules& duel_rules() const { return duel_rules_; }
  // The layouts opened at the end, and the game replayed from them (every kind known once both
  // are open; the other seat's hidden while only one is).
  const std::array<std::optional<game::gunjin::Layout>, 2>& revealed() const { return revealed_; }
  const std::optional<game::gunjin::State>& replayed() const { return replayed_; }

 private:
  Verdict act_in_order(Seat seat, std::span<const std::uint8_t> message);
  bool is_draw_message(std::span<const std::uint8_t> message) const;
  Verdict act_open(Seat seat, std::span<const std::uint8_t> message);
  Verdict on_move(Seat seat, const MoveMessage& m);
  Verdict on_duel(Seat seat, const GunjinMessage& m);
  Verdict on_opening(Seat seat, crypto::DuelRole role, const crypto::DuelOpening& opening);
  Verdict on_no_legal_move(Seat seat, const NoLegalMoveMessage& m);
  Verdict on_have_legal_move(Seat seat, const HaveLegalMoveMessage& m);
  Verdict finish_duel(crypto::DuelOutcome outcome);
  Verdict apply(const game::gunjin::Action& action);
  void end_by(Seat loser, std::string_view reason);

  GunjinRoomOptions options_;
  crypto::DuelRules duel_rules_;
  bool began_ = false;
  crypto::SessionId session_;
  std::array<ArmyCommitments, 2> commitments_{};
  std::array<std::optional<game::gunjin::Layout>, 2> open_layouts_;  // open pieces: the setups
  std::array<bool, 2> army_proved_{};
  game::gunjin::State state_;
  std::vector<game::gunjin::Action> history_;
  std::optional<PendingDuel> duel_;
  std::optional<game::Outcome> ended_;  // a forfeit or a time-out, outside the engine
  std::array<std::optional<game::gunjin::Layout>, 2> revealed_;
  std::optional<game::gunjin::State> replayed_;
};

}  // namespace parley::peer
