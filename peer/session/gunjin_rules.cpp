#include "peer/session/gunjin_rules.hpp"

#include <cassert>

#include "peer/session/gunjin_protocol.hpp"

namespace parley::peer {

using namespace game::gunjin;
using crypto::DuelRole;

namespace {

constexpr std::string_view kForfeit = "forfeit";
constexpr std::string_view kTimeForfeit = "time forfeit";
constexpr std::size_t kAttacker = 0, kDefender = 1;

std::size_t role_index(DuelRole role) { return static_cast<std::size_t>(role); }

std::string outcome_words(BattleOutcome o) {
  switch (o) {
    case BattleOutcome::defender_stays: return "the defender stays";
    case BattleOutcome::both_removed: return "both are removed";
    case BattleOutcome::attacker_takes: return "the attacker takes the square";
  }
  return "?";
}

std::string engine_action_words(const Action& a) {
  if (const auto* p = std::get_if<Play>(&a.body)) {
    std::string text = square_name(p->from) + (p->battle ? "x" : "-") + square_name(p->to);
    if (p->battle) text += " (" + outcome_words(*p->battle) + ")";
    if (p->hq_claim) text += ", takes the HQ";
    return text;
  }
  if (std::holds_alternative<NoLegalMove>(a.body)) return "declares it has no legal move";
  if (std::holds_alternative<HaveLegalMove>(a.body)) return "declares it has a legal move";
  if (std::holds_alternative<Resign>(a.body)) return "resigns";
  if (std::holds_alternative<OfferDraw>(a.body)) return "offers a draw";
  return "accepts the draw";
}

}  // namespace

GunjinRules::GunjinRules(const GunjinRoomOptions& options)
    : options_(options),
      duel_rules_(peer::duel_rules(options.variants)),
      state_(State::new_game(options.variants, {}).value()) {}

Verdict GunjinRules::setup(Seat seat, std::span<const std::uint8_t> data) {
  if (options_.open_pieces) {
    auto layout = decode_open_setup(data);
    if (!layout) return Rejection{GunjinRefusal::bad_open_setup, {std::string(crypto::describe(layout.error()))}};
    if (auto valid = validate_layout(*layout); !valid)
      return Rejection{GunjinRefusal::bad_layout, {placement_words(valid.error())}};
    open_layouts_[seat.index] = *layout;
    return Accepted{};
  }
  auto commitments = decode_hidden_setup(data);
  if (!commitments)
    return Rejection{GunjinRefusal::bad_commitments, {std::string(crypto::describe(commitments.error()))}};
  commitments_[seat.index] = *commitments;
  return Accepted{};
}

void GunjinRules::begin(const GameStart& start) {
  session_ = start.session;
  began_ = true;
  // Both layouts were checked in setup.
  if (options_.open_pieces) state_ = State::new_game(options_.variants, open_layouts_).value();
}

Verdict GunjinRules::apply(const Action& action) {
  auto next = Gunjin::apply(state_, action);
  if (!next) return Rejection{next.error()};
  state_ = std::move(next).value();
  history_.push_back(action);
  return Accepted{};
}

Verdict GunjinRules::act_open(Seat seat, std::span<const std::uint8_t> message) {
  auto action = decode_action(message);
  if (!action)
    return Rejection{GunjinRefusal::bad_open_action,
                     {std::string(game::describe(action.error().error)), std::string(describe(action.error().field))}};
  if (action->actor != seat) return Rejection{Refusal::wrong_seat};
  return apply(*action);
}

Verdict GunjinRules::act(Seat seat, std::span<const std::uint8_t> message, const ActionContext&) {
  Verdict verdict = act_in_order(seat, message);
  // A draw offer or acceptance may be made at any time outside a battle, also on the other
  // seat's turn, so it can cross the other seat's move: one that starts a battle, declares no
  // legal move, or offers a draw first. Refused, it is moot: ignoring it costs nothing, as an
  // offer moves no piece (the session decides whether a race explains it).
  if (!verdict && !outcome() && is_draw_message(message)) {
    Rejection moot = verdict.error();
    moot.moot = true;
    return moot;
  }
  return verdict;
}

bool GunjinRules::is_draw_message(std::span<const std::uint8_t> message) const {
  if (options_.open_pieces) {
    auto action = decode_action(message);
    return action && (std::holds_alternative<OfferDraw>(action->body) || std::holds_alternative<AcceptDraw>(action->body));
  }
  auto decoded = decode_gunjin_message(message);
  return decoded && (std::holds_alternative<OfferDrawMessage>(*decoded) || std::holds_alternative<AcceptDrawMessage>(*decoded));
}

Verdict GunjinRules::act_in_order(Seat seat, std::span<const std::uint8_t> message) {
  if (outcome()) return Rejection{Refusal::game_over};
  if (options_.open_pieces) return act_open(seat, message);
  auto decoded = decode_gunjin_message(message);
  if (!decoded) return Rejection{Refusal::malformed, {std::string(crypto::describe(decoded.error()))}};
  const GunjinMessage& m = *decoded;

  if (std::holds_alternative<ResignMessage>(m)) {
    Verdict v = apply(Action{seat, Resign{}});
    if (v) duel_.reset();
    return v;
  }
  if (const auto* army = std::get_if<ArmyMessage>(&m)) {
    if (army_proved_[seat.index]) return Rejection{GunjinRefusal::second_army_proof};
    if (!verify_army(session_, seat, commitments_[seat.index], army->proof))
      return Rejection{GunjinRefusal::army_proof_fails};
    army_proved_[seat.index] = true;
    return Accepted{};
  }
  if (!army_proved_[0] || !army_proved_[1]) return Rejection{GunjinRefusal::armies_unproven};
  if (std::holds_alternative<OfferDrawMessage>(m) || std::holds_alternative<AcceptDrawMessage>(m)) {
    if (duel_) return Rejection{GunjinRefusal::draw_during_battle};
    if (std::holds_alternative<OfferDrawMessage>(m)) return apply(Action{seat, OfferDraw{}});
    return apply(Action{seat, AcceptDraw{}});
  }
  if (const auto* move = std::get_if<MoveMessage>(&m)) {
    if (duel_) return Rejection{GunjinRefusal::move_during_battle};
    return on_move(seat, *move);
  }
  if (const auto* no_move = std::get_if<NoLegalMoveMessage>(&m)) {
    if (duel_) return Rejection{GunjinRefusal::declaration_during_battle};
    return on_no_legal_move(seat, *no_move);
  }
  if (const auto* have_move = std::get_if<HaveLegalMoveMessage>(&m)) {
    if (duel_) return Rejection{GunjinRefusal::declaration_during_battle};
    return on_have_legal_move(seat, *have_move);
  }
  return on_duel(seat, m);
}

Verdict GunjinRules::on_move(Seat seat, const MoveMessage& m) {
  const State& s = state_;
  const std::optional<PieceId> target = s.piece_at(m.to);
  const bool attack = target && target->seat != seat;
  // The engine's checks that do not depend on the battle's outcome (turn, pieces, lines, gates)
  // first: an attack must be legal for at least one outcome.
  std::optional<Error> error;
  for (BattleOutcome o : {BattleOutcome::attacker_takes, BattleOutcome::defender_stays, BattleOutcome::both_removed}) {
    Play probe{m.from, m.to, std::nullopt, m.officer};
    if (attack) {
      probe.battle = o;
      probe.hq_claim = m.officer && o == BattleOutcome::attacker_takes;
    }
    auto next = Gunjin::apply(s, Action{seat, probe});
    if (next) {
      error.reset();
      break;
    }
    if (!error) error = next.error();
    if (!attack) break;
  }
  if (error) return Rejection{*error};
  if (m.officer && m.to != hq_of(opponent(seat))) return Rejection{GunjinRefusal::officer_claim_outside_hq};
  if (attack != m.offer.has_value())
    return Rejection{attack ? GunjinRefusal::attack_without_offer : GunjinRefusal::offer_without_attack};

  const std::optional<PieceId> moving = s.piece_at(m.from);
  assert(moving && "the engine found the mover's piece on the from square");
  const PieceId mover = *moving;
  const KindSet allowed = move_kinds(s, seat, m.from, m.to, m.officer);
  if (allowed.empty()) return Rejection{GunjinRefusal::no_officer_could_move};
  const bool needed = proof_needed(s.possible_kinds(mover), allowed);
  if (needed != m.proof.has_value())
    return Rejection{needed ? GunjinRefusal::move_proof_missing : GunjinRefusal::needless_move_proof};
  if (needed && !crypto::verify_membership(move_context(session_, s.ply(), seat, m.from, m.to, m.officer),
                                           commitments_[seat.index][mover.slot], kind_values(allowed), *m.proof)) {
    const GunjinRefusal code = m.to != hq_of(opponent(seat)) ? GunjinRefusal::move_proof_fails
                               : m.officer                   ? GunjinRefusal::officer_move_proof_fails
                                                             : GunjinRefusal::non_officer_move_proof_fails;
    return Rejection{code, {std::to_string(mover.seat.index), std::to_string(mover.slot), square_name(m.from), square_name(m.to)}};
  }
  if (!attack) return apply(Action{seat, Play{m.from, m.to, std::nullopt, m.officer}});

  PendingDuel d;
  d.attacker = seat;
  d.from = m.from;
  d.to = m.to;
  d.officer = m.officer;
  d.statement = duel_statement(session_, s, commitments_, m.from, m.to);
  d.offers[kAttacker] = *m.offer;
  duel_ = std::move(d);
  return Accepted{};
}

Verdict GunjinRules::on_duel(Seat seat, const GunjinMessage& m) {
  if (!duel_) return Rejection{GunjinRefusal::no_battle};
  PendingDuel& d = *duel_;
  const DuelRole role = seat == d.attacker ? DuelRole::attacker : DuelRole::defender;
  auto expect = [&](DuelStep step, DuelRole who) { return d.step == step && role == who; };
  const Verdict out_of_turn = Rejection{GunjinRefusal::reply_out_of_turn, {std::string(message_name(m))}};

  if (const auto* answer = std::get_if<DuelAnswerMessage>(&m)) {
    if (!expect(DuelStep::defender_answer, DuelRole::defender)) return out_of_turn;
    if (!crypto::verify_duel_request(d.statement, duel_rules_, DuelRole::defender, d.offers[kAttacker], answer->request))
      return Rejection{GunjinRefusal::defender_choice_fails};
    d.offers[kDefender] = answer->offer;
    d.requests[kDefender] = answer->request;
    d.step = DuelStep::attacker_table;
    return Accepted{};
  }
  if (const auto* table = std::get_if<DuelTableMessage>(&m)) {
    if (!expect(DuelStep::attacker_table, DuelRole::attacker)) return out_of_turn;
    if (!crypto::verify_duel_request(d.statement, duel_rules_, DuelRole::attacker, d.offers[kDefender], table->request))
      return Rejection{GunjinRefusal::attacker_choice_fails};
    if (!crypto::duel_table_well_formed(table->table)) return Rejection{GunjinRefusal::attacker_table_malformed};
    d.requests[kAttacker] = table->request;
    d.tables[kAttacker] = table->table;
    d.step = DuelStep::defender_reply;
    return Accepted{};
  }
  if (const auto* reply = std::get_if<DuelReplyMessage>(&m)) {
    if (!expect(DuelStep::defender_reply, DuelRole::defender)) return out_of_turn;
    if (!crypto::duel_table_well_formed(reply->table)) return Rejection{GunjinRefusal::defender_table_malformed};
    if (const auto* claim = std::get_if<crypto::DuelClaim>(&reply->verdict)) {
      if (!crypto::verify_duel_claim(d.statement, DuelRole::attacker, d.offers[kAttacker], *claim))
        return Rejection{GunjinRefusal::defender_false_claim};
      d.tables[kDefender] = reply->table;
      d.claims[kDefender] = *claim;
      d.step = DuelStep::attacker_claim;
      return Accepted{};
    }
    const auto& opening = std::get<crypto::DuelOpening>(reply->verdict);
    std::array<crypto::OtTable, 2> tables = d.tables;
    tables[kDefender] = reply->table;
    auto faults = crypto::judge_duel_side(d.statement, duel_rules_, DuelRole::defender, d.offers, d.requests,
                                          tables[kDefender], tables[kAttacker], std::nullopt, true, opening);
    if (!faults.empty()) return Rejection{GunjinRefusal::defender_opening_lies, {fault_words(faults)}};
    d.tables = tables;
    d.openings[kDefender] = opening;
    d.disputed[kDefender] = true;
    d.step = DuelStep::attacker_claim;
    return Accepted{};
  }
  if (const auto* claim = std::get_if<DuelClaimMessage>(&m)) {
    if (!expect(DuelStep::attacker_claim, DuelRole::attacker)) return out_of_turn;
    if (d.disputed[kDefender]) return Rejection{GunjinRefusal::attacker_must_open};
    if (!crypto::verify_duel_claim(d.statement, DuelRole::defender, d.offers[kDefender], claim->claim))
      return Rejection{GunjinRefusal::attacker_false_claim};
    d.claims[kAttacker] = claim->claim;
    assert(d.claims[kDefender] && "the defender claimed: had it disputed, the attacker must open");
    if (auto settled = crypto::settle_duel(d.statement, d.offers, {*d.claims[kAttacker], *d.claims[kDefender]}))
      return finish_duel(*settled);
    d.step = DuelStep::dispute;  // two proven claims that disagree: a table lied
    return Accepted{};
  }
  if (const auto* opening = std::get_if<DuelOpeningMessage>(&m)) {
    const bool attacker_turn = expect(DuelStep::attacker_claim, DuelRole::attacker);
    const bool dispute_turn = d.step == DuelStep::dispute && !d.openings[role_index(role)];
    if (!attacker_turn && !dispute_turn) return out_of_turn;
    return on_opening(seat, role, opening->opening);
  }
  return Rejection{GunjinRefusal::not_a_battle_reply, {std::string(message_name(m))}};
}

Verdict GunjinRules::on_opening(Seat, DuelRole role, const crypto::DuelOpening& opening) {
  assert(duel_);
  PendingDuel& d = *duel_;
  const std::size_t x = role_index(role);
  const std::size_t y = 1 - x;
  // The attacker opening instead of claiming disputes what it received, unless the defender
  // already disputed (then it only answers).
  const bool disputes = d.step == DuelStep::attacker_claim && !d.disputed[kDefender];
  auto faults = crypto::judge_duel_side(d.statement, duel_rules_, role, d.offers, d.requests, d.tables[x], d.tables[y],
                                        d.claims[x], disputes, opening);
  if (!faults.empty())
    return Rejection{role == DuelRole::attacker ? GunjinRefusal::attacker_opening_lies
                                                : GunjinRefusal::defender_opening_lies,
                     {fault_words(faults)}};
  d.openings[x] = opening;
  d.disputed[x] = d.disputed[x] || disputes;
  if (!d.openings[y]) {
    d.step = DuelStep::dispute;
    return Accepted{};
  }
  // Both sides opened and neither lied (which the claims' disagreement rules out): the
  // openings give the true outcome.
  const auto& a = *d.openings[kAttacker];
  const auto& b = *d.openings[kDefender];
  const std::uint32_t effective =
      b.piece.value != duel_rules_.flag_kind ? b.piece.value : (b.behind ? b.behind->value : crypto::kLoneFlagIndex);
  const auto outcome = duel_rules_.outcome[effective][a.piece.value];
  if (!outcome) return Rejection{GunjinRefusal::pieces_cannot_fight};
  return finish_duel(*outcome);
}

Verdict GunjinRules::finish_duel(crypto::DuelOutcome outcome) {
  assert(duel_);
  const PendingDuel& d = *duel_;
  const BattleOutcome o = battle_outcome(outcome);
  Verdict v = apply(Action{d.attacker, Play{d.from, d.to, o, d.officer && o == BattleOutcome::attacker_takes}});
  if (v) duel_.reset();
  return v;
}

Verdict GunjinRules::on_no_legal_move(Seat seat, const NoLegalMoveMessage& m) {
  const State& s = state_;
  auto next = Gunjin::apply(s, Action{seat, NoLegalMove{}});
  if (!next) return Rejection{next.error()};
  std::size_t given = 0;
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    const PieceId id{seat, slot};
    if (!s.piece(id).square) continue;
    const KindSet immobile = immobile_kinds(s, id);
    if (!proof_needed(s.possible_kinds(id), immobile)) continue;
    if (given >= m.pieces.size() || m.pieces[given].slot != slot)
      return Rejection{GunjinRefusal::immobility_unproven, {std::to_string(id.seat.index), std::to_string(slot)}};
    if (immobile.empty() ||
        !crypto::verify_membership(no_move_context(session_, s.ply(), seat, slot), commitments_[seat.index][slot],
                                   kind_values(immobile), m.pieces[given].proof))
      return Rejection{GunjinRefusal::false_no_move,
                       {std::to_string(id.seat.index), std::to_string(slot), square_name(*s.piece(id).square)}};
    ++given;
  }
  if (given != m.pieces.size()) return Rejection{GunjinRefusal::needless_immobility_proof};
  state_ = std::move(next).value();
  history_.push_back(Action{seat, NoLegalMove{}});
  return Accepted{};
}

Verdict GunjinRules::on_have_legal_move(Seat seat, const HaveLegalMoveMessage& m) {
  const State& s = state_;
  auto next = Gunjin::apply(s, Action{seat, HaveLegalMove{}});
  if (!next) return Rejection{next.error()};
  const PieceId id{seat, m.slot};
  if (!s.piece(id).square) return Rejection{GunjinRefusal::declared_piece_removed};
  const Square from = *s.piece(id).square;
  const KindSet allowed = kinds_for_move(seat, from, m.to, s.occupancy());
  if (allowed.empty()) return Rejection{GunjinRefusal::declared_move_impossible};
  const bool needed = proof_needed(s.possible_kinds(id), allowed);
  if (needed != m.proof.has_value())
    return Rejection{needed ? GunjinRefusal::declared_move_proof_missing : GunjinRefusal::needless_move_proof};
  if (needed && !crypto::verify_membership(have_move_context(session_, s.ply(), seat, m.slot, m.to),
                                           commitments_[seat.index][m.slot], kind_values(allowed), *m.proof))
    return Rejection{GunjinRefusal::false_have_move,
                     {std::to_string(id.seat.index), std::to_string(m.slot), square_name(from), square_name(m.to)}};
  state_ = std::move(next).value();
  history_.push_back(Action{seat, HaveLegalMove{}});
  return Accepted{};
}

std::vector<Seat> GunjinRules::awaited() const {
  if (outcome() || !began_) return {};
  if (!options_.open_pieces) {
    std::vector<Seat> out;
    for (std::uint8_t i = 0; i < 2; ++i)
      if (!army_proved_[i]) out.push_back(Seat{i});
    if (!out.empty()) return out;
    if (duel_) {
      switch (duel_->step) {
        case DuelStep::defender_answer:
        case DuelStep::defender_reply: return {duel_->defender()};
        case DuelStep::attacker_table:
        case DuelStep::attacker_claim: return {duel_->attacker};
        case DuelStep::dispute:
          for (DuelRole r : {DuelRole::attacker, DuelRole::defender})
            if (!duel_->openings[role_index(r)]) out.push_back(duel_->seat_of(r));
          return out;
      }
    }
  }
  return {state_.to_move()};
}

bool GunjinRules::thinking(Seat) const {
  if (options_.open_pieces) return true;
  // Proving one's army and answering a duel need no thought: the room's response limit applies.
  return army_proved_[0] && army_proved_[1] && !duel_;
}

void GunjinRules::end_by(Seat loser, std::string_view reason) {
  if (outcome()) return;
  ended_ = game::Outcome{opponent(loser), reason};
}

void GunjinRules::time_out(Seat seat) { end_by(seat, kTimeForfeit); }
void GunjinRules::forfeit(Seat seat) { end_by(seat, kForfeit); }

std::optional<game::Outcome> GunjinRules::outcome() const {
  if (ended_) return ended_;
  return Gunjin::outcome(state_);
}

crypto::Digest GunjinRules::public_state_hash() const {
  game::ByteWriter out;
  out.u8(1);
  out.u8(options_.open_pieces ? 1 : 0);
  state_.encode(out);
  out.u8(static_cast<std::uint8_t>(army_proved_[0] | army_proved_[1] << 1));
  out.u8(duel_ ? 1 : 0);
  if (duel_) {
    const PendingDuel& d = *duel_;
    out.u8(d.attacker.index);
    out.u8(d.from.index);
    out.u8(d.to.index);
    out.u8(d.officer ? 1 : 0);
    out.u8(static_cast<std::uint8_t>(d.step));
    for (std::size_t r = 0; r < 2; ++r) {
      out.u8(static_cast<std::uint8_t>((d.claims[r] ? 1 : 0) | (d.disputed[r] ? 2 : 0) | (d.openings[r] ? 4 : 0)));
    }
  }
  out.u8(ended_ ? 1 : 0);
  if (ended_) {
    out.u8(ended_->winner ? ended_->winner->index : 0xff);
    out.text(ended_->reason);
  }
  for (const auto& layout : revealed_) {
    out.u8(layout ? 1 : 0);
    if (layout) game::gunjin::encode(*layout, out);
  }
  return state_digest(out.data());
}

Verdict GunjinRules::reveal(Seat seat, std::span<const std::uint8_t> secrets) {
  if (!needs_reveals()) {
    if (secrets.empty()) return Accepted{};
    return Rejection{Refusal::nothing_to_reveal};
  }
  auto openings = decode_army_openings(secrets);
  if (!openings) return Rejection{GunjinRefusal::bad_openings, {std::string(crypto::describe(openings.error()))}};
  Layout layout{};
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    if (!crypto::verify_opening(commitments_[seat.index][slot], (*openings)[slot]))
      return Rejection{GunjinRefusal::opening_mismatch, {std::to_string(slot)}};
    const auto kind = kind_from_index(static_cast<std::uint8_t>((*openings)[slot].value));
    assert(kind && "decode_army_openings reads kinds only");
    layout[slot] = *kind;
  }
  if (auto valid = validate_layout(layout); !valid)
    return Rejection{GunjinRefusal::opened_layout_illegal, {placement_words(valid.error())}};

  // Replay the whole game from the opened layouts: every move, battle outcome, HQ claim and
  // declaration is checked again, now against the true kinds.
  auto layouts = revealed_;
  layouts[seat.index] = layout;
  auto replay = State::new_game(options_.variants, layouts);
  if (!replay) return Rejection{GunjinRefusal::opened_layout_illegal, {placement_words(replay.error().error)}};
  State full = std::move(replay).value();
  for (std::size_t i = 0; i < history_.size(); ++i) {
    auto next = Gunjin::apply(full, history_[i]);
    if (!next)
      return Rejection{GunjinRefusal::replay_illegal,
                       {std::to_string(i + 1), std::to_string(history_[i].actor.index), engine_action_words(history_[i]),
                        std::string(describe(next.error()))}};
    full = std::move(next).value();
  }
  if (full.conceal(std::nullopt) != state_) return Rejection{GunjinRefusal::replay_mismatch};
  revealed_ = layouts;
  replayed_ = std::move(full);
  return Accepted{};
}

std::string GunjinRules::describe_action(Seat, std::span<const std::uint8_t> message) const {
  if (options_.open_pieces) {
    auto action = decode_action(message);
    return action ? engine_action_words(*action) : std::string("(not a Gunjin action)");
  }
  auto decoded = decode_gunjin_message(message);
  if (!decoded) return "(not a Gunjin message)";
  return std::visit(
      [&](const auto& m) -> std::string {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, MoveMessage>) {
          std::string text = square_name(m.from) + (m.offer ? "x" : "-") + square_name(m.to);
          if (m.officer) text += " (an officer: takes the HQ if it gets there)";
          if (m.proof) text += ", with its move proof";
          if (m.offer) text += ", attacks";
          return text;
        } else if constexpr (std::is_same_v<M, DuelClaimMessage>) {
          return "claims: " + outcome_words(battle_outcome(m.claim.outcome));
        } else if constexpr (std::is_same_v<M, DuelReplyMessage>) {
          if (const auto* c = std::get_if<crypto::DuelClaim>(&m.verdict))
            return "sends its duel table, claims: " + outcome_words(battle_outcome(c->outcome));
          return "sends its duel table and disputes the battle (opens its secrets)";
        } else if constexpr (std::is_same_v<M, DuelOpeningMessage>) {
          return "opens its duel secrets";
        } else if constexpr (std::is_same_v<M, ArmyMessage>) {
          return "proves its army";
        } else if constexpr (std::is_same_v<M, DuelAnswerMessage>) {
          return "answers the attack (duel offer and request)";
        } else if constexpr (std::is_same_v<M, DuelTableMessage>) {
          return "sends its duel request and table";
        } else if constexpr (std::is_same_v<M, NoLegalMoveMessage>) {
          return "declares it has no legal move";
        } else if constexpr (std::is_same_v<M, HaveLegalMoveMessage>) {
          return "declares it has a legal move";
        } else if constexpr (std::is_same_v<M, ResignMessage>) {
          return "resigns";
        } else if constexpr (std::is_same_v<M, OfferDrawMessage>) {
          return "offers a draw";
        } else {
          return "accepts the draw";
        }
      },
      *decoded);
}

}  // namespace parley::peer
