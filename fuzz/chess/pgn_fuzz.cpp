// PGN reader: any bytes give games or typed errors, never a crash or an unbounded allocation,
// and every game read writes out as PGN that reads back to the same moves and writes the same.
#include <cstdlib>
#include <string_view>

#include "game/chess/pgn.hpp"

namespace pgn = parley::game::chess::pgn;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  pgn::Reader reader(text);
  int games = 0;
  while (auto game = reader.next()) {
    if (++games > 10000) std::abort();  // the reader must always move forward
    if (!game->ok()) continue;
    std::string once = pgn::write(game->value());
    pgn::Reader again(once);
    auto reread = again.next();
    if (!reread || !reread->ok() || again.next()) std::abort();
    if (!(reread->value().main == game->value().main)) std::abort();
    if (pgn::write(reread->value()) != once) std::abort();
    (void)pgn::to_json(game->value());
  }
  return 0;
}
