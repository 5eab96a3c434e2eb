#include "games/chess/chess_levels.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstdint>

namespace parley::peer {

namespace {

constexpr std::array<ChessLevel, kMaxChessLevel> kLevels = {{
    {1, 0, 0, 1, 50, 1},
    {2, 2, 0, 2, 100, 2},
    {3, 4, 0, 4, 150, 3},
    {4, 6, 1400, 0, 200, 4},
    {5, 9, 1700, 0, 300, 6},
    {6, 12, 2000, 0, 400, 8},
    {7, 16, 2400, 0, 500, 12},
    {8, 20, 0, 0, 1000, 0},
}};

// The option of that name and type; a spin whose range runs backwards is no use.
const UciOption* find_option(const std::vector<UciOption>& options, std::string_view name, std::string_view type) {
  for (const UciOption& o : options)
    if (o.name == name && o.type == type && (type != "spin" || o.min <= o.max)) return &o;
  return nullptr;
}

std::string setoption(std::string_view name, std::string_view value) {
  return "setoption name " + std::string(name) + " value " + std::string(value);
}

}  // namespace

const ChessLevel& chess_level(int level) {
  assert(level >= kMinChessLevel && level <= kMaxChessLevel);
  return kLevels[static_cast<std::size_t>(std::clamp(level, kMinChessLevel, kMaxChessLevel) - 1)];
}

std::optional<UciOption> parse_uci_option(std::string_view line) {
  // "option name <words…> type <t> [default <x>] [min <n>] [max <n>] [var <v>]…": the name runs
  // up to the " type " token.
  constexpr std::string_view kStart = "option name ";
  if (!line.starts_with(kStart)) return std::nullopt;
  line.remove_prefix(kStart.size());
  const std::size_t type_at = line.find(" type ");
  if (type_at == 0 || type_at == std::string_view::npos) return std::nullopt;
  UciOption option;
  option.name = std::string(line.substr(0, type_at));
  std::string_view rest = line.substr(type_at + 6);
  auto word = [&rest]() {
    while (rest.starts_with(' ')) rest.remove_prefix(1);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    const std::string_view w = rest.substr(0, end);
    rest.remove_prefix(end);
    return w;
  };
  option.type = std::string(word());
  if (option.type.empty()) return std::nullopt;
  for (std::string_view key = word(); !key.empty(); key = word()) {
    if (key != "min" && key != "max") continue;
    const std::string_view value = word();
    int n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc{} || end != value.data() + value.size()) return std::nullopt;
    (key == "min" ? option.min : option.max) = n;
  }
  return option;
}

UciLevelPlan plan_uci_level(int level, const std::vector<UciOption>& options, int movetime_ms) {
  const ChessLevel& l = chess_level(level);
  UciLevelPlan plan;
  const UciOption* limit = find_option(options, "UCI_LimitStrength", "check");
  const UciOption* elo = find_option(options, "UCI_Elo", "spin");
  const UciOption* skill = find_option(options, "Skill Level", "spin");
  int depth = l.depth;
  if (l.elo > 0 && limit != nullptr && elo != nullptr) {
    plan.setoptions.push_back(setoption("UCI_LimitStrength", "true"));
    plan.setoptions.push_back(setoption("UCI_Elo", std::to_string(std::clamp(l.elo, elo->min, elo->max))));
    plan.means = UciLevelPlan::Means::elo;
  } else if (skill != nullptr) {
    if (limit != nullptr) plan.setoptions.push_back(setoption("UCI_LimitStrength", "false"));
    // The table's 0–20, spread over the engine's own range.
    const std::int64_t span = std::int64_t{skill->max} - skill->min;
    plan.setoptions.push_back(setoption("Skill Level", std::to_string(skill->min + span * l.skill / 20)));
    plan.means = UciLevelPlan::Means::skill;
  } else {
    depth = l.fallback_depth;
    plan.means = UciLevelPlan::Means::search_limits;
  }
  plan.go = "go";
  if (depth > 0) plan.go += " depth " + std::to_string(depth);
  plan.go += " movetime " + std::to_string(movetime_ms > 0 ? movetime_ms : l.movetime_ms);
  return plan;
}

}  // namespace parley::peer
