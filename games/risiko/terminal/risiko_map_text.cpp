#include "games/risiko/terminal/risiko_map_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include "games/risiko/ui/risiko_board.hpp"

namespace parley::cli {

namespace {

namespace rk = game::risiko;

// Lower case, letters and digits only: "East Africa", "east_africa" and "EAST-AFRICA" agree.
std::string folded(std::string_view text) {
  std::string out;
  for (char c : text)
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string risiko_map_text(const rk::World& world, const rk::Table& table, std::optional<game::Seat> me,
                            const std::function<std::string(game::Seat)>& name) {
  // Long names from a custom map are cut rather than pushing the columns off the screen.
  constexpr std::size_t kMaxNameWidth = 28;
  std::size_t width = 0;
  for (const rk::Country& c : world.countries) width = std::max(width, std::min(c.name.size(), kMaxNameWidth));
  const int number_width = world.territory_count() >= 100 ? 3 : 2;
  std::string out;
  for (std::size_t k = 0; k < world.continents.size(); ++k) {
    const rk::Continent& continent = world.continents[k];
    std::optional<game::Seat> holder;
    bool held = !continent.territories.empty();
    for (rk::TerritoryId t : continent.territories) {
      const game::Seat owner = table.countries[t.value].owner;
      if (holder && *holder != owner) held = false;
      holder = owner;
    }
    out += fmt::format("{} (+{}){}\n", continent.name, continent.bonus,
                       held && holder ? ", held by " + (holder == me ? std::string("you") : ui::colour_name(table.player(*holder).colour))
                                      : std::string());
    for (rk::TerritoryId t : continent.territories) {
      const rk::CountryInfo& info = table.countries[t.value];
      const std::string owner = info.owner == me ? std::string("you") : ui::colour_name(table.player(info.owner).colour);
      out += fmt::format("  {:>{}} {:<{}} {:<6} {:>4}\n", t.value + 1, number_width,
                         world.country(t).name.substr(0, kMaxNameWidth), width, owner, info.armies);
    }
  }
  out += "Players";
  if (table.turn > 0 && !table.winner) out += fmt::format(" (turn {}, {} to play)", table.turn, name(table.current_player()));
  out += ":\n";
  for (game::Seat seat : table.turn_order) {
    const rk::PlayerInfo& p = table.player(seat);
    std::uint32_t territories = 0, armies = 0;
    for (const rk::CountryInfo& c : table.countries)
      if (c.owner == seat) ++territories, armies += c.armies;
    auto counted = [](std::size_t n, std::string_view one, std::string_view many) {
      return fmt::format("{} {:<{}}", n, n == 1 ? one : many, many.size());
    };
    out += fmt::format("  {:<28} {:>15} {:>11} {:>8}", name(seat), counted(territories, "territory", "territories"),
                       counted(armies, "army", "armies"), counted(p.hand.size(), "card", "cards"));
    if (p.armies_to_place > 0) out += fmt::format(", {} to place", p.armies_to_place);
    if (p.status == rk::PlayerStatus::left) out += ", left the game";
    if (p.status == rk::PlayerStatus::eliminated)
      out += p.eliminated_by ? ", eliminated by " + name(*p.eliminated_by) : std::string(", eliminated");
    out += "\n";
  }
  return out;
}

std::optional<rk::TerritoryId> risiko_territory_from_name(const rk::World& world, std::string_view typed) {
  unsigned number = 0;
  if (auto [end, ec] = std::from_chars(typed.data(), typed.data() + typed.size(), number);
      ec == std::errc{} && end == typed.data() + typed.size()) {
    if (number >= 1 && number <= world.territory_count()) return rk::TerritoryId{static_cast<std::uint8_t>(number - 1)};
    return std::nullopt;
  }
  const std::string want = folded(typed);
  if (want.empty()) return std::nullopt;
  std::set<std::size_t> starting;
  for (std::size_t i = 0; i < world.territory_count(); ++i) {
    const rk::Country& c = world.countries[i];
    for (const std::string* n : {&c.key, &c.name, &c.name_it}) {
      const std::string have = folded(*n);
      if (have.empty()) continue;
      if (have == want) return rk::TerritoryId{static_cast<std::uint8_t>(i)};
      if (have.starts_with(want)) starting.insert(i);
    }
  }
  if (starting.size() != 1) return std::nullopt;
  return rk::TerritoryId{static_cast<std::uint8_t>(*starting.begin())};
}

}  // namespace parley::cli
