// The client's screens and how they follow one another, driven by the events the network
// thread would send (lobby events, verified entries from a fake signing lobby), with the
// commands the screens queue checked in return. No window, no network.
#include "ui/core/app.hpp"

#include <gtest/gtest.h>

#include "game/chess/notation.hpp"
#include "games/chess/ui/chess_screen.hpp"
#include "games/gunjin/ui/gunjin_screen.hpp"
#include "games/risiko/ui/risiko_screen.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/risiko_users_map.hpp"
#include "tests/ui/chess_fixtures.hpp"

namespace parley::ui {
namespace {

using namespace game::chess;
using testing::kBlack;
using testing::kWhite;
using testing::sq;
using peer::testing::identity_from;
using peer::testing::Table;

template <class T>
std::vector<T> commands_of(App& app) {
  std::vector<T> out;
  for (auto& c : app.take_commands())
    if (auto* x = std::get_if<T>(&c)) out.push_back(*x);
  return out;
}

// The chess intents the App sent for its seat.
std::vector<ChessIntent> chess_intents(App& app) {
  std::vector<ChessIntent> out;
  for (auto& c : app.take_commands())
    if (auto* x = seat_intent<ChessIntent>(c)) out.push_back(*x);
  return out;
}

// A client playing seat `seat` of a fake lobby's chess game.
struct Client {
  explicit Client(std::optional<game::Seat> seat = kWhite)
      : app(AppConfig{seat ? identity_from(static_cast<std::uint8_t>(seat->index + 1)).public_key()
                           : identity_from(0x77).public_key(),
                      "alice", "127.0.0.1:7777", 7777, false, false}) {}

  void lobby(lobby::ClientEvent e) { app.on_event(LobbyEvent{std::move(e)}, now); }
  void online() {
    app.connect(now);
    lobby(lobby::Connected{t.lobby.log().lobby_key});
    lobby(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
  }
  lobby::RoomState room(lobby::RoomPhase phase) const {
    lobby::RoomState r;
    r.room = lobby::RoomId{42};
    r.game = "chess";
    r.phase = phase;
    r.seats = {{t.lobby.seat_identity(kWhite).public_key(), "alice", true, true},
               {t.lobby.seat_identity(kBlack).public_key(), "bob", true, true}};
    return r;
  }
  // Passes on the entries the fake lobby made since the last call.
  void deliver() {
    const auto& all = t.lobby.entries();
    RoomEntries batch{lobby::RoomId{42}, t.lobby.log().lobby_key, lobby::EntryIndex{delivered}, {}};
    batch.entries.assign(all.begin() + static_cast<long>(delivered), all.end());
    delivered = all.size();
    app.on_event(batch, now);
  }
  void in_game() {
    online();
    lobby(room(lobby::RoomPhase::waiting));
    lobby(room(lobby::RoomPhase::started));
    t.start_play();
    deliver();
  }
  void play(const char* san) {
    Move m = *parse_san(t.chess().position(), san);
    game::Seat s = seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
    deliver();
  }

  Table t;
  App app;
  std::uint64_t now = 1000;
  std::size_t delivered = 0;
};

TEST(App, ConnectChecksTheFieldsThenAsksTheNetworkThread) {
  Client c;
  EXPECT_EQ(c.app.screen(), Screen::connect);
  c.app.address_field = "no port here";
  c.app.connect(c.now);
  EXPECT_TRUE(c.app.take_commands().empty());
  ASSERT_EQ(c.app.active_notices(c.now).size(), 1U);
  EXPECT_EQ(c.app.active_notices(c.now)[0].kind, Notice::Kind::error);
  EXPECT_TRUE(c.app.active_notices(c.now + kNoticeMs).empty()) << "notices fade";

  c.app.address_field = " 127.0.0.1:9000 ";
  c.app.name_field = "  ";
  c.app.connect(c.now);
  EXPECT_TRUE(c.app.take_commands().empty()) << "a name is needed";

  c.app.name_field = "carol";
  c.app.connect(c.now);
  auto sent = commands_of<ConnectCommand>(c.app);
  ASSERT_EQ(sent.size(), 1U);
  EXPECT_EQ(sent[0].lobby.port, 9000);
  EXPECT_EQ(sent[0].display_name, "carol");
  EXPECT_EQ(c.app.lobby().connection(), Connection::connecting);
}

TEST(App, TheWelcomeOpensTheLobbyAndListsTheRoomsPageByPage) {
  Client c;
  c.online();
  EXPECT_EQ(c.app.screen(), Screen::lobby);
  EXPECT_EQ(c.app.lobby().connection(), Connection::online);
  EXPECT_EQ(commands_of<ListRoomsCommand>(c.app).size(), 1U);
  lobby::RoomSummary a{lobby::RoomId{1}, "chess", {"Ada", std::nullopt}, 0, lobby::RoomPhase::waiting, lobby::Bytes{}};
  lobby::RoomSummary b{lobby::RoomId{2}, "chess", {"Bo", "Cy"}, 3, lobby::RoomPhase::started, lobby::Bytes{}};
  c.lobby(lobby::RoomList{lobby::RequestId{2}, {a}, true});
  auto next = commands_of<ListRoomsCommand>(c.app);
  ASSERT_EQ(next.size(), 1U);
  EXPECT_EQ(next[0].after, lobby::RoomId{1});
  EXPECT_TRUE(c.app.lobby().rooms().empty()) << "the list shows once it is whole";
  c.lobby(lobby::RoomList{lobby::RequestId{3}, {b}, false});
  EXPECT_EQ(c.app.lobby().rooms(), (std::vector<lobby::RoomSummary>{a, b}));
}

// The lobby screen keeps its room list fresh; other screens and a lost connection ask nothing.
TEST(App, TheLobbyScreenAsksForTheRoomsAgainEveryFewSeconds) {
  Client c;
  c.online();
  ASSERT_EQ(commands_of<ListRoomsCommand>(c.app).size(), 1U);  // on arriving
  const lobby::RoomList answer{lobby::RequestId{2}, {}, false};
  c.lobby(answer);
  const std::uint64_t t = 10'000;
  c.app.tick(t);
  c.app.tick(t + App::kRoomListRefreshMs - 1);
  EXPECT_TRUE(commands_of<ListRoomsCommand>(c.app).empty());
  c.app.tick(t + App::kRoomListRefreshMs);
  EXPECT_EQ(commands_of<ListRoomsCommand>(c.app).size(), 1U);
  c.lobby(answer);
  c.app.tick(t + 2 * App::kRoomListRefreshMs - 1);
  EXPECT_TRUE(commands_of<ListRoomsCommand>(c.app).empty());
  c.app.tick(t + 2 * App::kRoomListRefreshMs);
  EXPECT_EQ(commands_of<ListRoomsCommand>(c.app).size(), 1U);
  // A listing of several pages still coming in is not started over.
  lobby::RoomSummary first{lobby::RoomId{1}, "chess", {"Ada", std::nullopt}, 0, lobby::RoomPhase::waiting, lobby::Bytes{}};
  c.lobby(lobby::RoomList{lobby::RequestId{5}, {first}, true});
  ASSERT_EQ(commands_of<ListRoomsCommand>(c.app).size(), 1U);  // the next page
  c.app.tick(t + 3 * App::kRoomListRefreshMs);
  EXPECT_TRUE(commands_of<ListRoomsCommand>(c.app).empty());
  c.lobby(lobby::RoomList{lobby::RequestId{6}, {}, false});
  EXPECT_EQ(c.app.lobby().rooms().size(), 1U);
  c.app.tick(t + 3 * App::kRoomListRefreshMs + 1);
  EXPECT_EQ(commands_of<ListRoomsCommand>(c.app).size(), 1U);
  // A lost connection: nothing is asked, and the listing it cut short does not hold up the next.
  c.lobby(lobby::Disconnected{"gone"});
  c.app.tick(t + 10 * App::kRoomListRefreshMs);
  EXPECT_TRUE(commands_of<ListRoomsCommand>(c.app).empty());
  EXPECT_FALSE(c.app.lobby().listing_rooms());
}

// `parley host --bot`: a person's own room, still waiting with a seat open, may ask for a house
// bot of its game; the bot's answer (taken, or all busy) is said.
TEST(App, ARoomOfTheHouseBotsGameWithASeatOpenMaySeatOne) {
  std::vector<std::pair<std::string, lobby::RoomId>> asked;
  bool free_bot = true;
  AppConfig config{identity_from(1).public_key(), "alice", "127.0.0.1:7777", 7777, false, false,
                   {QuickMatchTarget{"gunjin", 2}}};
  config.seat_house_bot = [&](std::string_view game, lobby::RoomId room) {
    asked.emplace_back(std::string(game), room);
    return free_bot;
  };
  App app(config);
  const std::uint64_t now = 1000;
  app.connect(now);
  app.on_event(LobbyEvent{lobby::Connected{identity_from(9).public_key()}}, now);
  app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {}}}, now);
  EXPECT_FALSE(app.may_seat_house_bot()) << "not in a room";

  lobby::RoomState room;
  room.room = lobby::RoomId{7};
  room.game = "chess";
  room.seats = {{identity_from(1).public_key(), "alice", false, true}, {}};
  app.on_event(LobbyEvent{room}, now);
  EXPECT_FALSE(app.may_seat_house_bot()) << "no house bots play chess here";
  room.game = "gunjin";
  app.on_event(LobbyEvent{room}, now);
  ASSERT_TRUE(app.may_seat_house_bot());
  app.seat_house_bot(now);
  ASSERT_EQ(asked.size(), 1U);
  EXPECT_EQ(asked[0], (std::pair<std::string, lobby::RoomId>{"gunjin", lobby::RoomId{7}}));
  ASSERT_EQ(app.active_notices(now).size(), 1U);
  EXPECT_EQ(app.active_notices(now)[0].kind, Notice::Kind::info);
  free_bot = false;
  app.seat_house_bot(now);
  ASSERT_EQ(app.active_notices(now).size(), 2U);
  EXPECT_EQ(app.active_notices(now)[1].kind, Notice::Kind::error);

  room.seats[1] = {identity_from(2).public_key(), "house bot", false, true};
  app.on_event(LobbyEvent{room}, now);
  EXPECT_FALSE(app.may_seat_house_bot()) << "no seat open";
  room.seats[1] = {};
  room.phase = lobby::RoomPhase::started;
  app.on_event(LobbyEvent{room}, now);
  EXPECT_FALSE(app.may_seat_house_bot()) << "the game has begun";
  EXPECT_EQ(asked.size(), 2U);
}

// A lobby joined by its address is remembered, first, with the name used; the host's own lobby
// and a reconnection are not news.
TEST(App, ALobbyJoinedByItsAddressIsRememberedWithTheName) {
  AppConfig config{identity_from(1).public_key(), "alice", "10.0.0.5:7777", 7777, false, false};
  config.recent_lobbies = {"10.0.0.9:7777", "10.0.0.5:7777"};
  App app(config);
  EXPECT_EQ(app.recent_lobbies(), config.recent_lobbies);
  EXPECT_FALSE(app.take_memory_to_save());
  app.name_field = "Alice B";
  app.connect(1000);
  EXPECT_FALSE(app.take_memory_to_save()) << "not before the lobby welcomes us";
  app.on_event(LobbyEvent{lobby::Connected{identity_from(9).public_key()}}, 1000);
  app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "Alice B", {}}}, 1000);
  auto saved = app.take_memory_to_save();
  ASSERT_TRUE(saved);
  EXPECT_EQ(*saved, (ClientMemory{"Alice B", {"10.0.0.5:7777", "10.0.0.9:7777"}}));
  EXPECT_EQ(app.recent_lobbies().front(), "10.0.0.5:7777");
  EXPECT_FALSE(app.take_memory_to_save()) << "once";
  app.on_event(LobbyEvent{lobby::Disconnected{"gone"}}, 1000);
  app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{2}, "Alice B", {}}}, 1000);
  EXPECT_FALSE(app.take_memory_to_save()) << "a reconnection";

  App host(config);
  host.host(7777, 1000);
  host.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {}}}, 1000);
  EXPECT_FALSE(host.take_memory_to_save()) << "one's own lobby";
}

// The connect screen searches the LAN every few seconds, lists each table once, forgets one
// that stopped answering, and joins one with the key it answered with; it does not search while
// connecting or once connected.
TEST(App, TheConnectScreenListsTheTablesOfTheLanAndJoinsOneWithItsKey) {
  Client c;
  c.app.tick(c.now);
  EXPECT_EQ(commands_of<SearchLanCommand>(c.app).size(), 1U) << "at once";
  c.app.tick(c.now + App::kLanSearchMs - 1);
  EXPECT_TRUE(commands_of<SearchLanCommand>(c.app).empty());
  c.app.tick(c.now + App::kLanSearchMs);
  EXPECT_EQ(commands_of<SearchLanCommand>(c.app).size(), 1U) << "and again";

  const lobby::LanTable anna{{"192.168.1.5", 7777}, "Anna", identity_from(50).public_key(), 2, 1, 0};
  const lobby::LanTable club{{"192.168.1.9", 7000}, "Club night", identity_from(51).public_key(), 0, 0, 0};
  c.app.on_event(LanTablesFound{{anna}}, c.now);
  c.app.on_event(LanTablesFound{{club}}, c.now + 4000);
  // Anna's lobby answering again, from its other network card and busier: one table still.
  lobby::LanTable anna_again = anna;
  anna_again.lobby.host = "10.0.0.5";
  anna_again.rooms_waiting = 2;
  c.app.on_event(LanTablesFound{{anna_again}}, c.now + 4000);
  ASSERT_EQ(c.app.lan_tables().size(), 2U);
  EXPECT_EQ(c.app.lan_tables()[0].lobby, anna.lobby) << "the address seen first";
  EXPECT_EQ(c.app.lan_tables()[0].rooms_waiting, 2U);
  c.app.on_event(LanTablesFound{{anna}}, c.now + 8000);
  c.app.tick(c.now + 4000 + App::kLanTableForgetMs);
  ASSERT_EQ(c.app.lan_tables().size(), 1U) << "the club stopped answering";
  EXPECT_EQ(c.app.lan_tables()[0].name, "Anna");
  c.app.take_commands();

  c.app.join_lan_table(0, c.now + 15000);
  auto sent = commands_of<ConnectCommand>(c.app);
  ASSERT_EQ(sent.size(), 1U);
  EXPECT_EQ(sent[0].lobby, anna.lobby);
  EXPECT_EQ(sent[0].lobby_key, anna.lobby_key);
  EXPECT_EQ(c.app.address_field, "192.168.1.5:7777");
  c.app.tick(c.now + 30000);
  EXPECT_TRUE(commands_of<SearchLanCommand>(c.app).empty()) << "not while connecting";
  c.lobby(lobby::Connected{anna.lobby_key});
  c.lobby(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
  c.app.tick(c.now + 60000);
  EXPECT_TRUE(commands_of<SearchLanCommand>(c.app).empty()) << "nor in the lobby";

  // Answers as a hundred tables list as many as a search takes.
  Client crowded;
  std::vector<lobby::LanTable> hundred;
  for (std::uint8_t i = 0; i < 100; ++i)
    hundred.push_back({{"192.168.1.20", static_cast<std::uint16_t>(7000 + i)}, "T", identity_from(60).public_key(), 0, 0, 0});
  crowded.app.on_event(LanTablesFound{hundred}, crowded.now);
  EXPECT_EQ(crowded.app.lan_tables().size(), App::kMaxLanTables);

  // `parley client --lobby lan:NAME`: the connection at the start holds the key found.
  AppConfig found{identity_from(1).public_key(), "alice", "192.168.1.5:7777", 7777, true, false};
  found.lobby_key = anna.lobby_key;
  App at_once(found);
  auto first = commands_of<ConnectCommand>(at_once);
  ASSERT_EQ(first.size(), 1U);
  EXPECT_EQ(first[0].lobby_key, anna.lobby_key);

  // A typed address pins no key.
  Client typed;
  typed.app.connect(typed.now);
  auto plain = commands_of<ConnectCommand>(typed.app);
  ASSERT_EQ(plain.size(), 1U);
  EXPECT_FALSE(plain[0].lobby_key.has_value());
}

// A lobby of another parley version is told apart from a lobby that sends garbage.
TEST(App, AMessageOfAnotherFormatVersionSaysWhichSideToUpdate) {
  Client c;
  c.online();
  c.lobby(lobby::ProtocolFault{lobby::WireError::unsupported_version});
  c.lobby(lobby::ProtocolFault{lobby::WireError::truncated});
  const auto& faults = c.app.lobby().faults();
  ASSERT_EQ(faults.size(), 2U);
  EXPECT_NE(faults[0].find("another version of parley"), std::string::npos) << faults[0];
  EXPECT_NE(faults[1].find("the lobby is at fault"), std::string::npos) << faults[1];
}

// `parley host --bot KIND --quick-match`: the Welcome queues where the (first) house bots wait,
// and "Play the house bots" does the same later, for each game that has them; Risiko quick match
// keeps to 3–6 seats.
TEST(App, PlayTheHouseBotsQueuesForTheirGameAndSeats) {
  auto welcome = [](App& app) {
    app.connect(0);
    app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {}}}, 0);
  };
  auto queued = [](App& app) {
    std::vector<QuickMatchCommand> out;
    bool layout = false;
    for (auto& c : app.take_commands()) {
      if (auto* q = std::get_if<QuickMatchCommand>(&c)) out.push_back(*q);
      layout |= prepared_seat<game::gunjin::Layout>(c) != nullptr;
    }
    return std::pair{out, layout};
  };
  const QuickMatchTarget risiko_bots{"risiko", 4}, gunjin_bots{"gunjin", 2};
  AppConfig risiko{identity_from(1).public_key(), "alice", "127.0.0.1:7777", 7777, false, true, {risiko_bots, gunjin_bots}};
  App a(risiko);
  welcome(a);
  auto [first, no_layout] = queued(a);
  ASSERT_EQ(first.size(), 1U);
  EXPECT_EQ(first[0].game, "risiko");
  EXPECT_EQ(first[0].seats, 4);
  EXPECT_FALSE(no_layout);
  a.play_house_bots(risiko_bots);
  auto again = queued(a).first;
  ASSERT_EQ(again.size(), 1U);
  EXPECT_EQ(again[0].game, "risiko");
  // The host's other house bots: their own game and queue.
  a.play_house_bots(gunjin_bots);
  auto [other_game, layout] = queued(a);
  ASSERT_EQ(other_game.size(), 1U);
  EXPECT_EQ(other_game[0].game, "gunjin");
  EXPECT_EQ(other_game[0].seats, 2);
  EXPECT_TRUE(layout);
  a.quick_match("risiko", 2);  // too few for Risiko: the smallest game
  a.quick_match("risiko", 9);  // too many: the largest
  auto clamped = queued(a).first;
  ASSERT_EQ(clamped.size(), 2U);
  EXPECT_EQ(clamped[0].seats, 3);
  EXPECT_EQ(clamped[1].seats, 6);

  AppConfig gunjin{identity_from(2).public_key(), "bob", "127.0.0.1:7777", 7777, false, true, {gunjin_bots}};
  App g(gunjin);
  welcome(g);
  auto [gunjin_queue, layout_sent] = queued(g);
  ASSERT_EQ(gunjin_queue.size(), 1U);
  EXPECT_EQ(gunjin_queue[0].game, "gunjin");
  EXPECT_TRUE(layout_sent) << "a Gunjin quick match commits to the editor's layout";

  // Without house bots: --quick-match is chess for two.
  App c(AppConfig{identity_from(3).public_key(), "carol", "127.0.0.1:7777", 7777, false, true});
  welcome(c);
  auto chess = queued(c).first;
  ASSERT_EQ(chess.size(), 1U);
  EXPECT_EQ(chess[0].game, "chess");
  EXPECT_EQ(chess[0].seats, 2);
}

TEST(App, ARisikoRoomCarriesItsMapAndDice) {
  Client c;
  c.online();
  c.app.take_commands();
  CreateRoomForm form;
  form.game = "risiko";
  form.seats = 4;
  auto created_options = [&]() -> std::optional<peer::risiko::RisikoOptions> {
    c.app.create_room(form, c.now);
    auto created = commands_of<CreateRoomCommand>(c.app);
    if (created.size() != 1) return std::nullopt;
    auto decoded = peer::risiko::decode_risiko_options(created[0].options.game_options);
    return decoded ? std::optional(std::move(decoded).value()) : std::nullopt;
  };
  // The defaults: no blob at all, as a quick-match room.
  c.app.create_room(form, c.now);
  auto plain = commands_of<CreateRoomCommand>(c.app);
  ASSERT_EQ(plain.size(), 1U);
  EXPECT_TRUE(plain[0].options.game_options.empty());
  // A shipped variant with classic dice.
  risiko_screen(c.app).room_form().map = "classic-84";
  risiko_screen(c.app).room_form().dice = game::risiko::DiceRule::classic;
  auto variant = created_options();
  ASSERT_TRUE(variant);
  EXPECT_EQ(variant->map, "classic-84");
  EXPECT_EQ(variant->dice, game::risiko::DiceRule::classic);
  // A map file of the person's own travels formatted in the room.
  form.seats = 3;
  risiko_screen(c.app).room_form().map_file = std::string(peer::testing::kIslandsMap);
  auto own = created_options();
  ASSERT_TRUE(own);
  EXPECT_EQ(own->custom_map, game::risiko::format_map(*game::risiko::parse_map(peer::testing::kIslandsMap)));
  // A broken file, or an unknown map name: a notice naming the fault, and no room.
  std::string broken(peer::testing::kIslandsMap);
  broken.replace(broken.find("border n1 n2"), 12, "border n1 x9");
  risiko_screen(c.app).room_form().map_file = broken;
  c.app.create_room(form, c.now);
  EXPECT_TRUE(c.app.take_commands().empty());
  ASSERT_FALSE(c.app.active_notices(c.now).empty());
  EXPECT_NE(c.app.active_notices(c.now).back().text.find("line 16"), std::string::npos)
      << c.app.active_notices(c.now).back().text;
  risiko_screen(c.app).room_form().map_file.reset();
  risiko_screen(c.app).room_form().map = "atlantis";
  c.app.create_room(form, c.now);
  EXPECT_TRUE(c.app.take_commands().empty());
  EXPECT_NE(c.app.active_notices(c.now).back().text.find("atlantis"), std::string::npos);
}

TEST(App, CreateRoomChecksTheFormAndJoinReachesTheRoomScreen) {
  Client c;
  c.online();
  c.app.take_commands();
  CreateRoomForm form;
  form.seats = 3;
  c.app.create_room(form, c.now);
  EXPECT_TRUE(c.app.take_commands().empty()) << "chess is for two";
  form.seats = 2;
  form.clock_minutes = 5;
  form.increment_seconds = 3;
  form.invite_only = true;
  c.app.create_room(form, c.now);
  auto created = commands_of<CreateRoomCommand>(c.app);
  ASSERT_EQ(created.size(), 1U);
  EXPECT_EQ(created[0].options.clock_base_ms, 300'000U);
  EXPECT_EQ(created[0].options.clock_increment_ms, 3'000U);
  EXPECT_EQ(created[0].visibility, lobby::Visibility::invite_only);

  c.lobby(c.room(lobby::RoomPhase::waiting));
  EXPECT_EQ(c.app.screen(), Screen::room);
  EXPECT_EQ(c.app.lobby().my_seat(), 0);
  c.app.send_chat("  hello  ");
  auto chat = commands_of<ChatCommand>(c.app);
  ASSERT_EQ(chat.size(), 1U);
  EXPECT_EQ(chat[0].text, "hello");
  c.app.leave_room();
  EXPECT_EQ(c.app.screen(), Screen::lobby);
  EXPECT_FALSE(c.app.lobby().room());
}

TEST(App, AGameIsPlayedOnTheBoardAndEndsInTheResultDialog) {
  Client c;
  c.in_game();
  EXPECT_EQ(c.app.screen(), Screen::game);
  ASSERT_TRUE(c.app.game());
  EXPECT_EQ(c.app.game()->me(), kWhite);
  EXPECT_FALSE(c.app.flipped()) << "white sees the board from white's side";
  EXPECT_TRUE(chess_screen(c.app).input().may_move());
  EXPECT_EQ(c.app.game()->status(c.now), "Your move");
  c.app.take_commands();

  // Click-click e2-e4: the move goes to the network thread and the board waits for it.
  chess_screen(c.app).press(sq("e2"));
  chess_screen(c.app).release(sq("e2"));
  chess_screen(c.app).press(sq("e4"));
  auto sent = chess_intents(c.app);
  ASSERT_EQ(sent.size(), 1U);
  EXPECT_EQ(sent[0].kind, ChessIntent::Kind::move);
  EXPECT_EQ(to_uci(sent[0].move), "e2e4");
  ASSERT_TRUE(chess_screen(c.app).pending_move());
  EXPECT_FALSE(chess_screen(c.app).input().may_move()) << "one move at a time";
  EXPECT_FALSE(c.app.can_leave_game());

  c.play("e4");  // the lobby relays it
  EXPECT_FALSE(chess_screen(c.app).pending_move());
  EXPECT_FALSE(chess_screen(c.app).input().may_move());
  c.play("e5");
  EXPECT_TRUE(chess_screen(c.app).input().may_move());
  EXPECT_EQ(chess_screen(c.app).san_moves(), (std::vector<std::string>{"e4", "e5"}));
  EXPECT_EQ(to_uci(*chess_screen(c.app).last_move()), "e7e5");

  chess_screen(c.app).act({ChessIntent::Kind::resign, Move::none(), 0}, c.now);
  auto resign = chess_intents(c.app);
  ASSERT_EQ(resign.size(), 1U);
  EXPECT_EQ(resign[0].kind, ChessIntent::Kind::resign);
  c.t.post(kWhite, c.t.chess_action({Action::Kind::resign, kWhite, Move::none(), 0}));
  c.deliver();
  EXPECT_TRUE(c.app.result_dialog_open());
  ASSERT_TRUE(c.app.game()->result_text());
  EXPECT_NE(c.app.game()->result_text()->find("wins"), std::string::npos);
  EXPECT_TRUE(c.app.can_leave_game());
  auto pgn = chess_screen(c.app).pgn();
  ASSERT_TRUE(pgn) << pgn.error().detail;
  EXPECT_NE(pgn->find("1. e4 e5 0-1"), std::string::npos) << *pgn;
  c.app.close_result_dialog();
  c.app.leave_game();
  EXPECT_EQ(c.app.screen(), Screen::lobby);
  EXPECT_FALSE(c.app.game());
}

TEST(App, BlackSeesTheBoardTurnedAndAnIntentTheRulesRefuseIsSaidAndUndone) {
  Client c(kBlack);
  c.in_game();
  EXPECT_TRUE(c.app.flipped());
  EXPECT_FALSE(chess_screen(c.app).input().may_move());
  chess_screen(c.app).press(sq("e7"));
  EXPECT_FALSE(chess_screen(c.app).input().selected()) << "not black's turn";
  c.play("d4");
  c.app.take_commands();
  chess_screen(c.app).press(sq("d7"));
  chess_screen(c.app).drag({10, 10});
  chess_screen(c.app).release(sq("d5"));
  ASSERT_EQ(chess_intents(c.app).size(), 1U);
  ASSERT_TRUE(chess_screen(c.app).pending_move());
  c.app.on_event(IntentRefused{"d7d5: not legal now"}, c.now);
  EXPECT_FALSE(chess_screen(c.app).pending_move());
  EXPECT_TRUE(chess_screen(c.app).input().may_move()) << "the user may try again";
  ASSERT_FALSE(c.app.active_notices(c.now).empty());
  EXPECT_NE(c.app.active_notices(c.now).back().text.find("not legal"), std::string::npos);
  // A take-back the rules refuse (nothing of black's to undo) is not sent at all.
  chess_screen(c.app).act({ChessIntent::Kind::accept_draw, Move::none(), 0}, c.now);
  EXPECT_TRUE(chess_intents(c.app).empty());
}

TEST(App, ASpectatorWatchesWithoutMovingAndACheatIsABanner) {
  Client c(std::nullopt);
  c.in_game();
  ASSERT_TRUE(c.app.game());
  EXPECT_FALSE(c.app.game()->me());
  EXPECT_TRUE(c.app.can_leave_game());
  chess_screen(c.app).press(sq("e2"));
  EXPECT_FALSE(chess_screen(c.app).input().selected());
  EXPECT_TRUE(c.app.banners().empty());
  c.play("e4");
  Action bad{Action::Kind::move, kBlack, *parse_uci(Position::start(), "d2d4"), 0};
  c.t.post(kBlack, c.t.chess_action(bad));
  c.deliver();
  ASSERT_EQ(c.app.banners().size(), 1U);
  ASSERT_EQ(c.app.game()->alerts().size(), 1U);
  EXPECT_EQ(c.app.game()->alerts()[0].kind, Alert::Kind::cheat);
  EXPECT_EQ(c.app.banners()[0], c.app.game()->alerts()[0].text);
  EXPECT_EQ(peer::testing::refusal_of(c.app.game()->session().seat(kBlack).blame),
            peer::RefusalCode(Illegal::illegal_move));
}

// An offer of the person's that crossed the opponent's is ignored by every peer; the person is
// told, as the offer it made is not the one on the board.
TEST(App, AnActionThatCrossedTheOpponentsIsSaidToBeTooLate) {
  Client c;
  c.in_game();
  c.play("e4");
  const lobby::EntryIndex seen{c.t.lobby.entries().size() - 1};
  const crypto::Digest hash = c.t.session->state_hash();
  c.t.post(kBlack, c.t.chess_action({Action::Kind::offer_draw, kBlack, Move::none(), 0}));
  c.t.post(kWhite, peer::ActionMessage{hash, peer::chess_message({Action::Kind::offer_draw, kWhite, Move::none(), 0})}, seen);
  c.deliver();
  ASSERT_FALSE(c.app.active_notices(c.now).empty());
  const Notice told = c.app.active_notices(c.now).back();
  EXPECT_EQ(told.kind, Notice::Kind::info);
  // The session ignored the offer as late, and the notice gives the person its reason.
  const peer::SessionEvent& late = c.app.game()->session().events().back();
  EXPECT_EQ(late.ignored, peer::Ignored::late_action);
  EXPECT_EQ(late.refusal, peer::RefusalCode(peer::ChessRefusal::crossed_action));
  ASSERT_TRUE(peer::late_reason(late));
  EXPECT_NE(told.text.find(std::string(*peer::late_reason(late))), std::string::npos) << told.text;
  EXPECT_TRUE(c.app.banners().empty()) << "nobody was caught";
  EXPECT_EQ(chess_screen(c.app).chess()->draw_offered_by(), Color::black);
}

// The status line says what the person asked of the opponent and is still waiting for: a draw
// offer until it is answered or the opponent moves, a take-back request until it is answered.
TEST(App, TheStatusSaysWhatThePersonAskedAndWaitsFor) {
  Client c;
  c.in_game();
  c.play("e4");
  const auto status = [&] { return c.app.game()->status(c.now); };
  EXPECT_EQ(status(), c.app.game()->seat_name(kBlack) + " to move");
  c.t.post(kWhite, c.t.chess_action({Action::Kind::offer_draw, kWhite, Move::none(), 0}));
  c.deliver();
  EXPECT_NE(status().find("your draw offer stands until"), std::string::npos) << status();
  c.play("e5");  // declines it
  EXPECT_EQ(status(), "Your move");
  ASSERT_FALSE(c.app.active_notices(c.now).empty());
  EXPECT_EQ(c.app.active_notices(c.now).back().text,
            "Your draw offer is off: " + c.app.game()->seat_name(kBlack) + " did not accept it");
  c.t.post(kWhite, c.t.chess_action({Action::Kind::request_takeback, kWhite, Move::none(), 2}));
  c.deliver();
  EXPECT_NE(status().find("you asked to take back 2 half-moves"), std::string::npos) << status();
  c.t.post(kBlack, c.t.chess_action({Action::Kind::decline_takeback, kBlack, Move::none(), 0}));
  c.deliver();
  EXPECT_EQ(status(), "Your move");
  // What the opponent asks is not the person's to wait for: the panel offers the answers.
  c.t.post(kBlack, c.t.chess_action({Action::Kind::offer_draw, kBlack, Move::none(), 0}));
  c.deliver();
  EXPECT_EQ(status(), "Your move");
}

// The person is told when its draw offer is off and the game goes on (declined, or the opponent
// moved), and not when it was accepted: then the result says so.
TEST(App, ADeclinedDrawOfferIsToldAndAnAcceptedOneIsNot) {
  const auto offers_off = [](Client& c) {
    std::size_t n = 0;
    for (const Notice& notice : c.app.active_notices(c.now)) n += notice.text.starts_with("Your draw offer is off") ? 1 : 0;
    return n;
  };
  Client c;
  c.in_game();
  c.play("e4");
  c.t.post(kWhite, c.t.chess_action({Action::Kind::offer_draw, kWhite, Move::none(), 0}));
  c.deliver();
  EXPECT_EQ(offers_off(c), 0U);
  c.t.post(kBlack, c.t.chess_action({Action::Kind::decline_draw, kBlack, Move::none(), 0}));
  c.deliver();
  EXPECT_EQ(offers_off(c), 1U);
  c.t.post(kWhite, c.t.chess_action({Action::Kind::offer_draw, kWhite, Move::none(), 0}));
  c.deliver();
  c.t.post(kBlack, c.t.chess_action({Action::Kind::accept_draw, kBlack, Move::none(), 0}));
  c.deliver();
  ASSERT_TRUE(c.app.game()->session().outcome());
  EXPECT_EQ(offers_off(c), 1U) << "an accepted offer is not said to be off";
}

TEST(App, LosingTheLobbyReconnectsOrReturnsToConnect) {
  Client c;
  c.online();
  c.app.on_event(ConnectionLost{"timed out", true}, c.now);
  EXPECT_EQ(c.app.screen(), Screen::lobby);
  EXPECT_EQ(c.app.lobby().connection(), Connection::reconnecting);
  c.lobby(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
  EXPECT_EQ(c.app.lobby().connection(), Connection::online);
  c.app.on_event(ConnectionLost{"refused", false}, c.now);
  EXPECT_EQ(c.app.screen(), Screen::connect);
  EXPECT_EQ(c.app.lobby().connection(), Connection::offline);
}

TEST(App, TheReplayOpensFromAnyScreenAndClosesBackToIt) {
  Client c;
  c.online();
  Table t;
  t.start_play();
  auto viewer = ReplayViewer::open(lobby::encode(t.lobby.log()), "x.plog");
  ASSERT_TRUE(viewer);
  c.app.open_replay(std::move(viewer).value());
  EXPECT_EQ(c.app.screen(), Screen::replay);
  ASSERT_TRUE(c.app.replay());
  // Events still move the screen underneath.
  c.lobby(c.room(lobby::RoomPhase::waiting));
  EXPECT_EQ(c.app.screen(), Screen::replay);
  c.app.close_replay();
  EXPECT_EQ(c.app.screen(), Screen::room);
}

TEST(App, AnOutsideLobbyFaultIsABanner) {
  Client c;
  c.online();
  c.lobby(lobby::ProtocolFault{lobby::WireError::truncated});
  ASSERT_EQ(c.app.banners().size(), 1U);
  EXPECT_NE(c.app.banners()[0].find("the lobby is at fault"), std::string::npos);
}

}  // namespace
}  // namespace parley::ui
