#include "crypto/duel.hpp"

#include <sodium.h>

#include <algorithm>

#include "crypto/sodium.hpp"

namespace parley::crypto {

namespace {

constexpr DomainLabel kTokenLabel{"duel-token"};
constexpr DomainLabel kChoicePurpose{"duel-choice"};
constexpr DomainLabel kTablePurpose{"duel-table"};
constexpr std::size_t kEntryBytes = 1 + kDuelTokenBytes;

std::size_t index_of(DuelRole role) { return static_cast<std::size_t>(role); }
DuelRole other(DuelRole role) { return role == DuelRole::attacker ? DuelRole::defender : DuelRole::attacker; }

// Session, duel and side: every proof, table and token of a duel is bound to all three.
ProofContext duel_context(const DuelStatement& s, DomainLabel purpose, DuelRole role) {
  ProofContext ctx(s.session);
  std::array<std::uint8_t, 1> side{static_cast<std::uint8_t>(role)};
  ctx.purpose(purpose).position(s.duel_id).field(side);
  return ctx;
}

Digest token_hash(const DuelStatement& s, DuelRole owner, DuelOutcome outcome, const DuelToken& token) {
  HashInput in(kTokenLabel);
  in.bytes(duel_context(s, kTokenLabel, owner).bytes()).u8(static_cast<std::uint8_t>(outcome)).bytes(token);
  return blake2b_256(in);
}

std::uint32_t effective_index(const DuelRules& rules, const PedersenOpening& piece,
                              const std::optional<PedersenOpening>& behind) {
  if (piece.value != rules.flag_kind) return piece.value;
  return behind ? behind->value : kLoneFlagIndex;
}

// The rules' outcome for entry i of `sender`'s table, whose own index is `own`.
std::optional<DuelOutcome> cell(const DuelRules& rules, DuelRole sender, std::uint32_t own, std::uint32_t i) {
  if (own >= kDuelWidth) return std::nullopt;
  return sender == DuelRole::defender ? rules.outcome[own][i] : rules.outcome[i][own];
}

std::vector<std::uint8_t> entry_plaintext(DuelOutcome o, const DuelToken& token) {
  std::vector<std::uint8_t> e(kEntryBytes);
  e[0] = static_cast<std::uint8_t>(o);
  std::copy(token.begin(), token.end(), e.begin() + 1);
  return e;
}

std::optional<DuelClaim> parse_entry(std::span<const std::uint8_t> e) {
  if (e.size() != kEntryBytes || e[0] >= kDuelOutcomes) return std::nullopt;
  DuelClaim c;
  c.outcome = static_cast<DuelOutcome>(e[0]);
  std::copy(e.begin() + 1, e.end(), c.token.begin());
  return c;
}

FlagChoiceStatement flag_statement(const DuelStatement& s, const DuelRules& rules, const Point& sender_key,
                                   const Point& request) {
  return {sender_key, request, s.defender_piece, s.defender_behind, rules.flag_kind, kLoneFlagIndex};
}

// The OT index an opening's pieces give its side: the attacker's kind, the defender's effective index.
std::uint32_t own_index(const DuelRules& rules, DuelRole side, const DuelOpening& o) {
  return side == DuelRole::attacker ? o.piece.value : effective_index(rules, o.piece, o.behind);
}

// Whether `side`'s opening matches what it published: the key and token hashes of its offer,
// its OT request (into the other side's offer) and the commitments to its pieces.
bool opening_matches(const DuelStatement& s, DuelRole side, const std::array<DuelOffer, 2>& offers,
                     const std::array<DuelRequest, 2>& requests, const DuelOpening& o) {
  const std::size_t x = index_of(side), y = index_of(other(side));
  bool ok = o.sender_secret * Point::base() == offers[x].sender_key;
  for (std::size_t k = 0; k < kDuelOutcomes; ++k)
    ok = ok && token_hash(s, side, static_cast<DuelOutcome>(k), o.tokens[k]) == offers[x].token_hashes[k];
  ok = ok && OtChoice::restore(offers[y].sender_key, o.choice, o.mask).request() == requests[x].request;
  if (side == DuelRole::attacker) return ok && !o.behind && verify_opening(s.attacker_piece, o.piece);
  return ok && verify_opening(s.defender_piece, o.piece) && o.behind.has_value() == s.defender_behind.has_value() &&
         (!o.behind || verify_opening(*s.defender_behind, *o.behind));
}

// Whether `side`'s table, sealed for the other side's request, holds the rules' outcome and its
// token at every entry a legal battle can reach: a verdict on an opening that matches (opening_matches).
bool table_holds_rules(const DuelStatement& s, const DuelRules& rules, DuelRole side, const DuelOpening& o,
                       const Point& their_request, const OtTable& table) {
  if (table.entries.size() != kDuelWidth) return false;
  const std::uint32_t own = own_index(rules, side, o);
  const ProofContext ctx = duel_context(s, kTablePurpose, side);
  for (std::uint32_t i = 0; i < kDuelWidth; ++i) {
    auto expected = cell(rules, side, own, i);
    if (!expected) continue;
    auto entry = decrypt_ot_entry(ctx, o.sender_secret, their_request, table, i);
    if (!entry.ok() || *entry != entry_plaintext(*expected, o.tokens[static_cast<std::size_t>(*expected)])) return false;
  }
  return true;
}

}  // namespace

std::string_view describe(DuelError error) {
  switch (error) {
    case DuelError::bad_request: return "the other side's OT request proof fails";
    case DuelError::cannot_decrypt: return "the chosen OT entry does not open";
    case DuelError::bad_entry: return "the chosen OT entry holds no outcome";
  }
  return "unknown duel error";
}

std::string_view describe(DuelFaultKind kind) {
  switch (kind) {
    case DuelFaultKind::bad_opening: return "its opening does not match what it published";
    case DuelFaultKind::wrong_choice: return "its OT choice is not its committed kind";
    case DuelFaultKind::wrong_table: return "its OT table does not hold the rules' outcomes";
    case DuelFaultKind::false_claim: return "it claimed another outcome than its entry held";
    case DuelFaultKind::false_dispute: return "it disputed an entry that was valid";
  }
  return "unknown duel fault";
}

Duelist::Duelist(DuelRole role, const DuelStatement& statement, const DuelRules& rules, const PedersenOpening& piece,
                 const std::optional<PedersenOpening>& behind, const OtSender& sender,
                 const std::array<DuelToken, kDuelOutcomes>& tokens)
    : role_(role),
      statement_(statement),
      rules_(rules),
      piece_(piece),
      behind_(behind),
      choice_(role == DuelRole::attacker ? piece.value : effective_index(rules, piece, behind)),
      sender_(sender),
      tokens_(tokens) {
  offer_.sender_key = sender_.key();
  for (std::size_t o = 0; o < kDuelOutcomes; ++o) {
    offer_.token_hashes[o] = token_hash(statement_, role_, static_cast<DuelOutcome>(o), tokens_[o]);
  }
}

namespace {
std::array<DuelToken, kDuelOutcomes> fresh_tokens() {
  ensure_sodium();
  std::array<DuelToken, kDuelOutcomes> tokens{};
  for (DuelToken& t : tokens) randombytes_buf(t.data(), t.size());
  return tokens;
}
}  // namespace

Duelist Duelist::restore(DuelRole role, const DuelStatement& statement, const DuelRules& rules,
                         const DuelOpening& saved, const std::optional<DuelOffer>& other_offer) {
  Duelist side(role, statement, rules, saved.piece, saved.behind, OtSender::restore(saved.sender_secret),
               saved.tokens);
  if (other_offer) side.request_ = OtChoice::restore(other_offer->sender_key, side.choice_, saved.mask);
  return side;
}

Duelist Duelist::attacker(const DuelStatement& statement, const DuelRules& rules, const PedersenOpening& piece) {
  return Duelist(DuelRole::attacker, statement, rules, piece, std::nullopt, OtSender::create(), fresh_tokens());
}

Duelist Duelist::defender(const DuelStatement& statement, const DuelRules& rules, const PedersenOpening& piece,
                          const std::optional<PedersenOpening>& behind) {
  return Duelist(DuelRole::defender, statement, rules, piece, behind, OtSender::create(), fresh_tokens());
}

DuelRequest Duelist::request(const DuelOffer& other_offer) {
  request_ = OtChoice::make(other_offer.sender_key, choice_);
  ProofContext ctx = duel_context(statement_, kChoicePurpose, role_);
  if (role_ == DuelRole::attacker) {
    return {request_->request(), prove_choice(ctx, other_offer.sender_key, request_->request(),
                                              statement_.attacker_piece, piece_, request_->mask())};
  }
  auto flag = flag_statement(statement_, rules_, other_offer.sender_key, request_->request());
  return {request_->request(),
          prove_flag_choice(ctx, flag, piece_, behind_ ? &*behind_ : nullptr, request_->mask())};
}

game::Result<OtTable, DuelError> Duelist::table(const DuelRequest& other_request) const {
  // The other side's request is into this side's OT, so it is checked against this side's key.
  if (!verify_duel_request(statement_, rules_, other(role_), offer_, other_request)) return DuelError::bad_request;
  std::vector<std::vector<std::uint8_t>> entries;
  entries.reserve(kDuelWidth);
  for (std::uint32_t i = 0; i < kDuelWidth; ++i) {
    auto o = cell(rules_, role_, choice_, i);
    if (o) {
      entries.push_back(entry_plaintext(*o, tokens_[static_cast<std::size_t>(*o)]));
    } else {
      std::vector<std::uint8_t> noise(kEntryBytes);
      randombytes_buf(noise.data(), noise.size());
      entries.push_back(std::move(noise));
    }
  }
  return encrypt_ot_table(duel_context(statement_, kTablePurpose, role_), sender_, other_request.request, entries);
}

game::Result<DuelClaim, DuelError> Duelist::claim(const OtTable& other_table) const {
  auto entry = decrypt_ot_choice(duel_context(statement_, kTablePurpose, other(role_)), *request_, other_table);
  if (!entry) return DuelError::cannot_decrypt;
  auto parsed = parse_entry(*entry);
  if (!parsed) return DuelError::bad_entry;
  return *parsed;
}

DuelOpening Duelist::opening() const {
  DuelOpening o;
  o.sender_secret = sender_.secret();
  o.choice = choice_;
  o.mask = request_ ? request_->mask() : Scalar();
  o.tokens = tokens_;
  o.piece = piece_;
  o.behind = behind_;
  return o;
}

ProofContext duel_table_context(const DuelStatement& statement, DuelRole sender) {
  return duel_context(statement, kTablePurpose, sender);
}

bool verify_duel_request(const DuelStatement& statement, const DuelRules& rules, DuelRole requester,
                         const DuelOffer& other_offer, const DuelRequest& request) {
  ProofContext ctx = duel_context(statement, kChoicePurpose, requester);
  if (requester == DuelRole::attacker) {
    const auto* proof = std::get_if<ChoiceProof>(&request.proof);
    return proof != nullptr &&
           verify_choice(ctx, other_offer.sender_key, request.request, statement.attacker_piece, *proof);
  }
  const auto* proof = std::get_if<FlagChoiceProof>(&request.proof);
  return proof != nullptr &&
         verify_flag_choice(ctx, flag_statement(statement, rules, other_offer.sender_key, request.request), *proof);
}

std::optional<DuelOutcome> settle_duel(const DuelStatement& statement, const std::array<DuelOffer, 2>& offers,
                                       const std::array<DuelClaim, 2>& claims) {
  for (DuelRole claimant : {DuelRole::attacker, DuelRole::defender}) {
    const DuelClaim& c = claims[index_of(claimant)];
    DuelRole owner = other(claimant);
    if (static_cast<std::size_t>(c.outcome) >= kDuelOutcomes) return std::nullopt;
    Digest expected = offers[index_of(owner)].token_hashes[static_cast<std::size_t>(c.outcome)];
    Digest got = token_hash(statement, owner, c.outcome, c.token);
    if (sodium_memcmp(expected.data(), got.data(), got.size()) != 0) return std::nullopt;
  }
  if (claims[0].outcome != claims[1].outcome) return std::nullopt;
  return claims[0].outcome;
}

DuelVerdict judge_duel(const DuelStatement& statement, const DuelRules& rules, const std::array<DuelOffer, 2>& offers,
                       const std::array<DuelRequest, 2>& requests, const std::array<OtTable, 2>& tables,
                       const std::array<std::optional<DuelClaim>, 2>& claims,
                       const std::array<DuelOpening, 2>& openings) {
  DuelVerdict verdict;
  std::array<bool, 2> consistent{};
  std::array<bool, 2> table_ok{};

  // 1. Each opening against what its side published; 2. its choice against its kind.
  for (DuelRole side : {DuelRole::attacker, DuelRole::defender}) {
    const std::size_t x = index_of(side);
    consistent[x] = opening_matches(statement, side, offers, requests, openings[x]);
    if (!consistent[x]) {
      verdict.faults.push_back({side, DuelFaultKind::bad_opening});
      continue;
    }
    if (openings[x].choice != own_index(rules, side, openings[x]))
      verdict.faults.push_back({side, DuelFaultKind::wrong_choice});
  }

  // 3. Each table, entry by entry, for every index a legal battle can reach.
  for (DuelRole side : {DuelRole::attacker, DuelRole::defender}) {
    const std::size_t x = index_of(side);
    if (!consistent[x]) continue;
    table_ok[x] = table_holds_rules(statement, rules, side, openings[x], requests[index_of(other(side))].request,
                                    tables[x]);
    if (!table_ok[x]) verdict.faults.push_back({side, DuelFaultKind::wrong_table});
  }

  // 4. Each claim against the entry its side actually received from a correct table.
  for (DuelRole side : {DuelRole::attacker, DuelRole::defender}) {
    const std::size_t x = index_of(side), y = index_of(other(side));
    if (!claims[x] || !consistent[x] || !consistent[y] || !table_ok[y]) continue;
    auto entry = decrypt_ot_entry(duel_context(statement, kTablePurpose, other(side)), openings[y].sender_secret,
                                  requests[x].request, tables[y], openings[x].choice);
    std::optional<DuelClaim> received = entry ? parse_entry(*entry) : std::nullopt;
    // A side that chose an index no battle reaches (already a wrong_choice) received noise.
    if (received && *received != *claims[x]) verdict.faults.push_back({side, DuelFaultKind::false_claim});
  }

  if (consistent[0] && consistent[1]) {
    std::uint32_t a = openings[0].piece.value;
    std::uint32_t b = effective_index(rules, openings[1].piece, openings[1].behind);
    if (a < kDuelWidth && b < kDuelWidth) verdict.outcome = rules.outcome[b][a];
  }
  return verdict;
}

bool duel_table_well_formed(const OtTable& table) {
  if (table.entries.size() != kDuelWidth) return false;
  return std::all_of(table.entries.begin(), table.entries.end(),
                     [](const auto& e) { return e.size() == kEntryBytes + crypto_secretbox_MACBYTES; });
}

bool verify_duel_claim(const DuelStatement& statement, DuelRole owner, const DuelOffer& owner_offer,
                       const DuelClaim& claim) {
  const auto o = static_cast<std::size_t>(claim.outcome);
  if (o >= kDuelOutcomes) return false;
  Digest got = token_hash(statement, owner, claim.outcome, claim.token);
  return sodium_memcmp(owner_offer.token_hashes[o].data(), got.data(), got.size()) == 0;
}

std::vector<DuelFaultKind> judge_duel_side(const DuelStatement& statement, const DuelRules& rules, DuelRole side,
                                           const std::array<DuelOffer, 2>& offers,
                                           const std::array<DuelRequest, 2>& requests, const OtTable& own_table,
                                           const OtTable& other_table, const std::optional<DuelClaim>& claim,
                                           bool disputed, const DuelOpening& o) {
  const std::size_t y = index_of(other(side));
  // 1. The opening against what this side published (as in judge_duel).
  if (!opening_matches(statement, side, offers, requests, o)) return {DuelFaultKind::bad_opening};

  std::vector<DuelFaultKind> faults;
  if (o.choice != own_index(rules, side, o)) faults.push_back(DuelFaultKind::wrong_choice);

  // 2. Its own table at every index a legal battle can reach.
  if (!table_holds_rules(statement, rules, side, o, requests[y].request, own_table))
    faults.push_back(DuelFaultKind::wrong_table);

  // 3. What it received from the other side's table, against what it said about it.
  const OtChoice choice = OtChoice::restore(offers[y].sender_key, o.choice, o.mask);
  auto entry = decrypt_ot_choice(duel_context(statement, kTablePurpose, other(side)), choice, other_table);
  std::optional<DuelClaim> received = entry ? parse_entry(*entry) : std::nullopt;
  if (claim) {
    if (!received || *received != *claim) faults.push_back(DuelFaultKind::false_claim);
  } else if (disputed && received && verify_duel_claim(statement, other(side), offers[y], *received)) {
    faults.push_back(DuelFaultKind::false_dispute);
  }
  return faults;
}

// ---- Encodings ---------------------------------------------------------------------------------

namespace {

void write_token(game::ByteWriter& out, const DuelToken& t) { out.raw(t); }

void write_opening(game::ByteWriter& out, const PedersenOpening& o) {
  out.u32(o.value);
  write_scalar(out, o.blinding);
}

PedersenOpening read_opening(WireReader& in) {
  PedersenOpening o;
  o.value = in.u32();
  o.blinding = read_scalar(in);
  return o;
}

}  // namespace

void encode(const DuelOffer& offer, game::ByteWriter& out) {
  write_header(out, WireTag::duel_offer);
  write_point(out, offer.sender_key);
  for (const Digest& h : offer.token_hashes) out.raw(h);
}

game::Result<DuelOffer, WireError> decode_duel_offer(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::duel_offer);
  DuelOffer offer;
  offer.sender_key = read_point(r);
  for (Digest& h : offer.token_hashes) r.raw(h);
  return r.finish(offer);
}

void encode(const DuelRequest& request, game::ByteWriter& out) {
  write_header(out, WireTag::duel_request);
  if (const auto* choice = std::get_if<ChoiceProof>(&request.proof)) {
    out.u8(static_cast<std::uint8_t>(DuelRole::attacker));
    write_point(out, request.request);
    write_proof(out, *choice);
  } else {
    const auto& flag = std::get<FlagChoiceProof>(request.proof);
    out.u8(static_cast<std::uint8_t>(DuelRole::defender));
    out.u8(flag.flag_rule.responses.size() == 4 ? 1 : 0);  // a friendly piece behind
    write_point(out, request.request);
    write_proof(out, flag);
  }
}

game::Result<DuelRequest, WireError> decode_duel_request(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::duel_request);
  std::uint8_t role = r.u8();
  if (role == static_cast<std::uint8_t>(DuelRole::attacker)) {
    Point request = read_point(r);
    ChoiceProof proof = read_choice_proof(r);
    return r.finish(DuelRequest{request, std::move(proof)});
  }
  std::uint8_t behind = r.u8();
  if (!r.failed() && (role != static_cast<std::uint8_t>(DuelRole::defender) || behind > 1)) {
    r.fail(WireError::bad_value);
  }
  Point request = read_point(r);
  FlagChoiceProof proof = read_flag_choice_proof(r, behind == 1);
  return r.finish(DuelRequest{request, std::move(proof)});
}

void encode(const OtTable& table, game::ByteWriter& out) {
  write_header(out, WireTag::duel_table);
  write_ot_table(out, table);
}

game::Result<OtTable, WireError> decode_duel_table(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::duel_table);
  OtTable table = read_ot_table(r);
  return r.finish(std::move(table));
}

void encode(const DuelClaim& claim, game::ByteWriter& out) {
  write_header(out, WireTag::duel_claim);
  out.u8(static_cast<std::uint8_t>(claim.outcome));
  write_token(out, claim.token);
}

game::Result<DuelClaim, WireError> decode_duel_claim(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::duel_claim);
  std::uint8_t outcome = r.u8();
  if (!r.failed() && outcome >= kDuelOutcomes) r.fail(WireError::bad_value);
  DuelClaim claim;
  claim.outcome = static_cast<DuelOutcome>(outcome < kDuelOutcomes ? outcome : 0);
  r.raw(claim.token);
  return r.finish(claim);
}

void encode(const DuelOpening& opening, game::ByteWriter& out) {
  write_header(out, WireTag::duel_opening);
  write_scalar(out, opening.sender_secret);
  out.u32(opening.choice);
  write_scalar(out, opening.mask);
  for (const DuelToken& t : opening.tokens) write_token(out, t);
  write_opening(out, opening.piece);
  out.u8(opening.behind ? 1 : 0);
  if (opening.behind) write_opening(out, *opening.behind);
}

game::Result<DuelOpening, WireError> decode_duel_opening(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::duel_opening);
  DuelOpening o;
  o.sender_secret = read_scalar(r);
  o.choice = r.u32();
  o.mask = read_scalar(r);
  for (DuelToken& t : o.tokens) r.raw(t);
  o.piece = read_opening(r);
  std::uint8_t behind = r.u8();
  if (!r.failed() && behind > 1) r.fail(WireError::bad_value);
  if (behind == 1) o.behind = read_opening(r);
  return r.finish(std::move(o));
}

}  // namespace parley::crypto
