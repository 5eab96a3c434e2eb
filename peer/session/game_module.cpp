#include "peer/session/game_module.hpp"

#include <algorithm>
#include <cassert>

namespace parley::peer {

void GameModule::describe_options(std::span<const std::uint8_t>, std::vector<std::string>&) const {}

std::optional<std::string> GameModule::seat_label(Seat) const { return std::nullopt; }

GameRegistry& GameRegistry::process() {
  static GameRegistry registry;
  return registry;
}

GameModule& GameRegistry::add(std::shared_ptr<GameModule> module) {
  assert(module);
  auto same = std::ranges::find_if(modules_, [&](const auto& m) { return m->name() == module->name(); });
  if (same != modules_.end()) return **same;
  return *modules_.emplace_back(std::move(module));
}

const GameModule* GameRegistry::find(std::string_view name) const {
  auto it = std::ranges::find_if(modules_, [&](const auto& m) { return m->name() == name; });
  return it == modules_.end() ? nullptr : it->get();
}

GameModule* GameRegistry::find_mutable(std::string_view name) {
  auto it = std::ranges::find_if(modules_, [&](const auto& m) { return m->name() == name; });
  return it == modules_.end() ? nullptr : it->get();
}

const GameModule* find_game(std::string_view name) { return GameRegistry::process().find(name); }

game::Result<std::unique_ptr<GameRules>, RulesError> make_rules(std::string_view game, std::size_t seats,
                                                                const RoomOptions& options) {
  const GameModule* module = find_game(game);
  if (module == nullptr) return RulesError::unknown_game;
  return module->make_rules(seats, options);
}

}  // namespace parley::peer
