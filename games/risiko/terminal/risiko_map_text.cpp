#include "games/risiko/terminal/risiko_map_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include "games/risiko/ui/risiko_board.hpp"
#include "i18n/i18n.hpp"

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

bool risiko_italian_names() { return i18n::language() == "it"; }

}  // namespace

const std::string& risiko_place_name(const rk::Country& territory) {
  return risiko_italian_names() && !territory.name_it.empty() ? territory.name_it : territory.name;
}

const std::string& risiko_place_name(const rk::Continent& continent) {
  return risiko_italian_names() && !continent.name_it.empty() ? continent.name_it : continent.name;
}

std::string risiko_map_text(const rk::World& world, const rk::Table& table, std::optional<game::Seat> me,
                            const std::function<std::string(game::Seat)>& name) {
  // Long names from a custom map are cut rather than pushing the columns off the screen.
  constexpr std::size_t kMaxNameWidth = 28;
  // Names are cut and padded by characters, not bytes: "Perù" is as wide as "Peru".
  auto characters = [](std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
  };
  auto cut = [&](std::string_view text) {
    std::size_t n = 0, at = 0;
    for (; at < text.size(); ++at)
      if ((text[at] & 0xC0) != 0x80 && n++ == kMaxNameWidth) break;
    return std::string(text.substr(0, at));
  };
  std::size_t width = 0;
  for (const rk::Country& c : world.countries) width = std::max(width, std::min(characters(risiko_place_name(c)), kMaxNameWidth));
  const std::string you = i18n::tr("you");
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
    const std::string line = fmt::format("{} (+{})", risiko_place_name(continent), continent.bonus);
    out += (held && holder ? i18n::trf("{0}, held by {1}", line, holder == me ? you : ui::colour_name(table.player(*holder).colour))
                           : line) +
           "\n";
    for (rk::TerritoryId t : continent.territories) {
      const rk::CountryInfo& info = table.countries[t.value];
      const std::string owner = info.owner == me ? you : ui::colour_name(table.player(info.owner).colour);
      const std::string place = cut(risiko_place_name(world.country(t)));
      out += fmt::format("  {:>{}} {}{} {:<6} {:>4}\n", t.value + 1, number_width, place,
                         std::string(width - std::min(width, characters(place)), ' '), owner, info.armies);
    }
  }
  out += table.turn > 0 && !table.winner ? i18n::trf("Players (turn {0}, {1} to play):", table.turn, name(table.current_player()))
                                         : std::string(i18n::tr("Players:"));
  out += "\n";
  for (game::Seat seat : table.turn_order) {
    const rk::PlayerInfo& p = table.player(seat);
    std::uint32_t territories = 0, armies = 0;
    for (const rk::CountryInfo& c : table.countries)
      if (c.owner == seat) ++territories, armies += c.armies;
    out += fmt::format("  {:<28} {:>15} {:>11} {:>8}", name(seat),
                       i18n::trnf("{0} territory", "{0} territories", territories, territories),
                       i18n::trnf("{0} army", "{0} armies", armies, armies),
                       i18n::trnf("{0} card", "{0} cards", p.hand.size(), p.hand.size()));
    if (p.armies_to_place > 0) out += ", " + i18n::trf("{0} to place", p.armies_to_place);
    if (p.status == rk::PlayerStatus::left) out += std::string(", ") + i18n::tr("left the game");
    if (p.status == rk::PlayerStatus::eliminated)
      out += ", " + (p.eliminated_by ? i18n::trf("eliminated by {0}", name(*p.eliminated_by)) : std::string(i18n::tr("eliminated")));
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
