#pragma once
// What a person at the Risiko map wants to do, and the human Player that hands it to the
// session layer. The seat's protocol (its deck key, shuffles, shares, the placement's
// commitment and opening, dice values, card hand-overs) is done by the same RisikoAgent the bot
// uses, so the session layer produces every share and proof itself; the person only decides:
// the initial placement (committed whole, as the protocol requires), reinforcements, trades,
// attacks (ATTACK with a number of dice, or M_ATTACK with a stop level), the conquest move, the
// strategic move, the end of the turn, the mission claim, leaving.
//
// The screen makes an intent from the game it shows; the runner asks the player for a message
// against the session it holds, which may be a step ahead, so every intent is checked again
// against the seat's own knowledge (its cards and mission) when it is turned into a message.
#include <array>
#include <deque>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "game/core/result.hpp"
#include "games/risiko/risiko_agent.hpp"
#include "peer/net/player.hpp"

namespace parley::ui {

namespace rk = game::risiko;

// Trade the cards in these hand slots (the player reveals them with its shares).
struct TradeIntent {
  std::array<std::uint8_t, 3> slots{};
  friend bool operator==(const TradeIntent&, const TradeIntent&) = default;
};
// Claim victory with the seat's own mission.
struct ClaimIntent {
  friend bool operator==(const ClaimIntent&, const ClaimIntent&) = default;
};

// PlaceArmies is the initial placement while the seat owes its placement commitment (it must
// place the whole allowance), and a reinforcement in its turn.
using RisikoIntent = std::variant<rk::PlaceArmies, TradeIntent, rk::AttackOrder, rk::MultiAttackOrder, rk::MoveIn,
                                  rk::MoveArmies, rk::EndTurn, ClaimIntent, rk::LeaveGame>;
std::string describe(const RisikoIntent& intent, const rk::World& world);

// A person's Risiko seat. Intents queue up from the screen and leave one at a time as the
// runner asks; the ones the rules refuse are kept with the reason, for the screen to say so.
class HumanRisikoPlayer final : public peer::Player {
 public:
  void submit(RisikoIntent intent) { queue_.push_back(std::move(intent)); }
  std::optional<game::Bytes> act(const peer::Session& session, game::Seat me) override;
  std::vector<std::string> take_refusals() { return std::exchange(refusals_, {}); }
  // What this seat knows of its own secrets now: its mission and each hand card it has opened.
  rk::Player knowledge(const peer::Session& session, game::Seat me);
  // The agent's secrets (deck key, dice chain, box key, the placement's opening), which the
  // runner keeps on disk, so that a client restarted mid-game (same key, same data folder)
  // takes its seat back; the intents queued and in flight are the person's to make again.
  game::Bytes secrets() const override { return agent_.secrets(); }
  bool restore(std::span<const std::uint8_t> secrets) override { return agent_.restore(secrets); }

 private:
  game::Result<peer::risiko::Message, std::string> message(const peer::risiko::RisikoRules& rules, game::Seat me,
                                                           const RisikoIntent& intent);

  peer::risiko::RisikoAgent agent_;
  std::deque<RisikoIntent> queue_;
  std::optional<rk::PlaceArmies> initial_;  // the placement committed (the agent opens it later)
  // Handed out last: offered again if the lobby refused its post and the rules still allow it
  // (see HumanChessPlayer).
  std::optional<RisikoIntent> last_;
  std::size_t last_actions_ = 0;  // the seat's applied actions when last_ was handed out
  std::vector<std::string> refusals_;
};

}  // namespace parley::ui
