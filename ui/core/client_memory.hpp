#pragma once
// What the graphical client remembers between runs, in <data>/client.txt: the name last played
// under and the lobbies last joined, most recent first, so that at the next LAN party the
// connect screen already holds both. A text file a person may read and edit:
//
//   name Anna
//   lobby 192.168.1.20:7777
//   lobby games.example.org:7777
//   language it
//
// The language is the one chosen from the client's Language menu (docs/i18n.md); a `--lang`
// given on the command line goes before it, and without either the environment decides.
//
// Reading never stops the client: a line it does not know, a name that is not a valid display
// name, an address that is not HOST:PORT, a repeat, and anything past the bounds are left out.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace parley::ui {

inline constexpr std::size_t kMaxRememberedLobbies = 8;
inline constexpr std::size_t kMaxClientMemoryBytes = 16 * 1024;  // a longer file is not read

struct ClientMemory {
  std::string display_name;          // empty: none remembered
  std::vector<std::string> lobbies;  // HOST:PORT, most recent first, at most kMaxRememberedLobbies
  std::string language = {};         // "en", "it", "ja"…: two lowercase letters; empty: none chosen
  friend bool operator==(const ClientMemory&, const ClientMemory&) = default;
};

ClientMemory read_client_memory(std::string_view text);
std::string format_client_memory(const ClientMemory& memory);
// After joining `lobby` as `name`: both remembered, the lobby first and once.
ClientMemory remember(ClientMemory memory, std::string_view name, std::string_view lobby);

}  // namespace parley::ui
