#pragma once
// The verifier (docs/design.md, "The trust model"): one pass over a game log that checks every signature and
// entry hash, every seat's seen hash, every action by the game's rules, every proof and
// commitment the game has, timeouts against the lobby's stamps, and the signed results — by
// replaying the transcript through the same Session every live peer ran.
#include <optional>
#include <string>
#include <vector>

#include "peer/log/plog.hpp"
#include "peer/session/session.hpp"

namespace parley::peer {

struct SeatVerdict {
  enum class Kind : std::uint8_t { honest, blamed, timed_out };
  Seat seat;
  std::string fingerprint;
  std::string name;  // as the seat gave it in its setup, sanitised (peer::shown_name)
  Kind kind = Kind::honest;
  std::optional<EntryIndex> index;
  std::string reason;
};
std::string_view describe(SeatVerdict::Kind kind);

struct VerifyReport {
  bool valid = false;
  std::string game;
  std::size_t entries = 0;
  std::optional<std::size_t> fault_entry;  // where the log stopped being valid
  std::string fault;                       // why (empty when valid)
  std::optional<game::Outcome> outcome;
  std::vector<SeatVerdict> seats;
};

// The replayed session of a log whose transcript is intact (nullopt with the fault otherwise).
struct Replay {
  lobby::Genesis genesis;
  std::uint64_t genesis_time_ms = 0;
  std::optional<Session> session;
};

VerifyReport verify(const GameLog& log, Replay* replay = nullptr);
VerifyReport verify_bytes(std::span<const std::uint8_t> bytes, Replay* replay = nullptr);
// The same, and the log must name `lobby_key` as its lobby (a single lobby's key, or the key of
// a cluster's deployment, whose nodes the log's certificates name): a log of any other lobby is
// invalid.
VerifyReport verify_bytes_pinned(std::span<const std::uint8_t> bytes, const crypto::PublicKey& lobby_key);

std::string format_text(const VerifyReport& report, std::string_view file);
std::string format_json(const VerifyReport& report, std::string_view file);

}  // namespace parley::peer
