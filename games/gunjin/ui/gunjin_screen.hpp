#pragma once
// Gunjin in the graphical client without a window (ui/core/game_screen.hpp): the layout editor
// (the layout this client's next seat commits to, sent before Ready or a quick match), the room's
// variants and open pieces, the board of the game on screen with the referee's announcements, and
// the replay of a Gunjin log; and the person's seat on the network thread (HumanGunjinPlayer).
#include <cstdint>
#include <optional>

#include "games/gunjin/ui/gunjin_board.hpp"
#include "games/gunjin/ui/gunjin_layout_editor.hpp"
#include "games/gunjin/ui/gunjin_player.hpp"
#include "games/gunjin/ui/gunjin_replay.hpp"
#include "peer/session/gunjin_messages.hpp"
#include "ui/core/app.hpp"
#include "ui/core/game_screen.hpp"
#include "ui/core/game_ui.hpp"

namespace parley::ui {

// SeatNews of a Gunjin seat: the layout it plays with (also after resuming a game: the seat's
// secrets hold it), so the screen can show its own pieces.
struct GunjinLayoutInUse {
  game::gunjin::Layout layout;
};

class GunjinScreen final : public GameScreen {
 public:
  GunjinScreen(App& app, const peer::GameModule& module);

  // The layout this client's next Gunjin seat commits to (edited in the room before Ready).
  GunjinLayoutEditor& editor() { return editor_; }
  const GunjinLayoutEditor& editor() const { return editor_; }
  // The variants and open pieces of a room this client creates (docs/gunjin.md); the
  // defaults are the original rules with hidden pieces.
  peer::GunjinRoomOptions& room_form() { return room_form_; }

  // The Gunjin game on screen, as this seat sees it.
  const GunjinBoard* board() const { return board_ ? &*board_ : nullptr; }
  void press(std::optional<game::gunjin::Square> at);
  void drag(Point pointer);
  void release(std::optional<game::gunjin::Square> at);
  void cancel();
  // Resign, draw, "no legal move" (moves come from the board).
  void act(GunjinIntent intent, std::uint64_t local_ms);

  // The boards of the Gunjin log in the replay viewer, if one is open.
  const GunjinReplay* replay() const { return replay_ ? &*replay_ : nullptr; }

  void quick_match(std::uint8_t seats) override;
  void ready() override;
  game::Result<game::Bytes, std::string> room_options() const override;
  void start(const LiveGame& game) override;
  void after_entries(const LiveGame& game) override;
  void news(const std::any& news) override;
  void refused() override;
  void stop() override { board_.reset(); }
  void open_replay(const ReplayViewer& viewer) override;
  void close_replay() override { replay_.reset(); }

 private:
  void commit_layout();
  void submit(const GunjinIntent& move);

  GunjinLayoutEditor editor_;
  peer::GunjinRoomOptions room_form_;
  std::optional<GunjinBoard> board_;
  std::optional<game::gunjin::Layout> layout_sent_;
  std::size_t announced_ = 0;  // referee announcements said on the log lines
  std::optional<GunjinReplay> replay_;
};

// Gunjin's facet (ui/core/game_ui.hpp).
class GunjinUi final : public GameUi {
 public:
  std::unique_ptr<GameScreen> screen(App& app, const peer::GameModule& module) const override;
  std::unique_ptr<SeatPlayer> seat_player(const lobby::RoomState& room, const std::any* prepared) const override;
  std::optional<game::Seat> draw_offered_by(const peer::Session& session) const override;
  std::optional<ActionWords> action_words(const peer::Session& before, game::Seat seat,
                                          std::span<const std::uint8_t> message) const override;
};

// The Gunjin screen of `app` (Gunjin is registered with its screens).
GunjinScreen& gunjin_screen(App& app);
const GunjinScreen& gunjin_screen(const App& app);

}  // namespace parley::ui
