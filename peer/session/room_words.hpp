#pragma once
// What a room list (the client's lobby screen, `parley rooms`) and a room's members (the room
// screen, a terminal seat, `parley watch`) say of a room: the seated players' names and the
// creator's options in words (clock, event, the game's variants), read from the bytes the lobby
// lists or the room carries.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "lobby/protocol/lan_discovery.hpp"
#include "lobby/protocol/messages.hpp"

namespace parley::peer {

// Each seat's player in seat order, "open" for an empty seat: "Ada – open" for chess (White
// first), "Ada, open, Bo" for more seats. Names are sanitised again, as display names are.
std::string seat_names(const lobby::RoomSummary& room);

// "waiting", "playing", "closed".
std::string_view phase_words(lobby::RoomPhase phase);

// The options in words, parts joined by " · ": "5 min + 3 s · Club Cup, round 2", "no clock ·
// open pieces", "3 min + 2 s · map classic-82 · classic dice". A room whose options are too long
// for the list (a Risiko room with its own map) or unreadable says so.
std::string options_text(const lobby::RoomSummary& room);
// The same for a room's whole options, as a room's members see them.
std::string options_text(std::string_view game, std::span<const std::uint8_t> options);

// Why the lobby refused, in the person's language (lobby::describe's words, translated).
std::string refusal_words(lobby::Refusal refusal);
// "The lobby refused: WHY (DETAIL)", the detail as the lobby wrote it.
std::string refused_words(const lobby::Refused& refused);

// How busy a table found on the LAN is: "3 players · 1 room waiting · 2 games on", "nobody yet".
std::string lan_table_words(const lobby::LanTable& table);

}  // namespace parley::peer
