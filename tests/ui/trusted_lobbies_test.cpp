// The client's trust offer (ui/core/trusted_lobbies.hpp): the lobby it is connected to is added
// to the person's trust store at their word, and `parley verify`'s store then holds it; a store
// that cannot be read is neither offered nor overwritten.
#include "ui/core/trusted_lobbies.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "peer/net/trust_store.hpp"

namespace {

namespace fs = std::filesystem;
using parley::crypto::Identity;
using parley::ui::TrustedLobbies;

class TrustOffer : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parley_trust_offer_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const char* old = std::getenv("XDG_CONFIG_HOME");
    if (old) old_ = old;
    ::setenv("XDG_CONFIG_HOME", dir_.c_str(), 1);
  }
  void TearDown() override {
    if (old_) ::setenv("XDG_CONFIG_HOME", old_->c_str(), 1);
    else ::unsetenv("XDG_CONFIG_HOME");
    fs::remove_all(dir_);
  }
  fs::path dir_;
  std::optional<std::string> old_;
};

TEST_F(TrustOffer, ALobbyAddedAtThePersonsWordIsTrustedByTheStoreVerifyReads) {
  const auto lobby = Identity::generate().public_key();
  const auto other = Identity::generate().public_key();
  TrustedLobbies offer;
  EXPECT_EQ(offer.trusted(lobby), false);
  ASSERT_TRUE(offer.add(lobby, "127.0.0.1:7777"));
  EXPECT_EQ(offer.trusted(lobby), true);
  EXPECT_EQ(offer.trusted(other), false);

  // What parley verify reads: the same store, writable by its owner only (public keys: no secret).
  auto pins = parley::peer::trusted_lobbies();
  ASSERT_TRUE(pins.ok());
  ASSERT_EQ(pins.value().size(), 1u);
  EXPECT_TRUE(pins.value()[0].matches(lobby));
  auto path = parley::peer::default_trust_store_path();
  ASSERT_TRUE(path.ok());
  struct stat st {};
  ASSERT_EQ(::stat(path.value().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 022, 0u);
  // A second client reads it back; adding again adds nothing.
  TrustedLobbies again;
  EXPECT_EQ(again.trusted(lobby), true);
  ASSERT_TRUE(again.add(lobby, "again"));
  EXPECT_EQ(parley::peer::trusted_lobbies().value().size(), 1u);
}

TEST_F(TrustOffer, AStoreThatCannotBeReadIsNeitherOfferedNorOverwritten) {
  auto path = parley::peer::default_trust_store_path();
  ASSERT_TRUE(path.ok());
  fs::create_directories(path.value().parent_path());
  std::ofstream(path.value()) << "not-a-key a typo\n";
  const auto before = fs::file_size(path.value());
  TrustedLobbies offer;
  const auto lobby = Identity::generate().public_key();
  EXPECT_FALSE(offer.trusted(lobby).has_value());
  EXPECT_FALSE(offer.add(lobby, "x"));
  EXPECT_FALSE(offer.why().empty());
  EXPECT_EQ(fs::file_size(path.value()), before);
}

// The one way a lobby enters the store (parley trust add, parley play's offer and the client's):
// a fingerprint line already names the lobby; a full store is refused and left as it was.
TEST_F(TrustOffer, AddingToTheStoreKnowsFingerprintLinesAndStopsAtItsBound) {
  const auto lobby = Identity::generate().public_key();
  const fs::path file = dir_ / "lobbies";
  parley::peer::LobbyPin by_fingerprint{std::nullopt, parley::peer::pin_of(lobby).fingerprint};
  std::vector<parley::peer::TrustedLobby> lobbies;
  auto added = parley::peer::add_trusted_lobby(file, lobbies, by_fingerprint, "host\x07 note");
  ASSERT_TRUE(added.ok());
  EXPECT_TRUE(added.value());
  ASSERT_EQ(lobbies.size(), 1u);
  EXPECT_EQ(lobbies[0].note.find('\x07'), std::string::npos);
  auto read = parley::peer::read_trust_store(file);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read.value(), lobbies);
  // The full key of a lobby pinned by fingerprint adds nothing.
  auto again = parley::peer::add_trusted_lobby(file, lobbies, parley::peer::pin_of(lobby), "again");
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again.value());
  EXPECT_EQ(lobbies.size(), 1u);

  std::vector<parley::peer::TrustedLobby> full(parley::peer::kMaxTrustedLobbies, lobbies[0]);
  const auto before = fs::file_size(file);
  auto refused = parley::peer::add_trusted_lobby(file, full, parley::peer::pin_of(Identity::generate().public_key()), "");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, parley::peer::TrustStoreError::Kind::too_large);
  EXPECT_EQ(full.size(), parley::peer::kMaxTrustedLobbies);
  EXPECT_EQ(fs::file_size(file), before);
}

}  // namespace
