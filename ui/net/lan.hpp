#pragma once
// `parley host`: a lobby inside the client's own process — the same LobbyServer as
// parley-lobby, on a thread of its own — and the addresses friends on the LAN should type.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lobby/server/lobby_server.hpp"

namespace parley::ui {

// Starts a lobby listening on 0.0.0.0:port (0: any free port) with its database and key in
// `<data_dir>/lobby/`. `log`: the lobby's one line per notable event on stderr. `archive`: where
// each finished room's log goes besides its .plog file (parley host --archive). `lan`: answer
// LAN searches under that table name; when the UDP port cannot be had, or the name is none (all
// spaces, say), the lobby starts without (its lan_port() is empty then: the addresses still work).
// `ratings`: where the players' ratings reach the lobby (parley host --archive).
game::Result<std::unique_ptr<lobby::ServerThread>, lobby::ServerError> start_embedded_lobby(
    std::uint16_t port, const std::filesystem::path& data_dir, bool log, lobby::LogSink archive = {},
    std::optional<lobby::LanListing> lan = std::nullopt, std::shared_ptr<lobby::RatingsMailbox> ratings = {});

// "ADDRESS:PORT" for every IPv4 address of this machine's network interfaces that are up,
// loopback last (so a single machine still has one to give).
std::vector<std::string> lan_addresses(std::uint16_t port);

}  // namespace parley::ui
