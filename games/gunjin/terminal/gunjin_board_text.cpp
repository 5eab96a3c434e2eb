#include "games/gunjin/terminal/gunjin_board_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>

namespace parley::cli {

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

}  // namespace parley::cli
