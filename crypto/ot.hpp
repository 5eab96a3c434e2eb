#pragma once
// 1-out-of-N oblivious transfer: Chou–Orlandi 2015, "The simplest protocol for oblivious
// transfer", on ristretto255.
//   sender:   y fresh, S = y·G (may be published before the receiver's choice)
//   receiver: choice c ∈ [0, N), x fresh, R = c·S + x·G
//   sender:   T = y·S; P_i = y·R − i·T (P_0 = y·R, P_{i+1} = P_i − T);
//             k_i = BLAKE2b-256(parley/ot-key/v1 ‖ transfer ‖ S ‖ R ‖ i ‖ P_i);
//             entry i = crypto_secretbox(m_i, nonce_i, k_i), nonce_i from
//             BLAKE2b(parley/ot-nonce/v1 ‖ transfer ‖ i) (each key encrypts exactly one entry)
//   receiver: P = x·S = P_c, so it opens entry c and no other (that would need y·S·(c−i)).
// R is uniform whatever c is, so the sender learns nothing. Alone this tolerates a malicious
// receiver only up to the known subtleties of the simplest OT; parley always sends R with a
// Σ-proof that it has the form c·S + x·G for a committed c (sigma.hpp), which rules them out.
// Dispute opening: the sender reveals y and anyone decrypts every entry.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/group.hpp"
#include "crypto/wire.hpp"

namespace parley::crypto {

inline constexpr std::size_t kMaxOtWidth = 32;
inline constexpr std::size_t kMaxOtEntryBytes = 256;

class OtSender {
 public:
  static OtSender create();
  static OtSender restore(const Scalar& secret);
  const Point& key() const { return key_; }        // S
  const Scalar& secret() const { return secret_; }  // y: revealed only in a dispute

 private:
  explicit OtSender(const Scalar& secret);
  Scalar secret_;
  Point key_;
};

// The receiver's choice and its secret mask; request() is what it sends.
class OtChoice {
 public:
  static OtChoice make(const Point& sender_key, std::uint32_t choice);
  static OtChoice restore(const Point& sender_key, std::uint32_t choice, const Scalar& mask);
  std::uint32_t choice() const { return choice_; }
  const Scalar& mask() const { return mask_; }              // x
  const Point& sender_key() const { return sender_key_; }  // S
  const Point& request() const { return request_; }        // R

 private:
  OtChoice(const Point& sender_key, std::uint32_t choice, const Scalar& mask);
  std::uint32_t choice_;
  Scalar mask_;
  Point sender_key_;
  Point request_;
};

struct OtTable {
  std::vector<std::vector<std::uint8_t>> entries;  // N ciphertexts of equal length
  friend bool operator==(const OtTable&, const OtTable&) = default;
};

enum class OtError : std::uint8_t {
  no_such_entry,   // the index is outside the table
  cannot_decrypt,  // the entry does not open with the derived key
};
std::string_view describe(OtError error);

// All entries must have the same length (≤ kMaxOtEntryBytes), so their sizes reveal nothing;
// 1 ≤ N ≤ kMaxOtWidth.
OtTable encrypt_ot_table(const ProofContext& transfer, const OtSender& sender, const Point& request,
                         std::span<const std::vector<std::uint8_t>> entries);
// The receiver opens the entry it chose.
game::Result<std::vector<std::uint8_t>, OtError> decrypt_ot_choice(const ProofContext& transfer, const OtChoice& choice,
                                                                   const OtTable& table);
// Anyone opens any entry once the sender has revealed y (a dispute).
game::Result<std::vector<std::uint8_t>, OtError> decrypt_ot_entry(const ProofContext& transfer,
                                                                  const Scalar& sender_secret, const Point& request,
                                                                  const OtTable& table, std::uint32_t index);

void write_ot_table(game::ByteWriter& out, const OtTable& table);
OtTable read_ot_table(WireReader& in);

}  // namespace parley::crypto
