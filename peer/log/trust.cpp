#include "peer/log/trust.hpp"

#include <algorithm>

#include "crypto/hex.hpp"

namespace parley::peer {

bool LobbyPin::matches(const crypto::PublicKey& lobby_key) const {
  return key ? *key == lobby_key : crypto::fingerprint(lobby_key) == fingerprint;
}

LobbyPin pin_of(const crypto::PublicKey& key) { return LobbyPin{key, crypto::fingerprint(key)}; }

bool is_fingerprint(std::string_view text) {
  // Four groups of four base32 characters (RFC 4648, lower case), joined by '-'.
  if (text.size() != 19) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (i % 5 == 4) {
      if (c != '-') return false;
    } else if (!((c >= 'a' && c <= 'z') || (c >= '2' && c <= '7'))) {
      return false;
    }
  }
  return true;
}

std::optional<LobbyPin> parse_pin(std::string_view text) {
  if (is_fingerprint(text)) return LobbyPin{std::nullopt, std::string(text)};
  if (text.size() != 2 * crypto::kPublicKeyBytes) return std::nullopt;
  auto bytes = crypto::from_hex(text);
  if (!bytes) return std::nullopt;
  auto key = crypto::PublicKey::from_bytes(*bytes);
  if (!key) return std::nullopt;
  return pin_of(*key);
}

std::string_view name(LobbyTrust trust) {
  switch (trust) {
    case LobbyTrust::pinned: return "pinned";
    case LobbyTrust::trusted: return "trusted";
    case LobbyTrust::wrong_lobby: return "wrong_lobby";
    case LobbyTrust::not_pinned: return "not_pinned";
    case LobbyTrust::unchecked: return "unchecked";
  }
  return "unknown";
}

LobbyTrust judge_lobby(const crypto::PublicKey& lobby_key, const TrustRoots& roots) {
  auto matches = [&](const LobbyPin& pin) { return pin.matches(lobby_key); };
  if (!roots.pinned.empty()) {
    if (std::ranges::any_of(roots.pinned, matches)) return LobbyTrust::pinned;
    return roots.any_lobby ? LobbyTrust::unchecked : LobbyTrust::wrong_lobby;
  }
  if (std::ranges::any_of(roots.trusted, matches)) return LobbyTrust::trusted;
  return roots.any_lobby ? LobbyTrust::unchecked : LobbyTrust::not_pinned;
}

void apply_trust(VerifyReport& report, const TrustRoots& roots) {
  if (!report.lobby_key) return;
  const LobbyTrust trust = judge_lobby(*report.lobby_key, roots);
  report.lobby_trust = trust;
  // verify() words a broken chain for a lobby nobody vouched for; a vouched one signed it.
  if (vouched(trust) && report.fault_code == LogFault::broken_chain && report.chain_break && report.fault_entry)
    report.fault = chain_fault_words(*report.fault_entry, *report.chain_break, true);
  if (!report.valid) return;  // the log's own fault comes first
  const std::string fingerprint = crypto::fingerprint(*report.lobby_key);
  if (trust == LobbyTrust::wrong_lobby) {
    report.valid = false;
    report.fault_code = LogFault::wrong_lobby;
    report.fault_entry.reset();
    report.fault = "stamped by a lobby you did not pin: " + fingerprint + " (key " +
                   crypto::to_hex(report.lobby_key->bytes()) + ")";
  } else if (trust == LobbyTrust::not_pinned) {
    report.valid = false;
    report.fault_code = LogFault::lobby_not_pinned;
    report.fault_entry.reset();
    report.fault = "lobby not pinned: " + fingerprint +
                   " is neither given with --lobby-key nor in your trust store (parley trust add " +
                   crypto::to_hex(report.lobby_key->bytes()) +
                   " trusts it; --any-lobby checks the log's internal consistency only)";
  }
}

}  // namespace parley::peer
