#pragma once
// The input format of peer_session_fuzz: records `u8 seat ‖ u16 kind ‖ u16 seconds ‖ u16 length
// ‖ body`, each posted as that seat's envelope after the lobby's clock moves on by `seconds`.
// The seat byte's low nibble is the seat (modulo the seats); its high nibble is how many entries
// before the newest its sender had seen (`seen_lag`), so that messages also cross each other as
// they do on their way to a lobby (docs/sessions.md, "Late actions").
// The fuzzer signs for every seat, so its inputs reach the session and the game's rules instead
// of stopping at a signature check.
#include <cstdint>
#include <optional>
#include <span>

#include "game/core/bytes.hpp"
#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/ids.hpp"

namespace parley::peer::fuzzing {

struct StreamRecord {
  std::uint8_t seat = 0;
  lobby::EnvelopeKind kind;
  std::uint16_t seconds = 0;
  std::span<const std::uint8_t> body;
};

// The whole range of the u16 length: a Gunjin army proof is longer than 4 KB.
inline constexpr std::size_t kMaxStreamBody = 0xFFFF;

inline std::optional<StreamRecord> next_record(game::ByteReader& in) {
  auto seat = in.u8();
  auto kind = in.u16();
  auto seconds = in.u16();
  auto length = in.u16();
  if (!seat || !kind || !seconds || !length || *length > kMaxStreamBody || in.remaining() < *length)
    return std::nullopt;
  auto body = in.raw(*length);
  if (!body) return std::nullopt;
  return StreamRecord{*seat, lobby::EnvelopeKind{*kind}, *seconds, *body};
}

inline std::uint8_t seat_nibble(const StreamRecord& r) { return r.seat & 0x0F; }
inline std::uint8_t seen_lag(const StreamRecord& r) { return r.seat >> 4; }

inline void write_record(game::ByteWriter& out, const StreamRecord& r) {
  out.u8(r.seat);
  out.u16(r.kind.value);
  out.u16(r.seconds);
  out.u16(static_cast<std::uint16_t>(r.body.size()));
  out.raw(r.body);
}

// Whether every envelope's body fits in a stream record.
inline bool fits_the_stream(std::span<const lobby::SignedEntry> entries) {
  for (const auto& e : entries)
    if (const auto* env = std::get_if<lobby::SignedEnvelope>(&e.entry.payload); env && env->envelope.body.size() > kMaxStreamBody)
      return false;
  return true;
}

// A game's envelopes as a stream (a seed): each with its seat, the seconds since the entry
// before and how far behind the newest entry its sender was.
inline game::Bytes stream_of(std::span<const lobby::SignedEntry> entries) {
  game::ByteWriter stream;
  std::uint64_t last_ms = entries.front().entry.lobby_time_ms;
  for (const auto& e : entries) {
    const auto* env = std::get_if<lobby::SignedEnvelope>(&e.entry.payload);
    if (!env) continue;
    const auto seconds = static_cast<std::uint16_t>((e.entry.lobby_time_ms - last_ms) / 1000);
    last_ms = e.entry.lobby_time_ms;
    const auto lag = static_cast<std::uint8_t>(e.entry.index.value - 1 - env->envelope.seen_index.value);
    write_record(stream, {static_cast<std::uint8_t>(env->envelope.seat.index | lag << 4), env->envelope.kind, seconds,
                          env->envelope.body});
  }
  return stream.data();
}

}  // namespace parley::peer::fuzzing
