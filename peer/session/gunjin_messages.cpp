#include "peer/session/gunjin_messages.hpp"

#include "peer/session/gunjin_wire.hpp"

namespace parley::peer {

using namespace game::gunjin;
using crypto::WireError;
using crypto::WireReader;

namespace {

constexpr std::uint8_t kVersion = 1;

void write_flag(game::ByteWriter& out, bool flag) { out.u8(flag ? 1 : 0); }

bool read_flag(WireReader& in) {
  const std::uint8_t v = in.u8();
  if (!in.failed() && v > 1) in.fail(WireError::bad_value);
  return v == 1;
}

void read_version(WireReader& in) {
  if (in.u8() != kVersion && !in.failed()) in.fail(WireError::unsupported_version);
}

Square read_square(WireReader& in) {
  const std::uint8_t v = in.u8();
  if (!in.failed() && v >= kSquareCount) in.fail(WireError::bad_value);
  return Square{static_cast<std::uint8_t>(v < kSquareCount ? v : 0)};
}

std::uint8_t read_slot(WireReader& in) {
  const std::uint8_t v = in.u8();
  if (!in.failed() && v >= kArmySize) in.fail(WireError::bad_value);
  return v < kArmySize ? v : 0;
}

Kind read_kind(WireReader& in) {
  const std::uint8_t v = in.u8();
  if (!in.failed() && v >= kKindCount) in.fail(WireError::bad_value);
  return kind_from_index(v).value_or(Kind::general);
}

crypto::MembershipProof read_membership(WireReader& in) {
  return read_embedded(in, kMaxMembershipProofBytes, &crypto::decode_membership_proof);
}

// ---- Each message's fields ----

void write_fields(game::ByteWriter& out, const ArmyMessage& m) { encode(m.proof, out); }
void write_fields(game::ByteWriter& out, const MoveMessage& m) {
  out.u8(m.from.index);
  out.u8(m.to.index);
  write_flag(out, m.officer);
  write_flag(out, m.proof.has_value());
  if (m.proof) write_embedded(out, *m.proof);
  write_flag(out, m.offer.has_value());
  if (m.offer) write_embedded(out, *m.offer);
}
void write_fields(game::ByteWriter& out, const DuelAnswerMessage& m) {
  write_embedded(out, m.offer);
  write_embedded(out, m.request);
}
void write_fields(game::ByteWriter& out, const DuelTableMessage& m) {
  write_embedded(out, m.request);
  write_embedded(out, m.table);
}
void write_fields(game::ByteWriter& out, const DuelReplyMessage& m) {
  write_embedded(out, m.table);
  if (const auto* claim = std::get_if<crypto::DuelClaim>(&m.verdict)) {
    out.u8(0);
    write_embedded(out, *claim);
  } else {
    out.u8(1);
    write_embedded(out, std::get<crypto::DuelOpening>(m.verdict));
  }
}
void write_fields(game::ByteWriter& out, const DuelClaimMessage& m) { write_embedded(out, m.claim); }
void write_fields(game::ByteWriter& out, const DuelOpeningMessage& m) { write_embedded(out, m.opening); }
void write_fields(game::ByteWriter& out, const NoLegalMoveMessage& m) {
  out.u8(static_cast<std::uint8_t>(m.pieces.size()));
  for (const auto& p : m.pieces) {
    out.u8(p.slot);
    write_embedded(out, p.proof);
  }
}
void write_fields(game::ByteWriter& out, const HaveLegalMoveMessage& m) {
  out.u8(m.slot);
  out.u8(m.to.index);
  write_flag(out, m.proof.has_value());
  if (m.proof) write_embedded(out, *m.proof);
}
void write_fields(game::ByteWriter&, const ResignMessage&) {}
void write_fields(game::ByteWriter&, const OfferDrawMessage&) {}
void write_fields(game::ByteWriter&, const AcceptDrawMessage&) {}

GunjinMessage read_fields(WireReader& in, std::uint8_t tag) {
  switch (tag) {
    case 1: return ArmyMessage{read_army_proof(in)};
    case 2: {
      MoveMessage m;
      m.from = read_square(in);
      m.to = read_square(in);
      m.officer = read_flag(in);
      if (read_flag(in)) m.proof = read_membership(in);
      if (read_flag(in)) m.offer = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_offer);
      return m;
    }
    case 3: {
      DuelAnswerMessage m;
      m.offer = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_offer);
      m.request = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_request);
      return m;
    }
    case 4: {
      DuelTableMessage m;
      m.request = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_request);
      m.table = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_table);
      return m;
    }
    case 5: {
      DuelReplyMessage m;
      m.table = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_table);
      if (read_flag(in)) {
        m.verdict = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_opening);
      } else {
        m.verdict = read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_claim);
      }
      return m;
    }
    case 6: return DuelClaimMessage{read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_claim)};
    case 7: return DuelOpeningMessage{read_embedded(in, kMaxDuelRecordBytes, &crypto::decode_duel_opening)};
    case 8: {
      NoLegalMoveMessage m;
      const std::uint8_t n = in.u8();
      if (!in.failed() && n > kArmySize) in.fail(WireError::too_long);
      int previous = -1;
      for (std::uint8_t i = 0; i < n && !in.failed(); ++i) {
        ImmobilityProof p;
        p.slot = read_slot(in);
        // Slots strictly increasing: one canonical order.
        if (!in.failed() && static_cast<int>(p.slot) <= previous) in.fail(WireError::bad_value);
        previous = p.slot;
        p.proof = read_membership(in);
        m.pieces.push_back(std::move(p));
      }
      return m;
    }
    case 9: {
      HaveLegalMoveMessage m;
      m.slot = read_slot(in);
      m.to = read_square(in);
      if (read_flag(in)) m.proof = read_membership(in);
      return m;
    }
    case 10: return ResignMessage{};
    case 11: return OfferDrawMessage{};
    case 12: return AcceptDrawMessage{};
    default:
      in.fail(WireError::wrong_kind);
      return ResignMessage{};
  }
}

}  // namespace

game::Bytes encode(const GunjinRoomOptions& options) {
  game::ByteWriter out;
  out.u8(kVersion);
  game::gunjin::encode(options.variants, out);
  write_flag(out, options.open_pieces);
  return std::move(out).take();
}

game::Result<GunjinRoomOptions, WireError> decode_gunjin_room_options(std::span<const std::uint8_t> bytes) {
  if (bytes.empty()) return GunjinRoomOptions{};
  WireReader in(bytes);
  read_version(in);
  GunjinRoomOptions options;
  const std::uint8_t variants = in.u8();
  if (!in.failed()) {
    const std::array<std::uint8_t, 1> raw{variants};
    game::ByteReader reader(raw);
    auto decoded = decode_options(reader);
    if (decoded) options.variants = *decoded;
    else in.fail(WireError::bad_value);
  }
  options.open_pieces = read_flag(in);
  return in.finish(options);
}

game::Bytes encode_hidden_setup(const ArmyCommitments& commitments) {
  game::ByteWriter out;
  out.u8(kVersion);
  for (const auto& c : commitments) crypto::write_point(out, c.point);
  return std::move(out).take();
}

game::Result<ArmyCommitments, WireError> decode_hidden_setup(std::span<const std::uint8_t> bytes) {
  WireReader in(bytes);
  read_version(in);
  ArmyCommitments commitments;
  for (auto& c : commitments) c.point = crypto::read_point(in);
  return in.finish(commitments);
}

game::Bytes encode_open_setup(const Layout& layout) {
  game::ByteWriter out;
  out.u8(kVersion);
  game::gunjin::encode(layout, out);
  return std::move(out).take();
}

game::Result<Layout, WireError> decode_open_setup(std::span<const std::uint8_t> bytes) {
  WireReader in(bytes);
  read_version(in);
  Layout layout{};
  for (auto& k : layout) k = read_kind(in);
  return in.finish(layout);
}

game::Bytes encode(const GunjinMessage& message) {
  game::ByteWriter out;
  out.u8(kVersion);
  out.u8(static_cast<std::uint8_t>(message.index() + 1));
  std::visit([&](const auto& m) { write_fields(out, m); }, message);
  return std::move(out).take();
}

game::Result<GunjinMessage, WireError> decode_gunjin_message(std::span<const std::uint8_t> bytes) {
  WireReader in(bytes);
  read_version(in);
  const std::uint8_t tag = in.u8();
  if (in.failed()) return in.finish(GunjinMessage{ResignMessage{}});
  GunjinMessage message = read_fields(in, tag);
  return in.finish(std::move(message));
}

std::string_view message_name(const GunjinMessage& message) {
  static constexpr std::array<std::string_view, std::variant_size_v<GunjinMessage>> names = {
      "army proof", "move", "duel answer", "duel table", "duel reply", "duel claim", "duel opening",
      "no legal move", "have legal move", "resign", "offer draw", "accept draw"};
  return names[message.index()];
}

game::Bytes encode_army_openings(const ArmyOpenings& openings) {
  game::ByteWriter out;
  out.u8(kVersion);
  for (const auto& o : openings) {
    out.u8(static_cast<std::uint8_t>(o.value));
    crypto::write_scalar(out, o.blinding);
  }
  return std::move(out).take();
}

game::Result<ArmyOpenings, WireError> decode_army_openings(std::span<const std::uint8_t> bytes) {
  WireReader in(bytes);
  read_version(in);
  ArmyOpenings openings;
  for (auto& o : openings) {
    o.value = index_of(read_kind(in));
    o.blinding = crypto::read_scalar(in);
  }
  return in.finish(openings);
}

}  // namespace parley::peer
