#include "cli/board_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <set>

#include "ui/core/risiko_board.hpp"

namespace parley::cli {

using namespace game::chess;

std::string board_text(const Position& pos, bool flipped) {
  std::string out;
  for (int r = 0; r < 8; ++r) {
    int rank = flipped ? r : 7 - r;
    out += fmt::format(" {} ", rank + 1);
    for (int f = 0; f < 8; ++f) {
      int file = flipped ? 7 - f : f;
      Piece p = pos.piece_on(Square::at(file, rank));
      out += ' ';
      out += p.empty() ? '.' : piece_char(p);
    }
    out += '\n';
  }
  out += flipped ? "    h g f e d c b a\n" : "    a b c d e f g h\n";
  return out;
}

std::string_view kind_code(game::gunjin::Kind kind) {
  static constexpr std::array<std::string_view, game::gunjin::kKindCount> kCodes = {
      "Gn", "LG", "MG", "Pl", "Tk", "Co", "LC", "Mj", "Cp", "1L", "2L", "Cv", "En", "Sp", "Mi", "Fl"};
  return kCodes[game::gunjin::index_of(kind)];
}

std::string kind_words(game::gunjin::Kind kind) {
  return std::string(kind_code(kind)) + " (" + std::string(game::gunjin::english_name(kind)) + ")";
}

std::string gunjin_board_text(const game::gunjin::State& view, game::Seat me) {
  namespace g = game::gunjin;
  // Seat 0 sees row 8 at the top and columns a–f; seat 1 the board turned half round.
  const bool turned = me.index == 1;
  auto column_at = [&](int i) { return turned ? g::kColumns - 1 - i : i; };
  auto row_at = [&](int i) { return turned ? i : g::kRows - 1 - i; };
  auto cell_text = [&](g::Cell cell) -> std::string {
    const auto id = view.piece_at(*g::square_at(cell));
    if (!id) return " .";
    const g::KindSet kinds = view.possible_kinds(*id);
    const auto known = std::find_if(g::kAllKinds.begin(), g::kAllKinds.end(), [&](g::Kind k) { return kinds.contains(k); });
    if (kinds.size() != 1) return "??";
    std::string code(kind_code(*known));
    if (id->seat == me) return code;
    std::transform(code.begin(), code.end(), code.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; });
    return code;
  };
  std::string columns = "    ";
  for (int i = 0; i < g::kColumns; ++i) columns += fmt::format("  {}", static_cast<char>('a' + column_at(i)));
  std::string out = columns + "\n";
  for (int i = 0; i < g::kRows; ++i) {
    const int row = row_at(i);
    out += fmt::format("  {} ", row + 1);
    for (int c = 0; c < g::kColumns; ++c) {
      out += ' ';
      out += cell_text(g::Cell{static_cast<std::int8_t>(column_at(c)), static_cast<std::int8_t>(row)});
    }
    out += '\n';
    if (i + 1 == g::kCampRows) {
      out += "    ";
      for (int c = 0; c < g::kColumns; ++c)
        out += std::find(g::kGateColumns.begin(), g::kGateColumns.end(), column_at(c)) != g::kGateColumns.end() ? " ||" : " ~~";
      out += '\n';
    }
  }
  return out + columns + "\n";
}

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
