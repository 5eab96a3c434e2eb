#include "games/chess/ui/chess_screen.hpp"

#include <cassert>

#include "game/chess/movegen.hpp"
#include "game/chess/notation.hpp"
#include "game/chess/pgn.hpp"
#include "games/chess/chess_export.hpp"
#include "games/chess/module.hpp"
#include "i18n/i18n.hpp"

namespace parley::ui {

using namespace game::chess;

namespace {

// A person's chess seat on the network thread.
class ChessSeat final : public SeatPlayer {
 public:
  peer::Player& player() override { return player_; }
  void submit(const std::any& intent) override {
    if (const auto* chess = std::any_cast<ChessIntent>(&intent)) player_.submit(*chess);
  }
  std::vector<std::string> take_refusals() override { return player_.take_refusals(); }

 private:
  HumanChessPlayer player_;
};

}  // namespace

bool ChessScreen::mine() const { return app_.game() && app_.game_on_screen() == this; }

const Game* ChessScreen::chess() const {
  return mine() ? &games::chess::rules_of(app_.game()->session()).game_state() : nullptr;
}

std::optional<Move> ChessScreen::last_move() const {
  const Game* g = chess();
  if (!g || g->moves().empty()) return std::nullopt;
  return g->moves().back();
}

bool ChessScreen::my_move() const {
  const Game* g = chess();
  const LiveGame* live = app_.game();
  if (!g || !live->me() || live->session().phase() != peer::Phase::play || live->session().seat(*live->me()).out())
    return false;
  return !g->result() && g->position().side_to_move() == color_of(*live->me());
}

void ChessScreen::refresh_moves() {
  const Game* g = chess();
  if (!g || g->moves() == shown_moves_) return;
  // Keep the SAN of the common beginning (after a take-back, or one more move, most of it).
  std::size_t common = 0;
  while (common < shown_moves_.size() && common < g->moves().size() && shown_moves_[common] == g->moves()[common])
    ++common;
  san_.resize(common);
  Position position = g->start();
  for (std::size_t i = 0; i < g->moves().size(); ++i) {
    Move m = g->moves()[i];
    if (i >= common) san_.push_back(to_san(position, m));
    position.play(m);
  }
  shown_moves_ = g->moves();
}

void ChessScreen::start(const LiveGame&) {
  shown_moves_.clear();
  san_.clear();
  refresh_moves();
}

void ChessScreen::after_entries(const LiveGame&) { refresh_moves(); }

void ChessScreen::sync() {
  const Game* g = chess();
  if (!g) return;
  if (pending_ && (g->moves().size() != pending_ply_ || app_.game()->session().outcome())) pending_.reset();
  const bool may_move = my_move() && !pending_;
  const std::size_t ply = g->moves().size();
  if (input_ply_ == ply && input_may_move_ == may_move) return;
  input_.reset(g->position(), may_move);
  input_ply_ = ply;
  input_may_move_ = may_move;
  if (may_move) app_.say("your move: " + g->position().fen());
}

void ChessScreen::refused() {
  pending_.reset();
  input_ply_.reset();
}

void ChessScreen::stop() {
  pending_.reset();
  input_ply_.reset();
}

void ChessScreen::submit(Move move) {
  if (!chess()) return;
  app_.send(SeatIntentCommand{std::string(game()), ChessIntent{ChessIntent::Kind::move, move, 0}});
  pending_ = move;
  pending_ply_ = chess()->moves().size();
  input_.reset(chess()->position(), false);
  input_may_move_ = false;
}

void ChessScreen::press(std::optional<Square> at) {
  if (auto m = input_.press(at)) submit(*m);
}

void ChessScreen::release(std::optional<Square> at) {
  if (auto m = input_.release(at)) submit(*m);
}

void ChessScreen::choose_promotion(PieceType type) {
  if (auto m = input_.choose_promotion(type)) submit(*m);
}

void ChessScreen::act(ChessIntent intent, std::uint64_t local_ms) {
  const Game* g = chess();
  if (!g || !app_.game()->me()) return;
  auto message = chess_intent_message(*g, *app_.game()->me(), intent);
  if (!message) return app_.notify(Notice::Kind::error, "Cannot " + message.error(), local_ms);
  app_.send(SeatIntentCommand{std::string(game()), intent});
}

game::Result<std::string, peer::ExportError> ChessScreen::pgn() const {
  if (!chess()) return peer::ExportError{"no chess game to save"};
  auto record = peer::chess_pgn(app_.game()->log());
  if (!record) return peer::ExportError{record.error().detail};
  return pgn::write(*record);
}

void ChessScreen::open_replay(const ReplayViewer& viewer) { replay_ = ChessReplay::open(viewer); }

std::unique_ptr<GameScreen> ChessUi::screen(App& app, const peer::GameModule& module) const {
  return std::make_unique<ChessScreen>(app, module);
}

std::unique_ptr<SeatPlayer> ChessUi::seat_player(const lobby::RoomState&, const std::any*) const {
  return std::make_unique<ChessSeat>();
}

std::optional<std::string> ChessUi::play_status(const LiveGame& live, std::uint64_t) const {
  const Game& g = games::chess::rules_of(live.session()).game_state();
  const auto me = live.me();
  game::Seat to_move = seat_of(g.position().side_to_move());
  const bool check = g.position().in_check();
  // "{0} to move" names a player here, a colour at the terminal: a context of its own.
  std::string text = me == to_move ? std::string(check ? i18n::tr("Your move (check)") : i18n::tr("Your move"))
                     : check       ? i18n::trf("{0} to move (check)", live.seat_name(to_move))
                                   : i18n::detail::format_translated(i18n::trc("a player's name", "{0} to move"),
                                                                     "{0} to move", live.seat_name(to_move));
  // What this seat asked of the other and is waiting for (the panel shows what it is asked).
  if (me) {
    const Color mine = color_of(*me);
    const std::string other = live.seat_name(game::Seat{static_cast<std::uint8_t>(1 - me->index)});
    if (g.draw_offered_by() == mine)
      text = i18n::trf("{0}; your draw offer stands until {1} answers or moves", text, other);
    if (const auto& t = g.takeback_request(); t && t->by == mine)
      text = i18n::trnf("{0}; you asked to take back {1} half-move, {2} has not answered",
                        "{0}; you asked to take back {1} half-moves, {2} has not answered", t->count, text, t->count, other);
  }
  return text;
}

std::optional<game::Seat> ChessUi::draw_offered_by(const peer::Session& session) const {
  if (const auto by = games::chess::rules_of(session).game_state().draw_offered_by()) return seat_of(*by);
  return std::nullopt;
}

std::optional<ActionWords> ChessUi::action_words(const peer::Session& before, game::Seat,
                                                 std::span<const std::uint8_t> message) const {
  auto action = decode_action(message);
  if (!action) return std::nullopt;
  const Position& position = games::chess::rules_of(before).game_state().position();
  switch (action->kind) {
    case Action::Kind::move:
      // The move in SAN (English piece letters, as the move list and PGN), when legal here.
      if (!MoveList(position).contains(action->move)) return std::nullopt;
      return ActionWords{to_san(position, action->move)};
    case Action::Kind::resign: return ActionWords{i18n::tr("resigns")};
    case Action::Kind::offer_draw: return ActionWords{i18n::tr("offers a draw")};
    case Action::Kind::accept_draw: return ActionWords{i18n::tr("accepts the draw")};
    case Action::Kind::decline_draw: return ActionWords{i18n::tr("declines the draw")};
    case Action::Kind::claim_draw: return ActionWords{i18n::tr("claims a draw")};
    case Action::Kind::request_takeback:
      return ActionWords{i18n::trnf("asks to take back {0} half-move", "asks to take back {0} half-moves", action->count,
                                    unsigned{action->count})};
    case Action::Kind::accept_takeback: return ActionWords{i18n::tr("accepts the take-back")};
    case Action::Kind::decline_takeback: return ActionWords{i18n::tr("declines the take-back")};
    case Action::Kind::flag_fall: return ActionWords{i18n::tr("flag falls")};
  }
  return std::nullopt;
}

ChessScreen& chess_screen(App& app) {
  auto* screen = dynamic_cast<ChessScreen*>(app.game_screen(peer::kChessGame));
  assert(screen != nullptr);
  return *screen;
}

const ChessScreen& chess_screen(const App& app) {
  auto* screen = dynamic_cast<const ChessScreen*>(app.game_screen(peer::kChessGame));
  assert(screen != nullptr);
  return *screen;
}

}  // namespace parley::ui
