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

std::string refusal_words(lobby::Refusal refusal) {
  switch (refusal) {
    case lobby::Refusal::malformed: return i18n::tr("the message does not decode");
    case lobby::Refusal::unsupported_version: return i18n::tr("unsupported record format version");
    case lobby::Refusal::unknown_message: return i18n::tr("not a request the lobby knows");
    case lobby::Refusal::not_logged_in: return i18n::tr("log in first");
    case lobby::Refusal::already_logged_in: return i18n::tr("this connection has logged in already");
    case lobby::Refusal::bad_login_signature: return i18n::tr("the connection proved no key to log in with");
    case lobby::Refusal::bad_display_name: return i18n::tr("the display name is invalid, empty or too long");
    case lobby::Refusal::login_timeout: return i18n::tr("no login within the time limit");
    case lobby::Refusal::logged_in_elsewhere: return i18n::tr("the same key logged in on another connection");
    case lobby::Refusal::rate_limited: return i18n::tr("too many messages or bytes; slow down");
    case lobby::Refusal::too_large: return i18n::tr("a message or field is larger than allowed");
    case lobby::Refusal::too_many_connections: return i18n::tr("too many connections from this address");
    case lobby::Refusal::server_full: return i18n::tr("the lobby has no room for another connection");
    case lobby::Refusal::no_such_room: return i18n::tr("no open room with that id or code");
    case lobby::Refusal::room_full: return i18n::tr("every seat of the room is taken");
    case lobby::Refusal::wrong_invite_code: return i18n::tr("the room needs its invite code");
    case lobby::Refusal::too_many_rooms: return i18n::tr("you hold seats in the maximum number of rooms");
    case lobby::Refusal::bad_room_parameters: return i18n::tr("game name, seat count or options out of range");
    case lobby::Refusal::already_in_room: return i18n::tr("you are in that room already");
    case lobby::Refusal::not_a_member: return i18n::tr("you are not in that room");
    case lobby::Refusal::not_a_seat: return i18n::tr("only players seated in the room may do that");
    case lobby::Refusal::game_started: return i18n::tr("the game has started");
    case lobby::Refusal::not_started: return i18n::tr("the game has not started");
    case lobby::Refusal::already_queued: return i18n::tr("you are in a quick-match queue already");
    case lobby::Refusal::not_queued: return i18n::tr("you are not in a quick-match queue");
    case lobby::Refusal::wrong_session: return i18n::tr("the envelope names another session");
    case lobby::Refusal::wrong_seat: return i18n::tr("the envelope names another seat than yours");
    case lobby::Refusal::bad_seen_entry: return i18n::tr("seen index and hash do not name an entry of the transcript");
    case lobby::Refusal::bad_envelope_signature: return i18n::tr("the envelope's signature does not verify");
    case lobby::Refusal::transcript_full: return i18n::tr("the room's transcript is full");
    case lobby::Refusal::bad_chat_text: return i18n::tr("the chat text is invalid, empty or too long");
    case lobby::Refusal::shutting_down: return i18n::tr("the lobby is shutting down");
    case lobby::Refusal::too_many_spectated_rooms: return i18n::tr("you watch the maximum number of rooms");
    case lobby::Refusal::handshake_failed: return i18n::tr("the secure channel's handshake failed");
    case lobby::Refusal::rejected_packets: return i18n::tr("packets that do not authenticate, one after another");
    case lobby::Refusal::lost_packet: return i18n::tr("a packet was lost on the path (something took its place)");
    case lobby::Refusal::seat_reserved: return i18n::tr("the seats of this room are reserved to other keys");
    case lobby::Refusal::room_moved: return i18n::tr("a room of yours moved to another lobby node: reconnect");
    case lobby::Refusal::unavailable: return i18n::tr("the lobby cannot serve that now (its database or the room's node is away): try again");
  }
  return std::string(lobby::describe(refusal));
}

std::string refused_words(const lobby::Refused& refused) {
  const std::string why = refusal_words(refused.reason);
  // A detail that repeats the reason's English words adds nothing.
  return refused.detail.empty() || refused.detail == lobby::describe(refused.reason) ? i18n::trf("The lobby refused: {0}", why)
                                : i18n::trf("The lobby refused: {0} ({1})", why, refused.detail);
}

}  // namespace parley::peer
