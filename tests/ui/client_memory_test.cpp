// What the client remembers between runs: the name and the lobbies last joined, read leniently
// from a file a person may edit, written whole.
#include "ui/core/client_memory.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ui/sdl/client.hpp"

namespace parley::ui {
namespace {

TEST(ClientMemory, ReadsWhatItWroteAndLeavesOutWhatItCannotUse) {
  const ClientMemory memory{"Anna", {"192.168.1.20:7777", "games.example.org:7777"}};
  EXPECT_EQ(format_client_memory(memory), "name Anna\nlobby 192.168.1.20:7777\nlobby games.example.org:7777\n");
  EXPECT_EQ(read_client_memory(format_client_memory(memory)), memory);

  // Edited by hand: Windows line ends, a comment, an unknown line, a name with an escape
  // sequence, addresses without a port or with a bad host, a repeat, a second name.
  const std::string edited =
      "# my lobbies\r\nname Anna\r\ncolour blue\nlobby 192.168.1.20:7777\nlobby nowhere\nlobby bad host:1\n"
      "lobby 192.168.1.20:7777\nname Other\nlobby 10.0.0.1:07777\n";
  EXPECT_EQ(read_client_memory(edited), (ClientMemory{"Anna", {"192.168.1.20:7777", "10.0.0.1:7777"}}));
  EXPECT_EQ(read_client_memory("name \x1b[2JEve\n").display_name, "");
  EXPECT_EQ(read_client_memory(""), ClientMemory{});

  // At most kMaxRememberedLobbies; a file past its bound is not read at all.
  std::string many;
  for (int i = 1; i <= 20; ++i) many += "lobby host" + std::to_string(i) + ":7777\n";
  const ClientMemory kept = read_client_memory(many);
  ASSERT_EQ(kept.lobbies.size(), kMaxRememberedLobbies);
  EXPECT_EQ(kept.lobbies.back(), "host8:7777");
  EXPECT_EQ(read_client_memory("name Anna\n" + std::string(kMaxClientMemoryBytes, '\n')), ClientMemory{});
}

TEST(ClientMemory, TheLobbyJustJoinedComesFirstAndOnce) {
  ClientMemory memory{"Anna", {"a:1", "b:2", "c:3"}};
  memory = remember(memory, "Anna B", "c:3");
  EXPECT_EQ(memory, (ClientMemory{"Anna B", {"c:3", "a:1", "b:2"}}));
  memory = remember(memory, "", "d:4");  // no valid name: the one remembered stays
  EXPECT_EQ(memory, (ClientMemory{"Anna B", {"d:4", "c:3", "a:1", "b:2"}}));
  for (int i = 0; i < 10; ++i) memory = remember(memory, "Anna B", "h" + std::to_string(i) + ":1");
  ASSERT_EQ(memory.lobbies.size(), kMaxRememberedLobbies);
  EXPECT_EQ(memory.lobbies.front(), "h9:1");
}

TEST(ClientMemory, TheFileInTheDataFolderIsWrittenWholeAndReadBack) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("parley-client-memory-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  EXPECT_EQ(sdl::load_client_memory(dir), ClientMemory{}) << "no folder yet: nothing remembered";
  const ClientMemory memory{"Anna", {"192.168.1.20:7777"}};
  ASSERT_TRUE(sdl::save_client_memory(dir, memory)) << "the folder is made";
  EXPECT_EQ(sdl::load_client_memory(dir), memory);
  {
    std::ofstream big(dir / "client.txt", std::ios::binary | std::ios::trunc);
    big << "name Anna\n" << std::string(kMaxClientMemoryBytes, ' ');
  }
  EXPECT_EQ(sdl::load_client_memory(dir), ClientMemory{}) << "a file past the bound is not read";
  std::filesystem::remove_all(dir);
}

// The Language menu's choice: kept, written back, carried through remember(); anything but two
// lowercase letters is not a language code.
TEST(ClientMemory, KeepsTheLanguageChosenFromTheMenu) {
  const ClientMemory memory{"Anna", {"a:1"}, "ja"};
  EXPECT_EQ(format_client_memory(memory), "name Anna\nlobby a:1\nlanguage ja\n");
  EXPECT_EQ(read_client_memory(format_client_memory(memory)), memory);
  EXPECT_EQ(remember(memory, "Anna", "b:2").language, "ja");
  EXPECT_EQ(read_client_memory("language ../x\nlanguage JA\nlanguage ita\n").language, "");
  EXPECT_EQ(read_client_memory("language it\nlanguage ja\n").language, "it");
}

// The command line the client restarts with: the new language, nothing done once repeated.
TEST(ClientRestart, DropsTheOldLanguageTheQuickMatchAndTheReplay) {
  const std::vector<std::string> args = {"/usr/bin/parley", "--lang", "en", "client", "--lobby", "h:1", "--quick-match",
                                         "--replay=x.plog", "--replay", "y.plog", "--lang=it", "--name", "Anna"};
  EXPECT_EQ(sdl::restart_arguments(args, "ja"), (std::vector<std::string>{"/usr/bin/parley", "--lang=ja", "client",
                                                                          "--lobby", "h:1", "--name", "Anna"}));
  EXPECT_EQ(sdl::restart_arguments({"parley-client", "client", "--", "--lang"}, "it"),
            (std::vector<std::string>{"parley-client", "--lang=it", "client", "--", "--lang"}));
}

}  // namespace
}  // namespace parley::ui
