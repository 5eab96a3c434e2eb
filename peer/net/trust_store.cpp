#include "peer/net/trust_store.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "crypto/hex.hpp"
#include "lobby/protocol/text.hpp"
#include "peer/net/store.hpp"

namespace parley::peer {

namespace fs = std::filesystem;

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

game::Result<fs::path, TrustStoreError> default_trust_store_path() {
  const char* config = std::getenv("XDG_CONFIG_HOME");
  if (config != nullptr && fs::path(config).is_absolute()) return fs::path(config) / "parley" / "lobbies";
  const char* home = std::getenv("HOME");
  if (home != nullptr && fs::path(home).is_absolute()) return fs::path(home) / ".config" / "parley" / "lobbies";
  return TrustStoreError{TrustStoreError::Kind::no_config_directory,
                         "neither XDG_CONFIG_HOME nor HOME gives an absolute path for the trust store"};
}

game::Result<std::vector<TrustedLobby>, TrustStoreError> read_trust_store(const fs::path& file) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return std::vector<TrustedLobby>{};
  if (!fs::is_regular_file(file, ec))
    return TrustStoreError{TrustStoreError::Kind::io, file.string() + ": not a regular file"};
  const auto size = fs::file_size(file, ec);
  if (ec) return TrustStoreError{TrustStoreError::Kind::io, file.string() + ": " + ec.message()};
  if (size > kMaxTrustStoreBytes)
    return TrustStoreError{TrustStoreError::Kind::too_large,
                           file.string() + ": larger than " + std::to_string(kMaxTrustStoreBytes) + " bytes"};
  std::ifstream in(file, std::ios::binary);
  if (!in) return TrustStoreError{TrustStoreError::Kind::io, file.string() + ": cannot read"};
  std::stringstream text;
  text << in.rdbuf();
  return parse_trust_store(text.str(), file.string());
}

game::Result<std::vector<TrustedLobby>, TrustStoreError> parse_trust_store(std::string_view text, const std::string& name) {
  if (text.size() > kMaxTrustStoreBytes)
    return TrustStoreError{TrustStoreError::Kind::too_large,
                           name + ": larger than " + std::to_string(kMaxTrustStoreBytes) + " bytes"};
  std::vector<TrustedLobby> out;
  std::size_t number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    const std::string_view l = trimmed(line);
    if (l.empty() || l.front() == '#') continue;
    const auto space = l.find_first_of(" \t");
    const std::string_view first = l.substr(0, space);
    auto pin = parse_pin(first);
    auto where = [&] { return name + ":" + std::to_string(number) + ": "; };
    if (!pin)
      return TrustStoreError{TrustStoreError::Kind::malformed,
                             where() + "not a lobby key (64 hex digits) nor a fingerprint (xxxx-xxxx-xxxx-xxxx)"};
    std::string note;
    if (space != std::string_view::npos) {
      auto sanitised = lobby::sanitize_text(trimmed(l.substr(space)), kMaxTrustNoteChars);
      if (!sanitised && sanitised.error() != lobby::TextError::empty)
        return TrustStoreError{TrustStoreError::Kind::malformed,
                               where() + "the note: " + std::string(lobby::describe(sanitised.error()))};
      if (sanitised) note = std::move(sanitised).value();
    }
    if (out.size() == kMaxTrustedLobbies)
      return TrustStoreError{TrustStoreError::Kind::too_large,
                             where() + "more than " + std::to_string(kMaxTrustedLobbies) + " lobbies"};
    out.push_back(TrustedLobby{std::move(*pin), std::move(note)});
  }
  return out;
}

game::Result<bool, TrustStoreError> write_trust_store(const fs::path& file, const std::vector<TrustedLobby>& lobbies) {
  std::error_code ec;
  const fs::path dir = file.parent_path();
  if (!dir.empty() && !fs::exists(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) return TrustStoreError{TrustStoreError::Kind::io, dir.string() + ": " + ec.message()};
    fs::permissions(dir, fs::perms::owner_all, ec);
  }
  const std::string text = trust_store_text(lobbies);
  auto written = write_file_durably(file, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, 0644);
  if (!written) return TrustStoreError{TrustStoreError::Kind::io, written.error().detail};
  return true;
}

game::Result<bool, TrustStoreError> add_trusted_lobby(const fs::path& file, std::vector<TrustedLobby>& lobbies,
                                                      const LobbyPin& pin, std::string_view note) {
  for (const TrustedLobby& l : lobbies)
    if (l.pin == pin || (pin.key && l.pin.matches(*pin.key))) return false;
  if (lobbies.size() >= kMaxTrustedLobbies)
    return TrustStoreError{TrustStoreError::Kind::too_large,
                           file.string() + ": holds " + std::to_string(lobbies.size()) + " lobbies already"};
  auto sanitised = lobby::sanitize_text(note, kMaxTrustNoteChars);
  auto next = lobbies;
  next.push_back(TrustedLobby{pin, sanitised ? std::move(sanitised).value() : std::string()});
  if (auto written = write_trust_store(file, next); !written) return written.error();
  lobbies = std::move(next);
  return true;
}

std::string trust_store_text(const std::vector<TrustedLobby>& lobbies) {
  std::string text =
      "# The lobbies you trust: parley verify accepts their logs without --lobby-key (parley trust add|list|remove).\n"
      "# One a line: the lobby's key (64 hex digits) or fingerprint, then a note.\n";
  for (const TrustedLobby& l : lobbies) {
    text += l.pin.key ? crypto::to_hex(l.pin.key->bytes()) : l.pin.fingerprint;
    if (!l.note.empty()) text += " " + l.note;
    text += "\n";
  }
  return text;
}

game::Result<std::vector<LobbyPin>, TrustStoreError> trusted_lobbies() {
  auto path = default_trust_store_path();
  if (!path) return std::vector<LobbyPin>{};  // nowhere to keep one: nothing trusted
  auto lobbies = read_trust_store(*path);
  if (!lobbies) return lobbies.error();
  std::vector<LobbyPin> pins;
  for (auto& l : *lobbies) pins.push_back(std::move(l.pin));
  return pins;
}

}  // namespace parley::peer
