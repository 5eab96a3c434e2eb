#pragma once
// A round's results, signed by the organizer (parley/results/v1, context the event id): for each
// board of the round's pairings, in board order, either the played game — its winner and the
// BLAKE2b-256 of its log, which must verify against the event's pinned lobby keys — or a forfeit
// with the seats that came. Byes and the players left out score from the pairings alone.
//
// Scores are integers in half-point units (docs/events.md, "Scoring").
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "event/event.hpp"
#include "event/pairings.hpp"
#include "event/wire.hpp"

namespace parley::event {

using Points = std::uint16_t;  // half-point units: a win is 2, a draw 1
inline constexpr Points kWinPoints = 2;
inline constexpr Points kDrawPoints = 1;
inline constexpr Points kByePoints = kWinPoints;  // the pairing-allocated bye scores a win (C.04.1)
inline constexpr std::uint8_t kNoWinner = 0xff;

struct BoardResult {
  enum class Kind : std::uint8_t { played = 1, forfeit = 2 };
  Kind kind = Kind::played;
  std::optional<std::uint8_t> winner;  // played: the winning seat; none for a draw (Risiko: no winner)
  Digest log_digest{};                 // played: BLAKE2b-256 of the log file (bundle-file label)
  std::uint8_t present = 0;            // forfeit: bit i set when seat i came; not every seat came
  friend bool operator==(const BoardResult&, const BoardResult&) = default;
};

struct Results {
  Digest event_id{};
  std::uint16_t round = 1;
  std::vector<BoardResult> boards;  // board b is boards[b - 1]
  friend bool operator==(const Results&, const Results&) = default;
};

struct SignedResults {
  Results results;
  crypto::Signature signature = crypto::Signature::from_bytes(std::array<std::uint8_t, crypto::kSignatureBytes>{}).value();
  friend bool operator==(const SignedResults&, const SignedResults&) = default;
};

Bytes results_bytes(const Results& results);
SignedResults sign_results(const crypto::Identity& organizer, Results results);
[[nodiscard]] bool verify_results(const crypto::PublicKey& organizer, const SignedResults& signed_results);
Bytes encode(const SignedResults& signed_results);
game::Result<SignedResults, WireError> decode_results(std::span<const std::uint8_t> bytes);

// Each seat's points on a board of `seats` seats: a played game gives the winner a win and the
// others nothing, or everyone a draw; a forfeit gives each seat that came a win, the others 0.
// Precondition: the result fits the board (check_results).
std::vector<Points> seat_points(const BoardResult& result, std::size_t seats);

enum class ResultsProblem : std::uint8_t {
  wrong_event,   // another event or round than the pairing's
  board_count,   // not one result per board
  bad_winner,    // a winning seat the board does not have
  bad_presence,  // a forfeit where every seat came, or naming seats the board does not have
};
std::string_view describe(ResultsProblem problem);
// Where the first problem is: the problem and the 0-based board.
struct ResultsCheck {
  ResultsProblem problem;
  std::size_t board = 0;
  friend bool operator==(const ResultsCheck&, const ResultsCheck&) = default;
};
std::optional<ResultsCheck> check_results(const Pairings& pairings, const Results& results);

// What the verifier read from a valid log, to hold it against a board (the CLI and the bundle
// check fill it from peer::verify's report and replay).
struct GameFacts {
  crypto::PublicKey lobby_key = placeholder_key();
  std::vector<crypto::PublicKey> seat_keys;  // in the genesis' seat order
  std::optional<BoardRoom> room;             // from the room options, when they carry one
  std::optional<std::uint8_t> winner;        // none: a draw, or Risiko without a winner
  std::uint64_t end_ms = 0;                  // the lobby's time stamp of the log's last entry
  Digest log_digest{};
};

enum class GameProblem : std::uint8_t {
  lobby_not_pinned,  // stamped by a lobby key the event does not pin
  not_in_event,      // the room carries no board of this event
  wrong_round,
  wrong_board,
  wrong_clock,
  wrong_seats,       // the seats' keys are not the paired keys in the paired order
  after_deadline,    // the game ended after the round's deadline
};
std::string_view describe(GameProblem problem);
// Whether the game is board `board_index` (0-based) of this round of this event.
std::optional<GameProblem> check_game(const Event& event, const Pairings& pairings, std::size_t board_index,
                                      const GameFacts& game);
// The played result a game gives.
BoardResult result_of(const GameFacts& game);

// BLAKE2b-256 over parley/bundle-file/v1 and a file's bytes: how results and the manifest name files.
Digest file_digest(std::span<const std::uint8_t> content);

std::string to_json(const Event& event, const Pairings& pairings, const SignedResults& signed_results);

}  // namespace parley::event
