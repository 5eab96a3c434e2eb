#include "game/gunjin/rules.hpp"

#include <algorithm>

namespace parley::game::gunjin {

namespace {

constexpr std::size_t kNoBattle = 3;  // the "outcome" slot of a move onto an empty square

// allowed[outcome or kNoBattle][claim]: which (outcome, HQ claim) pairs some combination of
// the kinds the pieces may have would produce.
using Allowed = std::array<std::array<bool, 2>, 4>;

// The effective kinds a defender may fight as, given what the state knows (the flag rule).
EffectiveKindSet defender_effective_kinds(const State& state, PieceId defender) {
  EffectiveKindSet out;
  const KindSet kinds = state.possible_kinds(defender);
  for (Kind d : kAllKinds) {
    if (!kinds.contains(d)) continue;
    if (d != Kind::flag) {
      out = out | EffectiveKindSet::of(effective_kind(d, std::nullopt));
      continue;
    }
    std::optional<PieceId> behind;
    if (auto square = square_behind(*state.piece(defender).square, defender.seat)) behind = state.piece_at(*square);
    if (!behind || behind->seat != defender.seat) {
      out = out | EffectiveKindSet::of(EffectiveKind::lone_flag());
      continue;
    }
    const KindSet behind_kinds = state.possible_kinds(*behind).without(Kind::flag);
    for (Kind b : kAllKinds) {
      if (behind_kinds.contains(b)) out = out | EffectiveKindSet::of(effective_kind(Kind::flag, b));
    }
  }
  return out;
}

Allowed allowed_claims(const State& state, Seat actor, KindSet attacker_kinds, std::optional<PieceId> target,
                       Square to) {
  Allowed allowed{};
  const bool into_enemy_hq = to == hq_of(opponent(actor));
  if (!target) {
    for (Kind a : kAllKinds) {
      if (attacker_kinds.contains(a)) allowed[kNoBattle][into_enemy_hq && may_occupy_hq(a)] = true;
    }
    return allowed;
  }
  const EffectiveKindSet defenders = defender_effective_kinds(state, *target);
  for (std::uint8_t e = 0; e < kEffectiveKindCount; ++e) {
    const auto defender = EffectiveKind::from_index(e);
    if (!defender || !defenders.contains(*defender)) continue;
    for (Kind a : kAllKinds) {
      if (!attacker_kinds.contains(a)) continue;
      const auto outcome = battle(*defender, a, state.options());
      if (!outcome) continue;
      const bool ends_in_hq = into_enemy_hq && *outcome == BattleOutcome::attacker_takes;
      allowed[static_cast<std::size_t>(*outcome)][ends_in_hq && may_occupy_hq(a)] = true;
    }
  }
  return allowed;
}

// Every square the piece may move to for some kind it may have.
SquareSet reachable(const State& state, PieceId id) {
  SquareSet out;
  const KindSet kinds = state.possible_kinds(id);
  const Occupancy occupancy = state.occupancy();
  for (Kind k : kAllKinds) {
    if (kinds.contains(k)) out = out | destinations(k, id.seat, *state.piece(id).square, occupancy);
  }
  return out;
}

}  // namespace

Mobility mobility(const State& state, Seat seat) {
  bool maybe = false;
  const Occupancy occupancy = state.occupancy();
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    const PieceId id{seat, slot};
    const Piece& piece = state.piece(id);
    if (!piece.square) continue;
    const KindSet kinds = state.possible_kinds(id);
    bool every_kind_moves = true;
    for (Kind k : kAllKinds) {
      if (!kinds.contains(k)) continue;
      if (destinations(k, seat, *piece.square, occupancy).empty()) {
        every_kind_moves = false;
      } else {
        maybe = true;
      }
    }
    if (every_kind_moves) return Mobility::can_move;
  }
  return maybe ? Mobility::unknown : Mobility::cannot_move;
}

std::string_view describe(Error error) {
  switch (error) {
    case Error::game_over: return "the game is over";
    case Error::bad_seat: return "the actor is not a seat of this game";
    case Error::not_your_turn: return "not this seat's turn";
    case Error::answer_pending: return "the opponent declared it has no legal move; answer first";
    case Error::nothing_to_answer: return "nobody declared having no legal move";
    case Error::bad_square: return "a square index is out of range";
    case Error::no_own_piece_on_from: return "the actor has no piece on the from square";
    case Error::own_piece_on_to: return "the actor's own piece stands on the to square";
    case Error::unreachable: return "no piece could move so on this board";
    case Error::kind_cannot_make_move: return "this piece's kind cannot move so";
    case Error::battle_outcome_missing: return "an attack needs its battle outcome";
    case Error::battle_outcome_without_battle: return "a battle outcome for a move onto an empty square";
    case Error::false_battle_outcome: return "the battle outcome is not the table's for these pieces";
    case Error::hq_claim_outside_enemy_hq: return "an HQ claim by a piece that does not end in the enemy HQ";
    case Error::false_hq_claim: return "the HQ claim does not match the piece's kind";
    case Error::false_no_legal_move: return "declared having no legal move while having one";
    case Error::false_have_legal_move: return "declared having a legal move while having none";
    case Error::draw_offer_pending: return "a draw offer is already pending";
    case Error::no_draw_offer_to_accept: return "there is no draw offer from the opponent to accept";
  }
  return "unknown error";
}

Result<State, Error> Gunjin::apply(const State& state, const Action& action) {
  const Seat actor = action.actor;
  if (actor.index >= kSeatCount) return Error::bad_seat;
  if (state.phase_ == Phase::over) return Error::game_over;
  State next = state;

  auto end = [&next](std::optional<Seat> winner, EndReason reason) {
    next.ending_ = Ending{winner, reason};
    next.phase_ = Phase::over;
    next.draw_offer_.reset();
  };

  if (std::holds_alternative<Resign>(action.body)) {
    end(opponent(actor), EndReason::resignation);
    return next;
  }
  if (state.phase_ == Phase::answer_no_move) {
    if (actor != state.to_move_) return Error::not_your_turn;
    if (std::holds_alternative<NoLegalMove>(action.body)) {
      if (mobility(state, actor) == Mobility::can_move) return Error::false_no_legal_move;
      end(std::nullopt, EndReason::neither_can_move);
      return next;
    }
    if (std::holds_alternative<HaveLegalMove>(action.body)) {
      if (mobility(state, actor) == Mobility::cannot_move) return Error::false_have_legal_move;
      end(actor, EndReason::no_movable_piece);
      return next;
    }
    return Error::answer_pending;
  }

  // Phase::play
  if (std::holds_alternative<HaveLegalMove>(action.body)) return Error::nothing_to_answer;
  if (std::holds_alternative<OfferDraw>(action.body)) {
    if (state.draw_offer_) return Error::draw_offer_pending;
    next.draw_offer_ = actor;
    return next;
  }
  if (std::holds_alternative<AcceptDraw>(action.body)) {
    if (state.draw_offer_ != opponent(actor)) return Error::no_draw_offer_to_accept;
    end(std::nullopt, EndReason::agreement);
    return next;
  }
  if (actor != state.to_move_) return Error::not_your_turn;
  if (std::holds_alternative<NoLegalMove>(action.body)) {
    if (mobility(state, actor) == Mobility::can_move) return Error::false_no_legal_move;
    next.phase_ = Phase::answer_no_move;
    next.to_move_ = opponent(actor);
    next.draw_offer_.reset();
    return next;
  }

  const Play& play = std::get<Play>(action.body);
  if (play.from.index >= kSquareCount || play.to.index >= kSquareCount) return Error::bad_square;
  const std::optional<PieceId> mover = state.piece_at(play.from);
  if (!mover || mover->seat != actor) return Error::no_own_piece_on_from;
  if (play.from == play.to) return Error::unreachable;
  std::optional<PieceId> target = state.piece_at(play.to);
  if (target && target->seat == actor) return Error::own_piece_on_to;

  const KindSet geometry = kinds_for_move(actor, play.from, play.to, state.occupancy_);
  if (geometry.empty()) return Error::unreachable;
  const KindSet attacker_kinds = geometry & state.possible_kinds(*mover);
  if (attacker_kinds.empty()) return Error::kind_cannot_make_move;
  if (target && !play.battle) return Error::battle_outcome_missing;
  if (!target && play.battle) return Error::battle_outcome_without_battle;

  const Allowed allowed = allowed_claims(state, actor, attacker_kinds, target, play.to);
  const std::size_t slot = play.battle ? static_cast<std::size_t>(*play.battle) : kNoBattle;
  if (!allowed[slot][0] && !allowed[slot][1]) return Error::false_battle_outcome;
  const bool ends_on_to = !play.battle || *play.battle == BattleOutcome::attacker_takes;
  if (play.hq_claim && !(ends_on_to && play.to == hq_of(opponent(actor)))) return Error::hq_claim_outside_enemy_hq;
  if (!allowed[slot][play.hq_claim]) return Error::false_hq_claim;

  next.armies_[actor.index][mover->slot].has_moved = true;
  if (target) {
    next.battles_.push_back(BattleRecord{state.ply_, *mover, *target, play.from, play.to, *play.battle});
    switch (*play.battle) {
      case BattleOutcome::defender_stays: next.take_off(*mover); break;
      case BattleOutcome::both_removed:
        next.take_off(*mover);
        next.take_off(*target);
        break;
      case BattleOutcome::attacker_takes:
        next.take_off(*target);
        next.put(*mover, play.to);
        break;
    }
    next.recent_positions_.clear();  // a battle removes a piece: no earlier position recurs
  } else {
    next.put(*mover, play.to);
  }
  ++next.ply_;
  if (state.draw_offer_ == opponent(actor)) next.draw_offer_.reset();  // declined by playing on
  if (play.hq_claim) {
    end(actor, EndReason::hq_occupied);
    return next;
  }
  next.to_move_ = opponent(actor);
  next.record_position();
  const PositionKey& now = next.recent_positions_.back();
  if (std::count(next.recent_positions_.begin(), next.recent_positions_.end(), now) >= 3) {
    end(std::nullopt, EndReason::threefold_repetition);
  }
  return next;
}

std::vector<Action> Gunjin::legal_actions(const State& state) {
  std::vector<Action> out;
  if (state.phase_ == Phase::over) return out;
  const Seat seat = state.to_move_;
  if (state.phase_ == Phase::play) {
    const Occupancy occupancy = state.occupancy_;
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
      const PieceId id{seat, slot};
      if (!state.piece(id).square) continue;
      const Square from = *state.piece(id).square;
      const SquareSet targets = reachable(state, id);
      for (std::uint8_t t = 0; t < kSquareCount; ++t) {
        const Square to{t};
        if (!targets.contains(to)) continue;
        const KindSet kinds = kinds_for_move(seat, from, to, occupancy) & state.possible_kinds(id);
        const std::optional<PieceId> target = state.piece_at(to);
        const Allowed allowed = allowed_claims(state, seat, kinds, target, to);
        for (std::size_t o = 0; o < allowed.size(); ++o) {
          for (std::size_t claim = 0; claim < 2; ++claim) {
            if (!allowed[o][claim]) continue;
            Play play{from, to, std::nullopt, claim == 1};
            if (o != kNoBattle) play.battle = static_cast<BattleOutcome>(o);
            out.push_back(Action{seat, play});
          }
        }
      }
    }
    if (mobility(state, seat) != Mobility::can_move) out.push_back(Action{seat, NoLegalMove{}});
    for (std::uint8_t s = 0; s < kSeatCount; ++s) {
      if (!state.draw_offer_) out.push_back(Action{Seat{s}, OfferDraw{}});
      if (state.draw_offer_ == opponent(Seat{s})) out.push_back(Action{Seat{s}, AcceptDraw{}});
    }
  } else {
    const Mobility m = mobility(state, seat);
    if (m != Mobility::can_move) out.push_back(Action{seat, NoLegalMove{}});
    if (m != Mobility::cannot_move) out.push_back(Action{seat, HaveLegalMove{}});
  }
  for (std::uint8_t s = 0; s < kSeatCount; ++s) out.push_back(Action{Seat{s}, Resign{}});
  return out;
}

View Gunjin::view(const State& state, Seat seat) { return View{seat, state.conceal(seat)}; }

std::uint64_t Gunjin::hash(const State& state) {
  ByteWriter out;
  state.encode(out);
  return fnv1a64(out.data());
}

std::optional<Outcome> Gunjin::outcome(const State& state) {
  if (!state.ending_) return std::nullopt;
  return Outcome{state.ending_->winner, describe(state.ending_->reason)};
}

}  // namespace parley::game::gunjin
