#pragma once
// A Gunjin game as one seat's screen shows it, next to the LiveGame that runs the session:
// what the seat may see — its own kinds, every position, every battle's outcome, and, once
// both layouts are opened at the end, both armies — the referee's announcements of the
// battles, and the move input (click a piece, then a square it can reach; or drag it there).
//
// The seat's view is rebuilt from its own layout and the engine actions the session applied
// (the same way its agent follows the game), so it never holds an enemy kind before the end:
// the kinds the screen may draw face up are exactly the view's known kinds.
#include <optional>
#include <string>
#include <vector>

#include "game/gunjin/state.hpp"
#include "games/gunjin/ui/gunjin_player.hpp"
#include "peer/session/gunjin_rules.hpp"
#include "peer/session/session.hpp"
#include "ui/core/geometry.hpp"

namespace parley::ui {

class GunjinBoard {
 public:
  // `me`: this client's seat (nothing: watching); `layout`: its layout, when it is known here
  // (the one this client chose in the layout editor).
  GunjinBoard(std::optional<game::Seat> me, std::optional<game::gunjin::Layout> layout);

  // Follows the session after new entries.
  void update(const peer::Session& session);
  // The seat's layout, learnt later (a resumed game); takes effect at the next update.
  void set_layout(const game::gunjin::Layout& layout);
  const std::optional<game::gunjin::Layout>& layout() const { return layout_; }

  std::optional<game::Seat> me() const { return me_; }
  // What this seat may see now (with both layouts opened at the end: everything).
  const game::gunjin::State& view() const { return *view_; }
  bool armies_open() const { return armies_open_; }
  // The referee's announcement of every battle so far, oldest first.
  const std::vector<std::string>& announcements() const { return announcements_; }
  // The squares of the last move.
  std::optional<std::pair<game::gunjin::Square, game::gunjin::Square>> last_move() const { return last_move_; }
  // What the game waits for, in words ("Your move", "Battle at c5: settling the duel").
  std::string status() const { return status_; }
  // This seat may move now: its turn, both armies proven, no battle being settled, no move
  // of its own on the way.
  bool may_move() const;
  // The opponent has offered a draw that this seat may accept.
  bool draw_offered_to_me() const;
  // This seat may offer a draw: on either seat's turn, outside a battle, with none pending.
  bool may_offer_draw() const;
  // The seat has no legal move in its view (it may declare so).
  bool no_legal_move() const;

  // ---- move input ----
  std::optional<GunjinIntent> press(std::optional<game::gunjin::Square> at);
  void drag(Point pointer);
  std::optional<GunjinIntent> release(std::optional<game::gunjin::Square> at);
  void cancel();
  std::optional<game::gunjin::Square> selected() const { return selected_; }
  game::gunjin::SquareSet targets() const { return targets_; }
  bool dragging() const { return dragging_; }
  Point drag_point() const { return pointer_; }
  // The move sent and not yet relayed; the board draws it as made.
  const std::optional<GunjinIntent>& pending() const { return pending_; }
  void sent(const GunjinIntent& move);
  void refused() { pending_.reset(); }

 private:
  std::optional<GunjinIntent> choose(game::gunjin::Square to);

  std::optional<game::Seat> me_;
  std::optional<game::gunjin::Layout> layout_;
  std::optional<game::gunjin::State> view_;
  std::size_t applied_ = 0;  // engine actions applied to the seat's own view
  bool own_view_ = false;    // view_ is built from the layout (not the public state)
  bool armies_open_ = false;
  bool game_on_ = false;     // play phase, armies proven, no duel, no result
  bool playing_ = false;  // game_on_, and this seat is one of the game's and still in it
  bool my_turn_ = false;
  std::vector<std::string> announcements_;
  std::optional<std::pair<game::gunjin::Square, game::gunjin::Square>> last_move_;
  std::string status_;

  std::optional<game::gunjin::Square> selected_;
  game::gunjin::SquareSet targets_;
  bool pressed_ = false;
  bool second_press_ = false;
  bool dragging_ = false;
  Point pointer_;
  std::optional<GunjinIntent> pending_;
  std::uint32_t pending_ply_ = 0;
};

}  // namespace parley::ui
