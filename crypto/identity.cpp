#include "crypto/identity.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <system_error>

#include "crypto/sodium.hpp"

namespace parley::crypto {

namespace {

using game::Result;

constexpr DomainLabel kFileLabel{"identity-file"};
constexpr DomainLabel kFingerprintLabel{"fingerprint"};
constexpr std::size_t kFingerprintBytes = 10;  // 80 bits → 16 base32 characters

// Closes a file descriptor on every path out of a function.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }
  // Closes now and reports whether the close (which can surface a write error) succeeded.
  bool close() {
    int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }

 private:
  int fd_;
};

bool write_all(int fd, std::span<const std::uint8_t> bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes = bytes.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

bool read_all(int fd, std::span<std::uint8_t> out) {
  while (!out.empty()) {
    ssize_t n = ::read(fd, out.data(), out.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    out = out.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

bool sync_directory(const std::filesystem::path& dir) {
  FileDescriptor fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  return fd.get() >= 0 && ::fsync(fd.get()) == 0;
}

std::filesystem::path directory_of(const std::filesystem::path& file) {
  auto dir = file.parent_path();
  return dir.empty() ? std::filesystem::path(".") : dir;
}

// The identity file, laid out as every parley record (length-prefixed fields):
//   u32 23 ‖ "parley/identity-file/v1" ‖ u32 32 ‖ seed ‖ u32 32 ‖ public key
// Written straight into a wiped buffer, so no growing vector leaves a stray copy of the seed.
class FileImage {
 public:
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) put(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void field(std::span<const std::uint8_t> bytes) {
    u32(static_cast<std::uint32_t>(bytes.size()));
    for (std::uint8_t b : bytes) put(b);
  }
  bool complete() const { return pos_ == kIdentityFileBytes; }
  const SecretBytes<kIdentityFileBytes>& bytes() const { return image_; }

 private:
  void put(std::uint8_t b) {
    if (pos_ < kIdentityFileBytes) image_.expose_mutable()[pos_] = b;
    ++pos_;
  }
  SecretBytes<kIdentityFileBytes> image_;
  std::size_t pos_ = 0;
};

}  // namespace

std::string_view describe(KeyError error) {
  switch (error) {
    case KeyError::wrong_size: return "a key or signature has the wrong length";
    case KeyError::invalid_point: return "a public key is not a valid Ed25519 point of prime order";
  }
  return "unknown key error";
}

std::string_view describe(IdentityError error) {
  switch (error) {
    case IdentityError::no_data_directory: return "neither XDG_DATA_HOME nor HOME names an absolute directory";
    case IdentityError::not_found: return "no identity file at that path";
    case IdentityError::io_error: return "the identity file could not be read or written";
    case IdentityError::not_a_regular_file: return "the identity path is not a regular file";
    case IdentityError::insecure_permissions: return "the identity file is accessible to group or others (chmod 600 it)";
    case IdentityError::malformed_file: return "the identity file is not a parley identity";
    case IdentityError::key_mismatch: return "the identity file's public key does not match its seed";
  }
  return "unknown identity error";
}

Result<PublicKey, KeyError> PublicKey::from_bytes(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != kPublicKeyBytes) return KeyError::wrong_size;
  if (crypto_core_ed25519_is_valid_point(bytes.data()) != 1) return KeyError::invalid_point;
  PublicKey key;
  std::copy(bytes.begin(), bytes.end(), key.bytes_.begin());
  return key;
}

Result<Signature, KeyError> Signature::from_bytes(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != kSignatureBytes) return KeyError::wrong_size;
  Signature sig;
  std::copy(bytes.begin(), bytes.end(), sig.bytes_.begin());
  return sig;
}

Identity Identity::generate() { return from_seed(SecretBytes<kIdentitySeedBytes>::random()); }

Identity Identity::from_seed(const SecretBytes<kIdentitySeedBytes>& seed) {
  ensure_sodium();
  Identity id;
  crypto_sign_seed_keypair(id.public_key_.bytes_.data(), id.secret_key_.expose_mutable().data(),
                           seed.expose().data());
  return id;
}

Signature Identity::sign(DomainLabel label, std::span<const std::uint8_t> context,
                         std::span<const std::uint8_t> message) const {
  HashInput input(label);
  input.bytes(context).bytes(message);
  Signature sig;
  auto data = input.data();
  crypto_sign_detached(sig.bytes_.data(), nullptr, data.data(), data.size(), secret_key_.expose().data());
  return sig;
}

bool verify_signature(const PublicKey& signer, DomainLabel label, std::span<const std::uint8_t> context,
                      std::span<const std::uint8_t> message, const Signature& signature) {
  ensure_sodium();
  HashInput input(label);
  input.bytes(context).bytes(message);
  auto data = input.data();
  return crypto_sign_verify_detached(signature.bytes().data(), data.data(), data.size(),
                                     signer.bytes().data()) == 0;
}

Result<std::filesystem::path, IdentityError> default_identity_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg != nullptr && std::filesystem::path(xdg).is_absolute()) {
    return std::filesystem::path(xdg) / "parley" / "identity";
  }
  const char* home = std::getenv("HOME");
  if (home != nullptr && std::filesystem::path(home).is_absolute()) {
    return std::filesystem::path(home) / ".local" / "share" / "parley" / "identity";
  }
  return IdentityError::no_data_directory;
}

Result<Identity, IdentityError> load_identity(const std::filesystem::path& file) {
  FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return errno == ENOENT ? IdentityError::not_found : IdentityError::io_error;
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return IdentityError::io_error;
  if (!S_ISREG(st.st_mode)) return IdentityError::not_a_regular_file;
  if ((st.st_mode & 077) != 0) return IdentityError::insecure_permissions;
  if (st.st_size != static_cast<off_t>(kIdentityFileBytes)) return IdentityError::malformed_file;

  SecretBytes<kIdentityFileBytes> content;
  if (!read_all(fd.get(), content.expose_mutable())) return IdentityError::io_error;
  return decode_identity_file(content.expose());
}

Result<Identity, IdentityError> decode_identity_file(std::span<const std::uint8_t> content) {
  if (content.size() != kIdentityFileBytes) return IdentityError::malformed_file;
  // Parsed in place with raw(): no copy of the seed outlives the caller's buffer.
  game::ByteReader reader(content);
  auto label = reader.text(DomainLabel::kMaxPurposeLength + 16);
  if (!label || *label != kFileLabel.text()) return IdentityError::malformed_file;
  auto seed_len = reader.u32();
  if (!seed_len || *seed_len != kIdentitySeedBytes) return IdentityError::malformed_file;
  auto seed = reader.raw(kIdentitySeedBytes);
  auto key_len = reader.u32();
  if (!seed || !key_len || *key_len != kPublicKeyBytes) return IdentityError::malformed_file;
  auto stored_key = reader.raw(kPublicKeyBytes);
  if (!stored_key || !reader.finish()) return IdentityError::malformed_file;

  Identity id = Identity::from_seed(
      SecretBytes<kIdentitySeedBytes>::copy_of(std::span<const std::uint8_t, kIdentitySeedBytes>(seed->data(), kIdentitySeedBytes)));
  if (!std::equal(stored_key->begin(), stored_key->end(), id.public_key().bytes().begin())) {
    return IdentityError::key_mismatch;
  }
  return id;
}

Result<Identity, IdentityError> load_or_create_identity(const std::filesystem::path& file) {
  auto existing = load_identity(file);
  if (existing.ok() || existing.error() != IdentityError::not_found) return existing;

  std::filesystem::path dir = directory_of(file);
  std::error_code ec;
  if (!std::filesystem::exists(dir, ec)) {
    if (!std::filesystem::create_directories(dir, ec) && ec) return IdentityError::io_error;
    std::filesystem::permissions(dir, std::filesystem::perms::owner_all, std::filesystem::perm_options::replace, ec);
    if (ec) return IdentityError::io_error;
  }

  Identity id = Identity::generate();
  FileImage image;
  std::string label = kFileLabel.text();
  image.field({reinterpret_cast<const std::uint8_t*>(label.data()), label.size()});
  image.field(id.secret_key_.expose().first<kIdentitySeedBytes>());
  image.field(id.public_key().bytes());
  if (!image.complete()) return IdentityError::malformed_file;  // kIdentityFileBytes is stale

  // Write a private temporary file, then link() it into place: link fails if the name exists,
  // so a concurrent creator's file is never overwritten and both processes load the winner.
  std::array<std::uint8_t, 8> nonce{};
  randombytes_buf(nonce.data(), nonce.size());
  static constexpr char kHex[] = "0123456789abcdef";
  std::string suffix = ".tmp-";
  for (std::uint8_t b : nonce) {
    suffix.push_back(kHex[b >> 4]);
    suffix.push_back(kHex[b & 15]);
  }
  std::filesystem::path tmp = file;
  tmp += suffix;
  {
    FileDescriptor fd(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    if (fd.get() < 0) return IdentityError::io_error;
    bool written = write_all(fd.get(), image.bytes().expose()) && ::fsync(fd.get()) == 0 && fd.close();
    if (!written) {
      ::unlink(tmp.c_str());
      return IdentityError::io_error;
    }
  }
  int linked = ::link(tmp.c_str(), file.c_str());
  int link_errno = errno;
  ::unlink(tmp.c_str());
  if (linked != 0) {
    if (link_errno == EEXIST) return load_identity(file);
    return IdentityError::io_error;
  }
  if (!sync_directory(dir)) return IdentityError::io_error;
  return id;
}

std::string fingerprint(const PublicKey& key) {
  Digest digest = blake2b_256(HashInput(kFingerprintLabel).bytes(key.bytes()));
  // RFC 4648 base32 alphabet, lower case: 10 bytes = 80 bits = 16 characters of 5 bits.
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (std::size_t i = 0; i < kFingerprintBytes; ++i) {
    buffer = (buffer << 8) | digest[i];
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      if (!out.empty() && out.size() % 5 == 4) out.push_back('-');
      out.push_back(kAlphabet[(buffer >> bits) & 31]);
    }
  }
  return out;
}

}  // namespace parley::crypto
