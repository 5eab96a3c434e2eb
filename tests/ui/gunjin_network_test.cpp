// End to end: the client's network thread and App play Gunjin as a person would — quick match
// with the layout editor's layout, click-click moves on the board, resign — against a real
// `parley bot gunjin` process through a real lobby (in this process, on 127.0.0.1). The
// person's seat is the session layer's agent, so every proof and duel message is the
// protocol's own: the bot accepts them all, battles are fought and announced, both layouts are
// opened at the end, and both peers' logs are identical and verify.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "games/gunjin/gunjin_strategy.hpp"
#include "games/gunjin/ui/gunjin_screen.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/processes.hpp"
#include "tests/ui/local_lobby.hpp"
#include "ui/core/app.hpp"
#include "ui/net/network_thread.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;
using namespace game::gunjin;

std::uint64_t steady_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

TEST(GunjinClientNetwork, PlaysAGameAgainstParleyBotGunjinThroughARealLobby) {
  const fs::path dir = fs::temp_directory_path() / ("parley-ui-gunjin-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto server = lobby::ServerThread::start(ui::testing::local_lobby_config(dir));
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const std::uint16_t port = (*server)->endpoint().port;
  const std::string address = "127.0.0.1:" + std::to_string(port);

  peer::testing::ParleyProcess bot(dir, "bot",
                                   {"bot", "gunjin", "--lobby", address, "--data", (dir / "bot").string(), "--seed", "5",
                                    "--give-up", "300"});
  const crypto::Identity me = peer::testing::identity_from(0x41);
  App app(AppConfig{me.public_key(), "tester", address, port, true, false});
  NetworkThread net({me, dir / "me", 5});
  net.keep_lobby(std::move(server).value());
  const Layout layout = sensible_layout(17);
  ASSERT_TRUE(gunjin_screen(app).editor().set(layout));

  bool queued = false, resigned = false;
  int my_moves = 0;
  std::uint32_t last_ply = 0;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(240);
  while (!(app.seat() && app.seat()->status == peer::RunnerStatus::finished)) {
    ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish; bot: " << bot.err();
    ASSERT_FALSE(app.seat() && app.seat()->status == peer::RunnerStatus::failed) << app.seat()->failure;
    for (auto& e : net.take_events()) app.on_event(e, steady_ms());
    if (app.screen() == Screen::lobby && !queued) {
      app.quick_match("gunjin", 2);
      queued = true;
    }
    const GunjinBoard* board = gunjin_screen(app).board();
    if (app.screen() == Screen::game && board && board->may_move() && !resigned &&
        (my_moves == 0 || board->view().ply() != last_ply)) {
      if (my_moves == 14 || board->view().phase() != Phase::play) {
        gunjin_screen(app).act(GunjinIntent{GunjinIntent::Kind::resign, {}, {}}, steady_ms());
        resigned = true;
      } else {
        // An attack if there is one, else the first move, clicked: the piece, then the square.
        auto moves = peer::own_moves(board->view(), *board->me());
        ASSERT_FALSE(moves.empty());
        Play pick = moves.front();
        for (const Play& m : moves)
          if (board->view().piece_at(m.to)) pick = m;
        last_ply = board->view().ply();
        gunjin_screen(app).press(pick.from);
        gunjin_screen(app).release(pick.from);
        gunjin_screen(app).press(pick.to);
        ASSERT_TRUE(gunjin_screen(app).board()->pending()) << "the click-click did not make a move";
        ++my_moves;
      }
    }
    for (auto& c : app.take_commands()) net.send(std::move(c));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(app.game());
  ASSERT_TRUE(gunjin_screen(app).board());
  const GunjinBoard& board = *gunjin_screen(app).board();
  EXPECT_EQ(board.layout(), layout) << "the seat played the layout the screen sent";
  EXPECT_GE(my_moves, 1);
  std::printf("moves: %d, battles: %zu, result: %s\n", my_moves, board.announcements().size(), app.game()->result_text().value_or("").c_str());
  ASSERT_TRUE(app.game()->session().outcome());
  for (const auto& e : app.game()->session().events()) EXPECT_NE(e.kind, peer::SessionEvent::Kind::blame) << e.text;
  EXPECT_GE(board.announcements().size(), 1U) << "no battle was fought";
  EXPECT_TRUE(board.armies_open()) << "both layouts are opened at the end";
  EXPECT_EQ(bot.wait(), 0) << bot.err();

  ASSERT_TRUE(app.seat()->log);
  const std::string mine = peer::testing::read_text(*app.seat()->log);
  EXPECT_EQ(mine, peer::testing::read_text(bot.log_path())) << "both peers wrote the same log";
  auto report = peer::verify_bytes({reinterpret_cast<const std::uint8_t*>(mine.data()), mine.size()});
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.game, "gunjin");
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest) << seat.name;
  if (!HasFailure()) fs::remove_all(dir);
}

}  // namespace
}  // namespace parley::ui
