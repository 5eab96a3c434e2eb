#include "peer/session/risiko_messages.hpp"

namespace parley::peer::risiko {

namespace {

constexpr std::uint8_t kVersion = 1;
// Bounds of the embedded crypto encodings, checked before anything is read.
constexpr std::size_t kMaxKeyBytes = 256;
constexpr std::size_t kMaxDeckBytes = 8 + crypto::kMaxDeckSize * 2 * crypto::kPointBytes;
constexpr std::size_t kMaxProofBytes = 512 * 1024;
constexpr std::size_t kMaxShareBytes = 256;
constexpr std::size_t kMaxTransferBytes = 64 + crypto::kMaxPrivateMessageBytes;
constexpr std::size_t kMaxActionBytes = 2048;

template <class T>
void put(game::ByteWriter& out, const T& value) {
  game::ByteWriter inner;
  crypto::encode(value, inner);
  out.bytes(inner.data());
}

void put_deck(game::ByteWriter& out, std::span<const crypto::MaskedCard> cards) {
  game::ByteWriter inner;
  crypto::encode(cards, inner);
  out.bytes(inner.data());
}

void put_chain(game::ByteWriter& out, const crypto::ChainValue& v) { out.raw(v.bytes); }

struct Writer {
  game::ByteWriter& out;
  void operator()(const DeckKeyMessage& m) {
    put(out, m.key);
    put_chain(out, m.chain_anchor);
    out.u32(m.chain_length);
    out.raw(m.box_key.bytes);
  }
  void operator()(const ShuffleMessage& m) {
    out.u8(static_cast<std::uint8_t>(m.decks.size()));
    for (const auto& d : m.decks) {
      out.u32(d.deck);
      put_deck(out, d.cards);
      put(out, d.proof);
    }
  }
  void operator()(const SharesMessage& m) {
    out.u16(static_cast<std::uint16_t>(m.shares.size()));
    for (const auto& s : m.shares) {
      out.u32(s.deck);
      out.u16(s.position);
      put(out, s.share);
    }
  }
  void operator()(const PlacementCommitMessage& m) { out.raw(m.commitment.digest); }
  void operator()(const PlacementRevealMessage& m) {
    out.bytes(m.placement);
    out.raw(m.nonce);
  }
  void operator()(const AttackMessage& m) {
    out.u8(static_cast<std::uint8_t>(m.order.index()));
    if (const auto* a = std::get_if<rk::AttackOrder>(&m.order)) {
      out.u8(a->seat.index);
      out.u8(a->from.value);
      out.u8(a->to.value);
      out.u8(a->dice);
    } else {
      const auto& o = std::get<rk::MultiAttackOrder>(m.order);
      out.u8(o.seat.index);
      out.u8(o.from.value);
      out.u8(o.to.value);
      out.u32(o.stop_at);
    }
    put_chain(out, m.value);
  }
  void operator()(const DiceMessage& m) {
    out.u32(m.roll);
    put_chain(out, m.value);
  }
  void operator()(const PlayMessage& m) { out.bytes(rk::encode_action(m.action)); }
  void operator()(const TradeMessage& m) {
    for (auto s : m.slots) out.u8(s);
    for (auto c : m.cards) out.u8(c.value);
    for (const auto& s : m.shares) put(out, s);
  }
  void operator()(const ClaimMessage& m) {
    out.u8(m.mission.value);
    put(out, m.share);
  }
  void operator()(const LeaveMessage& m) {
    out.u8(m.key ? 1 : 0);
    if (m.key) out.raw(m.key->bytes());
  }
  void operator()(const TransferMessage& m) {
    out.u8(static_cast<std::uint8_t>(m.transfers.size()));
    for (const auto& t : m.transfers) put(out, t);
  }
  void operator()(const DisputeMessage&) {}
  void operator()(const DisputeRevealMessage& m) {
    out.u8(static_cast<std::uint8_t>(m.shares.size()));
    for (const auto& s : m.shares) put(out, s);
  }
};

// Reads fields and keeps the first error; every count is bounded before anything is allocated.
class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> in) : in_(in) {}
  std::optional<MessageError> error;

  bool fail(MessageError e) {
    if (!error) error = e;
    return false;
  }
  bool check(bool ok) { return ok || fail(MessageError::bad_value); }
  template <class T>
  bool take(game::Result<T, game::DecodeError> r, T& out) {
    if (!r) return fail(from(r.error()));
    out = std::move(r).value();
    return true;
  }
  bool u8(std::uint8_t& v) { return take(in_.u8(), v); }
  bool u16(std::uint16_t& v) { return take(in_.u16(), v); }
  bool u32(std::uint32_t& v) { return take(in_.u32(), v); }
  bool bytes(Bytes& v, std::size_t max) { return take(in_.bytes(max), v); }
  template <std::size_t N>
  bool raw(std::array<std::uint8_t, N>& out) {
    auto r = in_.raw(N);
    if (!r) return fail(from(r.error()));
    std::copy(r->begin(), r->end(), out.begin());
    return true;
  }
  // An embedded crypto value: its bytes, then its own decoder.
  template <class T, class Decode>
  bool embedded(T& out, std::size_t max, Decode decode) {
    Bytes b;
    if (!bytes(b, max)) return false;
    auto r = decode(b);
    if (!r) return fail(MessageError::bad_field);
    out = std::move(r).value();
    return true;
  }
  bool finish() {
    if (error) return false;
    if (auto r = in_.finish(); !r) return fail(from(r.error()));
    return true;
  }
  std::size_t remaining() const { return in_.remaining(); }

  static MessageError from(game::DecodeError e) {
    switch (e) {
      case game::DecodeError::truncated: return MessageError::truncated;
      case game::DecodeError::too_long: return MessageError::too_long;
      case game::DecodeError::bad_value: return MessageError::bad_value;
      case game::DecodeError::trailing_bytes: return MessageError::trailing_bytes;
    }
    return MessageError::bad_value;
  }

 private:
  game::ByteReader in_;
};

bool read_chain(Reader& r, crypto::ChainValue& v) { return r.raw(v.bytes); }
bool read_share(Reader& r, crypto::CardShare& s) {
  return r.embedded(s, kMaxShareBytes, [](const Bytes& b) { return crypto::decode_card_share(b); });
}
bool read_seat(Reader& r, game::Seat& s) { return r.u8(s.index) && r.check(s.index < game::kMaxSeats); }

bool read_body(Reader& r, DeckKeyMessage& m) {
  return r.embedded(m.key, kMaxKeyBytes, [](const Bytes& b) { return crypto::decode_deck_key(b); }) &&
         read_chain(r, m.chain_anchor) && r.u32(m.chain_length) &&
         r.check(m.chain_length >= 1 && m.chain_length <= crypto::kMaxChainLength) && r.raw(m.box_key.bytes);
}

bool read_body(Reader& r, ShuffleMessage& m) {
  std::uint8_t n = 0;
  if (!r.u8(n) || !r.check(n >= 1 && n <= kMaxShufflesPerMessage)) return false;
  m.decks.resize(n);
  for (auto& d : m.decks) {
    if (!r.u32(d.deck)) return false;
    if (!r.embedded(d.cards, kMaxDeckBytes, [](const Bytes& b) { return crypto::decode_masked_deck(b); })) return false;
    if (!r.embedded(d.proof, kMaxProofBytes, [](const Bytes& b) { return crypto::decode_shuffle_proof(b); }))
      return false;
  }
  return true;
}

bool read_body(Reader& r, SharesMessage& m) {
  std::uint16_t n = 0;
  if (!r.u16(n) || !r.check(n >= 1 && n <= kMaxSharesPerMessage)) return false;
  m.shares.resize(n);
  for (auto& s : m.shares)
    if (!r.u32(s.deck) || !r.u16(s.position) || !read_share(r, s.share)) return false;
  return true;
}

bool read_body(Reader& r, PlacementCommitMessage& m) { return r.raw(m.commitment.digest); }

bool read_body(Reader& r, PlacementRevealMessage& m) {
  return r.bytes(m.placement, kMaxPlacementBytes) && r.raw(m.nonce);
}

bool read_body(Reader& r, AttackMessage& m) {
  std::uint8_t which = 0;
  if (!r.u8(which) || !r.check(which <= 1)) return false;
  if (which == 0) {
    rk::AttackOrder o;
    if (!read_seat(r, o.seat) || !r.u8(o.from.value) || !r.u8(o.to.value) || !r.u8(o.dice)) return false;
    m.order = o;
  } else {
    rk::MultiAttackOrder o;
    if (!read_seat(r, o.seat) || !r.u8(o.from.value) || !r.u8(o.to.value) || !r.u32(o.stop_at)) return false;
    m.order = o;
  }
  return read_chain(r, m.value);
}

bool read_body(Reader& r, DiceMessage& m) { return r.u32(m.roll) && read_chain(r, m.value); }

bool read_body(Reader& r, PlayMessage& m) {
  return r.embedded(m.action, kMaxActionBytes, [](const Bytes& b) { return rk::decode_action(b); }) &&
         r.check(std::holds_alternative<rk::PlaceArmies>(m.action) || std::holds_alternative<rk::MoveIn>(m.action) ||
                 std::holds_alternative<rk::MoveArmies>(m.action) || std::holds_alternative<rk::EndTurn>(m.action));
}

bool read_body(Reader& r, TradeMessage& m) {
  for (auto& s : m.slots)
    if (!r.u8(s)) return false;
  for (auto& c : m.cards)
    if (!r.u8(c.value)) return false;
  for (auto& s : m.shares)
    if (!read_share(r, s)) return false;
  return true;
}

bool read_body(Reader& r, ClaimMessage& m) { return r.u8(m.mission.value) && read_share(r, m.share); }

bool read_body(Reader& r, LeaveMessage& m) {
  std::uint8_t has = 0;
  if (!r.u8(has) || !r.check(has <= 1)) return false;
  if (has == 0) return true;
  std::array<std::uint8_t, crypto::kScalarBytes> bytes{};
  if (!r.raw(bytes)) return false;
  auto s = crypto::Scalar::from_canonical(bytes);
  sodium_memzero(bytes.data(), bytes.size());
  if (!s) return r.fail(MessageError::bad_field);
  m.key = *s;
  return true;
}

bool read_body(Reader& r, TransferMessage& m) {
  std::uint8_t n = 0;
  if (!r.u8(n) || !r.check(n >= 1)) return false;
  m.transfers.resize(n);
  for (auto& t : m.transfers)
    if (!r.embedded(t, kMaxTransferBytes, [](const Bytes& b) { return crypto::decode_share_transfer(b); }))
      return false;
  return true;
}

bool read_body(Reader&, DisputeMessage&) { return true; }

bool read_body(Reader& r, DisputeRevealMessage& m) {
  std::uint8_t n = 0;
  if (!r.u8(n) || !r.check(n >= 1)) return false;
  m.shares.resize(n);
  for (auto& s : m.shares)
    if (!read_share(r, s)) return false;
  return true;
}

template <std::size_t I = 0>
bool read_kind(Reader& r, std::uint8_t kind, Message& out) {
  if constexpr (I == std::variant_size_v<Message>) {
    return r.fail(MessageError::unknown_kind);
  } else {
    if (kind != I + 1) return read_kind<I + 1>(r, kind, out);
    std::variant_alternative_t<I, Message> m{};
    if (!read_body(r, m)) return false;
    out = std::move(m);
    return true;
  }
}

}  // namespace

std::string_view describe(MessageError error) {
  switch (error) {
    case MessageError::truncated: return "the message ends inside a field";
    case MessageError::too_long: return "a length exceeds its bound";
    case MessageError::bad_value: return "a field holds a value outside its domain";
    case MessageError::trailing_bytes: return "bytes after a complete message";
    case MessageError::unsupported_version: return "a message version this build does not know";
    case MessageError::unknown_kind: return "not a Risiko message kind";
    case MessageError::bad_field: return "an embedded proof, share, key or action does not decode";
  }
  return "malformed message";
}

std::string_view kind_name(const Message& message) {
  static constexpr std::array<std::string_view, std::variant_size_v<Message>> names = {
      "deck key", "shuffle", "shares", "placement commitment", "placement reveal", "attack", "dice",
      "play", "trade", "mission claim", "leave", "card transfer", "hand-over dispute", "hand-over reveal"};
  return names[message.index()];
}

Bytes encode(const Message& message) {
  game::ByteWriter out;
  out.u8(kVersion);
  out.u8(static_cast<std::uint8_t>(message.index() + 1));
  std::visit(Writer{out}, message);
  return std::move(out).take();
}

game::Result<Message, MessageError> decode_message(std::span<const std::uint8_t> bytes) {
  Reader r(bytes);
  std::uint8_t version = 0, kind = 0;
  if (!r.u8(version)) return *r.error;
  if (version != kVersion) return MessageError::unsupported_version;
  if (!r.u8(kind)) return *r.error;
  Message out;
  if (!read_kind(r, kind, out) || !r.finish()) return *r.error;
  return out;
}

}  // namespace parley::peer::risiko
