#include "peer/session/risiko_options.hpp"

#include "game/risiko/builtin_maps.hpp"
#include "game/risiko/map_format.hpp"

namespace parley::peer::risiko {

namespace {
constexpr std::uint8_t kOptionsVersion = 1;
}  // namespace

game::Bytes encode(const RisikoOptions& options) {
  game::ByteWriter out;
  out.u8(kOptionsVersion);
  out.text(options.map);
  out.u8(static_cast<std::uint8_t>(options.dice));
  return std::move(out).take();
}

game::Result<RisikoOptions, game::DecodeError> decode_risiko_options(std::span<const std::uint8_t> bytes) {
  RisikoOptions options;
  if (bytes.empty()) return options;
  game::ByteReader in(bytes);
  auto version = in.u8();
  if (!version) return version.error();
  if (*version != kOptionsVersion) return game::DecodeError::bad_value;
  auto map = in.text(kMaxMapName);
  if (!map) return map.error();
  auto dice = in.u8();
  if (!dice) return dice.error();
  if (*dice > static_cast<std::uint8_t>(game::risiko::DiceRule::classic)) return game::DecodeError::bad_value;
  if (auto done = in.finish(); !done) return done.error();
  options.map = std::move(map).value();
  options.dice = static_cast<game::risiko::DiceRule>(*dice);
  return options;
}

std::shared_ptr<const game::risiko::World> load_world(const RisikoOptions& options) {
  if (options.map == "classic") return game::risiko::classic_world();
  for (const auto& m : game::risiko::builtin_maps()) {
    if (m.key != options.map) continue;
    auto world = game::risiko::parse_map(m.text);
    if (!world) return nullptr;
    return std::make_shared<const game::risiko::World>(std::move(world).value());
  }
  return nullptr;
}

}  // namespace parley::peer::risiko
