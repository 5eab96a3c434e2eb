// PGN reader: any bytes give games or typed errors, never a crash or an unbounded allocation,
// every game read writes out as PGN that reads back to the same moves and writes the same, and
// the text read in two pieces cut at a line start (as the archive's importer reads a large
// file on two threads) gives what it gives read whole, and so does a beginning of the text read
// by a reader that has not reached its end.
#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "game/chess/pgn.hpp"

namespace pgn = parley::game::chess::pgn;

namespace {

void add_outcomes(pgn::Reader& reader, std::vector<std::string>& out) {
  while (auto game = reader.next()) out.push_back(game->ok() ? pgn::write(game->value()) : pgn::format(game->error(), "f"));
}

// Cut at the first line start past the middle, by the protocol of pgn::Reader's piece constructor.
void check_two_pieces(std::string_view text, const std::vector<std::string>& whole) {
  const std::size_t newline = text.find('\n', text.size() / 2);
  if (newline == std::string_view::npos) return;
  const std::size_t cut = newline + 1;
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(cut), '\n'));
  std::vector<std::string> pieces;
  pgn::Reader first(text, pgn::Place{}, cut);
  add_outcomes(first, pieces);
  const pgn::Place stopped = first.place();
  pgn::Reader second(text, pgn::Place{cut, lines + 1, cut}, std::string_view::npos);
  if (second.place() != stopped) second = pgn::Reader(text, stopped, std::string_view::npos);
  add_outcomes(second, pieces);
  if (pieces != whole) std::abort();
}

// A reader of the text's beginning, up to 3/4 of it, that has not reached its end reads what the
// whole text's reader reads, up to a stop at half the text (the importer reads pieces ahead so).
void check_beginning(std::string_view text) {
  const std::size_t stop = text.size() / 2, seen = text.size() - text.size() / 4;
  pgn::Reader beginning(text.substr(0, seen), pgn::Place{}, stop);
  std::vector<std::string> read;
  add_outcomes(beginning, read);
  const pgn::Place stopped = beginning.place();
  if (beginning.reached_end()) return;
  pgn::Reader whole(text, pgn::Place{}, stop);
  std::vector<std::string> expected;
  add_outcomes(whole, expected);
  if (read != expected || stopped != whole.place()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  pgn::Reader reader(text);
  int games = 0;
  std::vector<std::string> whole;
  while (auto game = reader.next()) {
    if (++games > 10000) std::abort();  // the reader must always move forward
    whole.push_back(game->ok() ? pgn::write(game->value()) : pgn::format(game->error(), "f"));
    if (!game->ok()) continue;
    std::string once = pgn::write(game->value());
    pgn::Reader again(once);
    auto reread = again.next();
    if (!reread || !reread->ok() || again.next()) std::abort();
    if (!(reread->value().main == game->value().main)) std::abort();
    if (pgn::write(reread->value()) != once) std::abort();
    (void)pgn::to_json(game->value());
  }
  check_two_pieces(text, whole);
  check_beginning(text);
  return 0;
}
