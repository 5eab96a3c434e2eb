#pragma once
// The maps shipped in game/risiko/maps/, embedded at build time so that the engine needs no
// file I/O. The files stay the single source: users read them to write their own maps.
#include <memory>
#include <span>
#include <string_view>

#include "game/risiko/world.hpp"

namespace parley::game::risiko {

struct BuiltinMap {
  std::string_view key;   // the file name without ".map": "classic", "classic-82", "classic-84"
  std::string_view text;  // the file's bytes
};

std::span<const BuiltinMap> builtin_maps();

// The default map (classic.map), parsed once; shared by every state that uses it.
std::shared_ptr<const World> classic_world();

}  // namespace parley::game::risiko
