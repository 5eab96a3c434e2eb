#include "games/chess/chess_export.hpp"

#include "crypto/hex.hpp"
#include "peer/session/chess_rules.hpp"

namespace parley::peer {

using namespace game::chess;

namespace {

std::string clock_text(std::uint64_t ms) {
  std::uint64_t s = ms / 1000;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%llu:%02llu:%02llu", static_cast<unsigned long long>(s / 3600),
                static_cast<unsigned long long>(s / 60 % 60), static_cast<unsigned long long>(s % 60));
  return buf;
}

}  // namespace

game::Result<pgn::Game, ExportError> chess_pgn(const GameLog& log) {
  Replay replay;
  VerifyReport report = verify(log, &replay);
  if (!replay.session) return ExportError{"the log cannot be replayed: " + report.fault};
  if (replay.genesis.game != kChessGame) return ExportError{"not a chess game but " + replay.genesis.game};
  const Session& session = *replay.session;

  // Replay the applied actions once more, keeping each remaining move's clock reading (a
  // take-back removes moves and their readings alike).
  Game game;
  std::vector<std::optional<std::uint64_t>> clocks;
  for (const ActionRecord& record : session.actions()) {
    auto action = decode_action(record.message);
    auto next = game.apply(*action);
    if (!next) continue;
    std::size_t before = game.moves().size();
    game = std::move(next).value();
    if (game.moves().size() > before) clocks.push_back(record.clock_after_ms);
    if (game.moves().size() < before) clocks.resize(game.moves().size());
  }

  const RoomOptions& options = session.options();
  auto name_of = [&](Seat s) { return shown_name(session.seat(s)).value_or("?"); };
  std::vector<pgn::Tag> tags = {
      {"Event", options.event.empty() ? "parley game" : options.event},
      {"Site", options.site.empty() ? "parley lobby " + crypto::fingerprint(log.lobby_key) : options.site},
      {"Date", pgn_date(replay.genesis_time_ms)},
      {"Round", options.round.empty() ? "-" : options.round},
      {"White", name_of(Seat{0})},
      {"Black", name_of(Seat{1})},
      {"WhiteFingerprint", crypto::fingerprint(replay.genesis.seat_keys[0])},
      {"BlackFingerprint", crypto::fingerprint(replay.genesis.seat_keys[1])},
      {"ParleySession", crypto::to_hex(replay.genesis.session_id.bytes)},
      {"LobbyFingerprint", crypto::fingerprint(log.lobby_key)},
  };
  if (options.clock_base_ms > 0)
    tags.push_back({"TimeControl", std::to_string(options.clock_base_ms / 1000) + "+" +
                                       std::to_string(options.clock_increment_ms / 1000)});
  else
    tags.push_back({"TimeControl", "-"});
  if (session.outcome()) tags.push_back({"Termination", std::string(session.outcome()->reason)});

  pgn::Game record = pgn::from_game(game, std::move(tags));
  // The session's result, which also covers forfeits and abandonment that chess::Game never saw.
  if (const auto& outcome = session.outcome()) {
    record.result = !outcome->winner ? "1/2-1/2" : outcome->winner->index == 0 ? "1-0" : "0-1";
    record.set_tag("Result", record.result);
  }
  for (std::size_t i = 0; i < record.main.nodes.size() && i < clocks.size(); ++i)
    if (clocks[i]) record.main.nodes[i].comments.push_back("[%clk " + clock_text(*clocks[i]) + "]");
  return record;
}

}  // namespace parley::peer
