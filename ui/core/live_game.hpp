#pragma once
// A game as the screen shows it while it is played or watched: a Session of its own, fed the
// verified entries the network thread passes on (the same replicated state machine the seat
// runner and the verifier run, so the screen can never show a different game), plus what every
// game's screen needs on top — the clocks ticking between entries, who the session waits for,
// and the alerts a person must not miss (a seat caught cheating, a flag falling). What is the
// game's own (a chess game's moves in SAN) is its GameScreen's (game_screen.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "peer/log/plog.hpp"
#include "peer/session/session.hpp"
#include "ui/core/game_ui.hpp"

namespace parley::ui {

struct Alert {
  enum class Kind : std::uint8_t { cheat, timeout, fault };
  Kind kind;
  std::string text;
};

class LiveGame {
 public:
  // From the room's genesis (entry 0); `me` is this client's key, which may hold no seat (a
  // spectator).
  static game::Result<LiveGame, std::string> start(const crypto::PublicKey& lobby_key,
                                                   const lobby::SignedEntry& genesis, const crypto::PublicKey& me,
                                                   std::uint64_t local_ms);
  LiveGame(LiveGame&&) noexcept = default;
  LiveGame& operator=(LiveGame&&) noexcept = default;

  // The next verified entry, received at `local_ms` (a steady clock of this process). Entries
  // must come in order: one that does not follow is ignored (returns false).
  bool apply(const lobby::SignedEntry& entry, std::uint64_t local_ms);

  const peer::Session& session() const { return *session_; }
  const lobby::Genesis& genesis() const { return genesis_; }
  std::size_t entry_count() const { return entries_.size(); }
  std::optional<game::Seat> me() const { return me_; }
  // The game's registered module, and its screens' facet (none: a game this client can only watch
  // as entries).
  const peer::GameModule& module() const { return *module_; }
  const GameUi* ui() const { return ui_; }
  // The seat whose draw offer stands, in a game that has them (GameUi::draw_offered_by).
  std::optional<game::Seat> draw_offered_by() const;
  // The log of the game so far (for PGN while it is played; complete logs come from the runner).
  peer::GameLog log() const { return {lobby_key_, entries_}; }

  // ---- for display ----
  std::string seat_name(game::Seat seat) const;  // as the seat named itself, else its colour/number
  // The lobby's clock now, estimated from the entries' stamps (which can only be early).
  std::uint64_t lobby_now(std::uint64_t local_ms) const;
  bool clocked() const { return session_->options().clock_base_ms > 0; }
  // Time left on a seat's clock at `local_ms`, counting down while the seat is awaited.
  std::uint64_t clock_left(game::Seat seat, std::uint64_t local_ms) const;
  bool clock_running(game::Seat seat) const;
  // One line on what the game is doing: whose move, whom the protocol waits for, the result.
  std::string status(std::uint64_t local_ms) const;
  const std::vector<Alert>& alerts() const { return alerts_; }
  // The result in words, once there is one: "Black wins by checkmate", "Draw by agreement".
  std::optional<std::string> result_text() const;

 private:
  LiveGame(crypto::PublicKey lobby_key, lobby::Genesis genesis, peer::Session session, std::optional<game::Seat> me);
  void take_events();

  crypto::PublicKey lobby_key_;
  lobby::Genesis genesis_;
  std::optional<peer::Session> session_;
  std::optional<game::Seat> me_;
  const peer::GameModule* module_;
  const GameUi* ui_;
  std::vector<lobby::SignedEntry> entries_;
  std::int64_t lobby_offset_ms_ = 0;  // lobby clock minus ours: the largest stamp − arrival seen
  bool have_offset_ = false;
  std::size_t events_seen_ = 0;
  std::vector<Alert> alerts_;
};

// What the game calls the seat ("White", "Yellow"; peer::GameModule::seat_label), in the person's
// language, else "player N" (counted from 1).
std::string seat_label(const peer::Session& session, game::Seat seat);
// The result of a session in words, in the person's language.
std::string result_words(const peer::Session& session, const game::Outcome& outcome);
// An outcome's reason (the engines' and the rules' fixed texts: "checkmate", "HQ occupied",
// "time forfeit") in the person's language; a reason not known here as it is.
std::string outcome_reason_words(std::string_view reason);
// "3:07", "0:09.4" (tenths under ten seconds), "1:02:03".
std::string clock_text(std::uint64_t ms);

}  // namespace parley::ui
