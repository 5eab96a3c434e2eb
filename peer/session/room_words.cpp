#include "peer/session/room_words.hpp"

#include <vector>

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
  if (ms % 60'000 == 0) return std::to_string(ms / 60'000) + " min";
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
  return std::to_string(ms) + " ms";
}

std::string clock_words(const RoomOptions& options) {
  if (options.clock_base_ms == 0) return "no clock";
  std::string text = duration_text(options.clock_base_ms);
  if (options.clock_increment_ms != 0) text += " + " + duration_text(options.clock_increment_ms);
  return text;
}

}  // namespace

std::string seat_names(const lobby::RoomSummary& room) {
  std::vector<std::string> names;
  // The lobby sends names sanitised; a lobby is not trusted to, so a name a terminal would take
  // for escape sequences is shown cleaned.
  for (const auto& seat : room.seats) {
    if (!seat) {
      names.emplace_back("open");
      continue;
    }
    auto name = lobby::sanitize_display_name(*seat);
    names.push_back(name ? std::move(name).value() : "(no readable name)");
  }
  const GameModule* game = find_game(room.game);
  return joined(names, game ? game->seat_separator() : ", ");
}

std::string_view phase_words(lobby::RoomPhase phase) {
  switch (phase) {
    case lobby::RoomPhase::waiting: return "waiting";
    case lobby::RoomPhase::started: return "playing";
    case lobby::RoomPhase::closed: return "closed";
  }
  return "?";
}

std::string options_text(const lobby::RoomSummary& room) {
  if (!room.options) return "options too long to list";
  return options_text(room.game, *room.options);
}

std::string options_text(std::string_view game, std::span<const std::uint8_t> bytes) {
  auto options = decode_room_options(bytes);
  if (!options) return "options unreadable";
  std::vector<std::string> parts{clock_words(*options)};
  if (options->move_limit_ms != 0) parts.push_back(duration_text(options->move_limit_ms) + " a move");
  if (const GameModule* module = find_game(game)) module->describe_options(options->game_options, parts);
  std::string event = options->event;
  if (!options->round.empty()) event += (event.empty() ? "round " : ", round ") + options->round;
  if (!event.empty()) parts.push_back(event);
  return joined(parts, " · ");
}

namespace {

std::string count_with_noun(std::uint32_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace

std::string lan_table_words(const lobby::LanTable& table) {
  std::vector<std::string> parts;
  if (table.players_online > 0) parts.push_back(count_with_noun(table.players_online, "player", "players"));
  if (table.rooms_waiting > 0) parts.push_back(count_with_noun(table.rooms_waiting, "room waiting", "rooms waiting"));
  if (table.rooms_started > 0) parts.push_back(count_with_noun(table.rooms_started, "game on", "games on"));
  return parts.empty() ? "nobody yet" : joined(parts, " · ");
}

}  // namespace parley::peer
