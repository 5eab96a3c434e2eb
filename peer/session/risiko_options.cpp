#include "peer/session/risiko_options.hpp"

#include "game/risiko/builtin_maps.hpp"

namespace parley::peer::risiko {

namespace {
constexpr std::uint8_t kShippedMapVersion = 1;
constexpr std::uint8_t kCustomMapVersion = 2;
}  // namespace

game::Bytes encode(const RisikoOptions& options) {
  game::ByteWriter out;
  if (options.custom_map.empty()) {
    out.u8(kShippedMapVersion);
    out.text(options.map);
  } else {
    out.u8(kCustomMapVersion);
    out.text(options.custom_map);
  }
  out.u8(static_cast<std::uint8_t>(options.dice));
  return std::move(out).take();
}

game::Result<RisikoOptions, game::DecodeError> decode_risiko_options(std::span<const std::uint8_t> bytes) {
  RisikoOptions options;
  if (bytes.empty()) return options;
  game::ByteReader in(bytes);
  auto version = in.u8();
  if (!version) return version.error();
  if (*version != kShippedMapVersion && *version != kCustomMapVersion) return game::DecodeError::bad_value;
  const bool custom = *version == kCustomMapVersion;
  auto map = in.text(custom ? kMaxCustomMapBytes : kMaxMapName);
  if (!map) return map.error();
  // One encoding per choice: a user's map is never empty, a shipped one always has a key.
  if (map->empty()) return game::DecodeError::bad_value;
  auto dice = in.u8();
  if (!dice) return dice.error();
  if (*dice > static_cast<std::uint8_t>(game::risiko::DiceRule::classic)) return game::DecodeError::bad_value;
  if (auto done = in.finish(); !done) return done.error();
  if (custom) options.custom_map = std::move(map).value();
  else options.map = std::move(map).value();
  options.dice = static_cast<game::risiko::DiceRule>(*dice);
  return options;
}

std::shared_ptr<const game::risiko::World> load_world(const RisikoOptions& options) {
  std::string_view text;
  if (!options.custom_map.empty()) {
    text = options.custom_map;
  } else if (options.map == "classic") {
    return game::risiko::classic_world();
  } else {
    for (const auto& m : game::risiko::builtin_maps())
      if (m.key == options.map) text = m.text;
    if (text.empty()) return nullptr;
  }
  auto world = game::risiko::parse_map(text);
  if (!world) return nullptr;
  return std::make_shared<const game::risiko::World>(std::move(world).value());
}

std::string describe(const MapChoiceError& error) {
  switch (error.kind) {
    case MapChoiceError::Kind::bad_map:
      return std::string(game::risiko::describe(error.map.kind)) +
             (error.map.line > 0 ? " (line " + std::to_string(error.map.line) + ")" : std::string());
    case MapChoiceError::Kind::too_large:
      return "the map takes " + std::to_string(error.bytes) + " bytes without comments, more than a room's options hold (" +
             std::to_string(kMaxCustomMapBytes) + ")";
  }
  return "bad map";
}

game::Result<RisikoOptions, MapChoiceError> custom_map_options(std::string_view map_text, game::risiko::DiceRule dice) {
  auto world = game::risiko::parse_map(map_text);
  if (!world) return MapChoiceError{MapChoiceError::Kind::bad_map, world.error()};
  RisikoOptions options;
  options.custom_map = game::risiko::format_map(*world);
  options.dice = dice;
  if (options.custom_map.size() > kMaxCustomMapBytes)
    return MapChoiceError{MapChoiceError::Kind::too_large, {}, options.custom_map.size()};
  return options;
}

bool is_shipped_map(std::string_view key) {
  for (const auto& m : game::risiko::builtin_maps())
    if (m.key == key) return true;
  return false;
}

}  // namespace parley::peer::risiko
