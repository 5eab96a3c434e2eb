#include "games/gunjin/gunjin_agent.hpp"

#include "games/gunjin/module.hpp"
#include "peer/session/gunjin_protocol.hpp"
#include "peer/session/gunjin_wire.hpp"

namespace parley::peer {

using namespace game::gunjin;
using crypto::DuelRole;

namespace {

const GunjinRules* gunjin_rules(const Session& session) { return games::gunjin::rules(session); }

constexpr std::size_t kAttacker = 0, kDefender = 1;

}  // namespace

GunjinAgent::GunjinAgent(std::unique_ptr<GunjinStrategy> strategy) : strategy_(std::move(strategy)) {}

Bytes GunjinAgent::game_setup(const Session& session, Seat) {
  const GunjinRules* rules = gunjin_rules(session);
  if (rules == nullptr) return {};
  // Chosen once: a setup the lobby refused and that is asked for again stays the same.
  if (!layout_) layout_ = choose_layout();
  if (rules->room_options().open_pieces) return encode_open_setup(*layout_);
  if (!army_) army_ = commit_army(*layout_);
  return encode_hidden_setup(army_->commitments);
}

std::optional<Bytes> GunjinAgent::reveal(const Session& session, Seat) {
  const GunjinRules* rules = gunjin_rules(session);
  if (rules == nullptr || !rules->needs_reveals() || !army_) return std::nullopt;
  return encode_army_openings(army_->openings);
}

Bytes GunjinAgent::secrets() const {
  game::ByteWriter out;
  out.u8(1);
  if (army_) {
    out.u8(2);
    out.bytes(encode_army_openings(army_->openings));
  } else if (layout_) {
    out.u8(1);
    out.bytes(encode_open_setup(*layout_));
  } else {
    out.u8(0);
  }
  // The duel side in play, or the one restored and not yet taken up.
  if (duelist_) {
    out.u8(1);
    out.u8(static_cast<std::uint8_t>(duelist_->role()));
    write_embedded(out, duelist_->opening());
  } else if (saved_duel_) {
    out.u8(1);
    out.u8(static_cast<std::uint8_t>(saved_duel_->first));
    write_embedded(out, saved_duel_->second);
  } else {
    out.u8(0);
  }
  return std::move(out).take();
}

bool GunjinAgent::restore(std::span<const std::uint8_t> secrets) {
  crypto::WireReader in(secrets);
  if (in.u8() != 1) return false;
  const std::uint8_t held = in.u8();
  if (held == 2) {
    auto openings = read_embedded(in, 1024, &decode_army_openings);
    if (in.failed()) return false;
    Layout layout{};
    CommittedArmy army;
    for (std::size_t slot = 0; slot < kArmySize; ++slot) {
      layout[slot] = *kind_from_index(static_cast<std::uint8_t>(openings[slot].value));
      army.openings[slot] = openings[slot];
      army.commitments[slot] = crypto::commitment_of(openings[slot]);
    }
    layout_ = layout;
    army_ = army;
  } else if (held == 1) {
    auto layout = read_embedded(in, 64, &decode_open_setup);
    if (in.failed()) return false;
    layout_ = layout;
  } else if (held != 0) {
    return false;
  }
  const std::uint8_t duel = in.u8();
  std::optional<std::pair<DuelRole, crypto::DuelOpening>> saved;
  if (duel == 1) {
    const std::uint8_t role = in.u8();
    auto opening = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_opening);
    if (role > 1) return false;
    saved.emplace(static_cast<DuelRole>(role), std::move(opening));
  } else if (duel != 0) {
    return false;
  }
  if (!in.finish(true)) return false;
  saved_duel_ = std::move(saved);
  view_.reset();  // rebuilt from the layout and the game's history
  return true;
}

void GunjinAgent::catch_up(const GunjinRules& rules, Seat me) {
  const State& pub = rules.public_state();
  if (!view_) {
    // Joining at the start, or again after a restart: with open pieces the public state is the
    // whole game; with hidden pieces the seat's view is the game replayed from its own layout.
    knowledge_.emplace(me, rules.room_options().variants);
    if (rules.room_options().open_pieces) {
      view_ = pub;
      seen_actions_ = rules.history().size();
    } else {
      std::array<std::optional<Layout>, kSeatCount> layouts;
      layouts[me.index] = *layout_;
      auto start = State::new_game(rules.room_options().variants, layouts);
      if (!start) return;  // a layout the rules would never have accepted (a cheater's)
      view_ = std::move(start).value();
      seen_actions_ = 0;
    }
  }
  const auto& history = rules.history();
  for (; seen_actions_ < history.size(); ++seen_actions_) {
    knowledge_->observe(*view_, history[seen_actions_]);
    auto next = Gunjin::apply(*view_, history[seen_actions_]);
    // Every action the rules applied to the public state is consistent with this seat's kinds.
    if (next) view_ = std::move(next).value();
  }
}

std::optional<Bytes> GunjinAgent::act(const Session& session, Seat me) {
  const GunjinRules* rules = gunjin_rules(session);
  if (rules == nullptr || !rules->began() || rules->outcome() || !layout_) return std::nullopt;
  if (rules->room_options().open_pieces) return act_open(*rules, me);
  catch_up(*rules, me);
  auto message = next_message(*rules, me);
  if (!message) return std::nullopt;
  return encode(*message);
}

std::optional<Bytes> GunjinAgent::act_open(const GunjinRules& rules, Seat me) {
  catch_up(rules, me);
  const State& full = rules.public_state();
  if (full.to_move() != me) return std::nullopt;
  if (full.phase() == game::gunjin::Phase::answer_no_move) {
    const Action answer = mobility(full, me) == Mobility::can_move ? Action{me, HaveLegalMove{}} : Action{me, NoLegalMove{}};
    return game::gunjin::encode(answer);
  }
  auto decision = strategy_->decide(*view_, me, *knowledge_);
  if (!decision) return std::nullopt;
  if (const auto* play = std::get_if<Play>(&decision->body)) {
    // With open pieces the mover states the outcome and the claim itself; the full state has one.
    for (const Action& a : Gunjin::legal_actions(full)) {
      const auto* p = std::get_if<Play>(&a.body);
      if (p != nullptr && a.actor == me && p->from == play->from && p->to == play->to) return game::gunjin::encode(a);
    }
    return std::nullopt;
  }
  return game::gunjin::encode(*decision);
}

std::optional<GunjinMessage> GunjinAgent::next_message(const GunjinRules& rules, Seat me) {
  if (!rules.army_proved(me)) return army_message(rules, me);
  // The army proof needs only the commitments; everything after it, the seat's own view.
  if (!rules.army_proved(opponent(me)) || !view_) return std::nullopt;
  if (rules.duel()) return duel_message(rules, me);
  const State& pub = rules.public_state();
  if (pub.to_move() != me) return std::nullopt;
  if (pub.phase() == game::gunjin::Phase::answer_no_move) {
    if (mobility(*view_, me) == Mobility::can_move) return have_legal_move_message(rules, me);
    return no_legal_move_message(rules, me);
  }
  auto decision = strategy_->decide(*view_, me, *knowledge_);
  if (!decision) return std::nullopt;
  if (const auto* play = std::get_if<Play>(&decision->body)) return move_message(rules, me, play->from, play->to);
  if (std::holds_alternative<NoLegalMove>(decision->body)) return no_legal_move_message(rules, me);
  if (std::holds_alternative<OfferDraw>(decision->body)) return OfferDrawMessage{};
  if (std::holds_alternative<AcceptDraw>(decision->body)) return AcceptDrawMessage{};
  if (std::holds_alternative<Resign>(decision->body)) return ResignMessage{};
  return std::nullopt;
}

game::Result<crypto::MembershipProof, crypto::ProveError> GunjinAgent::prove_kind(const crypto::ProofContext& context,
                                                                             std::uint8_t slot,
                                                                             const crypto::ValueSet& allowed) {
  return crypto::prove_membership(context, army_->openings[slot], allowed);
}

std::optional<GunjinMessage> GunjinAgent::army_message(const GunjinRules& rules, Seat me) {
  auto proof = prove_army(rules.session(), me, army_->commitments, army_->openings);
  if (!proof) return std::nullopt;
  return ArmyMessage{std::move(proof).value()};
}

std::optional<GunjinMessage> GunjinAgent::move_message(const GunjinRules& rules, Seat me, Square from, Square to) {
  const State& pub = rules.public_state();
  const auto mover = pub.piece_at(from);
  if (!mover || mover->seat != me) return std::nullopt;
  const Kind kind = (*layout_)[mover->slot];
  MoveMessage m{from, to, to == hq_of(opponent(me)) && may_occupy_hq(kind), std::nullopt, std::nullopt};
  const KindSet allowed = move_kinds(pub, me, from, to, m.officer);
  if (proof_needed(pub.possible_kinds(*mover), allowed)) {
    if (allowed.empty()) return std::nullopt;
    auto proof = prove_kind(move_context(rules.session(), pub.ply(), me, from, to, m.officer), mover->slot,
                            kind_values(allowed));
    if (!proof) return std::nullopt;  // the strategy chose a move this piece cannot make
    m.proof = std::move(proof).value();
  }
  if (const auto target = pub.piece_at(to); target && target->seat != me) {
    const auto statement = duel_statement(rules.session(), pub, rules.commitments(), from, to);
    duelist_.emplace(crypto::Duelist::attacker(statement, rules.duel_rules(), army_->openings[mover->slot]));
    m.offer = duelist_->offer();
  }
  return m;
}

std::optional<GunjinMessage> GunjinAgent::duel_message(const GunjinRules& rules, Seat me) {
  const PendingDuel& d = *rules.duel();
  const DuelRole role = me == d.attacker ? DuelRole::attacker : DuelRole::defender;
  const std::size_t mine = static_cast<std::size_t>(role);
  const std::size_t theirs = 1 - mine;
  // The duelist must be the one whose offer the transcript holds (it is, unless this agent
  // lost its secrets).
  auto in_step = [&](DuelStep step, DuelRole who) { return d.step == step && role == who; };
  if (saved_duel_ && !duelist_) {
    // After a restart: the side whose offer the transcript holds, with its request if that was
    // posted (the defender's with its answer, the attacker's with its table).
    const bool requested = role == DuelRole::defender ? d.step != DuelStep::defender_answer
                                                      : d.step != DuelStep::defender_answer && d.step != DuelStep::attacker_table;
    if (saved_duel_->first == role) {
      auto side = crypto::Duelist::restore(role, d.statement, rules.duel_rules(), saved_duel_->second,
                                           requested ? std::optional(d.offers[theirs]) : std::nullopt);
      if (side.offer() == d.offers[mine]) duelist_.emplace(std::move(side));
    }
    saved_duel_.reset();
  }
  if (in_step(DuelStep::defender_answer, DuelRole::defender)) {
    const State& pub = rules.public_state();
    const PieceId defender = *pub.piece_at(d.to);
    std::optional<crypto::PedersenOpening> behind;
    if (auto b = friendly_behind(pub, defender)) behind = army_->openings[b->slot];
    duelist_.emplace(crypto::Duelist::defender(d.statement, rules.duel_rules(), army_->openings[defender.slot], behind));
    crypto::DuelRequest request = duelist_->request(d.offers[kAttacker]);
    return DuelAnswerMessage{duelist_->offer(), std::move(request)};
  }
  if (!duelist_ || duelist_->offer() != d.offers[mine]) return std::nullopt;
  if (in_step(DuelStep::attacker_table, DuelRole::attacker)) {
    crypto::DuelRequest request = duelist_->request(d.offers[kDefender]);
    auto table = duelist_->table(d.requests[kDefender]);
    if (!table) return std::nullopt;
    return DuelTableMessage{std::move(request), std::move(table).value()};
  }
  // What this side received from the other's table: claimed when its token is the other side's,
  // disputed (the duel opened) otherwise.
  auto received = [&]() -> std::optional<crypto::DuelClaim> {
    auto claim = duelist_->claim(d.tables[theirs]);
    if (!claim || !crypto::verify_duel_claim(d.statement, role == DuelRole::attacker ? DuelRole::defender : DuelRole::attacker,
                                             d.offers[theirs], *claim))
      return std::nullopt;
    return *claim;
  };
  if (in_step(DuelStep::defender_reply, DuelRole::defender)) {
    auto table = duelist_->table(d.requests[kAttacker]);
    if (!table) return std::nullopt;
    DuelReplyMessage reply{std::move(table).value(), duelist_->opening()};
    // The claim is read from the attacker's table, which is already in the transcript.
    if (auto claim = received()) reply.verdict = *claim;
    return reply;
  }
  if (in_step(DuelStep::attacker_claim, DuelRole::attacker)) {
    if (!d.disputed[kDefender])
      if (auto claim = received()) return DuelClaimMessage{*claim};
    return DuelOpeningMessage{duelist_->opening()};
  }
  if (d.step == DuelStep::dispute && !d.openings[mine]) return DuelOpeningMessage{duelist_->opening()};
  return std::nullopt;
}

std::optional<GunjinMessage> GunjinAgent::no_legal_move_message(const GunjinRules& rules, Seat me) {
  const State& pub = rules.public_state();
  NoLegalMoveMessage m;
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    const PieceId id{me, slot};
    if (!pub.piece(id).square) continue;
    const KindSet immobile = immobile_kinds(pub, id);
    if (!proof_needed(pub.possible_kinds(id), immobile)) continue;
    if (immobile.empty()) return std::nullopt;
    auto proof = prove_kind(no_move_context(rules.session(), pub.ply(), me, slot), slot, kind_values(immobile));
    if (!proof) return std::nullopt;  // this piece can move: the declaration would be false
    m.pieces.push_back({slot, std::move(proof).value()});
  }
  return m;
}

std::optional<GunjinMessage> GunjinAgent::have_legal_move_message(const GunjinRules& rules, Seat me) {
  const State& pub = rules.public_state();
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    const PieceId id{me, slot};
    if (!pub.piece(id).square) continue;
    const Square from = *pub.piece(id).square;
    const SquareSet targets = destinations((*layout_)[slot], me, from, pub.occupancy());
    for (std::uint8_t t = 0; t < kSquareCount; ++t) {
      if (!targets.contains(Square{t})) continue;
      HaveLegalMoveMessage m{slot, Square{t}, std::nullopt};
      const KindSet allowed = kinds_for_move(me, from, Square{t}, pub.occupancy());
      if (proof_needed(pub.possible_kinds(id), allowed)) {
        auto proof = prove_kind(have_move_context(rules.session(), pub.ply(), me, slot, Square{t}), slot,
                                kind_values(allowed));
        if (!proof) continue;
        m.proof = std::move(proof).value();
      }
      return m;
    }
  }
  return std::nullopt;
}

}  // namespace parley::peer
