#include "crypto/identity.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "tests/crypto/hex.hpp"

namespace parley::crypto {
namespace {

namespace fs = std::filesystem;
using testing::as_bytes;
using testing::from_hex;
using testing::to_hex;

constexpr DomainLabel kEnvelope{"envelope"};

SecretBytes<kIdentitySeedBytes> rfc8032_seed() {
  auto bytes = from_hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  return SecretBytes<kIdentitySeedBytes>::copy_of(std::span<const std::uint8_t, 32>(bytes.data(), 32));
}

// RFC 8032 section 7.1, test 1: the seed gives the published public key.
TEST(Identity, SeedGivesTheRfc8032PublicKey) {
  Identity id = Identity::from_seed(rfc8032_seed());
  EXPECT_EQ(to_hex(id.public_key().bytes()), "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
}

// The signature covers u32 17 ‖ "parley/envelope/v1" ‖ u32 9 ‖ "session-1" ‖ u32 5 ‖ "hello";
// the reference value is Python `cryptography`'s Ed25519 over those bytes.
TEST(Identity, SignatureMatchesAnIndependentEd25519OverTheLabelledInput) {
  Identity id = Identity::from_seed(rfc8032_seed());
  Signature sig = id.sign(kEnvelope, as_bytes("session-1"), as_bytes("hello"));
  EXPECT_EQ(to_hex(sig.bytes()),
            "e401234cb663941030fe88297f4195d593747856712e8f9377f5fb7fdabc7396"
            "080a44697751bdf143beb90679283b606153b6b365eefe4ef44da9d7b21fde0c");
}

TEST(Identity, VerifiesOnlyTheExactLabelContextMessageAndKey) {
  Identity alice = Identity::generate();
  Identity bob = Identity::generate();
  Signature sig = alice.sign(kEnvelope, as_bytes("s1"), as_bytes("move e2e4"));
  EXPECT_TRUE(verify_signature(alice.public_key(), kEnvelope, as_bytes("s1"), as_bytes("move e2e4"), sig));
  EXPECT_FALSE(verify_signature(bob.public_key(), kEnvelope, as_bytes("s1"), as_bytes("move e2e4"), sig));
  EXPECT_FALSE(verify_signature(alice.public_key(), DomainLabel{"final"}, as_bytes("s1"), as_bytes("move e2e4"), sig));
  EXPECT_FALSE(verify_signature(alice.public_key(), kEnvelope, as_bytes("s2"), as_bytes("move e2e4"), sig));
  EXPECT_FALSE(verify_signature(alice.public_key(), kEnvelope, as_bytes("s1"), as_bytes("move e2e5"), sig));
  // Moving a byte between context and message changes the length prefixes, so it fails too.
  EXPECT_FALSE(verify_signature(alice.public_key(), kEnvelope, as_bytes("s1m"), as_bytes("ove e2e4"), sig));
  auto bytes = std::vector<std::uint8_t>(sig.bytes().begin(), sig.bytes().end());
  bytes[10] ^= 1;
  auto flipped = Signature::from_bytes(bytes);
  ASSERT_TRUE(flipped.ok());
  EXPECT_FALSE(verify_signature(alice.public_key(), kEnvelope, as_bytes("s1"), as_bytes("move e2e4"), *flipped));
}

TEST(PublicKey, RejectsWrongSizesSmallOrderAndNonCanonicalPoints) {
  EXPECT_EQ(PublicKey::from_bytes(std::vector<std::uint8_t>(31, 1)).error(), KeyError::wrong_size);
  auto identity_point = from_hex("0100000000000000000000000000000000000000000000000000000000000000");
  EXPECT_EQ(PublicKey::from_bytes(identity_point).error(), KeyError::invalid_point);
  auto order_two = from_hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
  EXPECT_EQ(PublicKey::from_bytes(order_two).error(), KeyError::invalid_point);
  auto non_canonical = std::vector<std::uint8_t>(32, 0xff);
  EXPECT_EQ(PublicKey::from_bytes(non_canonical).error(), KeyError::invalid_point);
  Identity id = Identity::generate();
  auto round_trip = PublicKey::from_bytes(id.public_key().bytes());
  ASSERT_TRUE(round_trip.ok());
  EXPECT_EQ(*round_trip, id.public_key());
  EXPECT_EQ(Signature::from_bytes(std::vector<std::uint8_t>(63, 0)).error(), KeyError::wrong_size);
}

// Reference: base32(BLAKE2b-256(u32 20 ‖ "parley/fingerprint/v1" ‖ u32 32 ‖ key)[0..10]).
TEST(Fingerprint, IsShortStableAndDistinguishesKeys) {
  Identity id = Identity::from_seed(rfc8032_seed());
  EXPECT_EQ(fingerprint(id.public_key()), "y62o-c5fc-obb6-rie2");
  Identity other = Identity::generate();
  std::string shown = fingerprint(other.public_key());
  ASSERT_EQ(shown.size(), 19u);
  for (std::size_t i = 0; i < shown.size(); ++i) {
    char c = shown[i];
    if (i % 5 == 4) {
      EXPECT_EQ(c, '-');
    } else {
      EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '2' && c <= '7')) << shown;
    }
  }
  EXPECT_NE(fingerprint(other.public_key()), fingerprint(id.public_key()));
}

class IdentityFile : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "parley-identity-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(IdentityFile, IsCreatedOnFirstUseWithMode0600AndReloadedAfterwards) {
  fs::path file = dir_ / "data" / "parley" / "identity";
  auto created = load_or_create_identity(file);
  ASSERT_TRUE(created.ok()) << describe(created.error());
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(static_cast<std::size_t>(st.st_size), kIdentityFileBytes);
  ASSERT_EQ(::stat(file.parent_path().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);

  auto again = load_or_create_identity(file);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->public_key(), created->public_key());
  auto loaded = load_identity(file);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(loaded->public_key(), created->public_key());
  // The loaded key signs what the created one verifies.
  Signature sig = loaded->sign(kEnvelope, as_bytes("c"), as_bytes("m"));
  EXPECT_TRUE(verify_signature(created->public_key(), kEnvelope, as_bytes("c"), as_bytes("m"), sig));
  // No temporary file is left behind.
  std::size_t entries = 0;
  for ([[maybe_unused]] auto& e : fs::directory_iterator(file.parent_path())) ++entries;
  EXPECT_EQ(entries, 1u);
}

TEST_F(IdentityFile, SeveralIdentitiesLiveSideBySide) {
  auto a = load_or_create_identity(dir_ / "a.key");
  auto b = load_or_create_identity(dir_ / "b.key");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(a->public_key(), b->public_key());
}

TEST_F(IdentityFile, ConcurrentCreatorsAgreeOnOneIdentity) {
  fs::path file = dir_ / "race.key";
  std::vector<std::future<game::Result<Identity, IdentityError>>> racers;
  for (int i = 0; i < 4; ++i) {
    racers.push_back(std::async(std::launch::async, [&] { return load_or_create_identity(file); }));
  }
  std::vector<PublicKey> keys;
  for (auto& r : racers) {
    auto id = r.get();
    ASSERT_TRUE(id.ok()) << describe(id.error());
    keys.push_back(id->public_key());
  }
  for (auto& k : keys) EXPECT_EQ(k, keys.front());
}

TEST_F(IdentityFile, LoadNeverCreates) {
  auto missing = load_identity(dir_ / "absent.key");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), IdentityError::not_found);
  EXPECT_FALSE(fs::exists(dir_ / "absent.key"));
}

TEST_F(IdentityFile, RefusesFilesOthersCanRead) {
  fs::path file = dir_ / "id.key";
  ASSERT_TRUE(load_or_create_identity(file).ok());
  ASSERT_EQ(::chmod(file.c_str(), 0644), 0);
  EXPECT_EQ(load_identity(file).error(), IdentityError::insecure_permissions);
  EXPECT_EQ(load_or_create_identity(file).error(), IdentityError::insecure_permissions);
}

TEST_F(IdentityFile, RejectsDirectoriesTruncatedAndTamperedFiles) {
  EXPECT_EQ(load_identity(dir_).error(), IdentityError::not_a_regular_file);

  fs::path file = dir_ / "id.key";
  auto created = load_or_create_identity(file);
  ASSERT_TRUE(created.ok());
  std::vector<char> content(kIdentityFileBytes);
  {
    std::ifstream in(file, std::ios::binary);
    in.read(content.data(), static_cast<std::streamsize>(content.size()));
  }
  auto rewrite = [&](const std::vector<char>& bytes) {
    fs::remove(file);
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    ::chmod(file.c_str(), 0600);
  };

  rewrite(std::vector<char>(content.begin(), content.end() - 1));
  EXPECT_EQ(load_identity(file).error(), IdentityError::malformed_file);

  auto wrong_label = content;
  wrong_label[10] ^= 1;
  rewrite(wrong_label);
  EXPECT_EQ(load_identity(file).error(), IdentityError::malformed_file);

  auto wrong_length = content;
  wrong_length[27] = 33;  // the seed's length prefix
  rewrite(wrong_length);
  EXPECT_EQ(load_identity(file).error(), IdentityError::malformed_file);

  auto tampered_key = content;
  tampered_key.back() ^= 1;
  rewrite(tampered_key);
  EXPECT_EQ(load_identity(file).error(), IdentityError::key_mismatch);

  rewrite(content);
  auto restored = load_identity(file);
  ASSERT_TRUE(restored.ok());
  EXPECT_EQ(restored->public_key(), created->public_key());
}

// Restores an environment variable when the test ends.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) ::setenv(name, value, 1); else ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1); else ::unsetenv(name_);
  }
 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(DefaultIdentityPath, FollowsXdgDataHomeThenHome) {
  {
    ScopedEnv xdg("XDG_DATA_HOME", "/srv/data");
    ScopedEnv home("HOME", "/home/ana");
    EXPECT_EQ(*default_identity_path(), fs::path("/srv/data/parley/identity"));
  }
  {
    ScopedEnv xdg("XDG_DATA_HOME", "relative/ignored");
    ScopedEnv home("HOME", "/home/ana");
    EXPECT_EQ(*default_identity_path(), fs::path("/home/ana/.local/share/parley/identity"));
  }
  {
    ScopedEnv xdg("XDG_DATA_HOME", nullptr);
    ScopedEnv home("HOME", "/home/ana");
    EXPECT_EQ(*default_identity_path(), fs::path("/home/ana/.local/share/parley/identity"));
  }
  {
    ScopedEnv xdg("XDG_DATA_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    EXPECT_EQ(default_identity_path().error(), IdentityError::no_data_directory);
  }
}

}  // namespace
}  // namespace parley::crypto
