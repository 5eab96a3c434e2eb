#include "ui/core/trusted_lobbies.hpp"


namespace parley::ui {

bool TrustedLobbies::load() {
  if (loaded_) return readable_;
  loaded_ = true;
  auto path = peer::default_trust_store_path();
  if (!path) {
    why_ = path.error().detail;
    return readable_ = false;
  }
  auto lobbies = peer::read_trust_store(*path);
  if (!lobbies) {
    why_ = lobbies.error().detail;
    return readable_ = false;
  }
  lobbies_ = std::move(lobbies).value();
  return readable_ = true;
}

std::optional<bool> TrustedLobbies::trusted(const crypto::PublicKey& lobby_key) {
  if (!load()) return std::nullopt;
  for (const auto& l : lobbies_)
    if (l.pin.matches(lobby_key)) return true;
  return false;
}

bool TrustedLobbies::add(const crypto::PublicKey& lobby_key, const std::string& note) {
  auto known = trusted(lobby_key);
  if (!known) return false;
  if (*known) return true;
  auto path = peer::default_trust_store_path();
  if (!path) {
    why_ = path.error().detail;
    return false;
  }
  auto added = peer::add_trusted_lobby(*path, lobbies_, peer::pin_of(lobby_key), note);
  if (!added) {
    why_ = added.error().detail;
    return false;
  }
  return true;
}

}  // namespace parley::ui
