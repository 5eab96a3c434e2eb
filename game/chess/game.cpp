#include "game/chess/game.hpp"

namespace parley::game::chess {

std::string_view describe(Termination t) {
  switch (t) {
    case Termination::checkmate: return "checkmate";
    case Termination::stalemate: return "stalemate";
    case Termination::insufficient_material: return "insufficient material";
    case Termination::fivefold_repetition: return "fivefold repetition";
    case Termination::seventy_five_moves: return "75-move rule";
    case Termination::threefold_repetition: return "threefold repetition";
    case Termination::fifty_moves: return "50-move rule";
    case Termination::resignation: return "resignation";
    case Termination::agreement: return "draw by agreement";
    case Termination::time_forfeit: return "time forfeit";
    case Termination::time_out_vs_insufficient_material: return "time out against insufficient material";
  }
  return "unknown termination";
}

std::string_view describe(Illegal reason) {
  switch (reason) {
    case Illegal::game_over: return "the game is over";
    case Illegal::not_your_turn: return "it is not this player's turn";
    case Illegal::illegal_move: return "the move is not legal in this position";
    case Illegal::no_draw_offer: return "there is no draw offer to answer";
    case Illegal::draw_already_offered: return "a draw offer is already open";
    case Illegal::no_claimable_draw: return "neither threefold repetition nor the 50-move rule applies";
    case Illegal::no_takeback_request: return "there is no take-back request to answer";
    case Illegal::takeback_too_long: return "a take-back must undo between 1 and all moves played";
    case Illegal::takeback_pending: return "a take-back request is already open";
    case Illegal::answer_own_request: return "a player cannot answer their own offer or request";
    case Illegal::not_a_seat: return "chess has seats 0 (white) and 1 (black) only";
  }
  return "illegal action";
}

bool insufficient_material(const Position& pos) {
  if (pos.pieces(PieceType::pawn) | pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen))
    return false;
  Bitboard knights = pos.pieces(PieceType::knight), bishops = pos.pieces(PieceType::bishop);
  if (knights == 0 && bishops == 0) return true;                          // K v K
  if (bishops == 0 && popcount(knights) == 1) return true;                // K+N v K
  if (knights == 0) {                                                     // bishops only
    constexpr Bitboard dark = 0xAA55AA55AA55AA55ULL;
    return (bishops & dark) == 0 || (bishops & ~dark) == 0;
  }
  return false;
}

bool has_mating_material(const Position& pos, Color c) {
  Bitboard own = pos.pieces(c);
  if (own & (pos.pieces(PieceType::pawn) | pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen)))
    return true;
  return popcount(own & (pos.pieces(PieceType::knight) | pos.pieces(PieceType::bishop))) >= 2;
}

Game::Game(const Position& start) {
  history_.push_back(start);
  conclude_if_over();
}

int Game::repetitions() const {
  const Position& now = history_.back();
  int count = 1;
  int reversible = now.halfmove_clock();
  int last = static_cast<int>(history_.size()) - 1;
  for (int i = last - 2; i >= 0 && last - i <= reversible; i -= 2) {
    const Position& earlier = history_[static_cast<std::size_t>(i)];
    if (earlier.key() == now.key() && earlier.same_position(now)) ++count;
  }
  return count;
}

bool Game::can_claim_draw() const {
  return !result_ && (repetitions() >= 3 || position().halfmove_clock() >= 100);
}

void Game::play(Move m) {
  history_.push_back(position().after(m));
  moves_.push_back(m);
  conclude_if_over();
}

void Game::conclude_if_over() {
  const Position& pos = position();
  if (!has_legal_move(pos)) {
    result_ = pos.in_check() ? GameResult{~pos.side_to_move(), Termination::checkmate}
                             : GameResult{std::nullopt, Termination::stalemate};
  } else if (insufficient_material(pos)) {
    result_ = GameResult{std::nullopt, Termination::insufficient_material};
  } else if (repetitions() >= 5) {
    result_ = GameResult{std::nullopt, Termination::fivefold_repetition};
  } else if (pos.halfmove_clock() >= 150) {
    result_ = GameResult{std::nullopt, Termination::seventy_five_moves};
  }
}

void Game::undo(int count) {
  history_.resize(history_.size() - static_cast<std::size_t>(count));
  moves_.resize(moves_.size() - static_cast<std::size_t>(count));
}

Result<Game, Illegal> Game::apply(const Action& action) const {
  if (result_) return Illegal::game_over;
  if (action.seat.index > 1) return Illegal::not_a_seat;
  const Color who = color_of(action.seat);
  const Color to_move = position().side_to_move();
  Game next = *this;

  switch (action.kind) {
    case Action::Kind::move:
      if (who != to_move) return Illegal::not_your_turn;
      if (!MoveList(position()).contains(action.move)) return Illegal::illegal_move;
      if (next.draw_offer_ && *next.draw_offer_ != who) next.draw_offer_.reset();
      next.takeback_.reset();
      next.play(action.move);
      break;
    case Action::Kind::resign:
      next.result_ = GameResult{~who, Termination::resignation};
      break;
    case Action::Kind::offer_draw:
      if (draw_offer_) return Illegal::draw_already_offered;
      next.draw_offer_ = who;
      break;
    case Action::Kind::accept_draw:
    case Action::Kind::decline_draw:
      if (!draw_offer_) return Illegal::no_draw_offer;
      if (*draw_offer_ == who) return Illegal::answer_own_request;
      next.draw_offer_.reset();
      if (action.kind == Action::Kind::accept_draw)
        next.result_ = GameResult{std::nullopt, Termination::agreement};
      break;
    case Action::Kind::claim_draw:
      if (who != to_move) return Illegal::not_your_turn;
      if (repetitions() >= 3)
        next.result_ = GameResult{std::nullopt, Termination::threefold_repetition};
      else if (position().halfmove_clock() >= 100)
        next.result_ = GameResult{std::nullopt, Termination::fifty_moves};
      else
        return Illegal::no_claimable_draw;
      break;
    case Action::Kind::request_takeback:
      if (takeback_) return Illegal::takeback_pending;
      if (action.count == 0 || action.count > moves_.size()) return Illegal::takeback_too_long;
      next.takeback_ = TakebackRequest{who, action.count};
      break;
    case Action::Kind::accept_takeback:
    case Action::Kind::decline_takeback:
      if (!takeback_) return Illegal::no_takeback_request;
      if (takeback_->by == who) return Illegal::answer_own_request;
      next.takeback_.reset();
      if (action.kind == Action::Kind::accept_takeback) {
        next.undo(takeback_->count);
        next.draw_offer_.reset();
      }
      break;
    case Action::Kind::flag_fall:
      // Only the clock of the side to move runs.
      if (who != to_move) return Illegal::not_your_turn;
      next.result_ = has_mating_material(position(), ~who)
                         ? GameResult{~who, Termination::time_forfeit}
                         : GameResult{std::nullopt, Termination::time_out_vs_insufficient_material};
      break;
  }
  return next;
}

std::vector<Action> Game::legal_actions() const {
  std::vector<Action> out;
  if (result_) return out;
  const Color to_move = position().side_to_move();
  for (Move m : MoveList(position())) out.push_back({Action::Kind::move, seat_of(to_move), m, 0});
  for (Color c : {Color::white, Color::black}) {
    Seat s = seat_of(c);
    out.push_back({Action::Kind::resign, s, Move::none(), 0});
    if (!draw_offer_) out.push_back({Action::Kind::offer_draw, s, Move::none(), 0});
    if (draw_offer_ && *draw_offer_ != c) {
      out.push_back({Action::Kind::accept_draw, s, Move::none(), 0});
      out.push_back({Action::Kind::decline_draw, s, Move::none(), 0});
    }
    if (!takeback_)
      for (std::size_t n = 1; n <= moves_.size(); ++n)
        out.push_back({Action::Kind::request_takeback, s, Move::none(), static_cast<std::uint16_t>(n)});
    if (takeback_ && takeback_->by != c) {
      out.push_back({Action::Kind::accept_takeback, s, Move::none(), 0});
      out.push_back({Action::Kind::decline_takeback, s, Move::none(), 0});
    }
  }
  if (can_claim_draw()) out.push_back({Action::Kind::claim_draw, seat_of(to_move), Move::none(), 0});
  out.push_back({Action::Kind::flag_fall, seat_of(to_move), Move::none(), 0});
  return out;
}

namespace {
constexpr std::uint8_t kGameFormat = 1;
constexpr std::uint8_t kNone = 0xff;
std::uint8_t color_code(std::optional<Color> c) { return c ? static_cast<std::uint8_t>(index(*c)) : kNone; }
}  // namespace

void Game::encode(ByteWriter& out) const {
  out.u8(kGameFormat);
  out.text(start().fen());
  out.u32(static_cast<std::uint32_t>(moves_.size()));
  for (Move m : moves_) out.u16(m.raw());
  out.u8(result_ ? color_code(result_->winner) : kNone);
  out.u8(result_ ? static_cast<std::uint8_t>(result_->termination) : kNone);
  out.u8(color_code(draw_offer_));
  out.u8(takeback_ ? static_cast<std::uint8_t>(index(takeback_->by)) : kNone);
  out.u16(takeback_ ? takeback_->count : 0);
}

void encode(const Action& action, ByteWriter& out) {
  out.u8(static_cast<std::uint8_t>(action.kind));
  out.u8(action.seat.index);
  out.u16(action.move.raw());
  out.u16(action.count);
}

Result<Action, DecodeError> decode_action(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != kActionBytes) return bytes.size() < kActionBytes ? DecodeError::truncated : DecodeError::trailing_bytes;
  ByteReader in(bytes);
  Action a;
  std::uint8_t kind = *in.u8();
  if (kind > static_cast<std::uint8_t>(Action::Kind::flag_fall)) return DecodeError::bad_value;
  a.kind = static_cast<Action::Kind>(kind);
  a.seat = Seat{*in.u8()};
  if (a.seat.index > 1) return DecodeError::bad_value;
  a.move = Move::from_raw(*in.u16());
  a.count = *in.u16();
  bool needs_move = a.kind == Action::Kind::move;
  bool needs_count = a.kind == Action::Kind::request_takeback;
  // Fields an action does not use must be zero, so each action has exactly one encoding.
  if (needs_move == a.move.is_none() || needs_count == (a.count == 0)) return DecodeError::bad_value;
  return a;
}

std::optional<Outcome> Chess::outcome(const Game& g) {
  if (!g.result()) return std::nullopt;
  std::optional<Seat> winner;
  if (g.result()->winner) winner = seat_of(*g.result()->winner);
  return Outcome{winner, describe(g.result()->termination)};
}

}  // namespace parley::game::chess
