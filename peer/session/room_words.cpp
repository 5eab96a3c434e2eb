#include "peer/session/room_words.hpp"

#include <vector>

#include "lobby/protocol/text.hpp"
#include "peer/session/chess_rules.hpp"
#include "peer/session/gunjin_messages.hpp"
#include "peer/session/gunjin_rules.hpp"
#include "peer/session/options.hpp"
#include "peer/session/risiko_options.hpp"
#include "peer/session/risiko_rules.hpp"

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

void add_gunjin_words(std::vector<std::string>& parts, std::span<const std::uint8_t> game_options) {
  auto gunjin = decode_gunjin_room_options(game_options);
  if (!gunjin) {
    parts.emplace_back("Gunjin options unreadable");
    return;
  }
  if (gunjin->open_pieces) parts.emplace_back("open pieces");
  if (gunjin->variants.mine_removes_both) parts.emplace_back("a winning mine is removed too");
  if (gunjin->variants.engineer_beats_tank) parts.emplace_back("engineer beats tank");
  if (gunjin->variants.spy_wins_only_attacking) parts.emplace_back("spy beats the general only attacking");
}

void add_risiko_words(std::vector<std::string>& parts, std::span<const std::uint8_t> game_options) {
  auto risiko = risiko::decode_risiko_options(game_options);
  if (!risiko) {
    parts.emplace_back("Risiko options unreadable");
    return;
  }
  parts.push_back(risiko->custom_map.empty() ? "map " + risiko->map : "a map of its own");
  if (risiko->dice == game::risiko::DiceRule::classic) parts.emplace_back("classic dice");
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
  return joined(names, room.game == kChessGame ? " – " : ", ");
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
  if (game == kGunjinGame) add_gunjin_words(parts, options->game_options);
  if (game == risiko::kRisikoGame) add_risiko_words(parts, options->game_options);
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
