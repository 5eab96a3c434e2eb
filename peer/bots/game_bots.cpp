#include "peer/bots/game_bots.hpp"

#include <algorithm>

#include "peer/session/game_module.hpp"

namespace parley::peer {

std::optional<std::string> house_bot_game(std::string_view name) {
  for (const auto& module : GameRegistry::process().all()) {
    const auto* bots = module->facet<GameBots>();
    if (!bots) continue;
    const auto aliases = bots->aliases();
    if (module->name() == name || std::ranges::find(aliases, name) != aliases.end()) return std::string(module->name());
  }
  return std::nullopt;
}

std::vector<std::string> house_bot_names() {
  std::vector<std::string> names;
  for (const auto& module : GameRegistry::process().all()) {
    const auto* bots = module->facet<GameBots>();
    if (!bots) continue;
    names.emplace_back(module->name());
    for (std::string_view alias : bots->aliases()) names.emplace_back(alias);
  }
  return names;
}

std::string house_bot_words() {
  std::vector<std::string> words;
  for (const auto& module : GameRegistry::process().all())
    if (const auto* bots = module->facet<GameBots>()) words.push_back(bots->house_bot_words());
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return out;
}

}  // namespace parley::peer
