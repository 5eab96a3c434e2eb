#pragma once
// The lobby the client tests run inside their own process: 127.0.0.1 on a free port, its
// database in the test's folder, commits without fsync (the tests never pull the plug), nothing
// logged on stderr.
#include <filesystem>

#include "lobby/server/lobby_server.hpp"

namespace parley::ui::testing {

inline lobby::ServerConfig local_lobby_config(const std::filesystem::path& dir) {
  lobby::ServerConfig config;
  config.listen = lobby::Endpoint{"127.0.0.1", 0};
  config.database = dir / "lobby.db";
  config.sync = lobby::SyncMode::normal;
  config.log = false;
  return config;
}

}  // namespace parley::ui::testing
