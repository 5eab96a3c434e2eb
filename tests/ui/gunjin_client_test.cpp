// End to end with the real client (window on a private Xvfb display, screens, App, network
// thread) against a real lobby on 127.0.0.1 and a `parley bot gunjin` process: the client
// creates a Gunjin room, rearranges its layout in the room's editor with mouse clicks, plays
// moves on the board by clicking, offers a draw with the button while the bot thinks (a bot with
// a thinking time, which declines by moving), and resigns (drags are not synthesised here: ImGui 1.86's SDL
// back end reads a held button from the display's real pointer, which Xvfb does not press;
// drag and drop is tested in gunjin_core_test and gunjin_render_test); the bot answered every move,
// the seat committed to the edited layout, and both peers' logs are identical and verify.
#include <gtest/gtest.h>

#include "games/gunjin/gunjin_strategy.hpp"
#include "games/gunjin/sdl/gunjin_game_view.hpp"
#include "games/gunjin/ui/gunjin_screen.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/processes.hpp"
#include "tests/ui/client_rig.hpp"
#include "tests/ui/local_lobby.hpp"

namespace parley::ui::sdl {
namespace {

namespace fs = std::filesystem;
using namespace game::gunjin;
using testing::Client;
using testing::steady_ms;
using testing::VirtualDisplay;

TEST(GunjinClient, ArrangesItsLayoutAndPlaysTheBotWithTheMouse) {
  if (!fs::exists("/usr/bin/Xvfb")) GTEST_SKIP() << "Xvfb is not installed (scripts/setup installs xvfb)";
  VirtualDisplay display;
  ASSERT_FALSE(display.name().empty()) << "Xvfb did not start";
  ::setenv("DISPLAY", display.name().c_str(), 1);
  const fs::path dir = fs::temp_directory_path() / ("parley-ui-gunjin-e2e-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto server = lobby::ServerThread::start(ui::testing::local_lobby_config(dir));
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const std::uint16_t port = (*server)->endpoint().port;
  {
    Client client(peer::testing::identity_from(0x51), port, dir / "me", /*quick_match=*/false);
    App& app = client.app;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(180);
    auto until = [&](auto done, const char* what) {
      while (!done()) {
        ASSERT_LT(std::chrono::steady_clock::now(), give_up) << what;
        client.frame();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    };
    until([&] { return app.screen() == Screen::lobby; }, "not connected");
    CreateRoomForm form;
    form.game = "gunjin";
    app.create_room(form, steady_ms());
    until([&] { return app.screen() == Screen::room && app.lobby().room(); }, "no room");

    // The layout editor: click two pieces of different kinds (second row) to swap them.
    until([&] { return gunjin_view(*client.screens).editor_geometry().has_value(); }, "no layout editor");
    const GunjinBoardGeometry editor = *gunjin_view(*client.screens).editor_geometry();
    const Layout before = gunjin_screen(app).editor().layout();
    std::uint8_t a = 5, b = 6;
    while (before[a] == before[b]) ++b;
    client.click(editor.square_rect(Square{a}).center());
    ASSERT_EQ(gunjin_screen(app).editor().selected(), a) << "the click did not pick the piece up";
    client.click(editor.square_rect(Square{b}).center());
    const Layout edited = gunjin_screen(app).editor().layout();
    EXPECT_EQ(edited[a], before[b]);
    EXPECT_EQ(edited[b], before[a]);
    // A mine cannot be put on a gate: the click on the gate is refused, the layout unchanged.
    const auto mine_slot = static_cast<std::uint8_t>(std::find(edited.begin(), edited.end(), Kind::mine) - edited.begin());
    client.click(editor.square_rect(Square{mine_slot}).center());
    client.click(editor.square_rect(Square{18}).center());
    EXPECT_EQ(gunjin_screen(app).editor().layout(), edited);
    EXPECT_NE(gunjin_screen(app).editor().refusal().find("gate"), std::string::npos);
    app.set_ready(true);
    // Once ready, the layout is committed: the editor no longer takes clicks.
    until([&] { return app.lobby().room()->seats[*app.lobby().my_seat()].ready; }, "not ready");
    client.click(editor.square_rect(Square{a}).center());
    EXPECT_EQ(gunjin_screen(app).editor().selected(), std::nullopt) << "the editor is locked while ready";

    const std::string room = std::to_string(app.lobby().room()->room.value);
    peer::testing::ParleyProcess bot(dir, "bot",
                                     {"bot", "gunjin", "--lobby", "127.0.0.1:" + std::to_string(port), "--room", room,
                                      "--data", (dir / "bot").string(), "--seed", "6", "--give-up", "200",
                                      "--delay", "1500"});

    int clicked = 0;
    bool resigned = false;
    int offers = 0;       // draws offered with the button while the bot thought (it declines by moving)
    int late_offers = 0;  // offers that crossed the bot's move and were ignored as late: a race, allowed
    const auto my_late_actions = [&] {
      const auto& events = app.game()->session().events();
      return std::count_if(events.begin(), events.end(), [&](const peer::SessionEvent& e) {
        return peer::late_reason(e) && e.seat == gunjin_screen(app).board()->me();
      });
    };
    while (!(app.seat() && app.seat()->status == peer::RunnerStatus::finished)) {
      ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish; bot: " << bot.err();
      ASSERT_FALSE(app.seat() && app.seat()->status == peer::RunnerStatus::failed) << app.seat()->failure;
      client.frame();
      const GunjinBoard* board = gunjin_screen(app).board();
      // The bot's turn in the view, not the person's own move still on its way.
      const bool bots_turn = board && board->me() && !board->pending() && board->view().phase() == Phase::play &&
                             board->view().to_move() != *board->me();
      if (app.screen() == Screen::game && bots_turn && board->may_offer_draw() && clicked >= 2 && offers < 2 &&
          !resigned) {
        // The person offers a draw without waiting for its own turn. It lands, or, when the
        // bot's move was already on its way, it is ignored as late; a click that offered
        // nothing is a failure.
        ASSERT_LT(late_offers, 4) << "every offer crossed the bot's move";
        const auto button = gunjin_view(*client.screens).drawn_button("Offer draw");
        ASSERT_TRUE(button) << "no Offer draw button on the opponent's turn";
        const auto late_before = my_late_actions();
        client.click(button->center());
        const bool answered = client.frames_until(
            [&] { return gunjin_screen(app).board()->view().draw_offer() == gunjin_screen(app).board()->me() || my_late_actions() > late_before; }, 10);
        ASSERT_TRUE(answered) << "the click offered no draw";
        if (gunjin_screen(app).board()->view().draw_offer() == gunjin_screen(app).board()->me())
          ++offers;
        else
          ++late_offers;
        continue;
      }
      if (app.screen() != Screen::game || !board || !board->may_move() || resigned) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        continue;
      }
      if (clicked >= 6 && offers == 2) {
        gunjin_screen(app).act(GunjinIntent{GunjinIntent::Kind::resign, {}, {}}, steady_ms());
        resigned = true;
        continue;
      }
      ASSERT_TRUE(gunjin_view(*client.screens).board_geometry());
      const GunjinBoardGeometry g = *gunjin_view(*client.screens).board_geometry();
      auto moves = peer::own_moves(board->view(), *board->me());
      ASSERT_FALSE(moves.empty());
      const Play m = moves[static_cast<std::size_t>(clicked) % moves.size()];
      const std::uint32_t ply = board->view().ply();
      const Point from = g.square_rect(m.from).center(), to = g.square_rect(m.to).center();
      client.click(from);
      ASSERT_EQ(gunjin_screen(app).board()->selected(), m.from) << "the click did not pick up the piece";
      client.click(to);
      ++clicked;
      ASSERT_TRUE(gunjin_screen(app).board()->pending() || gunjin_screen(app).board()->view().ply() > ply) << "the move was not made";
    }
    const GunjinBoard& board = *gunjin_screen(app).board();
    EXPECT_GE(clicked, 6);
    EXPECT_EQ(offers, 2);
    EXPECT_EQ(board.layout(), edited) << "the seat committed to the edited layout";
    ASSERT_TRUE(app.game()->session().outcome());
    EXPECT_EQ(app.game()->session().outcome()->reason, "resignation");
    EXPECT_GE(board.view().ply(), 12U) << "the bot answered every move";
    EXPECT_TRUE(board.armies_open());
    EXPECT_EQ(bot.wait(), 0) << bot.err();
    const std::string mine = peer::testing::read_text(*app.seat()->log);
    EXPECT_EQ(mine, peer::testing::read_text(bot.log_path()));
    auto report = peer::verify_bytes({reinterpret_cast<const std::uint8_t*>(mine.data()), mine.size()});
    EXPECT_TRUE(report.valid) << report.fault;
    for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest) << seat.name;
    // The board after the end, both armies face up, as a picture to look at.
    app.close_result_dialog();
    client.frame();
    client.frame();
    EXPECT_TRUE(write_png(client.window->read_pixels(),
                          (fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/gunjin-e2e-end.png").string()));
  }
  if (!::testing::Test::HasFailure()) fs::remove_all(dir);
}

}  // namespace
}  // namespace parley::ui::sdl
