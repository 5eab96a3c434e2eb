// The lobby's common room end to end: two clients (App and its network thread, no window)
// against a real lobby on 127.0.0.1 in this process. Each sees the other online and what they
// do, the queue one of them waits in counted for the other, and the lobby chat between them;
// entering a room stops watching (the lobby counts a watcher less).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/peer/fake_lobby.hpp"
#include "tests/ui/local_lobby.hpp"
#include "ui/core/app.hpp"
#include "ui/net/network_thread.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;

std::uint64_t common_room_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

struct CommonRoomDir {
  CommonRoomDir() : path(fs::temp_directory_path() / ("parley-common-room-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~CommonRoomDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};

struct Visitor {
  Visitor(const fs::path& dir, std::uint8_t key, std::string name, std::uint16_t port)
      : identity(peer::testing::identity_from(key)),
        app(config(std::move(name), port)),
        net({identity, dir, 5}) {}
  AppConfig config(std::string name, std::uint16_t port) const {
    AppConfig c{identity.public_key(), std::move(name), "127.0.0.1:" + std::to_string(port), port, false, false};
    c.player_list_refresh_ms = 300;  // activities change without the count: seen sooner here
    return c;
  }
  void pass() {
    for (auto& e : net.take_events()) app.on_event(e, common_room_ms());
    app.tick(common_room_ms());
    for (auto& c : app.take_commands()) net.send(std::move(c));
  }
  const lobby::PlayerSummary* listed(std::string_view name) const {
    for (const auto& p : app.lobby().players())
      if (p.name == name) return &p;
    return nullptr;
  }

  crypto::Identity identity;
  App app;
  NetworkThread net;
};

// Both clients' loops until `done` (30 s at most).
template <class Done>
bool both_until(Visitor& a, Visitor& b, Done done) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!done()) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    a.pass();
    b.pass();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

TEST(CommonRoomClient, TwoClientsSeeEachOtherTheQueueAndTheLobbyChat) {
  CommonRoomDir dir;
  auto server = lobby::ServerThread::start(ui::testing::local_lobby_config(dir.path / "lobby"));
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const std::uint16_t port = (*server)->endpoint().port;
  Visitor ada(dir.path / "ada", 0x61, "Ada", port), bo(dir.path / "bo", 0x62, "Bo", port);
  ada.app.connect(common_room_ms());
  bo.app.connect(common_room_ms());

  // Each lists both, in the lobby; the pulse counts two.
  ASSERT_TRUE(both_until(ada, bo, [&] {
    return ada.listed("Ada") && ada.listed("Bo") && bo.listed("Ada") && bo.listed("Bo") &&
           ada.app.lobby().players_online() == 2;
  })) << "players listed: " << ada.app.lobby().players().size() << " and " << bo.app.lobby().players().size();
  EXPECT_EQ(ada.app.lobby().lobby_room(), LobbyRoom::served);
  EXPECT_EQ(ada.listed("Bo")->activity, lobby::Activity::idle);

  // Bo waits for a Risiko game of four: Ada sees the queue's count and Bo waiting.
  bo.app.quick_match("risiko", 4);
  ASSERT_TRUE(both_until(ada, bo, [&] {
    const lobby::PlayerSummary* b = ada.listed("Bo");
    return ada.app.lobby().waiting("risiko", 4) == 1 && b && b->activity == lobby::Activity::queued;
  })) << "waiting: " << ada.app.lobby().waiting("risiko", 4);
  EXPECT_EQ(ada.app.lobby().waiting("risiko", 3), 0U);

  // Lobby chat, both ways, apart from any room's.
  ada.app.send_lobby_chat("anyone for chess?");
  ASSERT_TRUE(both_until(ada, bo, [&] { return !bo.app.lobby().lobby_chat().empty() && !ada.app.lobby().lobby_chat().empty(); }));
  EXPECT_EQ(bo.app.lobby().lobby_chat().back().name, "Ada");
  EXPECT_EQ(bo.app.lobby().lobby_chat().back().text, "anyone for chess?");
  EXPECT_FALSE(bo.app.lobby().lobby_chat().back().mine);
  EXPECT_TRUE(ada.app.lobby().lobby_chat().back().mine);

  // Bo stops queueing and opens a room: the lobby screen is left, watching stops; Ada's chat no
  // longer reaches Bo, and Ada sees Bo's queue empty.
  bo.app.leave_queue();
  CreateRoomForm form;
  form.game = "chess";
  bo.app.create_room(form, common_room_ms());
  ASSERT_TRUE(both_until(ada, bo, [&] { return bo.app.screen() == Screen::room && !bo.app.watching_lobby(); }));
  ASSERT_TRUE(both_until(ada, bo, [&] { return ada.app.lobby().waiting("risiko", 4) == 0; }));
  const std::size_t bo_lines = bo.app.lobby().lobby_chat().size();
  ada.app.send_lobby_chat("still here?");
  ASSERT_TRUE(both_until(ada, bo, [&] { return ada.app.lobby().lobby_chat().size() == 2; }));
  // Bo's client would have had it by now (Ada's own echo came through the same lobby).
  for (int i = 0; i < 40; ++i) {
    ada.pass();
    bo.pass();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(bo.app.lobby().lobby_chat().size(), bo_lines) << "a client in a room does not watch the lobby";
  EXPECT_TRUE(ada.app.active_notices(common_room_ms()).empty());
  EXPECT_TRUE(bo.app.active_notices(common_room_ms()).empty());
}

}  // namespace
}  // namespace parley::ui
