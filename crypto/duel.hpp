#pragma once
// The duel: a Gunjin battle without a referee (docs/design.md, "The duel"). Two
// 1-out-of-17 oblivious transfers run both ways (ot.hpp):
//  - the defender's table is indexed by the attacker's kind a and entry a holds
//    (outcome[b′][a], defender token for that outcome), b′ being the defender's effective index;
//  - the attacker's table is indexed by the defender's effective index b′ (its kind, the kind of
//    the friendly piece behind its flag, or 16 for a lone flag) and entry b′ holds
//    (outcome[b′][a], attacker token for that outcome).
// Each side's OT choice carries a Σ-proof that it is its committed kind (the defender's: the
// flag OR-proof, sigma.hpp). Entries no legal battle can reach hold random bytes. Before the
// choices, each side publishes the hashes of its three outcome tokens; then each claims
// (outcome, the other side's token). Two claims that agree and carry valid tokens settle the
// battle and reveal only its outcome, as a human referee would. Anything else is a dispute:
// both open their duel secrets and judge_duel names the liar.
//
// The battle table is a parameter (DuelRules): the game supplies it (Gunjin's comes from
// game/gunjin, built from its battle table), with the flag's kind value; index 16 is the lone flag.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/hash.hpp"
#include "crypto/ot.hpp"
#include "crypto/pedersen.hpp"
#include "crypto/sigma.hpp"
#include "crypto/wire.hpp"

namespace parley::crypto {

inline constexpr std::uint32_t kDuelWidth = 17;      // OT width: kinds 0..15 and the lone flag
inline constexpr std::uint32_t kLoneFlagIndex = 16;
inline constexpr std::size_t kDuelTokenBytes = 32;
inline constexpr std::size_t kDuelOutcomes = 3;

// The values of Gunjin's battle table (docs/gunjin.md): 0 the defender stays, 1 both removed, 2 the attacker
// takes the square.
enum class DuelOutcome : std::uint8_t { defender_stays = 0, both_removed = 1, attacker_wins = 2 };
enum class DuelRole : std::uint8_t { attacker = 0, defender = 1 };

struct DuelRules {
  // outcome[b′][a] for the defender's effective index b′ and the attacker's kind a; nullopt
  // where no battle can happen (a kind that never attacks, the flag as an effective kind).
  std::array<std::array<std::optional<DuelOutcome>, kDuelWidth>, kDuelWidth> outcome{};
  std::uint32_t flag_kind = 0;  // the committed value of the flag
};

// What everyone knows about the battle.
struct DuelStatement {
  SessionId session;
  std::uint64_t duel_id = 0;  // unique in the session, e.g. the attacking move's transcript index
  PedersenCommitment attacker_piece;
  PedersenCommitment defender_piece;
  std::optional<PedersenCommitment> defender_behind;  // the friendly piece directly behind, if any
};

using DuelToken = std::array<std::uint8_t, kDuelTokenBytes>;

// Round 1, both sides: the OT sender key and the hashes of the three outcome tokens.
struct DuelOffer {
  Point sender_key;
  std::array<Digest, kDuelOutcomes> token_hashes{};
  friend bool operator==(const DuelOffer&, const DuelOffer&) = default;
};

// Round 2, both sides: the OT request into the other side's table and its choice proof
// (ChoiceProof for the attacker, FlagChoiceProof for the defender).
struct DuelRequest {
  Point request;
  std::variant<ChoiceProof, FlagChoiceProof> proof;
  friend bool operator==(const DuelRequest&, const DuelRequest&) = default;
};

// Round 4, both sides: the outcome and the other side's token for it.
struct DuelClaim {
  DuelOutcome outcome = DuelOutcome::defender_stays;
  DuelToken token{};
  friend bool operator==(const DuelClaim&, const DuelClaim&) = default;
};

// A dispute: everything a side knows, so anyone can recompute both tables.
struct DuelOpening {
  Scalar sender_secret;  // y of this side's table
  std::uint32_t choice = 0;
  Scalar mask;  // x of this side's request
  std::array<DuelToken, kDuelOutcomes> tokens{};
  PedersenOpening piece;
  std::optional<PedersenOpening> behind;  // defender only
  friend bool operator==(const DuelOpening&, const DuelOpening&) = default;
};

enum class DuelError : std::uint8_t {
  bad_request,     // the other side's request proof fails: blame it, make no table
  cannot_decrypt,  // the entry chosen does not open: dispute
  bad_entry,       // the entry opens to no outcome: dispute
};
std::string_view describe(DuelError error);

// One side's state for one duel.
class Duelist {
 public:
  static Duelist attacker(const DuelStatement& statement, const DuelRules& rules, const PedersenOpening& piece);
  static Duelist defender(const DuelStatement& statement, const DuelRules& rules, const PedersenOpening& piece,
                          const std::optional<PedersenOpening>& behind);

  // Crash recovery: rebuilds a side from the opening() it persisted (fsync'd) before posting its
  // offer, or its request. `other_offer` is given iff the request had been made (the mask in
  // `saved` is then the request's).
  static Duelist restore(DuelRole role, const DuelStatement& statement, const DuelRules& rules,
                         const DuelOpening& saved, const std::optional<DuelOffer>& other_offer);

  DuelRole role() const { return role_; }
  const DuelOffer& offer() const { return offer_; }
  // This side's OT index: the attacker's kind, or the defender's effective index.
  std::uint32_t choice() const { return choice_; }

  // Round 2: the request into the other side's table, with the choice proof.
  DuelRequest request(const DuelOffer& other);
  // Round 3: this side's table for the other side's request (checked first).
  game::Result<OtTable, DuelError> table(const DuelRequest& other_request) const;
  // Round 4: the entry this side chose in the other side's table.
  game::Result<DuelClaim, DuelError> claim(const OtTable& other_table) const;
  // Everything this side knows: what it reveals in a dispute, and what it persists for
  // restore(). The mask is the request's once request() has been made (zero before).
  DuelOpening opening() const;

 private:
  Duelist(DuelRole role, const DuelStatement& statement, const DuelRules& rules, const PedersenOpening& piece,
          const std::optional<PedersenOpening>& behind, const OtSender& sender,
          const std::array<DuelToken, kDuelOutcomes>& tokens);
  DuelRole role_;
  DuelStatement statement_;
  DuelRules rules_;
  PedersenOpening piece_;
  std::optional<PedersenOpening> behind_;
  std::uint32_t choice_;
  OtSender sender_;
  std::array<DuelToken, kDuelOutcomes> tokens_{};
  DuelOffer offer_;
  std::optional<OtChoice> request_;
};

// The context that binds `sender`'s OT table (its keys and nonces) to this duel and side.
ProofContext duel_table_context(const DuelStatement& statement, DuelRole sender);

// Anyone: checks `requester`'s choice proof against the statement and the other side's offer.
[[nodiscard]] bool verify_duel_request(const DuelStatement& statement, const DuelRules& rules, DuelRole requester,
                                       const DuelOffer& other_offer, const DuelRequest& request);

// Anyone: the outcome if both claims agree and each carries the other side's token for it;
// nullopt means a dispute. offers/claims are indexed by DuelRole.
std::optional<DuelOutcome> settle_duel(const DuelStatement& statement, const std::array<DuelOffer, 2>& offers,
                                       const std::array<DuelClaim, 2>& claims);

enum class DuelFaultKind : std::uint8_t {
  bad_opening,   // the opening does not match the side's commitments, keys, tokens or request
  wrong_choice,  // its OT choice is not its committed (effective) kind
  wrong_table,   // an entry a legal battle can reach does not hold the rules' outcome and token
  false_claim,   // it claimed something other than what its entry said
  false_dispute, // it disputed the entry it received, but that entry was a valid one
};
std::string_view describe(DuelFaultKind kind);

struct DuelFault {
  DuelRole side;
  DuelFaultKind kind;
  friend bool operator==(const DuelFault&, const DuelFault&) = default;
};

struct DuelVerdict {
  std::optional<DuelOutcome> outcome;  // the true outcome, when both pieces' openings hold
  std::vector<DuelFault> faults;       // empty: nobody lied
};

// Anyone, after a dispute: all four messages of both sides (indexed by DuelRole; a missing claim
// is nullopt) and both openings.
DuelVerdict judge_duel(const DuelStatement& statement, const DuelRules& rules, const std::array<DuelOffer, 2>& offers,
                       const std::array<DuelRequest, 2>& requests, const std::array<OtTable, 2>& tables,
                       const std::array<std::optional<DuelClaim>, 2>& claims,
                       const std::array<DuelOpening, 2>& openings);

// ---- One side at a time ----------------------------------------------------------------------
// A session that must blame the liar at the liar's own message checks each message as it
// arrives: a table's shape, a claim's token, and, in a dispute, each side's opening on its own.
// Every fault judge_duel finds is visible in the faulty side's own opening and the messages
// already published, so the two openings can be judged one by one.

// Whether a table has the shape an honest one has: kDuelWidth entries, each the sealed size of
// an outcome and a token.
[[nodiscard]] bool duel_table_well_formed(const OtTable& table);

// Whether `claim` carries `owner`'s token for the outcome it names (settle_duel's check, for
// one claim): an honest side checks the entry it opened this way before claiming it, and
// disputes instead when it fails.
[[nodiscard]] bool verify_duel_claim(const DuelStatement& statement, DuelRole owner, const DuelOffer& owner_offer,
                                     const DuelClaim& claim);

// The faults `side`'s opening shows, given both offers and requests, its own table, the other
// side's table, and what it said of the entry it received: its claim, or `disputed` when it
// opened instead of claiming (a valid entry then makes the dispute false), or neither when it
// opens only because the other side disputed. Empty: this side did not lie.
std::vector<DuelFaultKind> judge_duel_side(const DuelStatement& statement, const DuelRules& rules, DuelRole side,
                                           const std::array<DuelOffer, 2>& offers,
                                           const std::array<DuelRequest, 2>& requests, const OtTable& own_table,
                                           const OtTable& other_table, const std::optional<DuelClaim>& claim,
                                           bool disputed, const DuelOpening& opening);

void encode(const DuelOffer& offer, game::ByteWriter& out);
game::Result<DuelOffer, WireError> decode_duel_offer(std::span<const std::uint8_t> in);
void encode(const DuelRequest& request, game::ByteWriter& out);
game::Result<DuelRequest, WireError> decode_duel_request(std::span<const std::uint8_t> in);
void encode(const OtTable& table, game::ByteWriter& out);
game::Result<OtTable, WireError> decode_duel_table(std::span<const std::uint8_t> in);
void encode(const DuelClaim& claim, game::ByteWriter& out);
game::Result<DuelClaim, WireError> decode_duel_claim(std::span<const std::uint8_t> in);
void encode(const DuelOpening& opening, game::ByteWriter& out);
game::Result<DuelOpening, WireError> decode_duel_opening(std::span<const std::uint8_t> in);

}  // namespace parley::crypto
