#pragma once
// Chess in the graphical client without a window (ui/core/game_screen.hpp): the board's move
// input (click-click or drag-and-drop, the promotion choice), the move sent and not yet relayed
// (shown as made), the moves in SAN, resigning, draws and take-backs; the replay of a chess log
// move by move; and the person's seat on the network thread (HumanChessPlayer).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/chess/game.hpp"
#include "games/chess/ui/chess_intent.hpp"
#include "games/chess/ui/chess_replay.hpp"
#include "games/chess/ui/move_input.hpp"
#include "peer/log/pgn_export.hpp"
#include "ui/core/app.hpp"
#include "ui/core/game_screen.hpp"
#include "ui/core/game_ui.hpp"

namespace parley::ui {

class ChessScreen final : public GameScreen {
 public:
  using GameScreen::GameScreen;

  // The chess game on screen; null when the game on screen is not chess.
  const game::chess::Game* chess() const;
  // The moves so far in SAN, and the last one (the game on screen).
  const std::vector<std::string>& san_moves() const { return san_; }
  std::optional<game::chess::Move> last_move() const;
  // Whether this client's seat may move now: its turn, the game on.
  bool my_move() const;

  // ---- the board ----
  const MoveInput& input() const { return input_; }
  void press(std::optional<game::chess::Square> at);
  void drag(Point pointer) { input_.drag(pointer); }
  void release(std::optional<game::chess::Square> at);
  void choose_promotion(game::chess::PieceType type);
  void cancel() { input_.cancel(); }
  // Resign, draw and take-back intents (moves come from the board).
  void act(ChessIntent intent, std::uint64_t local_ms);
  // The move sent and not yet in the transcript (the board shows it already made).
  const std::optional<game::chess::Move>& pending_move() const { return pending_; }
  // The game so far as PGN.
  game::Result<std::string, peer::ExportError> pgn() const;

  // The replay of the chess log in the viewer, if one is open.
  const ChessReplay* replay() const { return replay_ ? &*replay_ : nullptr; }

  void start(const LiveGame& game) override;
  void after_entries(const LiveGame& game) override;
  void sync() override;
  void refused() override;
  void stop() override;
  void open_replay(const ReplayViewer& viewer) override;
  void close_replay() override { replay_.reset(); }

 private:
  bool mine() const;  // the game on screen is chess
  void submit(game::chess::Move move);
  void refresh_moves();

  MoveInput input_;
  std::optional<game::chess::Move> pending_;
  std::size_t pending_ply_ = 0;
  std::optional<std::size_t> input_ply_;  // the position the move input was last reset to
  bool input_may_move_ = false;
  std::vector<game::chess::Move> shown_moves_;
  std::vector<std::string> san_;
  std::optional<ChessReplay> replay_;
};

// Chess's facet (ui/core/game_ui.hpp).
class ChessUi final : public GameUi {
 public:
  std::unique_ptr<GameScreen> screen(App& app, const peer::GameModule& module) const override;
  std::unique_ptr<SeatPlayer> seat_player(const lobby::RoomState& room, const std::any* prepared) const override;
  std::optional<std::string> play_status(const LiveGame& game, std::uint64_t local_ms) const override;
  std::optional<game::Seat> draw_offered_by(const peer::Session& session) const override;
  std::optional<ActionWords> action_words(const peer::Session& before, game::Seat seat,
                                          std::span<const std::uint8_t> message) const override;
};

// The chess screen of `app` (chess is registered with its screens).
ChessScreen& chess_screen(App& app);
const ChessScreen& chess_screen(const App& app);

}  // namespace parley::ui
