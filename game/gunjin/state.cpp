#include "game/gunjin/state.hpp"

namespace parley::game::gunjin {

namespace {
constexpr std::uint8_t kFormatVersion = 1;
constexpr std::uint8_t kNone = 0xFF;

std::uint8_t board_code(PieceId id) { return static_cast<std::uint8_t>(1 + id.seat.index * kArmySize + id.slot); }
}  // namespace

Result<State, SetupError> State::new_game(const Options& options,
                                          const std::array<std::optional<Layout>, kSeatCount>& layouts) {
  State state;
  state.options_ = options;
  for (std::uint8_t s = 0; s < kSeatCount; ++s) {
    const Seat seat{s};
    if (layouts[s]) {
      auto valid = validate_layout(*layouts[s]);
      if (!valid) return SetupError{seat, valid.error()};
    }
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
      if (layouts[s]) state.armies_[s][slot].kind = (*layouts[s])[slot];
      state.put(PieceId{seat, slot}, square_of_slot(seat, slot));
    }
  }
  state.record_position();
  return state;
}

Result<State, ArrangeError> State::arrange(const Options& options, std::span<const PlacedPiece> pieces,
                                           Seat to_move) {
  State state;
  state.options_ = options;
  if (to_move.index >= kSeatCount) return ArrangeError::bad_seat_to_move;
  state.to_move_ = to_move;
  std::array<std::array<int, kKindCount>, kSeatCount> known{};
  std::array<std::array<bool, kArmySize>, kSeatCount> listed{};
  for (const PlacedPiece& p : pieces) {
    if (p.id.seat.index >= kSeatCount || p.id.slot >= kArmySize) return ArrangeError::bad_piece_id;
    if (p.square.index >= kSquareCount) return ArrangeError::bad_square;
    if (listed[p.id.seat.index][p.id.slot]) return ArrangeError::piece_listed_twice;
    if (state.board_[p.square.index] != 0) return ArrangeError::square_taken;
    if (p.kind && ++known[p.id.seat.index][index_of(*p.kind)] > army_count(*p.kind)) {
      return ArrangeError::too_many_of_kind;
    }
    listed[p.id.seat.index][p.id.slot] = true;
    Piece& piece = state.armies_[p.id.seat.index][p.id.slot];
    piece.kind = p.kind;
    piece.has_moved = p.has_moved;
    state.put(p.id, p.square);
  }
  state.record_position();
  return state;
}

State State::conceal(std::optional<Seat> keep) const {
  State out = *this;
  for (std::uint8_t s = 0; s < kSeatCount; ++s) {
    if (keep && keep->index == s) continue;
    for (Piece& p : out.armies_[s]) p.kind.reset();
  }
  return out;
}

Result<State, RevealError> State::reveal(Seat seat, const Layout& layout) const {
  if (seat.index >= kSeatCount || !validate_layout(layout)) return RevealError::invalid_layout;
  State out = *this;
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    Piece& p = out.armies_[seat.index][slot];
    if (p.kind && *p.kind != layout[slot]) return RevealError::contradicts_known;
    p.kind = layout[slot];
  }
  return out;
}

std::optional<PieceId> State::piece_at(Square square) const {
  assert(square.index < kSquareCount);
  const std::uint8_t code = board_[square.index];
  if (code == 0) return std::nullopt;
  const std::uint8_t index = static_cast<std::uint8_t>(code - 1);
  return PieceId{Seat{static_cast<std::uint8_t>(index / kArmySize)}, static_cast<std::uint8_t>(index % kArmySize)};
}

KindSet State::possible_kinds(PieceId id) const {
  const Piece& p = piece(id);
  if (p.kind) return KindSet::of(*p.kind);
  return p.has_moved ? KindSet::movable() : KindSet::all();
}

void State::put(PieceId id, Square square) {
  Piece& p = armies_[id.seat.index][id.slot];
  if (p.square) take_off(id);
  p.square = square;
  board_[square.index] = board_code(id);
  occupancy_.held[id.seat.index].insert(square);
}

void State::take_off(PieceId id) {
  Piece& p = armies_[id.seat.index][id.slot];
  if (!p.square) return;
  board_[p.square->index] = 0;
  occupancy_.held[id.seat.index].erase(*p.square);
  p.square.reset();
}

PositionKey State::position_key() const {
  PositionKey key{};
  for (std::size_t i = 0; i < kSquareCount; ++i) key[i] = board_[i];
  key[kSquareCount] = to_move_.index;
  return key;
}

void State::record_position() { recent_positions_.push_back(position_key()); }

void State::encode(ByteWriter& out) const {
  out.u8(kFormatVersion);
  gunjin::encode(options_, out);
  out.u8(to_move_.index);
  out.u8(static_cast<std::uint8_t>(phase_));
  out.u8(draw_offer_ ? draw_offer_->index : kNone);
  out.u8(ending_ ? static_cast<std::uint8_t>(ending_->reason) : kNone);
  out.u8(ending_ && ending_->winner ? ending_->winner->index : kNone);
  out.u32(ply_);
  for (const auto& army : armies_) {
    for (const Piece& p : army) {
      out.u8(p.square ? p.square->index : kNone);
      out.u8(p.kind ? index_of(*p.kind) : kNone);
      out.u8(p.has_moved ? 1 : 0);
    }
  }
  out.u32(static_cast<std::uint32_t>(battles_.size()));
  for (const BattleRecord& b : battles_) {
    out.u32(b.ply);
    out.u8(b.attacker.seat.index);
    out.u8(b.attacker.slot);
    out.u8(b.defender.seat.index);
    out.u8(b.defender.slot);
    out.u8(b.from.index);
    out.u8(b.to.index);
    out.u8(static_cast<std::uint8_t>(b.outcome));
  }
  out.u32(static_cast<std::uint32_t>(recent_positions_.size()));
  for (const PositionKey& key : recent_positions_) out.raw(key);
}

std::string_view describe(ArrangeError error) {
  switch (error) {
    case ArrangeError::bad_seat_to_move: return "the seat to move is out of range";
    case ArrangeError::bad_piece_id: return "a piece's seat or slot is out of range";
    case ArrangeError::bad_square: return "a square index is out of range";
    case ArrangeError::piece_listed_twice: return "a piece is listed twice";
    case ArrangeError::square_taken: return "two pieces on one square";
    case ArrangeError::too_many_of_kind: return "more pieces of a kind than an army has";
  }
  return "unknown arrange error";
}

std::string_view describe(RevealError error) {
  switch (error) {
    case RevealError::invalid_layout: return "the opened layout breaks a placement rule";
    case RevealError::contradicts_known: return "the opened layout contradicts a kind already known";
  }
  return "unknown reveal error";
}

std::string_view describe(EndReason reason) {
  switch (reason) {
    case EndReason::hq_occupied: return "HQ occupied";
    case EndReason::no_movable_piece: return "no movable piece";
    case EndReason::neither_can_move: return "neither side can move";
    case EndReason::threefold_repetition: return "threefold repetition";
    case EndReason::agreement: return "draw agreed";
    case EndReason::resignation: return "resignation";
  }
  return "unknown ending";
}

}  // namespace parley::game::gunjin
