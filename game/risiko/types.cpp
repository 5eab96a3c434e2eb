#include "game/risiko/types.hpp"

#include <array>

namespace parley::game::risiko {
namespace {
constexpr std::array<std::string_view, kColours> kColourNames = {"yellow", "blue",   "red",
                                                                 "black",  "purple", "green"};
constexpr std::array<std::string_view, 4> kSymbolNames = {"infantry", "cavalry", "artillery",
                                                          "joker"};
}  // namespace

std::string_view name(Colour c) { return kColourNames[static_cast<std::size_t>(c)]; }

std::optional<Colour> parse_colour(std::string_view s) {
  for (std::size_t i = 0; i < kColourNames.size(); ++i)
    if (kColourNames[i] == s) return static_cast<Colour>(i);
  return std::nullopt;
}

std::string_view name(Symbol s) { return kSymbolNames[static_cast<std::size_t>(s)]; }

std::optional<Symbol> parse_symbol(std::string_view s) {
  for (std::size_t i = 0; i < kSymbolNames.size(); ++i)
    if (kSymbolNames[i] == s) return static_cast<Symbol>(i);
  return std::nullopt;
}

std::string_view name(Phase p) {
  switch (p) {
    case Phase::no_move: return "NO_MOVE";
    case Phase::place_armies: return "PLACE_ARMIES";
    case Phase::must_trade: return "MUST_TRADE";
    case Phase::attack: return "ATTACK";
    case Phase::waiting_for_move: return "WAITING_FOR_MOVE";
  }
  return "?";
}

std::string_view name(ClientState c) {
  switch (c) {
    case ClientState::watching: return "WATCHING";
    case ClientState::must_trade: return "MUST_TRADE";
    case ClientState::place_armies: return "PLACE_ARMIES";
    case ClientState::attack: return "ATTACK";
    case ClientState::move_armies: return "MOVE_ARMIES";
  }
  return "?";
}

}  // namespace parley::game::risiko
