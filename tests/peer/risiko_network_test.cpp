// Risiko through a real parley-lobby on 127.0.0.1 with real `parley bot risiko` processes:
// every peer runs every check on every entry; the game finishes, every peer writes the same log
// bytes, and the log verifies (also through `parley verify`).
#include <gtest/gtest.h>

#include "peer/log/verify.hpp"
#include "tests/lobby/lobby_process.hpp"
#include "tests/peer/processes.hpp"

namespace parley::peer {
namespace {

namespace fs = std::filesystem;
using lobby::testing::LobbyProcess;
using testing::ParleyProcess;
using testing::read_text;

class RisikoNetwork : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parley_risiko_net_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(GetParam()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  fs::path dir_;
};

TEST_P(RisikoNetwork, BotsFinishAGameWithIdenticalLogsThatVerify) {
  const int seats = GetParam();
  LobbyProcess lobby(dir_);
  std::vector<std::unique_ptr<ParleyProcess>> bots;
  for (int i = 0; i < seats; ++i) {
    const std::string name = "bot" + std::to_string(i);
    bots.push_back(std::make_unique<ParleyProcess>(
        dir_, name,
        std::vector<std::string>{"bot", "risiko", "--lobby", "127.0.0.1:" + std::to_string(lobby.port()),
                                 "--quick-match", std::to_string(seats), "--data", (dir_ / name).string(),
                                 "--give-up", "500", "--quiet"}));
  }
  for (auto& b : bots) ASSERT_EQ(b->wait(12000), 0) << b->err();  // up to 10 minutes
  const std::string log = read_text(bots[0]->log_path());
  for (auto& b : bots) {
    EXPECT_EQ(read_text(b->log_path()), log);
    EXPECT_EQ(b->result(), bots[0]->result());
  }
  EXPECT_NE(bots[0]->result().find("wins"), std::string::npos) << bots[0]->result();
  const auto report = verify_bytes({reinterpret_cast<const std::uint8_t*>(log.data()), log.size()});
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.game, "risiko");
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
  ParleyProcess verify(dir_, "verify", {"verify", bots[0]->log_path()});
  EXPECT_EQ(verify.wait(), 0) << verify.out();
}

INSTANTIATE_TEST_SUITE_P(Seats, RisikoNetwork, ::testing::Values(3, 6),
                         [](const auto& info) { return std::to_string(info.param) + "Bots"; });

}  // namespace
}  // namespace parley::peer
