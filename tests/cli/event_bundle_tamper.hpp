#pragma once
// Tampering with a published event bundle (tests/cli/event_test.cpp): the organizer's key re-signs
// what an organizer could re-sign (the documents and the manifest), and a log is re-stamped under
// a lobby key made up on the spot, as a forger would. Each helper changes one thing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "crypto/identity.hpp"
#include "event/bundle.hpp"
#include "event/manifest.hpp"
#include "event/pairings.hpp"
#include "event/results.hpp"
#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/game_log.hpp"

namespace parley::testing::bundle {

namespace fs = std::filesystem;

inline game::Bytes read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return game::Bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
inline void write_bytes(const fs::path& p, std::span<const std::uint8_t> bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// A copy of the bundle to spoil.
inline fs::path copy_of(const fs::path& bundle, const std::string& name) {
  const fs::path to = bundle.parent_path() / (bundle.filename().string() + "-" + name);
  fs::remove_all(to);
  fs::copy(bundle, to, fs::copy_options::recursive);
  return to;
}

// The manifest made again over every file, signed by the organizer.
inline void resign_manifest(const fs::path& dir, const crypto::Identity& organizer) {
  auto old = event::decode_manifest(read_bytes(dir / event::kManifestFile));
  ASSERT_TRUE(old.ok());
  std::vector<event::ManifestEntry> entries;
  for (const auto& f : fs::directory_iterator(dir)) {
    const std::string name = f.path().filename().string();
    if (name != event::kManifestFile) entries.push_back({name, event::file_digest(read_bytes(f.path()))});
  }
  write_bytes(dir / event::kManifestFile,
              event::encode(event::sign_manifest(organizer, event::make_manifest(old->manifest.event_id, entries))));
}

template <class Change>
void resign_pairings(const fs::path& dir, std::uint16_t round, const crypto::Identity& organizer, Change change) {
  auto p = event::decode_pairings(read_bytes(dir / event::pairings_file(round)));
  ASSERT_TRUE(p.ok());
  event::Pairings pairings = p->pairings;
  change(pairings);
  write_bytes(dir / event::pairings_file(round), event::encode(event::sign_pairings(organizer, pairings)));
}

template <class Change>
void resign_results(const fs::path& dir, std::uint16_t round, const crypto::Identity& organizer, Change change) {
  auto r = event::decode_results(read_bytes(dir / event::results_file(round)));
  ASSERT_TRUE(r.ok());
  event::Results results = r->results;
  change(results);
  write_bytes(dir / event::results_file(round), event::encode(event::sign_results(organizer, results)));
}

// The same entries stamped by another lobby key: the chain's hashes cover no lobby signature, so
// every seat's envelope still fits, and the log is as consistent as the real one.
inline game::Bytes restamped(std::span<const std::uint8_t> log_bytes, const crypto::Identity& forger) {
  auto log = lobby::decode_log(log_bytes);
  EXPECT_TRUE(log.ok());
  if (!log) return {};
  const auto session = std::get<lobby::Genesis>(log->entries.front().entry.payload).session_id;
  lobby::GameLog forged{forger.public_key(), {}};
  for (const auto& e : log->entries)
    forged.entries.push_back({e.entry, lobby::sign_entry(forger, session, lobby::entry_bytes(e.entry))});
  return lobby::encode(forged);
}

}  // namespace parley::testing::bundle
