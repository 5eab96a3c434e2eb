// The lobby's common room in the core, without a network: watching and its pulses (at once, on a
// change, never more than once a second), the pages of players online and what each is doing,
// lobby chat to the watchers only, the ratings the core is given, a cluster's merged view, and
// the refusals and limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "lobby/protocol/limits.hpp"
#include "lobby/server/common_room.hpp"
#include "tests/lobby/core_harness.hpp"

namespace parley::lobby {
namespace {

using namespace std::chrono_literals;
using testing::CoreHarness;
using testing::login;
using testing::Player;

// A distinct IPv4 address per player, so the per-address cap never bites.
std::uint32_t lobby_address(std::uint32_t i) { return testing::kLocalhost + (i << 16); }

std::size_t pulses(CoreHarness& h, ConnectionId c) { return h.count<LobbyPulse>(c); }

Player watcher(CoreHarness& h, const std::string& name, std::uint32_t i) {
  Player p = login(h, name, lobby_address(i));
  h.send(p.connection, WatchLobby{p.next(), true});
  h.clear(p.connection);
  return p;
}

PlayerList list_page(CoreHarness& h, Player& p, std::optional<crypto::PublicKey> after = {}) {
  const RequestId r = p.next();
  h.send(p.connection, ListPlayers{r, after});
  auto page = h.take<PlayerList>(p.connection, [&](const PlayerList& l) { return l.request == r; });
  EXPECT_TRUE(page.has_value());
  return page.value_or(PlayerList{});
}

TEST(LobbyCommonRoom, RefusedBeforeLogin) {
  CoreHarness h;
  ConnectionId c = h.connect();
  h.send(c, WatchLobby{RequestId{1}, true});
  h.send(c, ListPlayers{RequestId{2}, std::nullopt});
  h.send(c, Chat{RequestId{3}, kLobbyRoom, "hello"});
  for (std::uint32_t r : {1u, 2u, 3u}) {
    auto refused = h.refusal(c, RequestId{r});
    ASSERT_TRUE(refused.has_value()) << r;
    EXPECT_EQ(refused->reason, Refusal::not_logged_in);
  }
  EXPECT_EQ(pulses(h, c), 0u);
}

TEST(LobbyCommonRoom, WatchingAnswersDoneThenAPulseAtOnce) {
  CoreHarness h;
  Player a = login(h, "Ada", lobby_address(1));
  Player b = login(h, "Bob", lobby_address(2));
  h.send(b.connection, QuickMatch{b.next(), "chess", 2});
  h.clear(a.connection);
  const RequestId r = a.next();
  h.send(a.connection, WatchLobby{r, true});
  auto& box = h.inbox(a.connection);
  ASSERT_EQ(box.size(), 2u);
  ASSERT_TRUE(std::holds_alternative<Done>(box[0]));
  EXPECT_EQ(std::get<Done>(box[0]).request, r);
  ASSERT_TRUE(std::holds_alternative<LobbyPulse>(box[1]));
  const LobbyPulse& p = std::get<LobbyPulse>(box[1]);
  EXPECT_EQ(p.request, r);
  EXPECT_EQ(p.players_online, 2u);
  EXPECT_EQ(p.queues, (std::vector<QueueCount>{{"chess", 2, 1}}));
}

TEST(LobbyCommonRoom, PulsesOnceAChangeAtMostOnceASecond) {
  CoreHarness h;
  Player a = watcher(h, "Ada", 1);
  h.advance(1000ms);  // the pulse a's watch answered is the one sent: nothing new
  h.clear(a.connection);
  Player b = login(h, "Bob", lobby_address(2));
  h.advance(1000ms);
  ASSERT_EQ(pulses(h, a.connection), 1u);
  auto first = h.take<LobbyPulse>(a.connection);
  EXPECT_EQ(first->request, RequestId{0});
  EXPECT_EQ(first->players_online, 2u);
  h.advance(1000ms);  // nothing changed: no pulse
  EXPECT_EQ(pulses(h, a.connection), 0u);
  // Three changes within one second: one pulse, after the second is up.
  Player c = login(h, "Cy", lobby_address(3));
  h.advance(300ms);
  h.send(c.connection, QuickMatch{c.next(), "gunjin", 2});
  h.advance(300ms);
  h.send(b.connection, QuickMatch{b.next(), "chess", 2});
  h.advance(300ms);
  EXPECT_EQ(pulses(h, a.connection), 0u);
  h.advance(100ms);
  ASSERT_EQ(pulses(h, a.connection), 1u);
  auto second = h.take<LobbyPulse>(a.connection);
  EXPECT_EQ(second->players_online, 3u);
  EXPECT_EQ(second->queues, (std::vector<QueueCount>{{"chess", 2, 1}, {"gunjin", 2, 1}}));
  // A player leaving a queue and the lobby: the counts go down (empty queues are not listed).
  h.disconnect(c.connection);
  h.advance(1000ms);
  auto third = h.take<LobbyPulse>(a.connection);
  ASSERT_TRUE(third.has_value());
  EXPECT_EQ(third->players_online, 2u);
  EXPECT_EQ(third->queues, (std::vector<QueueCount>{{"chess", 2, 1}}));
  // Not watching: no pulses; watching again: one at once.
  h.send(a.connection, WatchLobby{a.next(), false});
  Player d = login(h, "Di", lobby_address(4));
  h.advance(2000ms);
  EXPECT_EQ(pulses(h, a.connection), 0u);
  h.send(a.connection, WatchLobby{a.next(), true});
  EXPECT_EQ(pulses(h, a.connection), 1u);
}

TEST(LobbyCommonRoom, ListsPlayersInPagesByKey) {
  CoreHarness h;
  std::set<crypto::PublicKey> keys;
  std::vector<Player> players;
  for (std::uint32_t i = 0; i < 150; ++i) {
    players.push_back(login(h, "p" + std::to_string(i), lobby_address(i % 200)));
    keys.insert(players.back().identity.public_key());
  }
  Player& asker = players.front();
  PlayerList first = list_page(h, asker);
  ASSERT_EQ(first.players.size(), kMaxPlayersPerList);
  EXPECT_TRUE(first.more);
  PlayerList second = list_page(h, asker, first.players.back().key);
  EXPECT_EQ(second.players.size(), 150 - kMaxPlayersPerList);
  EXPECT_FALSE(second.more);
  std::vector<crypto::PublicKey> seen;
  for (const PlayerList* page : {&first, &second})
    for (const PlayerSummary& p : page->players) seen.push_back(p.key);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_EQ(std::set<crypto::PublicKey>(seen.begin(), seen.end()), keys);
  EXPECT_EQ(seen.size(), keys.size());
  EXPECT_TRUE(list_page(h, asker, *keys.rbegin()).players.empty());
  // A key that is not online pages from where it would be.
  PlayerList from_middle = list_page(h, asker, seen[41]);
  EXPECT_EQ(from_middle.players.front().key, seen[42]);
}

TEST(LobbyCommonRoom, ShowsWhatEachPlayerIsDoing) {
  CoreHarness h;
  Player p1 = login(h, "One", lobby_address(1));
  Player p2 = login(h, "Two", lobby_address(2));
  Player q = login(h, "Queued", lobby_address(3));
  Player s = login(h, "Spectator", lobby_address(4));
  Player i = login(h, "Idle", lobby_address(5));
  h.send(p1.connection, QuickMatch{p1.next(), "gunjin", 2});
  h.send(p2.connection, QuickMatch{p2.next(), "gunjin", 2});
  auto state = h.take<RoomState>(p1.connection, [](const RoomState& r) { return r.phase == RoomPhase::started; });
  ASSERT_TRUE(state.has_value());
  h.send(q.connection, QuickMatch{q.next(), "chess", 2});
  h.send(s.connection, JoinRoom{s.next(), state->room, {}, Role::spectator});
  std::map<crypto::PublicKey, PlayerSummary> by_key;
  for (PlayerSummary& p : list_page(h, i).players) by_key.emplace(p.key, p);
  ASSERT_EQ(by_key.size(), 5u);
  EXPECT_EQ(by_key.at(p1.identity.public_key()).activity, Activity::playing);
  EXPECT_EQ(by_key.at(p2.identity.public_key()).activity, Activity::playing);
  EXPECT_EQ(by_key.at(q.identity.public_key()).activity, Activity::queued);
  EXPECT_EQ(by_key.at(s.identity.public_key()).activity, Activity::watching);
  EXPECT_EQ(by_key.at(i.identity.public_key()).activity, Activity::idle);
  EXPECT_EQ(by_key.at(i.identity.public_key()).name, "Idle");
  EXPECT_TRUE(by_key.at(i.identity.public_key()).ratings.empty());
}

TEST(LobbyCommonRoom, ChatGoesToTheWatchersOnly) {
  CoreHarness h;
  Player a = watcher(h, "Ada", 1);
  Player b = watcher(h, "Bob", 2);
  Player c = login(h, "Cy", lobby_address(3));
  h.clear(c.connection);
  const RequestId said = a.next();
  h.send(a.connection, Chat{said, kLobbyRoom, "  good\tevening  "});
  EXPECT_TRUE(h.take<Done>(a.connection, [&](const Done& d) { return d.request == said; }).has_value());
  for (ConnectionId to : {a.connection, b.connection}) {
    auto line = h.take<ChatLine>(to);
    ASSERT_TRUE(line.has_value());
    EXPECT_EQ(line->room, kLobbyRoom);
    EXPECT_EQ(line->from, a.identity.public_key());
    EXPECT_EQ(line->name, "Ada");
    EXPECT_EQ(line->role, Role::player);
    EXPECT_EQ(line->text, sanitize_chat("  good\tevening  ").value());
  }
  EXPECT_EQ(h.count<ChatLine>(c.connection), 0u);
  // Not watching: refused as not a member of the room; bad text as in a room.
  const RequestId outside = c.next();
  h.send(c.connection, Chat{outside, kLobbyRoom, "hello?"});
  EXPECT_EQ(h.refusal(c.connection, outside)->reason, Refusal::not_a_member);
  const RequestId empty = a.next();
  h.send(a.connection, Chat{empty, kLobbyRoom, "   "});
  EXPECT_EQ(h.refusal(a.connection, empty)->reason, Refusal::bad_chat_text);
  EXPECT_EQ(h.count<ChatLine>(b.connection), 0u);
  // A single lobby has no other nodes to tell.
  EXPECT_TRUE(h.core().take_lobby_chat().empty());
}

TEST(LobbyCommonRoom, AFloodOfRequestsIsRateLimited) {
  ServerConfig config;
  config.limits.messages_per_second = 10;
  config.limits.message_burst = 5;
  config.limits.flood_disconnect_after = 20;
  CoreHarness h(config);
  Player p = login(h);
  std::vector<RequestId> ids;
  for (int i = 0; i < 10; ++i) {
    ids.push_back(p.next());
    h.send(p.connection, i % 2 == 0 ? ClientMessage{ListPlayers{ids.back(), std::nullopt}} : ClientMessage{WatchLobby{ids.back(), true}});
  }
  EXPECT_EQ(h.refusal(p.connection, ids.back())->reason, Refusal::rate_limited);
  for (int i = 0; i < 40 && !h.closed(p.connection); ++i) h.send(p.connection, ListPlayers{p.next(), std::nullopt});
  EXPECT_TRUE(h.closed(p.connection));
}

TEST(LobbyCommonRoom, ListsTheRatingsItWasGiven) {
  CoreHarness h;
  Player a = login(h, "Ada", lobby_address(1));
  Player b = login(h, "Bob", lobby_address(2));
  RatingTable table;
  table[a.identity.public_key()] = {{"risiko", 1620, 80}, {"chess", 1712, 64}, {"chess", 1, 1}, {"Bad Name", 1, 1}};
  h.core().set_ratings(table);
  std::map<crypto::PublicKey, PlayerSummary> by_key;
  for (PlayerSummary& p : list_page(h, b).players) by_key.emplace(p.key, p);
  EXPECT_EQ(by_key.at(a.identity.public_key()).ratings,
            (std::vector<GameRating>{{"chess", 1712, 64}, {"risiko", 1620, 80}}));
  EXPECT_TRUE(by_key.at(b.identity.public_key()).ratings.empty());
}

TEST(LobbyCommonRoom, MergesAClusterViewAndRelaysItsChat) {
  CoreHarness h;
  Player a = watcher(h, "Ada", 1);
  h.advance(1000ms);
  h.clear(a.connection);
  auto far = crypto::Identity::generate().public_key();
  ClusterLobby view;
  view.players.emplace(far, LobbyPresence{far, "Far", Activity::queued});
  // Ada as another node sees her: busy there (a room of hers another node sequences).
  view.players.emplace(a.identity.public_key(), LobbyPresence{a.identity.public_key(), "Ada", Activity::playing});
  view.queues = {{"chess", 2, 3}};
  h.core().set_cluster_lobby(view);
  h.advance(1000ms);
  auto pulse = h.take<LobbyPulse>(a.connection);
  ASSERT_TRUE(pulse.has_value());
  EXPECT_EQ(pulse->players_online, 2u);
  EXPECT_EQ(pulse->queues, view.queues);
  std::map<crypto::PublicKey, PlayerSummary> by_key;
  for (PlayerSummary& p : list_page(h, a).players) by_key.emplace(p.key, p);
  ASSERT_EQ(by_key.size(), 2u);
  EXPECT_EQ(by_key.at(far).activity, Activity::queued);
  EXPECT_EQ(by_key.at(far).name, "Far");
  EXPECT_EQ(by_key.at(a.identity.public_key()).activity, Activity::playing);
  // The presence this node publishes, and chat from another node reaching the watchers here.
  auto mine = h.core().presence();
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0], (LobbyPresence{a.identity.public_key(), "Ada", Activity::idle}));
  h.core().relay_lobby_chat(ChatLine{kLobbyRoom, far, "Far", Role::player, "hi from afar"});
  h.advance(10ms);
  auto line = h.take<ChatLine>(a.connection);
  ASSERT_TRUE(line.has_value());
  EXPECT_EQ(line->text, "hi from afar");
}

TEST(LobbyCommonRoom, PresenceBytesRoundTripAndRejectNonCanonical) {
  auto k1 = crypto::Identity::generate().public_key();
  auto k2 = crypto::Identity::generate().public_key();
  if (k2 < k1) std::swap(k1, k2);
  std::vector<LobbyPresence> players{{k1, "Ada", Activity::playing}, {k2, "Bob", Activity::idle}};
  Bytes bytes = encode_presence(players);
  EXPECT_EQ(decode_presence(bytes), players);
  EXPECT_FALSE(decode_presence(bytes, 1).has_value());  // over the bound
  std::vector<LobbyPresence> swapped{players[1], players[0]};
  EXPECT_FALSE(decode_presence(encode_presence(swapped)).has_value());  // not by key
  std::vector<LobbyPresence> unsanitised{{k1, "  Ada ", Activity::idle}};
  EXPECT_FALSE(decode_presence(encode_presence(unsanitised)).has_value());
  Bytes bad_activity = bytes;
  bad_activity.back() = 4;
  EXPECT_FALSE(decode_presence(bad_activity).has_value());
  bytes.push_back(0);
  EXPECT_FALSE(decode_presence(bytes).has_value());  // trailing bytes
  Bytes huge{0xff, 0xff, 0xff, 0xff};
  EXPECT_FALSE(decode_presence(huge).has_value());
}

}  // namespace
}  // namespace parley::lobby
