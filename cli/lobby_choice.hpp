#pragma once
// --lobby as every networked command takes it: HOST:PORT, or lan:NAME — the lobby of this
// network that answers LAN searches as NAME (lan: alone: the only one that answers), found when
// the command runs and held to the key it answered with (docs/cli.md).
#include <optional>
#include <string>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/endpoint.hpp"

namespace parley::cli {

std::string bad_lobby(const std::string& given);

bool lan_choice(const std::string& given);
// Whether --lobby is an address or a lan: choice, before anything is done with it.
bool lobby_syntax(const std::string& given);

struct LobbyChoice {
  lobby::Endpoint endpoint;
  std::optional<crypto::PublicKey> key;  // a lan: choice's
};

// The address, or the lobby found on the LAN (said on standard error); or the exit status once
// the reason is said (kUsage: neither; kInvalidInput: no one lobby answers as that name).
game::Result<LobbyChoice, int> choose_lobby(const std::string& given);

}  // namespace parley::cli
