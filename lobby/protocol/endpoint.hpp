#pragma once
// "HOST:PORT" as typed on a command line (--listen, --status, a client's lobby address).
// HOST is an IPv4 address or a host name (ENet 1.3 speaks IPv4 only); PORT is 0..65535, where 0
// asks the system for a free port when listening.
#include <cstdint>
#include <string>
#include <string_view>

#include "game/core/result.hpp"

namespace parley::lobby {

struct Endpoint {
  std::string host;
  std::uint16_t port = 0;
  friend bool operator==(const Endpoint&, const Endpoint&) = default;
};

enum class EndpointError : std::uint8_t { missing_port, bad_port, bad_host };
std::string_view describe(EndpointError error);

game::Result<Endpoint, EndpointError> parse_endpoint(std::string_view text);
std::string to_string(const Endpoint& endpoint);

}  // namespace parley::lobby
