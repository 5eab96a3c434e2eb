#pragma once
// Risiko's room options: the game_options bytes of RoomOptions (docs/risiko.md, "Protocol").
//   u8 version (1) ‖ text map (one of the shipped maps, ≤ 32 bytes) ‖ u8 dice (0 Risiko, 1 classic)
// An empty blob (a quick-match room) is the default: the classic map, Risiko dice.
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/risiko/types.hpp"
#include "game/risiko/world.hpp"

namespace parley::peer::risiko {

inline constexpr std::size_t kMaxMapName = 32;

struct RisikoOptions {
  std::string map = "classic";
  game::risiko::DiceRule dice = game::risiko::DiceRule::risiko;
  friend bool operator==(const RisikoOptions&, const RisikoOptions&) = default;
};

game::Bytes encode(const RisikoOptions& options);
game::Result<RisikoOptions, game::DecodeError> decode_risiko_options(std::span<const std::uint8_t> bytes);

// The shipped map the options name (nullptr if it is not one).
std::shared_ptr<const game::risiko::World> load_world(const RisikoOptions& options);

}  // namespace parley::peer::risiko
