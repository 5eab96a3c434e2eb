#include "lobby/server/common_room.hpp"

#include <algorithm>
#include <tuple>

#include "game/core/bytes.hpp"
#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/text.hpp"

namespace parley::lobby {

namespace {

int rank_of(Activity a) {
  switch (a) {
    case Activity::playing: return 3;
    case Activity::queued: return 2;
    case Activity::watching: return 1;
    case Activity::idle: return 0;
  }
  return 0;
}

}  // namespace

RatingTable normalise_ratings(RatingTable table) {
  for (auto it = table.begin(); it != table.end();) {
    std::vector<GameRating>& r = it->second;
    std::erase_if(r, [](const GameRating& g) { return !is_valid_game_name(g.game); });
    std::stable_sort(r.begin(), r.end(), [](const GameRating& a, const GameRating& b) { return a.game < b.game; });
    r.erase(std::unique(r.begin(), r.end(), [](const GameRating& a, const GameRating& b) { return a.game == b.game; }),
            r.end());
    if (r.size() > kMaxRatingsPerPlayer) r.resize(kMaxRatingsPerPlayer);
    it = r.empty() ? table.erase(it) : std::next(it);
  }
  return table;
}

Activity busier(Activity a, Activity b) { return rank_of(a) >= rank_of(b) ? a : b; }

Bytes encode_presence(const std::vector<LobbyPresence>& players) {
  game::ByteWriter w;
  w.u32(static_cast<std::uint32_t>(players.size()));
  for (const LobbyPresence& p : players) {
    w.raw(p.key.bytes());
    w.text(p.name);
    w.u8(static_cast<std::uint8_t>(p.activity));
  }
  return std::move(w).take();
}

std::optional<std::vector<LobbyPresence>> decode_presence(std::span<const std::uint8_t> bytes,
                                                          std::size_t max_players) {
  game::ByteReader r(bytes);
  auto n = r.u32();
  if (!n || *n > max_players || *n > r.remaining() / (crypto::kPublicKeyBytes + 4 + 1)) return std::nullopt;
  std::vector<LobbyPresence> out;
  out.reserve(*n);
  for (std::uint32_t i = 0; i < *n; ++i) {
    auto raw = r.raw(crypto::kPublicKeyBytes);
    if (!raw) return std::nullopt;
    auto key = crypto::PublicKey::from_bytes(*raw);
    auto name = r.text(kMaxDisplayNameBytes);
    auto activity = r.u8();
    if (!key || !name || !activity || *activity > static_cast<std::uint8_t>(Activity::watching)) return std::nullopt;
    // A name as the node's login sanitised it, and nothing else.
    auto clean = sanitize_display_name(*name);
    if (!clean || *clean != *name) return std::nullopt;
    if (!out.empty() && !(out.back().key < *key)) return std::nullopt;
    out.push_back(LobbyPresence{*key, std::move(*name), static_cast<Activity>(*activity)});
  }
  if (!r.finish()) return std::nullopt;
  return out;
}

void CommonRoom::watch(ConnectionId c, bool on) {
  if (on) {
    watchers_.insert(c);
  } else {
    watchers_.erase(c);
  }
}

std::vector<GameRating> CommonRoom::ratings_of(const crypto::PublicKey& key) const {
  auto it = ratings_.find(key);
  return it == ratings_.end() ? std::vector<GameRating>{} : it->second;
}

bool CommonRoom::pulse_due(Clock::time_point now) {
  if (last_check_ && now - *last_check_ < kPulsePeriod) return false;
  last_check_ = now;
  return true;
}

bool CommonRoom::changed(const LobbyPulse& pulse) {
  LobbyPulse bare = pulse;
  bare.request = RequestId{0};
  if (last_sent_ && *last_sent_ == bare) return false;
  last_sent_ = std::move(bare);
  return true;
}

}  // namespace parley::lobby
