// A LAN party without typing addresses: the host's lobby answers LAN searches under the host's
// name, and a friend's client, on its connect screen, lists it and joins it with the key it
// answered with. Searches go to 127.0.0.1 here (the broadcast itself is tested inside a network
// namespace by tests/peer/network_test.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/processes.hpp"
#include "ui/core/app.hpp"
#include "ui/net/network_thread.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;

std::uint64_t clock_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

struct PartyDir {
  explicit PartyDir(const std::string& name)
      : path(fs::temp_directory_path() / ("parley-lan-party-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~PartyDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};

// One person's client without a window: the App and its network thread.
struct Person {
  Person(const fs::path& dir, std::uint8_t key, std::string name, std::vector<lobby::Endpoint> lan_targets,
         std::optional<std::uint16_t> lan_answer_port)
      : identity(peer::testing::identity_from(key)),
        app(AppConfig{identity.public_key(), std::move(name), "127.0.0.1:7777", 7777, false, false}),
        net({identity, dir, 5, std::move(lan_targets), lan_answer_port}) {}

  // One pass of the client's loop.
  void pass() {
    for (auto& e : net.take_events()) {
      if (auto* h = std::get_if<HostStarted>(&e)) hosted = *h;
      app.on_event(e, clock_ms());
    }
    app.tick(clock_ms());
    for (auto& c : app.take_commands()) net.send(std::move(c));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  template <class Done>
  bool until(Done done) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!done()) {
      if (std::chrono::steady_clock::now() > give_up) return false;
      pass();
    }
    return true;
  }

  crypto::Identity identity;
  App app;
  NetworkThread net;
  std::optional<HostStarted> hosted;
};

TEST(LanParty, AFriendsClientFindsTheHostsTableAndJoinsItWithItsKey) {
  PartyDir dir("join");
  Person anna(dir.path / "anna", 0x41, "Anna", {}, std::uint16_t{0});
  anna.app.host(0, clock_ms());
  ASSERT_TRUE(anna.until([&] { return anna.hosted && anna.app.screen() == Screen::lobby; }));
  const HostStarted hosted = *anna.hosted;
  ASSERT_TRUE(hosted.lan_port.has_value()) << "the hosted lobby does not answer LAN searches";
  EXPECT_TRUE(anna.app.host_listed_on_lan()) << "the lobby screen says so";

  Person bruno(dir.path / "bruno", 0x42, "Bruno", {lobby::Endpoint{"127.0.0.1", *hosted.lan_port}}, std::nullopt);
  ASSERT_TRUE(bruno.until([&] { return !bruno.app.lan_tables().empty(); }));
  ASSERT_EQ(bruno.app.lan_tables().size(), 1U);
  const lobby::LanTable table = bruno.app.lan_tables()[0];
  EXPECT_EQ(table.name, "Anna");
  EXPECT_EQ(table.lobby, (lobby::Endpoint{"127.0.0.1", hosted.local.port}));
  EXPECT_EQ(table.lobby_key, *anna.app.lobby().lobby_key());
  EXPECT_EQ(table.players_online, 1U) << "Anna herself";

  bruno.app.join_lan_table(0, clock_ms());
  ASSERT_TRUE(bruno.until([&] { return bruno.app.screen() == Screen::lobby; }));
  EXPECT_EQ(bruno.app.config().lobby_address, lobby::to_string(table.lobby));
  EXPECT_EQ(bruno.app.lobby().lobby_key(), table.lobby_key);
  // The table joined is remembered like an address typed.
  auto memory = bruno.app.take_memory_to_save();
  ASSERT_TRUE(memory.has_value());
  EXPECT_EQ(memory->lobbies, std::vector<std::string>{lobby::to_string(table.lobby)});
}

// The command line's host: the name it answers under, and --no-lan.
TEST(LanParty, TheHostCommandAnswersUnderThePersonsNameUnlessToldNot) {
  PartyDir dir("command");
  ::setenv("SDL_VIDEODRIVER", "offscreen", 1);
  peer::testing::ParleyProcess host(dir.path, "host",
                                    {"host", "--port", "0", "--lan-port", "0", "--name", "Anna B", "--data",
                                     (dir.path / "host").string(), "--quit-after", "60000"});
  const std::string said = "answering LAN searches as \"Anna B\" (UDP port ";
  std::string lan_port;
  ASSERT_TRUE(peer::testing::eventually([&] {
    const std::string out = host.out();
    const auto at = out.find(said);
    if (at == std::string::npos || out.find(')', at) == std::string::npos) return false;
    lan_port = out.substr(at + said.size(), out.find(')', at) - at - said.size());
    return true;
  })) << host.out() << host.err();
  const std::string listening = "lobby listening on port ";
  const std::string out = host.out();
  const std::string lobby_port = out.substr(out.find(listening) + listening.size(),
                                            out.find(';', out.find(listening)) - out.find(listening) - listening.size());

  peer::testing::ParleyProcess lan(dir.path, "lan", {"lan", "--to", "127.0.0.1", "--port", lan_port});
  ASSERT_EQ(lan.wait(), 0) << lan.out() << lan.err();
  EXPECT_NE(lan.out().find("Anna B"), std::string::npos) << lan.out();
  EXPECT_NE(lan.out().find("127.0.0.1:" + lobby_port + " "), std::string::npos) << lan.out();

  peer::testing::ParleyProcess quiet(dir.path, "quiet",
                                     {"host", "--port", "0", "--no-lan", "--data", (dir.path / "quiet").string(),
                                      "--quit-after", "60000"});
  // What it says is printed at once, before the window opens.
  ASSERT_TRUE(peer::testing::eventually([&] { return quiet.out().find("lobby listening on port ") != std::string::npos; }))
      << quiet.err();
  EXPECT_EQ(quiet.out().find("LAN"), std::string::npos) << quiet.out();
}

}  // namespace
}  // namespace parley::ui
