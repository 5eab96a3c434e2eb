#pragma once
// The map file format (docs/risiko.md, "Map files"): a line-oriented text that names the
// continents, the territories with their card symbols, the borders, the jokers, the starting
// armies per player count and the mission deck. parse_map is the only way a World is made:
// bounded (size, counts, name lengths) and strict (every reference declared before use, no
// duplicate, a connected map), with a typed error and the line it was found on.
#include <cstdint>
#include <string>
#include <string_view>

#include "game/core/result.hpp"
#include "game/risiko/world.hpp"

namespace parley::game::risiko {

inline constexpr std::size_t kMaxMapBytes = 256 * 1024;
inline constexpr std::size_t kMaxKeyBytes = 32;
inline constexpr std::size_t kMaxNameBytes = 64;

enum class MapErrorKind : std::uint8_t {
  too_large,              // more than kMaxMapBytes
  bad_header,             // the first line is not "risiko-map 1"
  bad_character,          // a control byte, or an unterminated quoted name
  unknown_directive,      // a line starting with a word the format does not define
  bad_arguments,          // wrong number or kind of words after the directive
  bad_key,                // a key that is not [a-z0-9_]{1,32}
  bad_name,               // a quoted name that is empty or longer than kMaxNameBytes
  bad_number,             // not a decimal number, or outside the directive's range
  duplicate_name,         // a second `name` line
  duplicate_key,          // a continent or territory key used twice
  unknown_continent,      // a reference to a continent not declared before
  unknown_territory,      // a reference to a territory not declared before
  bad_symbol,             // a card symbol other than infantry, cavalry, artillery
  bad_colour,             // not one of the six army colours
  self_border,            // a territory bordering itself
  duplicate_border,       // the same border twice
  too_many_territories,   // more than kMaxTerritories
  too_many_continents,    // more than kMaxContinents
  too_many_jokers,        // more than kMaxJokers, or a second `jokers` line
  too_many_missions,      // more than kMaxMissions
  bad_start_armies,       // player count outside 3..6, repeated, or too few armies to cover a share
  bad_mission,            // a mission the map cannot satisfy (counts, repeated continents)
  no_territories,         // the file declares none
  empty_continent,        // a continent with no territory
  not_connected,          // some territory cannot be reached from the first
  no_players,             // no `start_armies` line
  too_few_missions,       // fewer missions than the largest player count
};

struct MapError {
  MapErrorKind kind;
  std::uint32_t line;  // 1-based; 0 for checks on the whole file
  friend bool operator==(const MapError&, const MapError&) = default;
};

std::string_view describe(MapErrorKind kind);

Result<World, MapError> parse_map(std::string_view text);

// The map as the shortest text parse_map reads back to the same World (same fingerprint): no
// comments, one space between words, borders in territory order. A user's map travels in a
// room's options in this form (peer/session/risiko_options.hpp).
std::string format_map(const World& world);

}  // namespace parley::game::risiko
