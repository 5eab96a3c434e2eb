#pragma once
// A person's Gunjin seat. The human decides only what a person decides — the layout (from the
// layout editor, before the game) and, on its turn, a move or a declaration — and everything
// else is the session layer's own GunjinAgent: the commitments, the army proof, each move's
// proof and duel offer, every duel reply and dispute, the proofs of "no legal move", the
// layout's openings at the end. So a window plays exactly the protocol a bot plays; the screen
// cannot produce a proof or duel message of its own.
//
// Intents queue up from the screen (through the network thread) or the terminal
// (cli/terminal_gunjin, which derives from this class) and are taken one at a time
// when the agent asks its strategy for a decision, checked against the seat's own view (its
// kinds known); one the rules refuse is dropped with the reason. Resigning is allowed at any
// time (also during the opponent's turn or a duel), and offering or accepting a draw at any time
// outside a battle, so these bypass the turn.
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "game/core/result.hpp"
#include "games/gunjin/gunjin_agent.hpp"

namespace parley::ui {

struct GunjinIntent {
  enum class Kind : std::uint8_t { move, no_legal_move, offer_draw, accept_draw, resign };
  Kind kind = Kind::move;
  game::gunjin::Square from;  // for a move
  game::gunjin::Square to;
  friend bool operator==(const GunjinIntent&, const GunjinIntent&) = default;
};
std::string_view describe(GunjinIntent::Kind kind);

// Whether seat `me` may make this intent in its view now (its turn, the phase, the piece's
// kind and the board), or why not.
game::Result<game::gunjin::Action, std::string> gunjin_intent_action(const game::gunjin::State& view, game::Seat me,
                                                                      const GunjinIntent& intent);

class HumanGunjinPlayer : public peer::GunjinAgent {
 public:
  explicit HumanGunjinPlayer(const game::gunjin::Layout& layout);

  void submit(GunjinIntent intent);
  std::optional<game::Bytes> act(const peer::Session& session, game::Seat me) override;
  // The intents dropped since the last call, each with the rules' reason.
  std::vector<std::string> take_refusals();

 private:
  std::optional<game::Bytes> draw_between_turns(const peer::Session& session, game::Seat me);

  class Decisions;
  Decisions* decisions_;  // owned by the agent as its strategy
};

}  // namespace parley::ui
