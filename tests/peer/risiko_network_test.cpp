// Risiko through a real parley-lobby on 127.0.0.1 with real `parley bot risiko` processes:
// every peer runs every check on every entry; the game finishes, every peer writes the same log
// bytes, and the log verifies (also through `parley verify`) — also when one bot is killed in
// the middle of the game and started again.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>

#include "game/risiko/map_format.hpp"
#include "peer/log/verify.hpp"
#include "peer/session/options.hpp"
#include "peer/session/risiko_messages.hpp"
#include "peer/session/risiko_options.hpp"
#include "tests/lobby/lobby_process.hpp"
#include "tests/peer/processes.hpp"
#include "tests/peer/risiko_users_map.hpp"

namespace parley::peer {
namespace {

namespace fs = std::filesystem;
using lobby::testing::LobbyProcess;
using testing::ParleyProcess;
using testing::eventually;
using testing::read_text;
using testing::stored_entry_bytes;
using testing::verify_file;

// Where the crash test kills its bot: past the setup (a 3-seat setup is about 43 kB of entries,
// a turn's entries about 0.3 kB each; a whole game some 150–200 kB), a few turns into play.
constexpr std::uintmax_t kKillAfterBytes = 55'000;

// Where a bot keeps its player's secrets for its (first) game.
std::optional<fs::path> kept_player_secrets(const fs::path& data) {
  std::error_code ec;
  if (!fs::is_directory(data / "sessions", ec)) return std::nullopt;
  for (const auto& s : fs::directory_iterator(data / "sessions", ec))
    if (fs::exists(s.path() / "player", ec)) return s.path() / "player";
  return std::nullopt;
}

class RisikoNetwork : public testing::NetworkFixture<::testing::TestWithParam<int>> {
 protected:
  RisikoNetwork() : NetworkFixture("risiko", 500) {}
};

TEST_P(RisikoNetwork, BotsFinishAGameWithIdenticalLogsThatVerify) {
  const int seats = GetParam();
  LobbyProcess lobby(dir_);
  std::vector<std::unique_ptr<ParleyProcess>> bots;
  for (int i = 0; i < seats; ++i) {
    const std::string name = "bot" + std::to_string(i);
    bots.push_back(std::make_unique<ParleyProcess>(
        dir_, name, bot(lobby, name, {"--quick-match", std::to_string(seats), "--quiet"})));
  }
  for (auto& b : bots) ASSERT_EQ(b->wait(12000), 0) << b->err();  // up to 10 minutes
  const std::string log = read_text(bots[0]->log_path());
  for (auto& b : bots) {
    EXPECT_EQ(read_text(b->log_path()), log);
    EXPECT_EQ(b->result(), bots[0]->result());
  }
  const auto report = verify_bytes({reinterpret_cast<const std::uint8_t*>(log.data()), log.size()});
  EXPECT_TRUE(report.valid) << report.fault;
  ASSERT_TRUE(report.outcome);
  EXPECT_TRUE(report.outcome->winner) << bots[0]->result();
  EXPECT_EQ(report.game, "risiko");
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
  ParleyProcess verify(dir_, "verify", {"verify", "--lobby-key", (dir_ / "lobby.db.key").string(), bots[0]->log_path()});
  EXPECT_EQ(verify.wait(), 0) << verify.out();
}

// The Risiko messages of a log, with the seat that posted each.
std::vector<std::pair<Seat, risiko::Message>> risiko_messages(const std::string& bytes) {
  std::vector<std::pair<Seat, risiko::Message>> out;
  auto log = decode_log({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
  if (!log) return out;
  for (const auto& e : log->entries) {
    const auto* env = std::get_if<lobby::SignedEnvelope>(&e.entry.payload);
    if (env == nullptr) continue;
    auto message = decode_message(env->envelope.kind, env->envelope.body);
    if (!message || !std::holds_alternative<ActionMessage>(*message)) continue;
    if (auto game = risiko::decode_message(std::get<ActionMessage>(*message).game_message))
      out.emplace_back(env->envelope.seat, std::move(game).value());
  }
  return out;
}

// A bot killed (SIGKILL) in the middle of a 3-seat game — its deck key, hash chain, X25519 key
// and placement opening kept only in its data directory — restarts, reloads them, and plays on
// as the same seat: it does not leave, the game finishes, every peer writes the same log and
// every seat verifies honest.
class RisikoNetworkCrash : public testing::NetworkFixture<> {
 protected:
  RisikoNetworkCrash() : NetworkFixture("risiko", 500) {}
};

TEST_F(RisikoNetworkCrash, ABotKilledMidGameRestartsFromItsSecretsAndFinishes) {
  LobbyProcess lobby(dir_);
  // A game can end before the kill point (a mission accomplished in a few turns): then the
  // three bots play another, in the next room.
  std::unique_ptr<ParleyProcess> a, b, c1;
  std::string c;
  std::vector<std::string> c_args;
  for (int game = 1; game <= 5; ++game) {
    const std::string n = std::to_string(game);
    a = std::make_unique<ParleyProcess>(dir_, "a" + n, bot(lobby, "a" + n, {"--create", "3"}));
    ASSERT_TRUE(eventually([&] { return a->err().find("room " + n + ":") != std::string::npos; }, 120)) << a->err();
    b = std::make_unique<ParleyProcess>(dir_, "b" + n, bot(lobby, "b" + n, {"--room", n, "--quiet"}));
    c = "c" + n;
    c_args = bot(lobby, c, {"--room", n, "--identity", (dir_ / (c + ".key")).string()});
    c1 = std::make_unique<ParleyProcess>(dir_, c + "-1", c_args);
    // Keys, both decks shuffled and proven, missions dealt, placements made, and some turns
    // played (with dice from c's chain): then c dies with no chance to clean up.
    ASSERT_TRUE(eventually([&] { return stored_entry_bytes(dir_ / c) > kKillAfterBytes || !c1->result().empty(); }, 120))
        << c1->err();
    if (c1->result().empty()) break;
    ASSERT_LT(game, 5) << "every game ended before the kill point";
    for (ParleyProcess* p : {a.get(), b.get(), c1.get()}) ASSERT_EQ(p->wait(12000), 0) << p->err();
  }
  c1->kill9();
  const std::uintmax_t kept_at_kill = stored_entry_bytes(dir_ / c);
  // Its secrets were on disk, readable by its owner alone.
  const auto secrets = kept_player_secrets(dir_ / c);
  ASSERT_TRUE(secrets);
  EXPECT_EQ(fs::status(*secrets).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
  ParleyProcess c2(dir_, c + "-2", c_args);
  ASSERT_EQ(c2.wait(12000), 0) << c2.err();
  ASSERT_EQ(a->wait(12000), 0) << a->err();
  ASSERT_EQ(b->wait(12000), 0) << b->err();
  EXPECT_NE(c2.err().find("resuming the game in room " + c.substr(1)), std::string::npos) << c2.err();

  const std::string log = read_text(a->log_path());
  EXPECT_EQ(read_text(b->log_path()), log);
  EXPECT_EQ(read_text(c2.log_path()), log);
  // The game went on well past the kill, with c's seat honest and never gone: c2 played it.
  EXPECT_GT(log.size(), kept_at_kill + 10'000);
  EXPECT_EQ(c2.result(), a->result());
  const auto report = verify_file(a->log_path());
  EXPECT_TRUE(report.valid) << report.fault;
  ASSERT_TRUE(report.outcome);
  EXPECT_TRUE(report.outcome->winner) << a->result();
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
  // Nobody left: the restarted seat answered for its key, its dice and its cards itself.
  const auto messages = risiko_messages(log);
  EXPECT_GT(messages.size(), 0u);
  for (const auto& [seat, m] : messages)
    EXPECT_FALSE(std::holds_alternative<risiko::LeaveMessage>(m)) << "seat " << int(seat.index) << " left";
  ParleyProcess verify(dir_, "verify", {"verify", "--lobby-key", (dir_ / "lobby.db.key").string(), a->log_path(), c2.log_path()});
  EXPECT_EQ(verify.wait(), 0) << verify.out();
}

// A map of the user's own, written for this test: the game's creator names the file, the other
// bots have no copy, and every peer plays it from the room's options.
class RisikoNetworkMap : public testing::NetworkFixture<> {
 protected:
  RisikoNetworkMap() : NetworkFixture("risiko", 500) {}
};

TEST_F(RisikoNetworkMap, BotsPlayAUsersMapFileWithClassicDiceAndTheLogCarriesIt) {
  const fs::path map_file = dir_ / "islands.map";
  std::ofstream(map_file) << testing::kIslandsMap;
  LobbyProcess lobby(dir_);
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--create", "3", "--map", map_file.string(), "--dice", "classic"}));
  ASSERT_TRUE(eventually([&] { return a.err().find("room 1:") != std::string::npos; }, 120)) << a.err();
  ParleyProcess b(dir_, "b", bot(lobby, "b", {"--room", "1", "--quiet"}));
  ParleyProcess c(dir_, "c", bot(lobby, "c", {"--room", "1", "--quiet"}));
  ASSERT_EQ(a.wait(12000), 0) << a.err();
  ASSERT_EQ(b.wait(12000), 0) << b.err();
  ASSERT_EQ(c.wait(12000), 0) << c.err();
  const std::string log = read_text(a.log_path());
  EXPECT_EQ(read_text(b.log_path()), log);
  EXPECT_EQ(read_text(c.log_path()), log);
  const auto report = verify_file(a.log_path());
  EXPECT_TRUE(report.valid) << report.fault;
  ASSERT_TRUE(report.outcome);
  EXPECT_TRUE(report.outcome->winner) << a.result();
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;

  // The genesis the lobby signed holds the map (formatted) and the dice rule.
  auto decoded = decode_log({reinterpret_cast<const std::uint8_t*>(log.data()), log.size()});
  ASSERT_TRUE(decoded.ok());
  const auto* genesis = std::get_if<lobby::Genesis>(&decoded->entries.front().entry.payload);
  ASSERT_NE(genesis, nullptr);
  auto room = decode_room_options(genesis->options);
  ASSERT_TRUE(room.ok());
  auto options = risiko::decode_risiko_options(room->game_options);
  ASSERT_TRUE(options.ok());
  EXPECT_EQ(options->custom_map, game::risiko::format_map(*game::risiko::parse_map(testing::kIslandsMap)));
  EXPECT_EQ(options->dice, game::risiko::DiceRule::classic);
}

TEST_F(RisikoNetworkMap, ABadMapFileOrAMapWithoutCreateIsAUsageErrorBeforeAnyConnection) {
  const fs::path broken = dir_ / "broken.map";
  std::string text(testing::kIslandsMap);
  text.replace(text.find("border n1 n2"), 12, "border n1 x9");
  std::ofstream(broken) << text;
  const std::vector<std::string> lobby_arg{"bot", "risiko", "--lobby", "127.0.0.1:9", "--quiet"};
  auto run = [&](const std::string& name, std::vector<std::string> extra) {
    std::vector<std::string> args = lobby_arg;
    args.insert(args.end(), extra.begin(), extra.end());
    auto p = std::make_unique<ParleyProcess>(dir_, name, args);
    EXPECT_EQ(p->wait(), 2) << p->err();
    return p->err();
  };
  EXPECT_NE(run("bad", {"--create", "3", "--map", broken.string()}).find("line 16"), std::string::npos);
  EXPECT_NE(run("missing", {"--create", "3", "--map", (dir_ / "nowhere.map").string()}).find("neither a shipped map"),
            std::string::npos);
  EXPECT_NE(run("join", {"--room", "1", "--map", "classic-82"}).find("use them with risiko and --create"), std::string::npos);
  EXPECT_NE(run("dice", {"--create", "3", "--dice", "loaded"}).find("dice"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Seats, RisikoNetwork, ::testing::Values(3, 6),
                         [](const auto& info) { return std::to_string(info.param) + "Bots"; });

}  // namespace
}  // namespace parley::peer
