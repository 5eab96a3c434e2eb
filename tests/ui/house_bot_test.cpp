// `parley host --bot gunjin|risiko` without a window: a lobby on 127.0.0.1 (a free port), the
// house bots on their own threads as the host command starts them, and a person's client (App
// and the network thread) that finds them through "Play the house bots" — the quick match they
// wait in. The person plays through the board's input; the bots answer; the game ends and the
// log the person's seat runner wrote verifies with every seat honest. The Risiko person's client
// is also torn down mid-game and started again with the same key and data folder: it takes its
// seat back (its secrets restored) and plays on to the end.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "games/chess/ui/chess_screen.hpp"
#include "games/gunjin/gunjin_strategy.hpp"
#include "games/gunjin/ui/gunjin_screen.hpp"
#include "games/risiko/module.hpp"
#include "games/risiko/ui/risiko_screen.hpp"
#include "peer/bots/game_bots.hpp"
#include "peer/log/verify.hpp"
#include "peer/session/game_module.hpp"
#include "peer/session/options.hpp"
#include "peer/session/risiko_rules.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/processes.hpp"
#include "tests/ui/local_lobby.hpp"
#include "tests/ui/risiko_person.hpp"
#include "ui/core/app.hpp"
#include "ui/net/house_bot.hpp"
#include "ui/net/network_thread.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;

std::uint64_t steady_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

// The host's side: a lobby and the house bots, as `parley host --bot GAME` starts them.
struct Host {
  Host(const std::string& game, int count) {
    dir = fs::temp_directory_path() /
          ("parley-ui-house-" + std::to_string(::getpid()) + "-" + std::to_string(steady_ms()));
    fs::create_directories(dir);
    auto started = lobby::ServerThread::start(ui::testing::local_lobby_config(dir));
    if (!started) throw std::runtime_error(lobby::to_string(started.error()));
    server = std::move(started).value();
    port = server->endpoint().port;
    // As `parley host` counts them: one bot for a game of two, else one seat for the person.
    const auto seats = static_cast<std::uint8_t>(peer::find_game(game)->seats().min > 2 ? count + 1 : 2);
    target = QuickMatchTarget{game, seats};
    for (int i = 0; i < count; ++i)
      bots.push_back(std::make_unique<HouseBot>(HouseBotOptions{lobby::Endpoint{"127.0.0.1", port},
                                                                dir / ("bot" + std::to_string(i)), game, seats, 0,
                                                                "house bot " + std::to_string(i + 1), {}, 0, {}}));
  }
  ~Host() {
    bots.clear();  // each thread stopped and joined
    (void)server->stop();
    std::error_code ignored;
    if (keep.empty()) fs::remove_all(dir, ignored);
  }

  fs::path dir;
  std::unique_ptr<lobby::ServerThread> server;
  std::uint16_t port = 0;
  QuickMatchTarget target;
  std::vector<std::unique_ptr<HouseBot>> bots;
  std::string keep;  // set on failure: the folder stays for a look
};

// The person's client: App and the network thread, queueing where the house bots wait as soon as
// it is connected (what `parley host --bot KIND --quick-match` does).
struct Person {
  Person(const Host& host, const crypto::Identity& me, bool queue_at_once)
      : app(config(host, me, queue_at_once)), net({me, host.dir / "me", 5}) {}
  // As `parley host` wires it: "Seat a house bot" asks the host's bots of the room's game.
  static AppConfig config(const Host& host, const crypto::Identity& me, bool queue_at_once) {
    AppConfig c{me.public_key(), "person", "127.0.0.1:" + std::to_string(host.port), host.port, true, queue_at_once,
                {host.target}};
    c.seat_house_bot = [&host](std::string_view game, lobby::RoomId room) { return invite_free_bot(host.bots, game, room); };
    return c;
  }

  void pump() {
    for (auto& e : net.take_events()) app.on_event(e, steady_ms());
    for (auto& c : app.take_commands()) net.send(std::move(c));
    for (auto& line : app.take_log_lines()) lines.push_back(std::move(line));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  bool finished() const { return app.seat() && app.seat()->status == peer::RunnerStatus::finished; }
  bool failed() const { return app.seat() && app.seat()->status == peer::RunnerStatus::failed; }

  App app;
  NetworkThread net;
  std::vector<std::string> lines;
};

peer::VerifyReport verify_log(const App& app) {
  const std::string bytes = peer::testing::read_text(*app.seat()->log);
  return peer::verify_bytes({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}

TEST(HouseBots, ParseTheHostsBotKinds) {
  EXPECT_EQ(peer::house_bot_game("chess"), "chess");
  EXPECT_EQ(peer::house_bot_game("random"), "chess");  // the old name, kept for scripts
  EXPECT_EQ(peer::house_bot_game("gunjin"), "gunjin");
  EXPECT_EQ(peer::house_bot_game("risiko"), peer::risiko::kRisikoGame);
  EXPECT_FALSE(peer::house_bot_game("go").has_value());
  EXPECT_EQ(peer::house_bot_names(), (std::vector<std::string>{"chess", "random", "gunjin", "risiko"}));
}

TEST(HouseBots, APersonPlaysTheGunjinHouseBotTwiceInARowAndTheLogsVerify) {
  Host host("gunjin", 1);
  const crypto::Identity me = peer::testing::identity_from(0x61);
  Person person(host, me, /*queue_at_once=*/true);
  const game::gunjin::Layout layout = sensible_layout(23);
  ASSERT_TRUE(gunjin_screen(person.app).editor().set(layout));
  App& app = person.app;

  // The first game: moves by click-click (an attack when there is one), then resign.
  int my_moves = 0;
  std::uint32_t last_ply = 0;
  std::uint32_t bot_plies = 0;
  bool resigned = false;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(240);
  while (!person.finished()) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish (" << my_moves << " moves)";
    ASSERT_FALSE(person.failed()) << app.seat()->failure;
    person.pump();
    const GunjinBoard* board = gunjin_screen(app).board();
    if (app.screen() != Screen::game || !board || !board->may_move() || resigned) continue;
    if (my_moves > 0 && board->view().ply() == last_ply) continue;
    if (my_moves > 0) bot_plies += board->view().ply() - last_ply - 1;  // the bot's answers since
    if (my_moves == 12 || board->view().phase() != game::gunjin::Phase::play) {
      gunjin_screen(app).act(GunjinIntent{GunjinIntent::Kind::resign, {}, {}}, steady_ms());
      resigned = true;
      continue;
    }
    auto moves = peer::own_moves(board->view(), *board->me());
    ASSERT_FALSE(moves.empty());
    game::gunjin::Play pick = moves.front();
    for (const auto& m : moves)
      if (board->view().piece_at(m.to)) pick = m;
    last_ply = board->view().ply();
    gunjin_screen(app).press(pick.from);
    gunjin_screen(app).release(pick.from);
    gunjin_screen(app).press(pick.to);
    ASSERT_TRUE(gunjin_screen(app).board()->pending()) << "the click-click did not make a move";
    ++my_moves;
  }
  std::cout << "the person: " << my_moves << " moves, the house bot " << bot_plies << " answers, "
            << gunjin_screen(app).board()->announcements().size() << " battles announced\n";
  EXPECT_TRUE(resigned);
  EXPECT_GE(my_moves, 2);
  EXPECT_GE(bot_plies, static_cast<std::uint32_t>(my_moves - 1)) << "the house bot did not answer every move";
  ASSERT_TRUE(gunjin_screen(app).board());
  EXPECT_EQ(gunjin_screen(app).board()->layout(), layout) << "the seat played the editor's layout";
  EXPECT_TRUE(gunjin_screen(app).board()->armies_open()) << "both layouts are opened at the end";
  ASSERT_TRUE(app.seat()->log);
  const peer::VerifyReport first = verify_log(app);
  EXPECT_TRUE(first.valid) << first.fault;
  EXPECT_EQ(first.game, "gunjin");
  ASSERT_EQ(first.seats.size(), 2u);
  for (const auto& seat : first.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest) << seat.name << seat.reason;
  const auto first_room = app.lobby().room() ? std::optional(app.lobby().room()->room) : std::nullopt;
  const fs::path first_log = *app.seat()->log;

  // One game after another: back in the lobby, the person asks for the house bot again and meets
  // it in a new room; a resignation ends that game too.
  const auto next_give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!app.can_leave_game() && std::chrono::steady_clock::now() < next_give_up) person.pump();
  app.leave_game();
  ASSERT_EQ(app.screen(), Screen::lobby);
  while (host.bots.front()->games_finished() < 1 && std::chrono::steady_clock::now() < next_give_up) person.pump();
  EXPECT_EQ(host.bots.front()->games_finished(), 1);
  app.play_house_bots(host.target);
  bool resigned_again = false;
  while (!(person.finished() && app.seat()->log && *app.seat()->log != first_log)) {
    ASSERT_LT(std::chrono::steady_clock::now(), next_give_up) << "no second game against the house bot";
    person.pump();
    if (!resigned_again && app.screen() == Screen::game && gunjin_screen(app).board() && gunjin_screen(app).board()->may_move()) {
      gunjin_screen(app).act(GunjinIntent{GunjinIntent::Kind::resign, {}, {}}, steady_ms());
      resigned_again = true;
    }
  }
  ASSERT_TRUE(app.lobby().room());
  EXPECT_NE(std::optional(app.lobby().room()->room), first_room);
  const peer::VerifyReport second = verify_log(app);
  EXPECT_TRUE(second.valid) << second.fault;
  if (HasFailure()) host.keep = "yes";
}

// A room the person opened with a clock and an event: "Seat a house bot" brings the bot out of
// the quick-match queue into it; the game is played under the room's options, and afterwards the
// bot waits in the queue again.
TEST(HouseBots, APersonSeatsTheHouseBotInARoomOfTheirOwnWithAClock) {
  Host host("chess", 1);
  const crypto::Identity me = peer::testing::identity_from(0x63);
  Person person(host, me, /*queue_at_once=*/false);
  App& app = person.app;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (app.screen() != Screen::lobby) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "not connected";
    person.pump();
  }
  CreateRoomForm form;
  form.clock_minutes = 5;
  form.increment_seconds = 3;
  form.event = "Club night";
  app.create_room(form, steady_ms());
  while (!app.may_seat_house_bot()) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "no room of one's own";
    person.pump();
  }
  app.seat_house_bot(steady_ms());
  ASSERT_EQ(app.active_notices(steady_ms()).back().kind, Notice::Kind::info) << app.active_notices(steady_ms()).back().text;
  EXPECT_FALSE(host.bots.front()->invite(app.lobby().room()->room)) << "asked once already";
  app.set_ready(true);
  bool resigned = false;
  // The person resigns as soon as the game is in play.
  auto resign_once = [&] {
    if (!resigned && app.screen() == Screen::game && app.game() && app.game()->session().phase() == peer::Phase::play) {
      chess_screen(app).act(ChessIntent{ChessIntent::Kind::resign, {}, 0}, steady_ms());
      resigned = true;
    }
  };
  while (!person.finished()) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish";
    ASSERT_FALSE(person.failed()) << app.seat()->failure;
    person.pump();
    resign_once();
  }
  EXPECT_TRUE(resigned);
  ASSERT_TRUE(app.lobby().room());
  const auto& seats = app.lobby().room()->seats;
  ASSERT_EQ(seats.size(), 2u);
  EXPECT_EQ(seats[1].name, "house bot 1");
  auto options = peer::decode_room_options(app.lobby().room()->options);
  ASSERT_TRUE(options.ok());
  EXPECT_EQ(options->clock_base_ms, 300'000u);
  EXPECT_EQ(options->event, "Club night");
  const peer::VerifyReport report = verify_log(app);
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest) << seat.name << seat.reason;

  // The bot queues again: a quick match finds it. (The first game's log is taken now: the seat's
  // state may be gone once the lobby says the room closed.)
  const fs::path first_log = *app.seat()->log;
  while (!app.can_leave_game() && std::chrono::steady_clock::now() < give_up) person.pump();
  app.leave_game();
  while (host.bots.front()->games_finished() < 1 && std::chrono::steady_clock::now() < give_up) person.pump();
  ASSERT_EQ(host.bots.front()->games_finished(), 1);
  app.play_house_bots(host.target);
  resigned = false;
  while (!(person.finished() && app.seat()->log && *app.seat()->log != first_log)) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the bot did not queue again";
    person.pump();
    resign_once();
  }
  if (HasFailure()) host.keep = "yes";
}

TEST(HouseBots, APersonPlaysRisikoAgainstTwoHouseBotsRestartsItsClientMidGameAndFinishes) {
  const crypto::Identity me = peer::testing::identity_from(0x62);
  std::unique_ptr<Host> host;
  std::unique_ptr<Person> client;
  testing::RisikoPerson person;
  auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(8);

  // The first client: "Play the house bots" at once, then the person plays a little: its first
  // turn's attacks (a strong first turn can run on and on) or a whole turn — the restart may
  // come in the middle of its own turn. A house bot may accomplish its mission before that (once
  // in six runs under ctest -j4 here): then there is nothing to restart into, and a new lobby
  // with new bots plays another game, up to five.
  for (int game = 1;; ++game) {
    host = std::make_unique<Host>("risiko", 2);
    person = testing::RisikoPerson{};
    client = std::make_unique<Person>(*host, me, /*queue_at_once=*/true);
    EXPECT_EQ(client->app.config().house_bots, (std::vector<QuickMatchTarget>{{"risiko", 3}}));
    while (person.turns < 1 && person.attacks < 3 && !client->finished()) {
      ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the person never played";
      ASSERT_FALSE(client->failed()) << client->app.seat()->failure;
      client->pump();
      person.play(risiko_screen(client->app).board(), [&](std::optional<RisikoIntent> i) { risiko_screen(client->app).act(std::move(i)); });
    }
    if (!client->finished()) break;
    ASSERT_LT(game, 5) << "five games ended before the person had played, the last: "
                       << (client->app.game() ? client->app.game()->result_text().value_or("") : "");
    client.reset();
    host.reset();
  }
  ASSERT_TRUE(client->app.lobby().room());
  const lobby::RoomId room = client->app.lobby().room()->room;

  // The client goes away mid-game (its connection closes); what the seat runner kept on disk
  // includes the human player's secrets.
  client.reset();
  bool player_secrets = false;
  for (const auto& f : fs::recursive_directory_iterator(host->dir / "me" / "sessions"))
    player_secrets |= f.path().filename() == "player" && fs::file_size(f.path()) > 0;
  EXPECT_TRUE(player_secrets) << "the runner kept no secrets of the human Risiko player";

  // The same key and data folder again, not queueing: the lobby says the key sits in the room,
  // the client takes its seat back and the person plays on.
  client = std::make_unique<Person>(*host, me, /*queue_at_once=*/false);
  const int turns_before = person.turns;
  const int attacks_before = person.attacks;
  bool saw_mission = false;
  give_up = std::chrono::steady_clock::now() + std::chrono::minutes(8);
  while (!client->finished()) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish after the restart";
    ASSERT_FALSE(client->failed()) << client->app.seat()->failure;
    client->pump();
    person.play(risiko_screen(client->app).board(), [&](std::optional<RisikoIntent> i) { risiko_screen(client->app).act(std::move(i)); });
    if (const RisikoBoard* b = risiko_screen(client->app).board()) saw_mission |= b->own().mission.has_value();
  }
  const App& app = client->app;
  ASSERT_TRUE(app.lobby().room());
  EXPECT_EQ(app.lobby().room()->room, room) << "the restarted client played another game";
  EXPECT_TRUE(saw_mission) << "the restored seat could not open its mission";
  ASSERT_TRUE(app.game() && app.game()->session().outcome());
  const auto& rules = parley::games::risiko::rules_of(app.game()->session());
  ASSERT_TRUE(app.game()->me());
  const game::risiko::PlayerStatus status = rules.state().table.player(*app.game()->me()).status;
  EXPECT_NE(status, game::risiko::PlayerStatus::left) << "the restored seat left the game";
  EXPECT_TRUE(person.turns > turns_before || person.attacks > attacks_before ||
              status == game::risiko::PlayerStatus::eliminated)
      << "the restored seat never played";
  std::cout << "the person: " << person.turns << " turns (" << turns_before << " before the restart), "
            << person.attacks << " attacks; " << app.game()->entry_count() << " entries; "
            << app.game()->result_text().value_or("") << "\n";

  ASSERT_TRUE(app.seat()->log);
  const peer::VerifyReport report = verify_log(app);
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.game, "risiko");
  ASSERT_EQ(report.seats.size(), 3u);
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest) << seat.name << seat.reason;
  // The bots saw it to the end too, and queue again.
  const auto bots_done = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while ((host->bots[0]->games_finished() < 1 || host->bots[1]->games_finished() < 1) &&
         std::chrono::steady_clock::now() < bots_done)
    client->pump();
  EXPECT_EQ(host->bots[0]->games_finished(), 1);
  EXPECT_EQ(host->bots[1]->games_finished(), 1);
  if (HasFailure()) host->keep = "yes";
}

}  // namespace
}  // namespace parley::ui
