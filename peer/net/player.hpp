#pragma once
// The local seat's decisions: a bot, or a person at a terminal or a window. The runner asks it
// after every change what, if anything, to post now; it must answer at once (a search or a
// person still thinking answers nullopt and is asked again).
#include <optional>

#include "peer/session/session.hpp"

namespace parley::peer {

class Player {
 public:
  virtual ~Player() = default;
  // A game message for this seat to post now, or nullopt.
  virtual std::optional<Bytes> act(const Session& session, Seat me) = 0;
  // This seat's game-specific setup data (Gunjin: its layout commitments); none for chess.
  virtual Bytes game_setup(const Session&, Seat) { return {}; }
  // This seat's end-of-game secrets, when the game needs them opened (Gunjin: its layout).
  virtual std::optional<Bytes> reveal(const Session&, Seat) { return std::nullopt; }
  // The player's own secrets for this game (Gunjin: its layout's openings, the duel in
  // progress): the runner keeps them durably (fsync'd, mode 0600) whenever they have changed,
  // before it posts anything, and hands them back to restore() when it resumes the game after a
  // crash. Empty: nothing to keep.
  virtual Bytes secrets() const { return {}; }
  // False when the bytes are not what secrets() made.
  virtual bool restore(std::span<const std::uint8_t>) { return true; }
  // After each entry the session applied, for a display that follows the game step by step: the
  // runner may apply several entries before it asks act() again.
  virtual void entry_applied(const Session&, Seat) {}
  // Each new event of the session, for display.
  virtual void observe(const Session&, const SessionEvent&) {}
};

}  // namespace parley::peer
