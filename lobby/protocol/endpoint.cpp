#include "lobby/protocol/endpoint.hpp"

namespace parley::lobby {

std::string_view describe(EndpointError error) {
  switch (error) {
    case EndpointError::missing_port: return "expected HOST:PORT";
    case EndpointError::bad_port: return "the port is not a number from 0 to 65535";
    case EndpointError::bad_host: return "the host is empty or holds characters a host name cannot";
  }
  return "unknown endpoint error";
}

game::Result<Endpoint, EndpointError> parse_endpoint(std::string_view text) {
  auto colon = text.rfind(':');
  if (colon == std::string_view::npos) return EndpointError::missing_port;
  std::string_view host = text.substr(0, colon);
  std::string_view port = text.substr(colon + 1);
  if (port.empty() || port.size() > 5) return EndpointError::bad_port;
  std::uint32_t value = 0;
  for (char c : port) {
    if (c < '0' || c > '9') return EndpointError::bad_port;
    value = value * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (value > 65535) return EndpointError::bad_port;
  if (host.empty() || host.size() > 253) return EndpointError::bad_host;
  for (char c : host) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
              c == '*';
    if (!ok) return EndpointError::bad_host;
  }
  return Endpoint{std::string(host), static_cast<std::uint16_t>(value)};
}

std::string to_string(const Endpoint& endpoint) { return endpoint.host + ":" + std::to_string(endpoint.port); }

}  // namespace parley::lobby
