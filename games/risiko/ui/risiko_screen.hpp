#pragma once
// Risiko in the graphical client without a window (ui/core/game_screen.hpp): the map of the game
// on screen (RisikoBoard: the intents of each phase) with the seat's own cards and mission, the
// map and dice of a room this client creates, the replay of a Risiko log; and the person's seat
// on the network thread (HumanRisikoPlayer).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "games/risiko/ui/risiko_board.hpp"
#include "games/risiko/ui/risiko_replay.hpp"
#include "ui/core/app.hpp"
#include "ui/core/game_screen.hpp"
#include "ui/core/game_ui.hpp"

namespace parley::ui {

// SeatNews of a Risiko seat: its own secrets as its player opened them (its mission, its cards),
// whenever they change; no other peer and no other screen can know them.
struct RisikoSecrets {
  game::risiko::Player own;
};

// The drawings of users' Risiko maps a person keeps in `dir` (<data>/risiko-shapes/): the
// texts of its `*.shapes` files, by name, at most kMaxRisikoDrawings, each at most
// kMaxShapesBytes (larger ones are skipped). A drawing is used for a room whose map it draws.
inline constexpr std::size_t kMaxRisikoDrawings = 64;
std::vector<std::string> read_risiko_drawings(const std::filesystem::path& dir);

class RisikoScreen final : public GameScreen {
 public:
  // The drawings of the person's own maps are read from <data>/risiko-shapes (AppConfig::data_dir).
  RisikoScreen(App& app, const peer::GameModule& module);

  // A room this client creates: a shipped map by key, or the text of a map file of the person's
  // own (the window reads it); it travels in the room, so the other seats need no copy. And
  // the dice rule.
  struct RoomForm {
    std::string map = "classic";
    std::optional<std::string> map_file;
    game::risiko::DiceRule dice = game::risiko::DiceRule::risiko;
  };
  RoomForm& room_form() { return room_form_; }

  // Drawings (shapes files' texts) tried on a map no drawing ships for.
  void set_drawings(std::vector<std::string> drawings) { drawings_ = std::move(drawings); }

  // The map of the game on screen; the map's input makes intents, sent with act().
  RisikoBoard* board() { return board_ ? &*board_ : nullptr; }
  const RisikoBoard* board() const { return board_ ? &*board_ : nullptr; }
  void act(std::optional<RisikoIntent> intent);
  // The replay of the Risiko log in the viewer, if one is open (and its map is drawn).
  const RisikoReplay* replay() const { return replay_ ? &*replay_ : nullptr; }

  game::Result<game::Bytes, std::string> room_options() const override;
  void start(const LiveGame& game) override;
  void after_entry(const LiveGame& game) override;
  void news(const std::any& news) override;
  void refused() override;
  void stop() override;
  void open_replay(const ReplayViewer& viewer) override;
  void close_replay() override { replay_.reset(); }

 private:
  RoomForm room_form_;
  std::vector<std::string> drawings_;
  std::optional<RisikoBoard> board_;
  std::optional<game::risiko::Player> secrets_;  // arrived before the board (the genesis) did
  std::optional<RisikoReplay> replay_;
};

// Risiko's facet (ui/core/game_ui.hpp).
class RisikoUi final : public GameUi {
 public:
  std::unique_ptr<GameScreen> screen(App& app, const peer::GameModule& module) const override;
  std::unique_ptr<SeatPlayer> seat_player(const lobby::RoomState& room, const std::any* prepared) const override;
  std::optional<ActionWords> action_words(const peer::Session& before, game::Seat seat,
                                          std::span<const std::uint8_t> message) const override;
};

// The Risiko screen of `app` (Risiko is registered with its screens).
RisikoScreen& risiko_screen(App& app);
const RisikoScreen& risiko_screen(const App& app);

}  // namespace parley::ui
