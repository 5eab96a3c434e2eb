#include "cli/lobby_pins.hpp"

#include <filesystem>
#include <fstream>

#include "crypto/identity.hpp"
#include "peer/net/trust_store.hpp"

namespace parley::cli {

namespace {

// More than any key file or note a person keeps beside a key.
constexpr std::size_t kMaxPinFileBytes = 4096;

}  // namespace

game::Result<peer::LobbyPin, std::string> read_lobby_pin(const std::string& text) {
  if (auto pin = peer::parse_pin(text)) return *pin;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(text, ec))
    return "--lobby-key " + text + ": not a key (64 hex digits), a fingerprint (xxxx-xxxx-xxxx-xxxx) nor a file";
  std::ifstream in(text, std::ios::binary);
  std::string bytes(kMaxPinFileBytes + 1, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (bytes.size() == crypto::kIdentityFileBytes) {
    // A key file (parley-lobby --key): only its public half is taken; the secret is wiped with it.
    auto identity = crypto::decode_identity_file({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
    if (identity) return peer::pin_of(identity->public_key());
  }
  if (bytes.size() <= kMaxPinFileBytes) {
    const auto start = bytes.find_first_not_of(" \t\r\n");
    if (start != std::string::npos) {
      const auto end = bytes.find_first_of(" \t\r\n", start);
      if (auto pin = peer::parse_pin(std::string_view(bytes).substr(start, end - start))) return *pin;
    }
  }
  return "--lobby-key " + text + ": the file is neither a key file nor text beginning with a key or fingerprint";
}

game::Result<peer::TrustRoots, std::string> trust_roots(const LobbyTrustOptions& options) {
  peer::TrustRoots roots;
  roots.any_lobby = options.any_lobby;
  for (const std::string& text : options.lobby_keys) {
    auto pin = read_lobby_pin(text);
    if (!pin) return pin.error();
    roots.pinned.push_back(std::move(pin).value());
  }
  if (roots.pinned.empty() && !roots.any_lobby) {
    auto trusted = peer::trusted_lobbies();
    if (!trusted) return "the trust store: " + trusted.error().detail;
    roots.trusted = std::move(trusted).value();
  }
  return roots;
}

}  // namespace parley::cli
