#include "ui/net/lan.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <algorithm>

namespace parley::ui {

game::Result<std::unique_ptr<lobby::ServerThread>, lobby::ServerError> start_embedded_lobby(
    std::uint16_t port, const std::filesystem::path& data_dir, bool log, lobby::LogSink archive,
    std::optional<lobby::LanListing> lan, std::shared_ptr<lobby::RatingsMailbox> ratings) {
  std::error_code ec;
  std::filesystem::create_directories(data_dir / "lobby", ec);
  if (ec)
    return lobby::ServerError{lobby::ServerError::Kind::storage,
                              "cannot create " + (data_dir / "lobby").string() + ": " + ec.message()};
  lobby::ServerConfig config;
  config.listen = lobby::Endpoint{"0.0.0.0", port};
  config.database = data_dir / "lobby" / "lobby.db";
  // A LAN party's lobby on a laptop: a crash of the process must not lose a move, a power
  // cut may lose the last ones (docs/lobby.md, --sync normal).
  config.sync = lobby::SyncMode::normal;
  config.log = log;
  config.lan = std::move(lan);
  config.ratings = std::move(ratings);
  auto started = lobby::ServerThread::start(config, archive);
  if (started || started.error().kind != lobby::ServerError::Kind::lan) return started;
  config.lan.reset();
  return lobby::ServerThread::start(config, std::move(archive));
}

std::vector<std::string> lan_addresses(std::uint16_t port) {
  std::vector<std::string> lan, loopback;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) == 0) {
    for (ifaddrs* i = list; i != nullptr; i = i->ifa_next) {
      if (i->ifa_addr == nullptr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP)) continue;
      char text[INET_ADDRSTRLEN] = {};
      const auto* in = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
      if (::inet_ntop(AF_INET, &in->sin_addr, text, sizeof text) == nullptr) continue;
      std::string address = std::string(text) + ":" + std::to_string(port);
      auto& into = (i->ifa_flags & IFF_LOOPBACK) ? loopback : lan;
      if (std::find(into.begin(), into.end(), address) == into.end()) into.push_back(address);
    }
    ::freeifaddrs(list);
  }
  if (loopback.empty()) loopback.push_back("127.0.0.1:" + std::to_string(port));
  lan.insert(lan.end(), loopback.begin(), loopback.end());
  return lan;
}

}  // namespace parley::ui
