// Trust roots at the command line (docs/cli.md, "Trust roots"): --lobby-key as a key, a
// fingerprint or a key file; the trust store kept by `parley trust` in $XDG_CONFIG_HOME; a log
// whose lobby is in neither is not valid, unless --any-lobby. Codes, not words, are asserted.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "crypto/hex.hpp"
#include "game/chess/notation.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace {

namespace fs = std::filesystem;
using parley::peer::testing::identity_from;

struct Ran {
  int status;
  std::string out;
};

class TrustCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parley_trust_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "config");
    log_ = (dir_ / "game.plog").string();
    // Fool's mate, stamped by the fake lobby (its key: identity_from(0xAA)).
    using namespace parley::game::chess;
    parley::peer::testing::Table t;
    t.start_play();
    for (auto san : {"f3", "e5", "g4", "Qh4#"}) {
      Move m = *parse_san(t.chess().position(), san);
      parley::game::Seat s = seat_of(t.chess().position().side_to_move());
      t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
    }
    for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
    const auto bytes = parley::lobby::encode(t.lobby.log());
    std::ofstream(log_, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                static_cast<std::streamsize>(bytes.size()));
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  // parley with the arguments (shell-quoted by the caller), its trust store in the test's folder.
  Ran parley(const std::string& args) const {
    const auto out = dir_ / "out";
    const std::string cmd = "XDG_CONFIG_HOME=" + (dir_ / "config").string() + " " + PARLEY_CLI + " " + args +
                            " </dev/null >" + out.string() + " 2>&1";
    const int raw = std::system(cmd.c_str());
    std::ifstream o(out);
    std::stringstream ss;
    ss << o.rdbuf();
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, ss.str()};
  }
  nlohmann::json verdict(const std::string& options) const {
    const Ran r = parley("verify --json " + options + " " + log_);
    auto all = nlohmann::json::parse(r.out, nullptr, false);
    EXPECT_TRUE(all.is_array()) << r.out;
    return all.is_array() && !all.empty() ? all[0] : nlohmann::json{};
  }

  fs::path dir_;
  std::string log_;
  const parley::crypto::PublicKey lobby_ = identity_from(0xAA).public_key();
  const parley::crypto::PublicKey other_ = identity_from(0xBB).public_key();
};

TEST_F(TrustCli, ALogIsValidOnlyAgainstItsPinnedLobby) {
  const std::string hex = parley::crypto::to_hex(lobby_.bytes());
  const std::string fingerprint = parley::crypto::fingerprint(lobby_);
  for (const std::string& pin : {hex, fingerprint}) {
    EXPECT_EQ(parley("verify --lobby-key " + pin + " " + log_).status, 0) << pin;
    const auto v = verdict("--lobby-key " + pin);
    EXPECT_EQ(v["valid"], true);
    EXPECT_EQ(v["lobby_trust"], "pinned");
    EXPECT_EQ(v["lobby_trusted"], true);
    EXPECT_EQ(v["lobby_key"], hex);
    EXPECT_EQ(v["lobby_fingerprint"], fingerprint);
    EXPECT_EQ(v["seats"][0]["key"], parley::crypto::to_hex(identity_from(1).public_key().bytes()));
  }
  // Another lobby pinned (repeatable: the log's is not among them).
  const std::string other = parley::crypto::to_hex(other_.bytes());
  EXPECT_EQ(parley("verify --lobby-key " + other + " " + log_).status, 1);
  auto v = verdict("--lobby-key " + other + " --lobby-key " + parley::crypto::fingerprint(identity_from(0xCC).public_key()));
  EXPECT_EQ(v["valid"], false);
  EXPECT_EQ(v["fault_code"], "wrong_lobby");
  EXPECT_EQ(v["lobby_trust"], "wrong_lobby");
  EXPECT_EQ(v["lobby_fingerprint"], fingerprint);
  // One of several pinned is enough.
  EXPECT_EQ(verdict("--lobby-key " + other + " --lobby-key " + hex)["valid"], true);
  // Nothing pinned, nothing trusted.
  EXPECT_EQ(parley("verify " + log_).status, 1);
  v = verdict("");
  EXPECT_EQ(v["fault_code"], "lobby_not_pinned");
  EXPECT_EQ(v["lobby_trusted"], false);
  // Internal consistency only.
  EXPECT_EQ(parley("verify --any-lobby " + log_).status, 0);
  v = verdict("--any-lobby");
  EXPECT_EQ(v["valid"], true);
  EXPECT_EQ(v["lobby_trust"], "unchecked");
  EXPECT_EQ(v["lobby_trusted"], false);
  // --any-lobby and --lobby-key are each other's opposite; a pin that is none is a usage error.
  EXPECT_EQ(parley("verify --any-lobby --lobby-key " + hex + " " + log_).status, 2);
  EXPECT_EQ(parley("verify --lobby-key not-a-key " + log_).status, 2);
  // log show judges alike.
  EXPECT_EQ(parley("log show " + log_).status, 1);
  EXPECT_EQ(parley("log show --lobby-key " + hex + " " + log_).status, 0);
  EXPECT_EQ(parley("log show --json --any-lobby " + log_).status, 0);
}

TEST_F(TrustCli, TheTrustStoreIsKeptByTrustAddListRemoveAndUsedByVerify) {
  // A key file, as parley-lobby keeps its key beside its database.
  const auto key_file = dir_ / "lobby.key";
  {
    std::ofstream text(key_file);
    text << parley::crypto::to_hex(lobby_.bytes()) << "  the club's lobby\n";
  }
  Ran r = parley("trust add " + key_file.string() + " --note 'Club lobby'");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(parley("trust add " + key_file.string()).status, 0);  // already there: nothing added twice
  r = parley("trust list");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find(parley::crypto::fingerprint(lobby_)), std::string::npos) << r.out;
  const auto store = dir_ / "config" / "parley" / "lobbies";
  ASSERT_TRUE(fs::exists(store));
  std::ifstream in(store);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n') - std::count(text.begin(), text.end(), '#'), 1) << text;

  auto v = verdict("");
  EXPECT_EQ(v["valid"], true);
  EXPECT_EQ(v["lobby_trust"], "trusted");
  EXPECT_EQ(v["lobby_trusted"], true);
  // A pin given on the command line replaces the store.
  EXPECT_EQ(verdict("--lobby-key " + parley::crypto::to_hex(other_.bytes()))["fault_code"], "wrong_lobby");

  // Removed by its fingerprint: not trusted any more.
  EXPECT_EQ(parley("trust remove " + parley::crypto::fingerprint(lobby_)).status, 0);
  EXPECT_EQ(parley("trust remove " + parley::crypto::fingerprint(lobby_)).status, 1);
  EXPECT_EQ(verdict("")["fault_code"], "lobby_not_pinned");

  // A fingerprint alone is a pin too.
  EXPECT_EQ(parley("trust add " + parley::crypto::fingerprint(lobby_)).status, 0);
  EXPECT_EQ(verdict("")["lobby_trust"], "trusted");

  // A store with a line that is no key is refused whole, never read in part.
  std::ofstream(store, std::ios::app) << "not-a-key the typo\n";
  EXPECT_EQ(parley("trust list").status, 3);
  EXPECT_EQ(parley("verify " + log_).status, 3);
  // --lobby-key does not read it.
  EXPECT_EQ(parley("verify --lobby-key " + key_file.string() + " " + log_).status, 0);
}

}  // namespace
