// The lobby's common room on the client's side (docs/ui.md, "Lobby"): who is online, merged from
// pages of the player list; the pulse's counts; the lobby chat, bounded; and App watching it on
// the lobby screen alone, listing the players again when due, and leaving it out without a word
// when the lobby refuses the requests as unknown (a lobby of an older parley). Driven by the
// events the network thread would send; no window, no network.
#include <gtest/gtest.h>

#include "tests/peer/fake_lobby.hpp"
#include "ui/core/app.hpp"
#include "ui/core/lobby_state.hpp"

namespace parley::ui {
namespace {

using peer::testing::identity_from;

lobby::PlayerSummary online_player(std::uint8_t tag, std::string name, lobby::Activity activity = lobby::Activity::idle,
                            std::vector<lobby::GameRating> ratings = {}) {
  return {identity_from(tag).public_key(), std::move(name), activity, std::move(ratings)};
}

// `n` players with keys in key order, named so that their names sort otherwise.
std::vector<lobby::PlayerSummary> players_in_key_order(std::size_t n) {
  std::vector<lobby::PlayerSummary> out;
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(online_player(static_cast<std::uint8_t>(i + 1), "p" + std::to_string(1000 - i)));
  std::ranges::sort(out, [](const auto& a, const auto& b) { return a.key < b.key; });
  return out;
}

const std::uint64_t kRefreshMs = AppConfig{identity_from(1).public_key()}.player_list_refresh_ms;

template <class T>
std::vector<T> sent_of(App& app) {
  std::vector<T> out;
  for (auto& c : app.take_commands())
    if (auto* x = std::get_if<T>(&c)) out.push_back(*x);
  return out;
}

// The games this key still holds a seat in, from the Welcome: the one the client is in is not
// offered again; a room left before its game started, or closed, is no longer one.
TEST(LobbyRoomState, UnfinishedGamesAreTheSeatedRoomsNotClosedNorGivenUp) {
  const auto me = identity_from(0x71).public_key();
  LobbyState state(me);
  state.apply(lobby::Welcome{{}, "me", {lobby::RoomId{3}, lobby::RoomId{5}, lobby::RoomId{8}}});
  EXPECT_EQ(state.unfinished_elsewhere(), (std::vector<lobby::RoomId>{{3}, {5}, {8}}));
  lobby::RoomState three;
  three.room = lobby::RoomId{3};
  three.game = "chess";
  three.phase = lobby::RoomPhase::started;
  three.seats = {{me, "me", true, true}, {identity_from(0x72).public_key(), "you", true, true}};
  state.apply(three);
  EXPECT_EQ(state.unfinished_elsewhere(), (std::vector<lobby::RoomId>{{5}, {8}}));
  state.left_room();  // a started game keeps its seat
  EXPECT_EQ(state.unfinished_elsewhere(), (std::vector<lobby::RoomId>{{3}, {5}, {8}}));
  lobby::RoomState five = three;
  five.room = lobby::RoomId{5};
  five.phase = lobby::RoomPhase::waiting;
  state.apply(five);
  state.left_room();  // a room left before its game started: the seat is given up
  EXPECT_EQ(state.unfinished_elsewhere(), (std::vector<lobby::RoomId>{{3}, {8}}));
  lobby::RoomState eight = three;
  eight.room = lobby::RoomId{8};
  eight.phase = lobby::RoomPhase::closed;
  state.apply(eight);
  EXPECT_EQ(state.unfinished_elsewhere(), (std::vector<lobby::RoomId>{{3}}));
}

TEST(LobbyRoomState, PagesOfPlayersAreMergedThenShownByName) {
  LobbyState state(identity_from(0x70).public_key());
  EXPECT_EQ(state.lobby_room(), LobbyRoom::unknown);
  const auto all = players_in_key_order(5);
  state.begin_player_list();
  auto next = state.apply(lobby::PlayerList{lobby::RequestId{3}, {all[0], all[1], all[2]}, true});
  ASSERT_TRUE(next.players);
  EXPECT_EQ(*next.players, all[2].key) << "the next page starts after the last key";
  EXPECT_FALSE(next.rooms);
  EXPECT_TRUE(state.players().empty()) << "the list shows once it is whole";
  EXPECT_TRUE(state.listing_players());
  EXPECT_EQ(state.lobby_room(), LobbyRoom::served);
  next = state.apply(lobby::PlayerList{lobby::RequestId{4}, {all[3], all[4]}, false});
  EXPECT_FALSE(next.players);
  EXPECT_FALSE(state.listing_players());
  ASSERT_EQ(state.players().size(), 5U);
  for (std::size_t i = 1; i < state.players().size(); ++i)
    EXPECT_LT(state.players()[i - 1].name, state.players()[i].name) << "sorted by name for display";

  // A new listing replaces the old one whole; case does not split names apart.
  auto three = players_in_key_order(3);
  three[0].name = "bob";
  three[1].name = "Anna";
  three[2].name = "carl";
  state.begin_player_list();
  state.apply(lobby::PlayerList{lobby::RequestId{5}, three, false});
  ASSERT_EQ(state.players().size(), 3U);
  EXPECT_EQ(state.players()[0].name, "Anna");
  EXPECT_EQ(state.players()[1].name, "bob");
  EXPECT_EQ(state.players()[2].name, "carl");
}

// A lobby that pages out of key order, or on and on, cannot keep the client asking or fill its
// memory: the listing ends with what it has.
TEST(LobbyRoomState, AListingEndsOnPagesOutOfOrderAndAtItsBound) {
  LobbyState state(identity_from(0x70).public_key());
  const auto all = players_in_key_order(4);
  state.begin_player_list();
  ASSERT_TRUE(state.apply(lobby::PlayerList{lobby::RequestId{3}, {all[2], all[3]}, true}).players);
  EXPECT_FALSE(state.apply(lobby::PlayerList{lobby::RequestId{4}, {all[0], all[1]}, true}).players)
      << "a page before the last key";
  EXPECT_FALSE(state.listing_players());
  EXPECT_EQ(state.players().size(), 2U);

  // More players than the bound, in key order, paged as the lobby pages them.
  std::vector<lobby::PlayerSummary> many;
  for (std::size_t i = 0; i < kMaxPlayersListed + 2 * lobby::kMaxPlayersPerList; ++i)
    many.push_back({crypto::Identity::generate().public_key(), "p", lobby::Activity::idle, {}});
  std::ranges::sort(many, [](const auto& a, const auto& b) { return a.key < b.key; });
  state.begin_player_list();
  std::size_t pages = 0;
  for (std::size_t from = 0;; from += lobby::kMaxPlayersPerList, ++pages) {
    ASSERT_LT(from, many.size()) << "the listing never ends";
    const std::vector<lobby::PlayerSummary> page(many.begin() + static_cast<long>(from),
                                                 many.begin() + static_cast<long>(from + lobby::kMaxPlayersPerList));
    if (!state.apply(lobby::PlayerList{lobby::RequestId{10}, page, true}).players) break;
  }
  EXPECT_EQ(pages + 1, kMaxPlayersListed / lobby::kMaxPlayersPerList);
  EXPECT_EQ(state.players().size(), kMaxPlayersListed);
  EXPECT_FALSE(state.listing_players());
}

TEST(LobbyRoomState, ThePulseCountsPlayersAndEachQueue) {
  LobbyState state(identity_from(0x70).public_key());
  state.apply(lobby::LobbyPulse{lobby::RequestId{0}, 7, {{"chess", 2, 3}, {"risiko", 4, 2}, {"risiko", 3, 1}}});
  EXPECT_EQ(state.lobby_room(), LobbyRoom::served);
  EXPECT_EQ(state.players_online(), 7U);
  EXPECT_EQ(state.waiting("chess", 2), 3U);
  EXPECT_EQ(state.waiting("risiko", 4), 2U);
  EXPECT_EQ(state.waiting("risiko", 5), 0U);
  EXPECT_EQ(state.waiting("risiko"), 3U);
  EXPECT_EQ(state.waiting("gunjin"), 0U);
  // A queue that empties leaves the next pulse.
  state.apply(lobby::LobbyPulse{lobby::RequestId{0}, 6, {{"risiko", 4, 2}}});
  EXPECT_EQ(state.waiting("chess", 2), 0U);
  EXPECT_EQ(state.players_online(), 6U);
}

TEST(LobbyRoomState, TheLobbyChatIsBoundedAndApartFromTheRoomsChat) {
  const crypto::PublicKey me = identity_from(0x70).public_key();
  LobbyState state(me);
  for (std::size_t i = 0; i < kMaxChatLines + 20; ++i)
    state.apply(lobby::ChatLine{lobby::kLobbyRoom, identity_from(1).public_key(), "ada", lobby::Role::player,
                                "line " + std::to_string(i)});
  state.apply(lobby::ChatLine{lobby::kLobbyRoom, me, "me", lobby::Role::player, "hello all"});
  state.apply(lobby::ChatLine{lobby::RoomId{42}, me, "me", lobby::Role::player, "in the room"});
  const auto& lines = state.lobby_chat();
  ASSERT_EQ(lines.size(), kMaxChatLines);
  EXPECT_EQ(lines.front().text, "line 21") << "the oldest lines go";
  EXPECT_EQ(lines.back().text, "hello all");
  EXPECT_TRUE(lines.back().mine);
  EXPECT_FALSE(lines.front().mine);
  EXPECT_TRUE(state.chat().empty()) << "no room: no room chat, and the lobby's is not it";
}

TEST(LobbyRoomState, OnlyAnUnknownMessageRefusalMeansNoCommonRoom) {
  LobbyState state(identity_from(0x70).public_key());
  state.begin_player_list();
  state.lobby_room_refused(lobby::Refusal::rate_limited);
  EXPECT_EQ(state.lobby_room(), LobbyRoom::unknown);
  EXPECT_FALSE(state.listing_players());
  state.lobby_room_refused(lobby::Refusal::unknown_message);
  EXPECT_EQ(state.lobby_room(), LobbyRoom::not_served);
  // A new connection asks again (the lobby may have been updated meanwhile).
  state.apply(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
  EXPECT_EQ(state.lobby_room(), LobbyRoom::unknown);
}

TEST(LobbyRoomState, ActivitiesHaveWordsAndRatingsAreFoundByGame) {
  for (auto a : {lobby::Activity::idle, lobby::Activity::queued, lobby::Activity::playing, lobby::Activity::watching})
    EXPECT_NE(describe(a), "unknown");
  const auto p = online_player(1, "ada", lobby::Activity::playing, {{"chess", 1612, 45}, {"gunjin", 1500, 350}});
  ASSERT_NE(rating_in(p, "chess"), nullptr);
  EXPECT_EQ(rating_in(p, "chess")->rating, 1612);
  EXPECT_EQ(rating_in(p, "chess")->deviation, 45);
  EXPECT_EQ(rating_in(p, "risiko"), nullptr);
}

// ---- App ----------------------------------------------------------------------------------

struct Watcher {
  Watcher() : app(AppConfig{identity_from(1).public_key(), "alice", "127.0.0.1:7777", 7777, false, false}) {}
  void lobby(lobby::ClientEvent e) { app.on_event(LobbyEvent{std::move(e)}, now); }
  void online() {
    app.connect(now);
    lobby(lobby::Connected{identity_from(0x50).public_key()});
    lobby(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
  }
  App app;
  std::uint64_t now = 1000;
};

TEST(AppLobbyRoom, TheLobbyScreenWatchesAndListsThePlayersWhenTheLobbyAnswers) {
  Watcher c;
  c.online();
  auto sent = c.app.take_commands();
  auto watches = [](const std::vector<NetCommand>& commands) {
    std::vector<bool> out;
    for (const auto& x : commands)
      if (const auto* w = std::get_if<WatchLobbyCommand>(&x)) out.push_back(w->on);
    return out;
  };
  auto lists = [](const std::vector<NetCommand>& commands) {
    std::size_t n = 0;
    for (const auto& x : commands) n += std::holds_alternative<ListPlayersCommand>(x) ? 1 : 0;
    return n;
  };
  EXPECT_EQ(watches(sent), std::vector<bool>{true});
  EXPECT_EQ(lists(sent), 0U) << "the players are listed once the lobby answers";
  EXPECT_TRUE(c.app.watching_lobby());
  c.lobby(lobby::Done{lobby::RequestId{3}});
  c.lobby(lobby::LobbyPulse{lobby::RequestId{3}, 2, {{"chess", 2, 1}}});
  auto first = sent_of<ListPlayersCommand>(c.app);
  ASSERT_EQ(first.size(), 1U);
  EXPECT_FALSE(first[0].after);
  const auto all = players_in_key_order(2);
  c.lobby(lobby::PlayerList{lobby::RequestId{4}, {all[0]}, true});
  auto second = sent_of<ListPlayersCommand>(c.app);
  ASSERT_EQ(second.size(), 1U);
  EXPECT_EQ(second[0].after, all[0].key);
  c.lobby(lobby::PlayerList{lobby::RequestId{5}, {all[1]}, false});
  EXPECT_EQ(c.app.lobby().players().size(), 2U);
  EXPECT_TRUE(c.app.take_commands().empty());

  // Every few seconds, the list again; at once when the pulse's count changes.
  const std::uint64_t t = c.now;
  c.app.tick(t + kRefreshMs - 1);
  EXPECT_EQ(lists(c.app.take_commands()), 0U);
  c.app.tick(t + kRefreshMs);
  EXPECT_EQ(lists(c.app.take_commands()), 1U);
  c.lobby(lobby::PlayerList{lobby::RequestId{6}, all, false});
  c.app.on_event(LobbyEvent{lobby::LobbyPulse{lobby::RequestId{0}, 2, {}}}, t + kRefreshMs + 10);
  EXPECT_EQ(lists(c.app.take_commands()), 0U) << "the same count";
  c.app.on_event(LobbyEvent{lobby::LobbyPulse{lobby::RequestId{0}, 3, {}}}, t + kRefreshMs + 20);
  EXPECT_EQ(lists(c.app.take_commands()), 1U) << "someone came";
  EXPECT_EQ(c.app.lobby().players().size(), 2U) << "the last whole list stays shown meanwhile";

  // Lobby chat goes to the lobby's room.
  c.app.send_lobby_chat("  hello  ");
  auto chat = sent_of<ChatCommand>(c.app);
  ASSERT_EQ(chat.size(), 1U);
  EXPECT_EQ(chat[0].room, lobby::kLobbyRoom);
  EXPECT_EQ(chat[0].text, "hello");
  c.app.send_lobby_chat("   ");
  EXPECT_TRUE(sent_of<ChatCommand>(c.app).empty());
}

// Entering a room or a game stops watching; back in the lobby, it watches again. A lost
// connection watches nothing; the next welcome watches again.
TEST(AppLobbyRoom, WatchingFollowsTheScreenAndTheConnection) {
  Watcher c;
  c.online();
  c.app.take_commands();
  lobby::RoomState room;
  room.room = lobby::RoomId{42};
  room.game = "chess";
  room.phase = lobby::RoomPhase::waiting;
  room.seats = {{identity_from(1).public_key(), "alice", true, false}, {std::nullopt, "", false, false}};
  c.lobby(room);
  ASSERT_EQ(c.app.screen(), Screen::room);
  auto off = sent_of<WatchLobbyCommand>(c.app);
  ASSERT_EQ(off.size(), 1U);
  EXPECT_FALSE(off[0].on);
  EXPECT_FALSE(c.app.watching_lobby());
  c.app.send_lobby_chat("anyone?");
  EXPECT_TRUE(sent_of<ChatCommand>(c.app).empty()) << "not watching: no lobby chat";
  c.app.leave_room();
  c.app.tick(c.now);
  auto on = sent_of<WatchLobbyCommand>(c.app);
  ASSERT_EQ(on.size(), 1U);
  EXPECT_TRUE(on[0].on);

  c.app.on_event(ConnectionLost{"timed out", true}, c.now);
  EXPECT_FALSE(c.app.watching_lobby());
  EXPECT_TRUE(sent_of<WatchLobbyCommand>(c.app).empty()) << "nothing to say to a lost connection";
  c.lobby(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
  on = sent_of<WatchLobbyCommand>(c.app);
  ASSERT_EQ(on.size(), 1U);
  EXPECT_TRUE(on[0].on);
}

// A lobby of an older parley refuses both requests as unknown: the panels are left out, no
// notice is shown, nothing is asked again on that connection.
TEST(AppLobbyRoom, ALobbyThatDoesNotServeItIsLeftAloneQuietly) {
  Watcher c;
  c.online();
  ASSERT_EQ(sent_of<WatchLobbyCommand>(c.app).size(), 1U);
  c.app.on_event(LobbyRoomRefused{lobby::Refusal::unknown_message}, c.now);
  EXPECT_EQ(c.app.lobby().lobby_room(), LobbyRoom::not_served);
  EXPECT_FALSE(c.app.watching_lobby());
  EXPECT_TRUE(c.app.active_notices(c.now).empty());
  for (std::uint64_t t = c.now; t < c.now + 10 * kRefreshMs; t += 1000) c.app.tick(t);
  auto sent = c.app.take_commands();
  for (const auto& x : sent) {
    EXPECT_FALSE(std::holds_alternative<WatchLobbyCommand>(x));
    EXPECT_FALSE(std::holds_alternative<ListPlayersCommand>(x));
  }
  c.app.send_lobby_chat("hello");
  EXPECT_TRUE(sent_of<ChatCommand>(c.app).empty());
  // Another refusal (a lobby too busy) is no verdict: it is asked again in a while.
  Watcher d;
  d.online();
  d.lobby(lobby::LobbyPulse{lobby::RequestId{3}, 1, {}});
  ASSERT_EQ(sent_of<ListPlayersCommand>(d.app).size(), 1U);
  d.app.on_event(LobbyRoomRefused{lobby::Refusal::rate_limited}, d.now);
  EXPECT_EQ(d.app.lobby().lobby_room(), LobbyRoom::served);
  EXPECT_TRUE(d.app.active_notices(d.now).empty());
  d.app.tick(d.now + kRefreshMs);
  EXPECT_EQ(sent_of<ListPlayersCommand>(d.app).size(), 1U);
}

}  // namespace
}  // namespace parley::ui
