#include "peer/session/gunjin_protocol.hpp"

#include <cassert>
#include <vector>

namespace parley::peer {

using namespace game::gunjin;
using game::Seat;

namespace {
constexpr crypto::DomainLabel kMovePurpose{"gunjin-move"};
constexpr crypto::DomainLabel kHaveMovePurpose{"gunjin-have-move"};
constexpr crypto::DomainLabel kNoMovePurpose{"gunjin-no-move"};
}  // namespace

crypto::ValueSet kind_values(KindSet kinds) {
  assert(!kinds.empty() && "a caller checks that the set is not empty");
  std::vector<std::uint32_t> values;
  for (Kind k : kAllKinds)
    if (kinds.contains(k)) values.push_back(index_of(k));
  // 16 kinds are far below the proof's limit.
  return crypto::ValueSet::of(values).value();
}

KindSet move_kinds(const State& state, Seat actor, Square from, Square to, bool officer) {
  KindSet kinds = kinds_for_move(actor, from, to, state.occupancy());
  if (to == hq_of(opponent(actor))) kinds = kinds & (officer ? KindSet::hq_occupiers() : KindSet(static_cast<std::uint16_t>(~KindSet::hq_occupiers().bits())));
  return kinds;
}

KindSet immobile_kinds(const State& state, PieceId piece) {
  KindSet out;
  const Occupancy occupancy = state.occupancy();
  const Square square = *state.piece(piece).square;
  for (Kind k : kAllKinds)
    if (destinations(k, piece.seat, square, occupancy).empty()) out = out | KindSet::of(k);
  return out;
}

crypto::ProofContext move_context(const crypto::SessionId& session, std::uint32_t ply, Seat seat, Square from,
                                  Square to, bool officer) {
  crypto::ProofContext ctx(session);
  const std::array<std::uint8_t, 3> move{from.index, to.index, static_cast<std::uint8_t>(officer ? 1 : 0)};
  ctx.purpose(kMovePurpose).position(ply).seat(seat).field(move);
  return ctx;
}

crypto::ProofContext have_move_context(const crypto::SessionId& session, std::uint32_t ply, Seat seat,
                                       std::uint8_t slot, Square to) {
  crypto::ProofContext ctx(session);
  const std::array<std::uint8_t, 2> move{slot, to.index};
  ctx.purpose(kHaveMovePurpose).position(ply).seat(seat).field(move);
  return ctx;
}

crypto::ProofContext no_move_context(const crypto::SessionId& session, std::uint32_t ply, Seat seat,
                                     std::uint8_t slot) {
  crypto::ProofContext ctx(session);
  const std::array<std::uint8_t, 1> piece{slot};
  ctx.purpose(kNoMovePurpose).position(ply).seat(seat).field(piece);
  return ctx;
}

crypto::DuelRules duel_rules(const Options& options) {
  crypto::DuelRules rules;
  const BattleTable table = battle_table(options);
  for (std::size_t b = 0; b < kEffectiveKindCount; ++b) {
    for (std::size_t a = 0; a < kKindCount; ++a) {
      if (table[b][a]) rules.outcome[b][a] = static_cast<crypto::DuelOutcome>(static_cast<std::uint8_t>(*table[b][a]));
    }
  }
  rules.flag_kind = index_of(Kind::flag);
  return rules;
}

std::optional<PieceId> friendly_behind(const State& state, PieceId defender) {
  const auto square = square_behind(*state.piece(defender).square, defender.seat);
  if (!square) return std::nullopt;
  const auto behind = state.piece_at(*square);
  if (!behind || behind->seat != defender.seat) return std::nullopt;
  return behind;
}

crypto::DuelStatement duel_statement(const crypto::SessionId& session, const State& state,
                                     const std::array<ArmyCommitments, 2>& armies, Square from, Square to) {
  const PieceId attacker = *state.piece_at(from);
  const PieceId defender = *state.piece_at(to);
  crypto::DuelStatement s;
  s.session = session;
  s.duel_id = state.ply();
  s.attacker_piece = armies[attacker.seat.index][attacker.slot];
  s.defender_piece = armies[defender.seat.index][defender.slot];
  if (auto behind = friendly_behind(state, defender)) s.defender_behind = armies[behind->seat.index][behind->slot];
  return s;
}

}  // namespace parley::peer
