#include "peer/session/options.hpp"

#include "lobby/protocol/text.hpp"

namespace parley::peer {
namespace {
constexpr std::uint8_t kOptionsVersion = 1;
constexpr std::uint8_t kEventBoardVersion = 2;  // the same, then the event's board
// A day: no limit or clock longer than this is meant (it also keeps sums far from overflow).
constexpr std::uint64_t kMaxDurationMs = 24ULL * 3600 * 1000;
}  // namespace

std::optional<std::string> room_text(std::string_view typed) {
  if (typed.size() > kMaxOptionText) return std::nullopt;
  auto text = lobby::sanitize_text(typed, kMaxOptionText);
  if (text) return std::move(text).value();
  if (text.error() == lobby::TextError::empty) return std::string();
  return std::nullopt;
}

Bytes encode(const RoomOptions& o) {
  game::ByteWriter out;
  out.u8(o.event_board.empty() ? kOptionsVersion : kEventBoardVersion);
  out.text(o.event);
  out.text(o.site);
  out.text(o.round);
  out.u64(o.clock_base_ms);
  out.u64(o.clock_increment_ms);
  out.u64(o.move_limit_ms);
  out.u64(o.response_limit_ms);
  out.bytes(o.game_options);
  if (!o.event_board.empty()) out.bytes(o.event_board);
  return std::move(out).take();
}

game::Result<RoomOptions, lobby::WireError> decode_room_options(std::span<const std::uint8_t> bytes) {
  // Quick-match rooms carry no options (docs/lobby.md): every default applies.
  if (bytes.empty()) return RoomOptions{};
  lobby::WireReader in(bytes);
  const std::uint8_t version = in.u8();
  if (version != kOptionsVersion && version != kEventBoardVersion && !in.failed())
    in.fail(lobby::WireError::unsupported_version);
  RoomOptions o;
  o.event = in.text(kMaxOptionText);
  o.site = in.text(kMaxOptionText);
  o.round = in.text(kMaxOptionText);
  o.clock_base_ms = in.u64();
  o.clock_increment_ms = in.u64();
  o.move_limit_ms = in.u64();
  o.response_limit_ms = in.u64();
  o.game_options = in.bytes(kMaxGameOptions);
  if (version == kEventBoardVersion) {
    o.event_board = in.bytes(kMaxEventBoardBytes);
    if (o.event_board.empty()) in.fail(lobby::WireError::bad_value);  // none is version 1
  }
  for (const std::string* text : {&o.event, &o.site, &o.round})
    if (room_text(*text) != *text) in.fail(lobby::WireError::bad_value);
  for (std::uint64_t ms : {o.clock_base_ms, o.clock_increment_ms, o.move_limit_ms, o.response_limit_ms})
    if (ms > kMaxDurationMs) in.fail(lobby::WireError::bad_value);
  if (o.response_limit_ms == 0) in.fail(lobby::WireError::bad_value);
  return in.finish(std::move(o));
}

}  // namespace parley::peer
