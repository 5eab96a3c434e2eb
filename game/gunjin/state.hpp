#pragma once
// The state of a game as its holder knows it.
//
// Positions are public: every piece is known by its identity (its seat and the slot it was
// placed on) and its square, and everyone sees every move. Kinds are not: each piece's kind is
// either known or hidden (std::nullopt) *in this state*. Who holds which state:
//   a playing peer   its own kinds, no enemy kind         (conceal(full, my_seat))
//   a spectator      no kinds                              (conceal(full, nothing))
//   hot-seat play,   every kind                            (new_game with both layouts, or
//   the verifier                                           reveal() of both layouts)
// Actions never need a hidden kind to be applied (a battle's outcome and an HQ claim come in
// the action); a state that knows kinds also checks them (rules.hpp). So peers' states differ
// only in the kinds they know, and conceal() of the verifier's state equals each peer's.
// Peers compare the hash of encode(conceal(state, nothing)): the public state.
#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/core/seat.hpp"
#include "game/gunjin/battle.hpp"
#include "game/gunjin/board.hpp"
#include "game/gunjin/kind.hpp"
#include "game/gunjin/layout.hpp"
#include "game/gunjin/movement.hpp"
#include "game/gunjin/options.hpp"

namespace parley::game::gunjin {

// A piece's identity: its seat and the slot of the square it was placed on.
struct PieceId {
  Seat seat;
  std::uint8_t slot = 0;  // 0..22
  constexpr auto operator<=>(const PieceId&) const = default;
};

struct Piece {
  std::optional<Kind> kind;      // nothing: hidden from whoever holds this state
  std::optional<Square> square;  // nothing: removed in a battle
  bool has_moved = false;        // public; a piece that has moved is no mine and no flag
  friend bool operator==(const Piece&, const Piece&) = default;
};

enum class Phase : std::uint8_t {
  play,            // `to_move` moves (or declares it has no legal move)
  answer_no_move,  // the opponent declared it cannot move; `to_move` answers whether it can
  over,
};

enum class EndReason : std::uint8_t {
  hq_occupied,           // a 大将, 中将, 少将, 大佐, 中佐 or 少佐 entered the enemy HQ
  no_movable_piece,      // the loser had no legal move (and the winner had one)
  neither_can_move,      // draw
  threefold_repetition,  // draw: the same position, same side to move, a third time
  agreement,             // draw offered and accepted
  resignation,
};

struct Ending {
  std::optional<Seat> winner;  // nothing: a draw
  EndReason reason;
  friend bool operator==(const Ending&, const Ending&) = default;
};

// What a battle revealed to everyone: who attacked whom, where, and the outcome.
struct BattleRecord {
  std::uint32_t ply = 0;  // the number of moves played before this one
  PieceId attacker;
  PieceId defender;
  Square from;
  Square to;
  BattleOutcome outcome;
  friend bool operator==(const BattleRecord&, const BattleRecord&) = default;
};

// One piece as set down by arrange(): an arbitrary position, for problems and tests.
struct PlacedPiece {
  PieceId id;
  std::optional<Kind> kind;
  Square square;
  bool has_moved = false;
};

enum class ArrangeError : std::uint8_t {
  bad_seat_to_move,   // the seat to move is above 1
  bad_piece_id,       // seat above 1 or slot above 22
  bad_square,         // square index above 45
  piece_listed_twice,
  square_taken,
  too_many_of_kind,   // more known pieces of a kind than an army has
};

struct SetupError {
  Seat seat;
  PlacementError error;
  friend bool operator==(const SetupError&, const SetupError&) = default;
};

enum class RevealError : std::uint8_t {
  invalid_layout,       // the layout breaks a placement rule (validate_layout says which)
  contradicts_known,    // a piece whose kind this state knows has another kind in the layout
};

// The position key of the repetition rule: which piece stands on each square (0 empty,
// 1 + seat·23 + slot) and the seat to move. Identities stand for kinds, so it is public.
using PositionKey = std::array<std::uint8_t, kSquareCount + 1>;

class State {
 public:
  // A new game: both camps full, seat 0 to move. A seat's layout is given where it is known
  // to the holder (validated), nothing where it is hidden.
  static Result<State, SetupError> new_game(const Options& options,
                                            const std::array<std::optional<Layout>, kSeatCount>& layouts);
  // Any position (problems, tests): pieces not listed are off the board. Seat `to_move` moves.
  static Result<State, ArrangeError> arrange(const Options& options, std::span<const PlacedPiece> pieces,
                                             Seat to_move);

  // This state with the kinds of every seat but `keep` hidden (all of them for nothing).
  State conceal(std::optional<Seat> keep) const;
  // This state with `seat`'s kinds filled in from its opened layout (slot by slot, including
  // pieces already removed). The layout must be valid and agree with every kind known here.
  Result<State, RevealError> reveal(Seat seat, const Layout& layout) const;

  const Options& options() const { return options_; }
  Seat to_move() const { return to_move_; }
  Phase phase() const { return phase_; }
  std::optional<Seat> draw_offer() const { return draw_offer_; }
  const std::optional<Ending>& ending() const { return ending_; }
  std::uint32_t ply() const { return ply_; }  // moves played so far
  const Piece& piece(PieceId id) const {
    assert(id.seat.index < kSeatCount && id.slot < kArmySize);
    return armies_[id.seat.index][id.slot];
  }
  std::optional<PieceId> piece_at(Square square) const;
  const std::vector<BattleRecord>& battles() const { return battles_; }
  // Positions since the last battle (a battle removes a piece, so none before it can recur).
  const std::vector<PositionKey>& recent_positions() const { return recent_positions_; }
  Occupancy occupancy() const { return occupancy_; }
  // The kinds a piece may still have as far as this state knows: its kind when known; the
  // movable kinds once it has moved; every kind otherwise.
  KindSet possible_kinds(PieceId id) const;

  // The canonical bytes (format version 1): everything above, kinds as this state knows them.
  void encode(ByteWriter& out) const;

  friend bool operator==(const State&, const State&) = default;

 private:
  friend struct Gunjin;
  State() = default;

  void put(PieceId id, Square square);
  void take_off(PieceId id);
  PositionKey position_key() const;
  void record_position();  // appends the current key

  Options options_;
  std::array<std::array<Piece, kArmySize>, kSeatCount> armies_{};
  std::array<std::uint8_t, kSquareCount> board_{};  // 0 empty, else 1 + seat·23 + slot
  Occupancy occupancy_;
  Seat to_move_{0};
  Phase phase_ = Phase::play;
  std::optional<Seat> draw_offer_;
  std::optional<Ending> ending_;
  std::uint32_t ply_ = 0;
  std::vector<BattleRecord> battles_;
  std::vector<PositionKey> recent_positions_;
};

std::string_view describe(ArrangeError error);
std::string_view describe(RevealError error);
std::string_view describe(EndReason reason);

}  // namespace parley::game::gunjin
