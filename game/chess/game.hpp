#pragma once
// A game of chess as a rules engine (game/core/engine.hpp): the position, the moves that led
// to it (so repetition and take-back are decidable), pending offers, and the result.
//
// End conditions (FIDE Laws of Chess, 2023): checkmate and stalemate end the game at once, as
// do a dead position (insufficient material) and the fivefold repetition or 75-move rule;
// threefold repetition and the fifty-move rule are draws the player to move may claim.
// Resignation, draw by agreement and a flag fall (with the opponent's mating material, FIDE
// 6.9) complete the list. Take-back of the last N half-moves needs the opponent's agreement
// (the original design's cancel_move, docs/design.md).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "game/chess/movegen.hpp"
#include "game/core/engine.hpp"

namespace parley::game::chess {

constexpr Seat seat_of(Color c) { return Seat{static_cast<std::uint8_t>(index(c))}; }
constexpr Color color_of(Seat s) { return s.index == 0 ? Color::white : Color::black; }

enum class Termination : std::uint8_t {
  checkmate,
  stalemate,
  insufficient_material,
  fivefold_repetition,
  seventy_five_moves,
  threefold_repetition,  // claimed
  fifty_moves,           // claimed
  resignation,
  agreement,
  time_forfeit,
  time_out_vs_insufficient_material,
};
std::string_view describe(Termination t);

struct Action {
  enum class Kind : std::uint8_t {
    move,              // `move`
    resign,
    offer_draw,        // stays open until the offerer's opponent moves or answers
    accept_draw,
    decline_draw,
    claim_draw,        // threefold repetition or fifty-move rule, by the player to move
    request_takeback,  // undo the last `count` half-moves
    accept_takeback,
    decline_takeback,
    flag_fall,         // `seat`'s clock ran out; the session decides that from lobby stamps
  };
  Kind kind = Kind::move;
  Seat seat;           // who acts (for flag_fall: whose flag fell)
  Move move;           // for `move`
  std::uint16_t count = 0;  // for `request_takeback`
  friend bool operator==(const Action&, const Action&) = default;
};

enum class Illegal : std::uint8_t {
  game_over,
  not_your_turn,
  illegal_move,
  no_draw_offer,
  draw_already_offered,
  no_claimable_draw,
  no_takeback_request,
  takeback_too_long,     // more half-moves than were played
  takeback_pending,
  answer_own_request,    // a player cannot accept their own offer or request
  not_a_seat,
};
std::string_view describe(Illegal reason);

struct GameResult {
  std::optional<Color> winner;  // nullopt: a draw
  Termination termination;
  friend bool operator==(const GameResult&, const GameResult&) = default;
};

class Game {
 public:
  Game() : Game(Position::start()) {}
  explicit Game(const Position& start);

  const Position& start() const { return history_.front(); }
  const Position& position() const { return history_.back(); }
  const std::vector<Move>& moves() const { return moves_; }
  const std::optional<GameResult>& result() const { return result_; }
  std::optional<Color> draw_offered_by() const { return draw_offer_; }
  struct TakebackRequest {
    Color by;
    std::uint16_t count;
    friend bool operator==(const TakebackRequest&, const TakebackRequest&) = default;
  };
  const std::optional<TakebackRequest>& takeback_request() const { return takeback_; }

  // How often the current position has occurred (FIDE 9.2: same player to move, placement,
  // castling rights and en-passant possibility). Only the moves since the last capture, pawn
  // move or loss of a castling right can repeat it.
  int repetitions() const;
  bool can_claim_draw() const;

  Result<Game, Illegal> apply(const Action& action) const;
  // Every action the rules allow now.
  std::vector<Action> legal_actions() const;

  void encode(ByteWriter& out) const;

 private:
  void play(Move m);
  void conclude_if_over();
  void undo(int count);

  std::vector<Position> history_;  // start position, then the position after each move
  std::vector<Move> moves_;
  std::optional<GameResult> result_;
  std::optional<Color> draw_offer_;
  std::optional<TakebackRequest> takeback_;
};

// FIDE's dead position for the common material: no side can ever mate (K v K, K+minor v K,
// kings and bishops all on squares of one colour).
bool insufficient_material(const Position& pos);
// Can this colour mate with any series of legal moves (for FIDE 6.9 on a flag fall)? Decided by
// material as engines and servers do: a lone king, or only one minor piece, cannot.
bool has_mating_material(const Position& pos, Color c);

// The wire form of an action: six bytes (kind, seat, move, count), decoded with every field
// checked against its domain.
inline constexpr std::size_t kActionBytes = 6;
void encode(const Action& action, ByteWriter& out);
Result<Action, DecodeError> decode_action(std::span<const std::uint8_t> bytes);

// The traits type that makes chess a RulesEngine.
struct Chess {
  using State = Game;
  using Action = chess::Action;
  using Error = Illegal;
  using View = Game;  // nothing in chess is hidden
  static std::vector<Action> legal_actions(const Game& g) { return g.legal_actions(); }
  static Result<Game, Illegal> apply(const Game& g, const Action& a) { return g.apply(a); }
  static Game view(const Game& g, Seat) { return g; }
  static void encode(const Game& g, ByteWriter& out) { g.encode(out); }
  static std::uint64_t hash(const Game& g) { return g.position().key(); }
  static std::optional<Outcome> outcome(const Game& g);
};
static_assert(RulesEngine<Chess>);

}  // namespace parley::game::chess
