#pragma once
// Risiko's room options: the game_options bytes of RoomOptions (docs/risiko.md, "Protocol").
//   a shipped map:  u8 version (1) ‖ text map key (≤ 32 bytes)       ‖ u8 dice (0 Risiko, 1 classic)
//   a user's map:   u8 version (2) ‖ bytes map file (≤ 12 KiB, formatted) ‖ u8 dice
// An empty blob (a quick-match room) is the default: the classic map, Risiko dice. A user's map
// travels whole in the options, so the genesis entry the lobby signs holds it: every seat and
// the verifier build the same World from the same bytes, and nobody needs the file beforehand.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/risiko/map_format.hpp"
#include "game/risiko/types.hpp"
#include "game/risiko/world.hpp"
#include "peer/session/options.hpp"

namespace parley::peer::risiko {

inline constexpr std::size_t kMaxMapName = 32;
// A user's map as format_map writes it (the classic world takes 6.0 KB so).
inline constexpr std::size_t kMaxCustomMapBytes = 12 * 1024;
static_assert(kMaxCustomMapBytes + 16 <= kMaxGameOptions);

struct RisikoOptions {
  std::string map = "classic";  // a shipped map's key (game/risiko/maps); unused with custom_map
  std::string custom_map;       // a user's map file, as game::risiko::format_map writes it
  game::risiko::DiceRule dice = game::risiko::DiceRule::risiko;
  friend bool operator==(const RisikoOptions&, const RisikoOptions&) = default;
};

game::Bytes encode(const RisikoOptions& options);
game::Result<RisikoOptions, game::DecodeError> decode_risiko_options(std::span<const std::uint8_t> bytes);

// The map the options choose: a shipped one by key, or the user's map they carry (nullptr if
// the key names no shipped map or the carried text is not a valid map).
std::shared_ptr<const game::risiko::World> load_world(const RisikoOptions& options);

// Why a map chosen for a new room cannot be used.
struct MapChoiceError {
  enum class Kind : std::uint8_t {
    bad_map,    // the file is not a valid map (`map` says what and where)
    too_large,  // valid, but longer than kMaxCustomMapBytes once formatted (`bytes`)
  };
  Kind kind;
  game::risiko::MapError map{game::risiko::MapErrorKind::too_large, 0};
  std::size_t bytes = 0;
};
std::string describe(const MapChoiceError& error);

// The options of a room played on a user's map, from the map file's text: parsed (so a bad
// file is refused before any room exists) and formatted to its shortest form.
game::Result<RisikoOptions, MapChoiceError> custom_map_options(std::string_view map_text, game::risiko::DiceRule dice);

// Whether `key` names a shipped map ("classic", "classic-82", "classic-84").
bool is_shipped_map(std::string_view key);

}  // namespace parley::peer::risiko
