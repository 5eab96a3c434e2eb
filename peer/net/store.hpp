#pragma once
// What a seat keeps on disk for one game, so that a peer killed mid-game restarts with the same
// secrets and transcript (docs/design.md, "Crash safety"):
//
//   <data>/sessions/<session id in hex>/room      lobby key and room id (to find it on resume)
//   <data>/sessions/<session id in hex>/secrets   the seat's secrets; mode 0600, written to a
//                                                 temporary file, fsync'd, renamed, dir fsync'd
//   <data>/sessions/<session id in hex>/entries   every verified entry, appended and fsync'd
//   <data>/sessions/<session id in hex>/player    the player's own secrets (Gunjin: its layout's
//                                                 openings), kept like `secrets`
//
// The secrets are written before anything that depends on them is posted. An entry file cut by
// a crash in the middle of an append keeps every whole entry before the cut.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/entry.hpp"

namespace parley::peer {

struct StoreError {
  std::string detail;  // the path and the system's reason
};

class SessionStore {
 public:
  // Creates or opens the session's directory (mode 0700).
  static game::Result<SessionStore, StoreError> open(const std::filesystem::path& data_dir, const lobby::SessionId& session,
                                                     const crypto::PublicKey& lobby_key, lobby::RoomId room);
  // The session kept for this lobby and room, if any.
  static std::optional<SessionStore> find(const std::filesystem::path& data_dir, const crypto::PublicKey& lobby_key,
                                          lobby::RoomId room);

  const std::filesystem::path& directory() const { return dir_; }
  std::optional<game::Bytes> load_secrets() const;
  game::Result<bool, StoreError> save_secrets(std::span<const std::uint8_t> secrets) const;
  std::optional<game::Bytes> load_player_secrets() const;
  game::Result<bool, StoreError> save_player_secrets(std::span<const std::uint8_t> secrets) const;
  std::vector<lobby::SignedEntry> load_entries() const;
  game::Result<bool, StoreError> append_entry(const lobby::SignedEntry& entry) const;

 private:
  explicit SessionStore(std::filesystem::path dir) : dir_(std::move(dir)) {}
  std::filesystem::path dir_;
};

// Writes a whole file durably: temporary file with `mode`, fsync, rename over `path`, fsync of
// the directory.
game::Result<bool, StoreError> write_file_durably(const std::filesystem::path& path, std::span<const std::uint8_t> bytes,
                                                  unsigned mode);

}  // namespace parley::peer
