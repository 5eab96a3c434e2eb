// The client's network thread against a real lobby on 127.0.0.1 (in this process, on a free
// port) and the house bot: the screens' App is driven as a person would drive it — quick
// match, click-click moves, resign — and the game log the seat runner wrote must verify.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "game/chess/movegen.hpp"
#include "games/chess/ui/chess_screen.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/ui/local_lobby.hpp"
#include "ui/core/app.hpp"
#include "ui/net/house_bot.hpp"
#include "ui/net/network_thread.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;
using namespace game::chess;

std::uint64_t steady_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

struct TempDir {
  TempDir() {
    path = fs::temp_directory_path() / ("parley-ui-test-" + std::to_string(::getpid()) + "-" + std::to_string(steady_ms()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};

TEST(ClientNetwork, PlaysAGameAgainstTheHouseBotThroughARealLobbyAndTheLogVerifies) {
  TempDir dir;
  auto server = lobby::ServerThread::start(ui::testing::local_lobby_config(dir.path));
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const std::uint16_t port = (*server)->endpoint().port;

  HouseBot bot(HouseBotOptions{lobby::Endpoint{"127.0.0.1", port}, dir.path / "bot", "chess", 2, 0, "house bot", {}, 0, {}});
  const crypto::Identity me = peer::testing::identity_from(0x31);
  App app(AppConfig{me.public_key(), "tester", "127.0.0.1:" + std::to_string(port), port, false, true});
  NetworkThread net({me, dir.path / "me", 5});
  net.keep_lobby(std::move(server).value());
  app.host(port, steady_ms());

  int my_moves = 0;
  bool resigned = false;
  std::vector<std::string> log;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(90);
  while (!(app.seat() && app.seat()->status == peer::RunnerStatus::finished)) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish";
    ASSERT_FALSE(app.seat() && app.seat()->status == peer::RunnerStatus::failed) << app.seat()->failure;
    for (auto& e : net.take_events()) app.on_event(e, steady_ms());
    for (auto& c : app.take_commands()) net.send(std::move(c));
    for (auto& line : app.take_log_lines()) log.push_back(line);
    if (app.screen() == Screen::game && app.game() && chess_screen(app).input().may_move()) {
      if (my_moves == 5 && !resigned) {
        chess_screen(app).act({ChessIntent::Kind::resign, Move::none(), 0}, steady_ms());
        resigned = true;
      } else if (!resigned) {
        // The first legal move, as a person would click it: the piece, then its square.
        Move m = *MoveList(chess_screen(app).chess()->position()).begin();
        chess_screen(app).press(m.from());
        chess_screen(app).release(m.from());
        chess_screen(app).press(m.to());
        if (chess_screen(app).input().promotion()) chess_screen(app).choose_promotion(PieceType::queen);
        ASSERT_TRUE(chess_screen(app).pending_move()) << "the click-click did not make a move";
        ++my_moves;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(app.game());
  EXPECT_EQ(my_moves, 5);
  const std::size_t plies = chess_screen(app).chess()->moves().size();
  EXPECT_GE(plies, 9U) << "the bot answered every move";
  ASSERT_TRUE(app.game()->session().outcome());
  EXPECT_EQ(app.game()->session().outcome()->reason, "resignation");
  EXPECT_NE(app.game()->session().outcome()->winner, app.game()->me());
  EXPECT_TRUE(app.result_dialog_open());
  EXPECT_TRUE(app.can_leave_game());

  ASSERT_TRUE(app.seat()->log);
  std::ifstream in(*app.seat()->log, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto decoded = peer::decode_log(bytes);
  ASSERT_TRUE(decoded);
  auto report = peer::verify(*decoded);
  EXPECT_TRUE(report.valid) << report.fault;
  ASSERT_EQ(report.seats.size(), 2U);
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest) << seat.name;

  // The connection comes back to the lobby screens: the next game can be found from there.
  app.leave_game();
  EXPECT_EQ(app.screen(), Screen::lobby);
  bool listed = false;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!listed && std::chrono::steady_clock::now() < until) {
    for (auto& e : net.take_events()) {
      listed |= std::holds_alternative<LobbyEvent>(e) && std::holds_alternative<lobby::RoomList>(std::get<LobbyEvent>(e).event);
      app.on_event(e, steady_ms());
    }
    for (auto& c : app.take_commands()) net.send(std::move(c));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(listed) << "the room list did not come back on the released connection";
}

// A second client watches the game from the room list: it gets the verified entries and its
// own session follows the game move by move, without a seat.
TEST(ClientNetwork, ASpectatorWatchesAGameFromTheRoomList) {
  TempDir dir;
  auto server = lobby::ServerThread::start(ui::testing::local_lobby_config(dir.path));
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const lobby::Endpoint endpoint{"127.0.0.1", (*server)->endpoint().port};
  const std::string address = "127.0.0.1:" + std::to_string(endpoint.port);

  // Two house bots play each other, slowly enough to be watched.
  HouseBot white(HouseBotOptions{endpoint, dir.path / "bot1", "chess", 2, 150, "house bot", {}, 0, {}});
  HouseBot black(HouseBotOptions{endpoint, dir.path / "bot2", "chess", 2, 150, "house bot", {}, 0, {}});
  const crypto::Identity me = peer::testing::identity_from(0x32);
  App app(AppConfig{me.public_key(), "watcher", address, endpoint.port, true, false});
  NetworkThread net({me, dir.path / "me", 5});

  bool joined = false;
  std::size_t plies_seen = 0;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  auto last_refresh = std::chrono::steady_clock::now();
  while (plies_seen < 4) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "nothing to watch";
    for (auto& e : net.take_events()) app.on_event(e, steady_ms());
    if (app.screen() == Screen::lobby && !joined) {
      for (const auto& room : app.lobby().rooms())
        if (room.phase == lobby::RoomPhase::started) {
          app.join(room.room, lobby::Role::spectator);
          joined = true;
        }
      if (!joined && std::chrono::steady_clock::now() - last_refresh > std::chrono::milliseconds(200)) {
        app.refresh_rooms();
        last_refresh = std::chrono::steady_clock::now();
      }
    }
    for (auto& c : app.take_commands()) net.send(std::move(c));
    if (app.game() && (chess_screen(app).chess() != nullptr)) plies_seen = chess_screen(app).chess()->moves().size();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(app.screen(), Screen::game);
  ASSERT_TRUE(app.game());
  EXPECT_FALSE(app.game()->me()) << "a spectator holds no seat";
  EXPECT_FALSE(chess_screen(app).input().may_move());
  EXPECT_TRUE(app.can_leave_game());
  EXPECT_EQ(chess_screen(app).san_moves().size(), plies_seen);
  EXPECT_TRUE(app.banners().empty());
  net.send(DisconnectCommand{});
}

}  // namespace
}  // namespace parley::ui
