#include "lobby/protocol/game_log.hpp"

#include <algorithm>

#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

namespace {
constexpr std::string_view kMagic = kLogMagic;
constexpr std::uint8_t kLogVersion = 1;
}  // namespace

std::string_view describe(LogErrorKind kind) {
  switch (kind) {
    case LogErrorKind::not_a_log: return "not a parley game log";
    case LogErrorKind::unsupported_version: return "a log format this build does not read";
    case LogErrorKind::truncated: return "the log ends early";
    case LogErrorKind::too_long: return "more or longer entries than any game has";
    case LogErrorKind::bad_lobby_key: return "the lobby key is not a valid public key";
    case LogErrorKind::bad_entry: return "an entry does not decode";
    case LogErrorKind::trailing_bytes: return "bytes after the last entry";
  }
  return "bad log";
}

Bytes encode(const GameLog& log) {
  game::ByteWriter out;
  out.raw({reinterpret_cast<const std::uint8_t*>(kMagic.data()), kMagic.size()});
  out.u8(kLogVersion);
  out.raw(log.lobby_key.bytes());
  out.u32(static_cast<std::uint32_t>(log.entries.size()));
  for (const auto& e : log.entries) out.bytes(encode_signed_entry(e));
  return std::move(out).take();
}

game::Result<GameLog, LogError> decode_log(std::span<const std::uint8_t> bytes) {
  game::ByteReader in(bytes);
  auto magic = in.raw(kMagic.size());
  if (!magic || !std::equal(magic->begin(), magic->end(), kMagic.begin())) return LogError{LogErrorKind::not_a_log, 0, {}};
  auto version = in.u8();
  if (!version) return LogError{LogErrorKind::truncated, 0, {}};
  if (*version != kLogVersion) return LogError{LogErrorKind::unsupported_version, 0, {}};
  auto key_bytes = in.raw(crypto::kPublicKeyBytes);
  if (!key_bytes) return LogError{LogErrorKind::truncated, 0, {}};
  auto key = crypto::PublicKey::from_bytes(*key_bytes);
  if (!key) return LogError{LogErrorKind::bad_lobby_key, 0, {}};
  auto count = in.u32();
  if (!count) return LogError{LogErrorKind::truncated, 0, {}};
  if (*count > kMaxLogEntries) return LogError{LogErrorKind::too_long, 0, {}};
  GameLog log{*key, {}};
  // Each entry takes at least its length prefix: a count the bytes cannot hold is refused
  // before anything is reserved.
  if (*count > in.remaining() / 4) return LogError{LogErrorKind::truncated, 0, {}};
  log.entries.reserve(*count);
  for (std::uint32_t i = 0; i < *count; ++i) {
    auto wire = in.bytes(kMaxMessageBytes);
    if (!wire) return LogError{wire.error() == game::DecodeError::too_long ? LogErrorKind::too_long : LogErrorKind::truncated, i, {}};
    auto entry = decode_signed_entry(*wire);
    if (!entry) return LogError{LogErrorKind::bad_entry, i, std::string(describe(entry.error()))};
    log.entries.push_back(std::move(entry).value());
  }
  if (!in.finish()) return LogError{LogErrorKind::trailing_bytes, 0, {}};
  return log;
}

}  // namespace parley::lobby
