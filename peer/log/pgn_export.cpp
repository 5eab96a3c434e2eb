#include "peer/log/pgn_export.hpp"

#include <ctime>

#include "peer/session/game_module.hpp"

namespace parley::peer {

const PgnExport* pgn_export(std::string_view game) {
  const GameModule* module = find_game(game);
  return module ? module->facet<PgnExport>() : nullptr;
}

game::Result<game::chess::pgn::Game, ExportError> log_pgn(const GameLog& log) {
  const lobby::Genesis* genesis =
      log.entries.empty() ? nullptr : std::get_if<lobby::Genesis>(&log.entries.front().entry.payload);
  if (genesis)
    if (const PgnExport* facet = pgn_export(genesis->game)) return facet->pgn(log);
  Replay replay;
  VerifyReport report = verify(log, &replay);
  if (!replay.session) return ExportError{"the log cannot be replayed: " + report.fault};
  return ExportError{"not a chess game but " + replay.genesis.game};
}

std::string pgn_date(std::uint64_t time_ms) {
  std::time_t t = static_cast<std::time_t>(time_ms / 1000);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &utc);
  return buf;
}

}  // namespace parley::peer
