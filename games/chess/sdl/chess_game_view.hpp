#pragma once
// Chess in the client's window (ui/sdl/game_view.hpp): the board with the move input (click-click
// or drag-and-drop, the promotion choice), the players' cards and clocks, the moves, resigning,
// draws and take-backs, Save PGN; and the board of a chess log in the replay viewer.
#include <cstdint>
#include <optional>
#include <string>

#include "games/chess/sdl/pieces.hpp"
#include "games/chess/ui/chess_screen.hpp"
#include "ui/sdl/game_view.hpp"
#include "ui/sdl/window.hpp"
#include "i18n/i18n.hpp"

namespace parley::ui::sdl {

class ChessGameView final : public GameView {
 public:
  explicit ChessGameView(const ViewContext& context);

  // Where the board is on the game and replay screens (tests click on it).
  std::optional<BoardGeometry> board_geometry() const { return board_; }

  void begin_frame() override { board_.reset(); }
  bool animating() const override { return screen_.input().dragging(); }
  bool shortcut(const SDL_Event& key, std::uint64_t local_ms) override;
  void menu_items(std::uint64_t local_ms) override;
  std::string button_name() const override { return i18n::tr("chess"); }
  std::string room_seat_label(std::size_t seat) const override { return seat == 0 ? i18n::tr("White") : i18n::tr("Black"); }
  void game_screen(std::uint64_t local_ms, int top,
                   const std::function<void(const char* id, float height)>& chat) override;
  void result_buttons(std::uint64_t local_ms) override;
  std::optional<Rect> replay_board(const ReplayViewer& viewer, int top) override;

 private:
  void board_input(const BoardGeometry& g);
  void promotion_popup(const BoardGeometry& g);
  void player_card(game::Seat seat, std::uint64_t local_ms);
  void game_actions(std::uint64_t local_ms);
  void save_pgn(std::uint64_t local_ms);

  Window& window_;
  App& app_;
  ChessScreen& screen_;
  std::filesystem::path data_dir_;
  PieceAtlas pieces_;
  std::optional<BoardGeometry> board_;
  // Widget state.
  bool resign_requested_ = false;
  std::size_t moves_shown_ = 0;
};

// The chess view of `screens` (chess is registered with its views).
ChessGameView& chess_view(const Screens& screens);

}  // namespace parley::ui::sdl
