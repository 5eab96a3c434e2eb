#include "games/gunjin/ui/gunjin_screen.hpp"

#include <cassert>

#include "games/gunjin/module.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "i18n/i18n.hpp"
#include "peer/session/gunjin_messages.hpp"
#include "peer/session/gunjin_protocol.hpp"

namespace parley::ui {

namespace {

// A person's Gunjin seat on the network thread: the agent does the protocol, the person moves.
class GunjinSeat final : public SeatPlayer {
 public:
  explicit GunjinSeat(const game::gunjin::Layout& layout) : player_(layout) {}
  peer::Player& player() override { return player_; }
  void submit(const std::any& intent) override {
    if (const auto* gunjin = std::any_cast<GunjinIntent>(&intent)) player_.submit(*gunjin);
  }
  std::vector<std::string> take_refusals() override { return player_.take_refusals(); }
  std::optional<std::any> news(const peer::Session*, std::optional<game::Seat>) override {
    if (reported_ || !player_.layout()) return std::nullopt;
    reported_ = true;
    return GunjinLayoutInUse{*player_.layout()};
  }

 private:
  HumanGunjinPlayer player_;
  bool reported_ = false;
};

}  // namespace

GunjinScreen::GunjinScreen(App& app, const peer::GameModule& module)
    : GameScreen(app, module), editor_(sensible_layout(app.config().identity.bytes()[0])) {}

void GunjinScreen::commit_layout() {
  // The seat commits to the layout on screen when the game starts.
  layout_sent_ = editor_.layout();
  app_.send(PrepareSeatCommand{std::string(game()), *layout_sent_});
}

void GunjinScreen::quick_match(std::uint8_t seats) {
  commit_layout();
  GameScreen::quick_match(seats);
}

void GunjinScreen::ready() { commit_layout(); }

game::Result<game::Bytes, std::string> GunjinScreen::room_options() const {
  // An empty blob is the original rules with hidden pieces (docs/gunjin.md, "Encodings").
  if (room_form_ == peer::GunjinRoomOptions{}) return game::Bytes{};
  return peer::encode(room_form_);
}

void GunjinScreen::start(const LiveGame& live) {
  board_.emplace(live.me(), layout_sent_);
  announced_ = 0;
}

void GunjinScreen::after_entries(const LiveGame& live) {
  board_->update(live.session());
  for (; announced_ < board_->announcements().size(); ++announced_)
    app_.say("referee: " + board_->announcements()[announced_]);
}

void GunjinScreen::news(const std::any& news) {
  const auto* in_use = std::any_cast<GunjinLayoutInUse>(&news);
  if (!in_use) return;
  layout_sent_ = in_use->layout;
  if (board_) {
    board_->set_layout(in_use->layout);
    board_->update(app_.game()->session());
  }
}

void GunjinScreen::refused() {
  if (board_) board_->refused();
}

void GunjinScreen::submit(const GunjinIntent& move) {
  app_.send(SeatIntentCommand{std::string(game()), move});
  board_->sent(move);
}

void GunjinScreen::press(std::optional<game::gunjin::Square> at) {
  if (!board_) return;
  if (auto m = board_->press(at)) submit(*m);
}

void GunjinScreen::drag(Point pointer) {
  if (board_) board_->drag(pointer);
}

void GunjinScreen::release(std::optional<game::gunjin::Square> at) {
  if (!board_) return;
  if (auto m = board_->release(at)) submit(*m);
}

void GunjinScreen::cancel() {
  if (board_) board_->cancel();
}

void GunjinScreen::act(GunjinIntent intent, std::uint64_t local_ms) {
  if (!app_.game() || !board_ || !app_.game()->me()) return;
  auto action = gunjin_intent_action(board_->view(), *app_.game()->me(), intent);
  if (!action) return app_.notify(Notice::Kind::error, "Cannot " + action.error(), local_ms);
  app_.send(SeatIntentCommand{std::string(game()), intent});
}

void GunjinScreen::open_replay(const ReplayViewer& viewer) {
  auto replay = GunjinReplay::open(viewer.log());
  if (replay) replay_.emplace(std::move(replay).value());
  else replay_.reset();
}

std::unique_ptr<GameScreen> GunjinUi::screen(App& app, const peer::GameModule& module) const {
  return std::make_unique<GunjinScreen>(app, module);
}

std::unique_ptr<SeatPlayer> GunjinUi::seat_player(const lobby::RoomState& room, const std::any* prepared) const {
  // A resumed game restores the layout from the seat's secrets; a new one commits to the layout
  // the screen sent (or, if it sent none, a sensible one).
  const auto* layout = prepared ? std::any_cast<game::gunjin::Layout>(prepared) : nullptr;
  return std::make_unique<GunjinSeat>(layout ? *layout : sensible_layout(room.room.value));
}

std::optional<game::Seat> GunjinUi::draw_offered_by(const peer::Session& session) const {
  if (const auto* rules = games::gunjin::rules(session)) return rules->public_state().draw_offer();
  return std::nullopt;
}

namespace {

using namespace game::gunjin;

ActionWords move_words(Square from, Square to, bool attacks) {
  if (attacks) return {i18n::trf("attacks {0} from {1}", square_name(to), square_name(from))};
  return {i18n::trf("{0}-{1}", square_name(from), square_name(to))};
}

std::optional<ActionWords> common_words(const auto& m) {
  using M = std::decay_t<decltype(m)>;
  if constexpr (std::is_same_v<M, NoLegalMove> || std::is_same_v<M, peer::NoLegalMoveMessage>)
    return ActionWords{i18n::tr("declares it has no legal move")};
  else if constexpr (std::is_same_v<M, HaveLegalMove> || std::is_same_v<M, peer::HaveLegalMoveMessage>)
    return ActionWords{i18n::tr("declares it has a legal move")};
  else if constexpr (std::is_same_v<M, Resign> || std::is_same_v<M, peer::ResignMessage>)
    return ActionWords{i18n::tr("resigns")};
  else if constexpr (std::is_same_v<M, OfferDraw> || std::is_same_v<M, peer::OfferDrawMessage>)
    return ActionWords{i18n::tr("offers a draw")};
  else if constexpr (std::is_same_v<M, AcceptDraw> || std::is_same_v<M, peer::AcceptDrawMessage>)
    return ActionWords{i18n::tr("accepts the draw")};
  return std::nullopt;
}

}  // namespace

std::optional<ActionWords> GunjinUi::action_words(const peer::Session& before, game::Seat,
                                                  std::span<const std::uint8_t> message) const {
  const auto* rules = games::gunjin::rules(before);
  if (!rules) return std::nullopt;
  if (rules->room_options().open_pieces) {
    auto action = decode_action(message);
    if (!action) return std::nullopt;
    return std::visit(
        [&](const auto& a) -> std::optional<ActionWords> {
          using A = std::decay_t<decltype(a)>;
          if constexpr (std::is_same_v<A, Play>) {
            if (!a.battle) return move_words(a.from, a.to, false);
            return ActionWords{i18n::trf("attacks {0} from {1}; {2}", square_name(a.to), square_name(a.from),
                                         referee_outcome(*a.battle))};
          } else {
            return common_words(a);
          }
        },
        action->body);
  }
  auto decoded = peer::decode_gunjin_message(message);
  if (!decoded) return std::nullopt;
  return std::visit(
      [&](const auto& m) -> std::optional<ActionWords> {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, peer::MoveMessage>) {
          return move_words(m.from, m.to, m.offer.has_value());
        } else if constexpr (std::is_same_v<M, peer::DuelClaimMessage>) {
          // The battle's outcome, as the referee says it.
          return ActionWords{i18n::trf("the battle is settled: {0}", referee_outcome(peer::battle_outcome(m.claim.outcome)))};
        } else if constexpr (std::is_same_v<M, peer::ArmyMessage>) {
          return ActionWords{i18n::tr("proves its army"), true};
        } else if constexpr (std::is_same_v<M, peer::DuelAnswerMessage> || std::is_same_v<M, peer::DuelTableMessage> ||
                             std::is_same_v<M, peer::DuelReplyMessage> || std::is_same_v<M, peer::DuelOpeningMessage>) {
          return ActionWords{i18n::tr("a step of the battle's duel"), true};
        } else {
          return common_words(m);
        }
      },
      *decoded);
}

GunjinScreen& gunjin_screen(App& app) {
  auto* screen = dynamic_cast<GunjinScreen*>(app.game_screen(peer::kGunjinGame));
  assert(screen != nullptr);
  return *screen;
}

const GunjinScreen& gunjin_screen(const App& app) {
  auto* screen = dynamic_cast<const GunjinScreen*>(app.game_screen(peer::kGunjinGame));
  assert(screen != nullptr);
  return *screen;
}

}  // namespace parley::ui
