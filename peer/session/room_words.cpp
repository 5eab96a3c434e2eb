#include "peer/session/room_words.hpp"

#include <vector>

#include "i18n/i18n.hpp"
#include "lobby/protocol/text.hpp"
#include "peer/session/game_module.hpp"
#include "peer/session/options.hpp"

namespace parley::peer {

namespace {

std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : std::string(separator)) + part;
  return out;
}

// 300000 → "5 min", 90000 → "90 s", 1500 → "1500 ms": the largest unit that is exact.
std::string duration_text(std::uint64_t ms) {
  if (ms % 60'000 == 0) return i18n::trf("{0} min", ms / 60'000);
  if (ms % 1000 == 0) return i18n::trf("{0} s", ms / 1000);
  return i18n::trf("{0} ms", ms);
}

std::string clock_words(const RoomOptions& options) {
  if (options.clock_base_ms == 0) return i18n::tr("no clock");
  std::string text = duration_text(options.clock_base_ms);
  if (options.clock_increment_ms != 0) text = i18n::trf("{0} + {1}", text, duration_text(options.clock_increment_ms));
  return text;
}

}  // namespace

std::string seat_names(const lobby::RoomSummary& room) {
  std::vector<std::string> names;
  // The lobby sends names sanitised; a lobby is not trusted to, so a name a terminal would take
  // for escape sequences is shown cleaned.
  for (const auto& seat : room.seats) {
    if (!seat) {
      names.emplace_back(i18n::trc("seat", "open"));
      continue;
    }
    auto name = lobby::sanitize_display_name(*seat);
    names.push_back(name ? std::move(name).value() : std::string(i18n::tr("(no readable name)")));
  }
  const GameModule* game = find_game(room.game);
  return joined(names, game ? game->seat_separator() : ", ");
}

std::string_view phase_words(lobby::RoomPhase phase) {
  switch (phase) {
    case lobby::RoomPhase::waiting: return i18n::trc("room phase", "waiting");
    case lobby::RoomPhase::started: return i18n::trc("room phase", "playing");
    case lobby::RoomPhase::closed: return i18n::trc("room phase", "closed");
  }
  return "?";
}

std::string options_text(const lobby::RoomSummary& room) {
  if (!room.options) return i18n::tr("options too long to list");
  return options_text(room.game, *room.options);
}

std::string options_text(std::string_view game, std::span<const std::uint8_t> bytes) {
  auto options = decode_room_options(bytes);
  if (!options) return i18n::tr("options unreadable");
  std::vector<std::string> parts{clock_words(*options)};
  if (options->move_limit_ms != 0) parts.push_back(i18n::trf("{0} a move", duration_text(options->move_limit_ms)));
  if (const GameModule* module = find_game(game)) module->describe_options(options->game_options, parts);
  if (!options->round.empty())
    parts.push_back(options->event.empty() ? i18n::trf("round {0}", options->round)
                                           : i18n::trf("{0}, round {1}", options->event, options->round));
  else if (!options->event.empty())
    parts.push_back(options->event);
  return joined(parts, " · ");
}

std::string lan_table_words(const lobby::LanTable& table) {
  std::vector<std::string> parts;
  if (table.players_online > 0)
    parts.push_back(i18n::trnf("{0} player", "{0} players", table.players_online, table.players_online));
  if (table.rooms_waiting > 0)
    parts.push_back(i18n::trnf("{0} room waiting", "{0} rooms waiting", table.rooms_waiting, table.rooms_waiting));
  if (table.rooms_started > 0)
    parts.push_back(i18n::trnf("{0} game on", "{0} games on", table.rooms_started, table.rooms_started));
  return parts.empty() ? std::string(i18n::tr("nobody yet")) : joined(parts, " · ");
}

}  // namespace parley::peer
