#include "game/chess/movegen.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace parley::game::chess {
namespace {

constexpr unsigned kAllPieceTypes = (1u << kPieceTypes) - 1;

// The kinds other than the king, and those that are not pawns either (in PieceType's order).
constexpr std::array kKindsButKing = {PieceType::pawn, PieceType::knight, PieceType::bishop, PieceType::rook,
                                      PieceType::queen};
constexpr std::array kPieceKinds = {PieceType::knight, PieceType::bishop, PieceType::rook, PieceType::queen};

// Calls visit(type) for each kind of `Among` that the list wants, in PieceType's order. A list
// toward one square wants one kind, and visits only that one instead of testing every kind; the
// full list's loop is the fixed one, which the compiler unrolls.
template <bool Restricted, const auto& Among, class Visit>
void for_each_wanted(unsigned types, const Visit& visit) {
  if constexpr (Restricted) {
    constexpr unsigned among_bits = [] {
      unsigned bits = 0;
      for (PieceType type : Among) bits |= 1u << index(type);
      return bits;
    }();
    for (unsigned wanted = types & among_bits; wanted; wanted &= wanted - 1)
      visit(static_cast<PieceType>(std::countr_zero(wanted)));
  } else {
    for (PieceType type : Among) visit(type);
  }
}

template <Color Us, bool Restricted>
void add_pawn_moves(const Position& pos, Bitboard targets, Bitboard destinations, Bitboard pinned, MoveList& list) {
  constexpr Color them = ~Us;
  constexpr int up = Us == Color::white ? 8 : -8;
  constexpr Bitboard promotion_rank = rank_bb(Us == Color::white ? 7 : 0);
  constexpr Bitboard double_step_rank = rank_bb(Us == Color::white ? 2 : 5);
  const Square king = pos.king_square(Us);
  const Bitboard empty = ~pos.occupied();
  const Bitboard enemies = pos.pieces(them);

  auto shift_up = [](Bitboard b) { return Us == Color::white ? b << 8 : b >> 8; };
  auto allowed = [&](Square from, Square to) {
    return !(pinned & from.bb()) || (attacks::line(king, from) & to.bb());
  };
  auto add = [&](Square from, Square to) {
    if (!allowed(from, to)) return;
    if (to.bb() & promotion_rank) {
      for (PieceType t : {PieceType::queen, PieceType::rook, PieceType::bishop, PieceType::knight})
        list.push(Move(from, to, Move::Kind::promotion, t));
    } else {
      list.push(Move(from, to));
    }
  };

  Bitboard pawns = pos.pieces(Us, PieceType::pawn);
  Bitboard single = shift_up(pawns) & empty;
  Bitboard dbl = shift_up(single & double_step_rank) & empty;
  for (Bitboard b = single & targets; b;) {
    Square to = pop_lsb(b);
    add(Square(to.index() - up), to);
  }
  for (Bitboard b = dbl & targets; b;) {
    Square to = pop_lsb(b);
    add(Square(to.index() - 2 * up), to);
  }
  // Toward one square only the pawns that attack it can capture there (the same pawns in the
  // same order, fewer visited).
  const Bitboard capturers =
      !Restricted || more_than_one(destinations) ? pawns : pawns & attacks::pawn(them, lsb(destinations));
  for (Bitboard b = capturers; b;) {
    Square from = pop_lsb(b);
    for (Bitboard caps = attacks::pawn(Us, from) & enemies & targets; caps;) add(from, pop_lsb(caps));
  }
  if (auto ep = pos.en_passant(); ep && (!Restricted || (ep->bb() & destinations))) {
    for (Bitboard b = attacks::pawn(them, *ep) & pawns; b;) {
      Square from = pop_lsb(b);
      if (pos.en_passant_is_legal(from, *ep)) list.push(Move(from, *ep, Move::Kind::en_passant));
    }
  }
}

// Generates the legal moves of the piece types in `types` (bit i for PieceType i) that end on
// a square of `destinations`. Restricting only filters: pins, checks and king safety are
// decided exactly as for the full list. The full list is its own instantiation (Restricted
// false), in which every filter folds away, so perft pays nothing for the restricted lists.
template <Color Us, bool Restricted>
void generate(const Position& pos, unsigned types, Bitboard restricted_to, MoveList& list) {
  auto wanted = [&](PieceType t) { return !Restricted || ((types >> index(t)) & 1u); };
  const Bitboard destinations = Restricted ? restricted_to : ~Bitboard{0};
  const Square king = pos.king_square(Us);
  const Bitboard own = pos.pieces(Us);
  const Bitboard occupied = pos.occupied();
  const Bitboard checkers = pos.checkers();

  // King moves: to squares no enemy attacks once the king has left its square.
  const Bitboard without_king = occupied ^ king.bb();
  for (Bitboard b = wanted(PieceType::king) ? attacks::king(king) & ~own & destinations : 0; b;) {
    Square to = pop_lsb(b);
    if (!pos.attackers_by(~Us, to, without_king)) list.push(Move(king, to));
  }
  if (more_than_one(checkers)) return;

  // Pins matter only to the other pieces (a king move alone, common in SAN, skips them).
  if (!Restricted || (types & ~(1u << index(PieceType::king)))) {
    // In check, other pieces must capture the checker or block its line.
    Bitboard targets = checkers ? attacks::between(king, lsb(checkers)) | checkers : ~own;
    targets &= ~own & destinations;
    const bool one_destination = Restricted && destinations && !more_than_one(destinations);
    // Toward one square, only the pieces that attack it can move there (attacks are symmetric
    // for these), and the pawns that attack it or stand one or two squares behind it: found once
    // per kind, for the pin test and the moves both.
    std::array<Bitboard, kPieceTypes> movers{};
    Bitboard any_mover = 0;
    if (one_destination) {
      const Square to = lsb(destinations);
      constexpr int up = Us == Color::white ? 8 : -8;
      Bitboard behind = 0;
      for (int from = to.index() - up, steps = 0; steps < 2 && from >= 0 && from < 64; from -= up, ++steps)
        behind |= Square(from).bb();
      for_each_wanted<Restricted, kKindsButKing>(types, [&](PieceType type) {
        const Bitboard own_of_type = pos.pieces(Us, type);
        const Bitboard lines = (type == PieceType::bishop || type == PieceType::queen ? attacks::line_of_bishop(to) : 0) |
                               (type == PieceType::rook || type == PieceType::queen ? attacks::line_of_rook(to) : 0);
        movers[index(type)] = type == PieceType::pawn     ? own_of_type & (attacks::pawn(~Us, to) | behind)
                              : type == PieceType::knight ? own_of_type & attacks::knight(to)
                                                          : attacks::seeing(to, own_of_type & lines, occupied);
        any_mover |= movers[index(type)];
      });
    }
    // Pins cost two magic lookups and more; toward one square they are looked for only when a
    // piece that could move there stands on a line through the king with an enemy slider of
    // that line's kind.
    auto may_be_pinned = [&] {
      const Bitboard pinners = pos.sliders_in_line(~Us, king);
      for (Bitboard b = any_mover; b;)
        if (attacks::line(king, pop_lsb(b)) & pinners) return true;
      return false;
    };
    const Bitboard pinned = !one_destination || may_be_pinned() ? pos.blockers_for_king(Us) : 0;

    if (wanted(PieceType::pawn)) add_pawn_moves<Us, Restricted>(pos, targets, destinations, pinned, list);
    for_each_wanted<Restricted, kPieceKinds>(types, [&](PieceType type) {
      if (one_destination) {
        // Each such piece attacks the square already: no second lookup of its attacks.
        const Square to = lsb(destinations);
        if (!(targets & to.bb())) return;
        for (Bitboard b = movers[index(type)]; b;) {
          Square from = pop_lsb(b);
          if (!(pinned & from.bb()) || (attacks::line(king, from) & to.bb())) list.push(Move(from, to));
        }
        return;
      }
      for (Bitboard b = pos.pieces(Us, type); b;) {
        Square from = pop_lsb(b);
        Bitboard moves = attacks::of(type, from, occupied) & targets;
        if (pinned & from.bb()) moves &= attacks::line(king, from);
        while (moves) list.push(Move(from, pop_lsb(moves)));
      }
    });
  }

  if (checkers || !wanted(PieceType::king)) return;
  constexpr int home = Us == Color::white ? 0 : 7;
  constexpr std::uint8_t kingside = Us == Color::white ? kWhiteKingside : kBlackKingside;
  constexpr std::uint8_t queenside = Us == Color::white ? kWhiteQueenside : kBlackQueenside;
  auto safe = [&](int file) {
    return !pos.attackers_by(~Us, Square::at(file, home), occupied);
  };
  if ((pos.castling_rights() & kingside) && (Square::at(6, home).bb() & destinations) &&
      !(occupied & (Square::at(5, home).bb() | Square::at(6, home).bb())) && safe(5) && safe(6))
    list.push(Move(king, Square::at(6, home), Move::Kind::castling));
  if ((pos.castling_rights() & queenside) && (Square::at(2, home).bb() & destinations) &&
      !(occupied & (Square::at(1, home).bb() | Square::at(2, home).bb() | Square::at(3, home).bb())) &&
      safe(3) && safe(2))
    list.push(Move(king, Square::at(2, home), Move::Kind::castling));
}

}  // namespace

MoveList::MoveList(const Position& pos) {
  if (pos.side_to_move() == Color::white)
    generate<Color::white, false>(pos, kAllPieceTypes, ~Bitboard{0}, *this);
  else
    generate<Color::black, false>(pos, kAllPieceTypes, ~Bitboard{0}, *this);
}

MoveList::MoveList(const Position& pos, PieceType type, Square to) {
  if (pos.side_to_move() == Color::white)
    generate<Color::white, true>(pos, 1u << index(type), to.bb(), *this);
  else
    generate<Color::black, true>(pos, 1u << index(type), to.bb(), *this);
}

bool has_legal_move(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard without_king = pos.occupied() ^ king.bb();
  for (Bitboard b = attacks::king(king) & ~pos.pieces(us); b;)
    if (!pos.attackers_by(~us, pop_lsb(b), without_king)) return true;
  return !MoveList(pos).empty();
}

bool MoveList::contains(Move m) const { return std::find(raw_, raw_ + size_, m.raw()) != raw_ + size_; }

}  // namespace parley::game::chess
