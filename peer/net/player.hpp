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
  // Each new event of the session, for display.
  virtual void observe(const Session&, const SessionEvent&) {}
};

}  // namespace parley::peer
