#pragma once
// What a person at the board wants to do — a move, resigning, offering or answering a draw or a
// take-back — and the human Player that hands it to the session layer. The screen makes an
// intent from the game it shows; the network thread's runner asks the player for a message
// against the session it holds, which may be a step ahead (the opponent moved in between), so
// every intent is checked again by the rules when it is turned into a message.
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "game/chess/game.hpp"
#include "game/core/result.hpp"
#include "peer/net/player.hpp"

namespace parley::ui {

struct ChessIntent {
  enum class Kind : std::uint8_t {
    move,
    resign,
    offer_draw,
    accept_draw,
    decline_draw,
    claim_draw,
    request_takeback,  // `count` half-moves
    accept_takeback,
    decline_takeback,
  };
  Kind kind = Kind::move;
  game::chess::Move move;    // for `move`
  std::uint16_t count = 0;   // for `request_takeback`
  friend bool operator==(const ChessIntent&, const ChessIntent&) = default;
};
std::string_view describe(ChessIntent::Kind kind);

// The game message for an intent of seat `me` in this game, or why the rules refuse it now.
game::Result<game::Bytes, std::string> chess_intent_message(const game::chess::Game& game, game::Seat me,
                                                            const ChessIntent& intent);

// The half-moves a take-back asks for so that it is `me`'s turn again: one when the opponent is
// to move (undo my last move), two when I am (undo their reply and my move). Zero: none to undo.
std::uint16_t takeback_count(const game::chess::Game& game, game::Seat me);

// A person's seat: intents queue up from the screen (on whatever thread owns the runner) and
// leave one at a time as the runner asks. Intents the rules refuse are kept with the reason,
// for the screen to say so.
class HumanChessPlayer final : public peer::Player {
 public:
  void submit(ChessIntent intent) { queue_.push_back(intent); }
  std::optional<game::Bytes> act(const peer::Session& session, game::Seat me) override;
  // The intents dropped since the last call, each with the rules' reason.
  std::vector<std::string> take_refusals() { return std::exchange(refusals_, {}); }

 private:
  std::deque<ChessIntent> queue_;
  // The intent handed out last, and the state it was meant for. The runner asks again only once
  // its post is settled: if the lobby refused the post, nothing changed and it is handed out
  // again; if the post landed, or another entry changed the game first (the post was then
  // ignored as late), it is dropped: the person decided on a board that is gone.
  std::optional<ChessIntent> last_;
  crypto::Digest last_state_{};
  std::vector<std::string> refusals_;
};

}  // namespace parley::ui
