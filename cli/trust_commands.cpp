// `parley trust add|list|remove`: the lobbies this person trusts (peer/net/trust_store.hpp).
#include <fmt/core.h>

#include <algorithm>

#include "cli/commands.hpp"
#include "cli/event_commands.hpp"
#include "cli/lobby_choice.hpp"
#include "cli/lobby_key_query.hpp"
#include "cli/lobby_pins.hpp"
#include "crypto/hex.hpp"
#include "lobby/protocol/text.hpp"
#include "peer/net/trust_store.hpp"

namespace parley::cli {

namespace {

// The store's path and lobbies, or the exit status once the reason is said.
struct OpenedStore {
  std::filesystem::path path;
  std::vector<peer::TrustedLobby> lobbies;
};
game::Result<OpenedStore, int> open_trust_store() {
  auto path = peer::default_trust_store_path();
  if (!path) {
    fmt::print(stderr, "{}\n", path.error().detail);
    return kUnreadable;
  }
  auto lobbies = peer::read_trust_store(*path);
  if (!lobbies) {
    fmt::print(stderr, "{}\n", lobbies.error().detail);
    return kUnreadable;
  }
  return OpenedStore{*path, std::move(lobbies).value()};
}

std::string shown(const peer::LobbyPin& pin) {
  return pin.fingerprint + "  " + (pin.key ? crypto::to_hex(pin.key->bytes()) : std::string("(fingerprint only)"));
}

}  // namespace

int trust_add(const TrustAddOptions& o) {
  if (o.key.empty() == o.lobby.empty()) {
    fmt::print(stderr, "trust add: give a KEY (hex, fingerprint or key file) or --lobby HOST:PORT\n");
    return kUsage;
  }
  std::string note = o.note;
  if (!note.empty()) {
    auto sanitised = lobby::sanitize_text(note, peer::kMaxTrustNoteChars);
    if (!sanitised) {
      fmt::print(stderr, "--note: {}\n", lobby::describe(sanitised.error()));
      return kUsage;
    }
    note = std::move(sanitised).value();
  }
  peer::LobbyPin pin;
  if (!o.key.empty()) {
    auto read = read_lobby_pin(o.key);
    if (!read) {
      fmt::print(stderr, "{}\n", read.error());
      return kUsage;
    }
    pin = std::move(read).value();
  } else {
    auto choice = choose_lobby(o.lobby);
    if (!choice) return choice.error();
    auto key = choice->key ? game::Result<crypto::PublicKey, std::string>(*choice->key) : ask_lobby_key(choice->endpoint);
    if (!key) {
      fmt::print(stderr, "{}: {}\n", o.lobby, key.error());
      return kInvalidInput;
    }
    fmt::print(stderr, "{} proves the key {}\n  fingerprint {}\n", o.lobby, crypto::to_hex(key->bytes()),
               crypto::fingerprint(*key));
    if (!confirm("Trust this lobby? Compare the fingerprint with the one its operator gives you.", o.yes))
      return kInvalidInput;
    pin = peer::pin_of(*key);
    if (note.empty()) note = o.lobby;
  }
  auto store = open_trust_store();
  if (!store) return store.error();
  auto added = peer::add_trusted_lobby(store->path, store->lobbies, pin, note);
  if (!added) {
    fmt::print(stderr, "{}\n", added.error().detail);
    return added.error().kind == peer::TrustStoreError::Kind::too_large ? kInvalidInput : kUnreadable;
  }
  if (!*added) {
    fmt::print("already trusted: {}\n", shown(pin));
    return kSuccess;
  }
  fmt::print("trusted: {}{}\n", shown(pin), note.empty() ? "" : "  " + note);
  return kSuccess;
}

int trust_list() {
  auto store = open_trust_store();
  if (!store) return store.error();
  for (const auto& l : store->lobbies) fmt::print("{}{}\n", shown(l.pin), l.note.empty() ? "" : "  " + l.note);
  if (store->lobbies.empty()) fmt::print("no trusted lobbies ({})\n", store->path.string());
  return kSuccess;
}

int trust_remove(const std::string& text) {
  auto read = read_lobby_pin(text);
  if (!read) {
    fmt::print(stderr, "{}\n", read.error());
    return kUsage;
  }
  auto store = open_trust_store();
  if (!store) return store.error();
  // A key removes its entry and any fingerprint-only entry of it; a fingerprint removes the
  // entries whose fingerprint it is.
  const auto before = store->lobbies.size();
  std::erase_if(store->lobbies, [&](const peer::TrustedLobby& l) { return l.pin.fingerprint == read->fingerprint; });
  if (store->lobbies.size() == before) {
    fmt::print(stderr, "not in the trust store: {}\n", read->fingerprint);
    return kInvalidInput;
  }
  if (auto written = peer::write_trust_store(store->path, store->lobbies); !written) {
    fmt::print(stderr, "{}\n", written.error().detail);
    return kUnreadable;
  }
  fmt::print("removed {} ({} left)\n", read->fingerprint, store->lobbies.size());
  return kSuccess;
}

}  // namespace parley::cli

namespace parley::cli {

game::Result<crypto::PublicKey, std::string> pin_seat_lobby(const std::string& text, const lobby::Endpoint& endpoint) {
  auto pin = read_lobby_pin(text);
  if (!pin) return pin.error();
  if (pin->key) return *pin->key;  // the handshake refuses any other key, naming both
  auto key = ask_lobby_key(endpoint);
  if (!key) return key.error();
  if (!pin->matches(*key))
    return "the lobby at " + lobby::to_string(endpoint) + " proves the key " + crypto::fingerprint(*key) +
           ", not the pinned " + pin->fingerprint;
  return *key;
}

void offer_trust(const std::string& given, const lobby::Endpoint& endpoint, std::optional<crypto::PublicKey>& expected) {
  auto key = ask_lobby_key(endpoint, std::chrono::seconds(5));
  if (!key) return;  // the seat's own connection will say what is wrong
  auto store = open_trust_store();
  if (!store) return;
  expected = *key;  // the game holds the lobby to the key shown here
  const peer::LobbyPin pin = peer::pin_of(*key);
  for (const auto& l : store->lobbies)
    if (l.pin.matches(*key)) return;
  fmt::print(stderr, "The lobby {} proves the key {}\n  fingerprint {}\n", given, crypto::to_hex(key->bytes()),
             pin.fingerprint);
  if (!confirm("Add it to your trust store, so that parley verify accepts its logs without --lobby-key?", false)) return;
  if (auto added = peer::add_trusted_lobby(store->path, store->lobbies, pin, given); !added)
    fmt::print(stderr, "{}\n", added.error().detail);
  else
    fmt::print(stderr, "trusted: {} ({})\n", pin.fingerprint, store->path.string());
}

}  // namespace parley::cli
