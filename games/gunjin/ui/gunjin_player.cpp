#include "games/gunjin/ui/gunjin_player.hpp"

#include "games/gunjin/module.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"

namespace parley::ui {

using namespace game::gunjin;

std::string_view describe(GunjinIntent::Kind kind) {
  switch (kind) {
    case GunjinIntent::Kind::move: return "move";
    case GunjinIntent::Kind::no_legal_move: return "declare having no legal move";
    case GunjinIntent::Kind::offer_draw: return "offer a draw";
    case GunjinIntent::Kind::accept_draw: return "accept the draw";
    case GunjinIntent::Kind::resign: return "resign";
  }
  return "unknown";
}

game::Result<Action, std::string> gunjin_intent_action(const State& view, game::Seat me, const GunjinIntent& intent) {
  if (view.phase() == Phase::over) return std::string("the game is over");
  if (intent.kind == GunjinIntent::Kind::resign) return Action{me, Resign{}};
  if (intent.kind == GunjinIntent::Kind::offer_draw || intent.kind == GunjinIntent::Kind::accept_draw) {
    // On either seat's turn, as the rules allow, but not while a declaration waits for its answer.
    if (view.phase() != Phase::play) return std::string(describe(intent.kind)) + ": a declaration waits for its answer";
    if (intent.kind == GunjinIntent::Kind::offer_draw) {
      if (view.draw_offer()) return std::string("a draw offer is already pending");
      return Action{me, OfferDraw{}};
    }
    if (view.draw_offer() != opponent(me)) return std::string("no draw was offered to you");
    return Action{me, AcceptDraw{}};
  }
  if (view.to_move() != me) return std::string(describe(intent.kind)) + ": it is not your turn";
  switch (intent.kind) {
    case GunjinIntent::Kind::move: {
      const std::string what = square_name(intent.from) + "-" + square_name(intent.to);
      if (view.phase() != Phase::play) return what + ": answer whether you can move first";
      for (const Play& p : peer::own_moves(view, me))
        if (p.from == intent.from && p.to == intent.to) return Action{me, Play{p.from, p.to, std::nullopt, false}};
      return what + ": that piece cannot move there";
    }
    case GunjinIntent::Kind::no_legal_move:
      if (!peer::own_moves(view, me).empty()) return std::string("you do have a legal move");
      return Action{me, NoLegalMove{}};
    case GunjinIntent::Kind::offer_draw:
    case GunjinIntent::Kind::accept_draw:
    case GunjinIntent::Kind::resign: break;
  }
  return Action{me, Resign{}};
}

// The strategy the agent asks on this seat's turn: the person's queued intents.
class HumanGunjinPlayer::Decisions final : public peer::GunjinStrategy {
 public:
  explicit Decisions(const Layout& layout) : layout_(layout) {}
  Layout layout() override { return layout_; }

  std::optional<Action> decide(const State& view, game::Seat me, const peer::EnemyKnowledge&) override {
    // The intent handed out last, again, while the game has not moved on: its post was
    // refused by the lobby (another entry landed first) and is asked for once more.
    if (last_ && last_ply_ == view.ply() && last_draw_offer_ == view.draw_offer()) {
      if (auto action = gunjin_intent_action(view, me, *last_)) return std::move(action).value();
    }
    last_.reset();
    while (!queue.empty()) {
      GunjinIntent intent = queue.front();
      queue.pop_front();
      auto action = gunjin_intent_action(view, me, intent);
      if (!action) {
        refusals.push_back(action.error());
        continue;
      }
      last_ = intent;
      last_ply_ = view.ply();
      last_draw_offer_ = view.draw_offer();
      return std::move(action).value();
    }
    return std::nullopt;
  }

  std::deque<GunjinIntent> queue;
  std::vector<std::string> refusals;

 private:
  Layout layout_;
  std::optional<GunjinIntent> last_;
  std::uint32_t last_ply_ = 0;
  std::optional<game::Seat> last_draw_offer_;
};

HumanGunjinPlayer::HumanGunjinPlayer(const Layout& layout)
    : GunjinAgent(std::make_unique<Decisions>(layout)),
      decisions_(static_cast<Decisions*>(strategy_.get())) {}

void HumanGunjinPlayer::submit(GunjinIntent intent) { decisions_->queue.push_back(intent); }

std::vector<std::string> HumanGunjinPlayer::take_refusals() { return std::exchange(decisions_->refusals, {}); }

std::optional<game::Bytes> HumanGunjinPlayer::act(const peer::Session& session, game::Seat me) {
  // Resigning is allowed at any time before the end, not only on one's turn. With hidden
  // pieces, one asked for before this seat's army proof waits behind it (the agent posts the
  // proof at once); open pieces have no army proof.
  if (!decisions_->queue.empty() && decisions_->queue.front().kind == GunjinIntent::Kind::resign) {
    const auto* rules = games::gunjin::rules(session);
    const bool awaiting_proof = rules != nullptr && rules->began() && !rules->outcome() &&
                                !rules->room_options().open_pieces && !rules->army_proved(me);
    if (awaiting_proof) return GunjinAgent::act(session, me);
    decisions_->queue.pop_front();
    if (rules != nullptr && rules->began() && !rules->outcome()) {
      if (rules->room_options().open_pieces) return game::gunjin::encode(Action{me, Resign{}});
      return peer::encode(peer::GunjinMessage{peer::ResignMessage{}});
    }
    decisions_->refusals.push_back("resign: the game has not begun or is over");
  }
  if (auto offer = draw_between_turns(session, me)) return offer;
  return GunjinAgent::act(session, me);
}

// A draw offer or acceptance on the other seat's turn goes out at once; on this seat's own turn
// the agent takes it from the queue like a move. During a battle it waits for the battle's end.
std::optional<game::Bytes> HumanGunjinPlayer::draw_between_turns(const peer::Session& session, game::Seat me) {
  if (decisions_->queue.empty()) return std::nullopt;
  const GunjinIntent intent = decisions_->queue.front();
  if (intent.kind != GunjinIntent::Kind::offer_draw && intent.kind != GunjinIntent::Kind::accept_draw) return std::nullopt;
  const auto* rules = games::gunjin::rules(session);
  if (rules == nullptr || !rules->began() || rules->outcome() || rules->duel()) return std::nullopt;
  const bool open = rules->room_options().open_pieces;
  if (!open && !(rules->army_proved(me) && rules->army_proved(opponent(me)))) return std::nullopt;
  const State& pub = rules->public_state();
  if (pub.to_move() == me && pub.phase() == Phase::play) return std::nullopt;
  decisions_->queue.pop_front();
  auto action = gunjin_intent_action(pub, me, intent);
  if (!action) {
    decisions_->refusals.push_back(action.error());
    return std::nullopt;
  }
  if (open) return game::gunjin::encode(*action);
  if (intent.kind == GunjinIntent::Kind::offer_draw) return peer::encode(peer::GunjinMessage{peer::OfferDrawMessage{}});
  return peer::encode(peer::GunjinMessage{peer::AcceptDrawMessage{}});
}

}  // namespace parley::ui
