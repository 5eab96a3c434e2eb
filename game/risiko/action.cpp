#include "game/risiko/action.hpp"

namespace parley::game::risiko {
namespace {

constexpr std::uint8_t kFormatVersion = 1;

void put(ByteWriter& out, const Dice& d) {
  out.u8(d.count);
  for (std::uint8_t i = 0; i < d.count && i < kMaxDice; ++i) out.u8(d.values[i]);
}

void put(ByteWriter& out, const Roll& r) {
  put(out, r.attacker);
  put(out, r.defender);
}

struct Writer {
  ByteWriter& out;
  void operator()(const StartGame& a) {
    out.u8(static_cast<std::uint8_t>(a.colours.size()));
    for (Colour c : a.colours) out.u8(static_cast<std::uint8_t>(c));
    out.u8(static_cast<std::uint8_t>(a.turn_order.size()));
    for (Seat s : a.turn_order) out.u8(s.index);
    out.u8(static_cast<std::uint8_t>(a.owners.size()));
    for (Seat s : a.owners) out.u8(s.index);
  }
  void operator()(const PlaceArmies& a) {
    out.u8(a.seat.index);
    out.u8(static_cast<std::uint8_t>(a.placements.size()));
    for (const auto& p : a.placements) {
      out.u8(p.territory.value);
      out.u32(p.armies);
    }
  }
  void operator()(const TradeCards& a) {
    out.u8(a.seat.index);
    for (auto s : a.slots) out.u8(s);
    for (auto c : a.cards) out.u8(c.value);
  }
  void operator()(const Attack& a) {
    out.u8(a.order.seat.index);
    out.u8(a.order.from.value);
    out.u8(a.order.to.value);
    out.u8(a.order.dice);
    put(out, a.roll);
  }
  void operator()(const MultiAttack& a) {
    out.u8(a.order.seat.index);
    out.u8(a.order.from.value);
    out.u8(a.order.to.value);
    out.u32(a.order.stop_at);
    out.u32(static_cast<std::uint32_t>(a.rounds.size()));
    for (const auto& r : a.rounds) put(out, r);
  }
  void operator()(const MoveIn& a) {
    out.u8(a.seat.index);
    out.u32(a.armies);
  }
  void operator()(const MoveArmies& a) {
    out.u8(a.seat.index);
    out.u8(a.from.value);
    out.u8(a.to.value);
    out.u32(a.armies);
  }
  void operator()(const EndTurn& a) { out.u8(a.seat.index); }
  void operator()(const ClaimVictory& a) {
    out.u8(a.seat.index);
    out.u8(a.mission.value);
  }
  void operator()(const LeaveGame& a) { out.u8(a.seat.index); }
};

// Reading: each helper returns false on failure and leaves the error in `error`.
class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> bytes) : in_(bytes) {}
  DecodeError error = DecodeError::truncated;

  bool u8(std::uint8_t& v) { return take(in_.u8(), v); }
  bool u32(std::uint32_t& v) { return take(in_.u32(), v); }
  bool seat(Seat& s) {
    if (!u8(s.index)) return false;
    return check(s.index < kMaxSeats);
  }
  template <class Tag>
  bool id(Id<Tag>& v) { return u8(v.value); }
  bool dice(Dice& d) {
    if (!u8(d.count)) return false;
    if (!check(d.count >= 1 && d.count <= kMaxDice)) return false;
    for (std::uint8_t i = 0; i < d.count; ++i) {
      if (!u8(d.values[i])) return false;
      if (!check(d.values[i] >= 1 && d.values[i] <= 6)) return false;
    }
    return true;
  }
  bool roll(Roll& r) { return dice(r.attacker) && dice(r.defender); }
  // A count read as u8/u32 that must not exceed max nor promise more items than bytes left.
  bool count(std::size_t n, std::size_t max, std::size_t min_item_bytes) {
    if (n > max) return fail(DecodeError::too_long);
    if (n * min_item_bytes > in_.remaining()) return fail(DecodeError::truncated);
    return true;
  }
  bool check(bool ok) { return ok || fail(DecodeError::bad_value); }
  bool fail(DecodeError e) {
    error = e;
    return false;
  }
  bool finish() {
    auto r = in_.finish();
    return r.ok() || fail(r.error());
  }

 private:
  template <class T>
  bool take(Result<T, DecodeError> r, T& v) {
    if (!r) return fail(r.error());
    v = *r;
    return true;
  }
  ByteReader in_;
};

bool read_body(Reader& r, StartGame& a) {
  std::uint8_t n = 0;
  if (!r.u8(n) || !r.count(n, kMaxSeats, 1)) return false;
  a.colours.resize(n);
  for (auto& c : a.colours) {
    std::uint8_t v = 0;
    if (!r.u8(v) || !r.check(v < kColours)) return false;
    c = static_cast<Colour>(v);
  }
  if (!r.u8(n) || !r.count(n, kMaxSeats, 1)) return false;
  a.turn_order.resize(n);
  for (auto& s : a.turn_order)
    if (!r.seat(s)) return false;
  if (!r.u8(n) || !r.count(n, kMaxTerritories, 1)) return false;
  a.owners.resize(n);
  for (auto& s : a.owners)
    if (!r.seat(s)) return false;
  return true;
}

bool read_body(Reader& r, PlaceArmies& a) {
  std::uint8_t n = 0;
  if (!r.seat(a.seat) || !r.u8(n) || !r.count(n, kMaxTerritories, 5)) return false;
  a.placements.resize(n);
  for (auto& p : a.placements)
    if (!r.id(p.territory) || !r.u32(p.armies)) return false;
  return true;
}

bool read_body(Reader& r, TradeCards& a) {
  if (!r.seat(a.seat)) return false;
  for (auto& s : a.slots)
    if (!r.u8(s)) return false;
  for (auto& c : a.cards)
    if (!r.id(c)) return false;
  return true;
}

bool read_body(Reader& r, Attack& a) {
  return r.seat(a.order.seat) && r.id(a.order.from) && r.id(a.order.to) && r.u8(a.order.dice) &&
         r.roll(a.roll);
}

bool read_body(Reader& r, MultiAttack& a) {
  std::uint32_t n = 0;
  if (!r.seat(a.order.seat) || !r.id(a.order.from) || !r.id(a.order.to) || !r.u32(a.order.stop_at) ||
      !r.u32(n) || !r.count(n, kMaxRounds, 4))
    return false;
  a.rounds.resize(n);
  for (auto& round : a.rounds)
    if (!r.roll(round)) return false;
  return true;
}

bool read_body(Reader& r, MoveIn& a) { return r.seat(a.seat) && r.u32(a.armies); }
bool read_body(Reader& r, MoveArmies& a) {
  return r.seat(a.seat) && r.id(a.from) && r.id(a.to) && r.u32(a.armies);
}
bool read_body(Reader& r, EndTurn& a) { return r.seat(a.seat); }
bool read_body(Reader& r, ClaimVictory& a) { return r.seat(a.seat) && r.id(a.mission); }
bool read_body(Reader& r, LeaveGame& a) { return r.seat(a.seat); }

template <std::size_t I = 0>
bool read_kind(Reader& r, std::uint8_t kind, Action& out) {
  if constexpr (I == std::variant_size_v<Action>) {
    return r.fail(DecodeError::bad_value);
  } else {
    if (kind != I + 1) return read_kind<I + 1>(r, kind, out);
    std::variant_alternative_t<I, Action> a{};
    if (!read_body(r, a)) return false;
    out = std::move(a);
    return true;
  }
}

}  // namespace

std::optional<Seat> actor(const Action& action) {
  return std::visit(
      [](const auto& a) -> std::optional<Seat> {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, StartGame>) return std::nullopt;
        else if constexpr (std::is_same_v<T, Attack> || std::is_same_v<T, MultiAttack>) return a.order.seat;
        else return a.seat;
      },
      action);
}

std::optional<Seat> actor(const Decision& decision) {
  return std::visit([](const auto& d) -> std::optional<Seat> { return d.seat; }, decision);
}

void encode_action(const Action& action, ByteWriter& out) {
  out.u8(kFormatVersion);
  // Kind tag: the alternative's index in Action, plus one.
  out.u8(static_cast<std::uint8_t>(action.index() + 1));
  std::visit(Writer{out}, action);
}

Bytes encode_action(const Action& action) {
  ByteWriter w;
  encode_action(action, w);
  return std::move(w).take();
}

Result<Action, DecodeError> decode_action(std::span<const std::uint8_t> bytes) {
  Reader r(bytes);
  std::uint8_t version = 0, kind = 0;
  if (!r.u8(version)) return r.error;
  if (version != kFormatVersion) return DecodeError::bad_value;
  if (!r.u8(kind)) return r.error;
  Action out;
  if (!read_kind(r, kind, out)) return r.error;
  if (!r.finish()) return r.error;
  return out;
}

}  // namespace parley::game::risiko
