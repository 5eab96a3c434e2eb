#pragma once
// A Gunjin seat's agent: the Player that holds the seat's secrets — its layout and the
// openings of its 23 piece commitments, and the secrets of the duel in progress — and turns
// its strategy's decisions into the protocol's messages (docs/gunjin.md, "Protocol"):
// the setup commitments, the army proof, each move with its proof and (for an attack) its duel
// offer, every duel reply (checking what the other side sent, and disputing when it must), the
// proofs of a declaration, and the layout's openings at the end. It follows the game through
// the GunjinRules' public state and history, keeping its own view (its kinds known) and what it
// has learnt of the enemy's pieces.
#include <memory>
#include <optional>

#include "crypto/duel.hpp"
#include "games/gunjin/gunjin_knowledge.hpp"
#include "games/gunjin/gunjin_strategy.hpp"
#include "peer/net/player.hpp"
#include "peer/session/gunjin_rules.hpp"

namespace parley::peer {

class GunjinAgent : public Player {
 public:
  explicit GunjinAgent(std::unique_ptr<GunjinStrategy> strategy);

  Bytes game_setup(const Session& session, Seat me) override;
  std::optional<Bytes> act(const Session& session, Seat me) override;
  std::optional<Bytes> reveal(const Session& session, Seat me) override;
  // `u8 version (1) ‖ u8 held (0 nothing, 1 a layout (open pieces), 2 an army) ‖ [bytes: the
  // open setup, or the army's openings] ‖ u8 duel ‖ [u8 role ‖ bytes: its DuelOpening]`.
  Bytes secrets() const override;
  bool restore(std::span<const std::uint8_t> secrets) override;

  // What the agent holds, for tests and tools.
  const std::optional<game::gunjin::Layout>& layout() const { return layout_; }
  const std::optional<CommittedArmy>& army() const { return army_; }
  const std::optional<game::gunjin::State>& view() const { return view_; }
  const std::optional<EnemyKnowledge>& knowledge() const { return knowledge_; }

 protected:
  // The next message for this seat with hidden pieces, or nothing. Tests derive cheating
  // agents from here.
  virtual std::optional<GunjinMessage> next_message(const GunjinRules& rules, Seat me);

  std::optional<GunjinMessage> army_message(const GunjinRules& rules, Seat me);
  std::optional<GunjinMessage> move_message(const GunjinRules& rules, Seat me, game::gunjin::Square from,
                                            game::gunjin::Square to);
  std::optional<GunjinMessage> duel_message(const GunjinRules& rules, Seat me);
  std::optional<GunjinMessage> no_legal_move_message(const GunjinRules& rules, Seat me);
  std::optional<GunjinMessage> have_legal_move_message(const GunjinRules& rules, Seat me);
  // The proof that the piece from `slot` has one of the `allowed` kinds (a move, a declaration).
  virtual game::Result<crypto::MembershipProof, crypto::ProveError> prove_kind(const crypto::ProofContext& context,
                                                                               std::uint8_t slot,
                                                                               const crypto::ValueSet& allowed);
  // The secret layout: what commitments and openings are made of (a cheater's may be illegal).
  virtual game::gunjin::Layout choose_layout() { return strategy_->layout(); }

  std::unique_ptr<GunjinStrategy> strategy_;
  std::optional<game::gunjin::Layout> layout_;
  std::optional<CommittedArmy> army_;
  std::optional<crypto::Duelist> duelist_;

 private:
  void catch_up(const GunjinRules& rules, Seat me);
  std::optional<Bytes> act_open(const GunjinRules& rules, Seat me);

  // A duel side restored from secrets(), taken up once the transcript shows its offer.
  std::optional<std::pair<crypto::DuelRole, crypto::DuelOpening>> saved_duel_;
  std::optional<game::gunjin::State> view_;
  std::optional<EnemyKnowledge> knowledge_;
  std::size_t seen_actions_ = 0;
};

}  // namespace parley::peer
