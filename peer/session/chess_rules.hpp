#pragma once
// Chess through the session layer: nothing is hidden, so a message is simply a chess action
// (six bytes, game/chess/game.hpp) that every peer applies and checks. Seat 0 plays white.
#include <deque>

#include "game/chess/game.hpp"
#include "peer/session/chess_refusal.hpp"
#include "peer/session/rules.hpp"

namespace parley::peer {

inline constexpr std::string_view kChessGame = "chess";

class ChessRules final : public GameRules {
 public:
  std::string_view game() const override { return kChessGame; }
  Verdict setup(Seat seat, std::span<const std::uint8_t> data) override;
  void begin(const GameStart&) override {}
  Verdict act(Seat seat, std::span<const std::uint8_t> message, const ActionContext& context) override;
  std::vector<Seat> awaited() const override;
  void time_out(Seat seat) override;
  void forfeit(Seat seat) override;
  std::optional<game::Outcome> outcome() const override;
  crypto::Digest public_state_hash() const override;
  Verdict reveal(Seat seat, std::span<const std::uint8_t> secrets) override;
  bool needs_reveals() const override { return false; }
  std::string describe_action(Seat seat, std::span<const std::uint8_t> message) const override;
  std::string describe_refusal(const Rejection& rejection) const override { return describe_chess_refusal(rejection); }
  std::string_view refusal_name(RefusalCode code) const override { return chess_refusal_name(code); }

  const game::chess::Game& game_state() const { return game_; }

 private:
  // The game before one applied action, kept to judge a message by the state its sender saw
  // (moved in, not copied: applying an action makes a new game anyway).
  struct Applied {
    lobby::EntryIndex index;
    Seat by;
    game::chess::Game before;
  };
  // Honest seats act on the latest entry they have; a few actions behind covers every race.
  static constexpr std::size_t kRecentActions = 8;

  std::optional<Rejection> late(Seat seat, const game::chess::Action& action, const ActionContext& context,
                                bool accepted_now) const;

  game::chess::Game game_;
  std::deque<Applied> recent_;  // the last kRecentActions applied, oldest first
  bool forgot_ = false;         // older actions were dropped from recent_
  std::optional<game::Outcome> forfeited_;
};

// The bytes of a chess action, for players and bots to post.
Bytes chess_message(const game::chess::Action& action);

}  // namespace parley::peer
