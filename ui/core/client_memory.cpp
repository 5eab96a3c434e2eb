#include "ui/core/client_memory.hpp"

#include <algorithm>
#include <optional>

#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/text.hpp"

namespace parley::ui {

namespace {

// The name as the lobby would show it, if it is one.
std::optional<std::string> display_name(std::string_view typed) {
  auto name = lobby::sanitize_display_name(typed);
  if (!name || *name != typed) return std::nullopt;
  return std::move(name).value();
}

// An address in the form the client writes it, if it is one.
std::optional<std::string> lobby_address(std::string_view typed) {
  auto endpoint = lobby::parse_endpoint(typed);
  if (!endpoint) return std::nullopt;
  return lobby::to_string(*endpoint);
}

// A language code as the menu writes it: two lowercase letters.
bool language_code(std::string_view typed) {
  return typed.size() == 2 && std::ranges::all_of(typed, [](char c) { return c >= 'a' && c <= 'z'; });
}

void add_lobby(ClientMemory& memory, const std::string& address) {
  if (memory.lobbies.size() < kMaxRememberedLobbies && std::ranges::find(memory.lobbies, address) == memory.lobbies.end())
    memory.lobbies.push_back(address);
}

}  // namespace

ClientMemory read_client_memory(std::string_view text) {
  ClientMemory memory;
  if (text.size() > kMaxClientMemoryBytes) return memory;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.starts_with("name ") && memory.display_name.empty()) {
      if (auto name = display_name(line.substr(5))) memory.display_name = std::move(*name);
    } else if (line.starts_with("lobby ")) {
      if (auto address = lobby_address(line.substr(6))) add_lobby(memory, *address);
    } else if (line.starts_with("language ") && memory.language.empty() && language_code(line.substr(9))) {
      memory.language = std::string(line.substr(9));
    }
  }
  return memory;
}

std::string format_client_memory(const ClientMemory& memory) {
  std::string out;
  if (!memory.display_name.empty()) out += "name " + memory.display_name + "\n";
  for (const std::string& address : memory.lobbies) out += "lobby " + address + "\n";
  if (!memory.language.empty()) out += "language " + memory.language + "\n";
  return out;
}

ClientMemory remember(ClientMemory memory, std::string_view name, std::string_view lobby) {
  ClientMemory out;
  auto valid_name = display_name(name);
  out.display_name = valid_name ? std::move(*valid_name) : std::move(memory.display_name);
  if (auto address = lobby_address(lobby)) add_lobby(out, *address);
  for (const std::string& address : memory.lobbies) add_lobby(out, address);
  out.language = std::move(memory.language);
  return out;
}

}  // namespace parley::ui
