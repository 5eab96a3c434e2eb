// End to end without a window: a person's Risiko seat — App, the map's input, the network thread,
// the seat runner with the human player — in a room created from the lobby screen on a real lobby
// (embedded, 127.0.0.1), against two `parley bot risiko` processes. The person plays every turn
// through the map's clicks and buttons (choosing like the heuristic bot would); the game finishes,
// and the log the seat runner wrote verifies with every seat honest.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "games/risiko/ui/risiko_screen.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/processes.hpp"
#include "tests/ui/local_lobby.hpp"
#include "tests/ui/risiko_person.hpp"
#include "ui/core/app.hpp"
#include "ui/net/network_thread.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;

std::uint64_t steady_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

// One game in a new lobby in `dir`, played to its end by the person against two bot processes.
// A bot that moves before the person may accomplish its mission on its first turn (the RisikoBoard
// tests deal again for the same reason); then `person_played` is false and nothing more is checked.
void play_against_two_bots(const fs::path& dir, bool& person_played) {
  person_played = true;
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto server = lobby::ServerThread::start(ui::testing::local_lobby_config(dir));
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const std::uint16_t port = (*server)->endpoint().port;

  const crypto::Identity me = peer::testing::identity_from(0x41);
  App app(AppConfig{me.public_key(), "person", "127.0.0.1:" + std::to_string(port), port, false, false});
  NetworkThread net({me, dir / "me", 5});
  net.keep_lobby(std::move(server).value());
  app.host(port, steady_ms());
  auto pump = [&] {
    for (auto& e : net.take_events()) app.on_event(e, steady_ms());
    for (auto& c : app.take_commands()) net.send(std::move(c));
    (void)app.take_log_lines();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  };
  auto until = [&](auto done, int seconds) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (!done() && std::chrono::steady_clock::now() < give_up) pump();
    return done();
  };

  // The lobby screen: a Risiko room for three, created as the form does it; chess rules refused.
  ASSERT_TRUE(until([&] { return app.screen() == Screen::lobby; }, 20));
  CreateRoomForm form;
  form.game = "risiko";
  form.seats = 2;
  app.create_room(form, steady_ms());
  EXPECT_TRUE(app.take_commands().empty());  // refused: Risiko is for 3 to 6
  form.seats = 3;
  form.event = "ui test";
  app.create_room(form, steady_ms());
  ASSERT_TRUE(until([&] { return app.screen() == Screen::room && app.lobby().room(); }, 20));
  const lobby::RoomId room = app.lobby().room()->room;
  app.set_ready(true);

  std::vector<std::unique_ptr<peer::testing::ParleyProcess>> bots;
  for (int i = 0; i < 2; ++i) {
    const std::string name = "bot" + std::to_string(i);
    bots.push_back(std::make_unique<peer::testing::ParleyProcess>(
        dir, name,
        std::vector<std::string>{"bot", "risiko", "--lobby", "127.0.0.1:" + std::to_string(port), "--room",
                                 std::to_string(room.value), "--data", (dir / name).string(), "--quiet"}));
  }

  testing::RisikoPerson person;
  bool saw_mission = false, saw_dice = false;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(8);
  while (!(app.seat() && app.seat()->status == peer::RunnerStatus::finished)) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish";
    ASSERT_FALSE(app.seat() && app.seat()->status == peer::RunnerStatus::failed) << app.seat()->failure;
    pump();
    person.play(risiko_screen(app).board(), [&](std::optional<RisikoIntent> i) { risiko_screen(app).act(std::move(i)); });
    if (const RisikoBoard* b = risiko_screen(app).board()) {
      saw_mission |= b->own().mission.has_value();
      saw_dice |= b->tracker().last_roll().has_value();
    }
  }
  ASSERT_NE(risiko_screen(app).board(), nullptr);
  ASSERT_TRUE(app.game() && app.game()->session().outcome());
  if (person.turns == 0 && app.game()->session().outcome()->winner) {
    person_played = false;
    return;
  }
  EXPECT_TRUE(saw_mission) << "the seat's mission never reached the map";
  EXPECT_TRUE(saw_dice);
  EXPECT_GT(person.turns, 0);
  EXPECT_GT(person.attacks, 0);
  EXPECT_FALSE(risiko_screen(app).board()->tracker().log().empty());
  std::cout << "the person: " << person.turns << " turns, " << person.attacks << " attacks, " << person.moves
            << " strategic moves, " << person.trades << " trades; " << app.game()->entry_count() << " entries; "
            << *app.game()->result_text() << "\n";

  ASSERT_TRUE(app.seat()->log);
  std::ifstream in(*app.seat()->log, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto decoded = peer::decode_log(bytes);
  ASSERT_TRUE(decoded);
  auto report = peer::verify(*decoded);
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.game, "risiko");
  ASSERT_EQ(report.seats.size(), 3U);
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest) << seat.name << seat.reason;
  for (auto& b : bots) EXPECT_EQ(b->wait(1200), 0) << b->err();
}

TEST(RisikoClientNetwork, APersonPlaysAgainstTwoBotProcessesThroughARealLobbyAndTheLogVerifies) {
  for (int game = 1;; ++game) {
    const fs::path dir =
        fs::temp_directory_path() / ("parley-ui-risiko-" + std::to_string(::getpid()) + "-" + std::to_string(game));
    bool person_played = true;
    play_against_two_bots(dir, person_played);
    if (HasFailure()) return;  // the folder stays, with the bots' output and the logs
    fs::remove_all(dir);
    if (person_played) return;
    ASSERT_LT(game, 5) << "in five games a bot accomplished its mission before the person's first turn";
  }
}

}  // namespace
}  // namespace parley::ui
