#pragma once
// A game as one registered object (docs/architecture.md, "Adding a game"): its name and seat
// range, the rules of a room, its options and seats in words, and the facets the layers above
// define — bots, a person's screens and terminal player, board views — which the game's folder
// (games/NAME/) provides. Nothing below games/ names a game: the session, the verifier, the
// screens, the terminal and the archive look a game up here by the name its genesis carries.
//
// The registry is the process's (as ImHex's content registry is): its composition root
// (apps/…, games/register.hpp) fills it before any other thread runs, and it is only read after.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <typeindex>
#include <utility>
#include <vector>

#include "peer/session/options.hpp"
#include "peer/session/rules.hpp"

namespace parley::peer {

// How many seats a room of the game has, both ends included.
struct SeatRange {
  std::uint8_t min = 2;
  std::uint8_t max = 2;
  bool contains(std::size_t seats) const { return seats >= min && seats <= max; }
};

class GameModule {
 public:
  virtual ~GameModule() = default;

  // The game's name in rooms and genesis entries ("chess"): [a-z0-9-], as the lobby takes it.
  virtual std::string_view name() const = 0;
  // Its name for people ("Gunjin shogi").
  virtual std::string_view title() const = 0;
  virtual SeatRange seats() const = 0;
  // The rules of a room of `seats` with these options; refuses a seat count or options the game
  // cannot play.
  virtual game::Result<std::unique_ptr<GameRules>, RulesError> make_rules(std::size_t seats,
                                                                          const RoomOptions& options) const = 0;
  // The game's own room options (RoomOptions::game_options) in words, each part appended to
  // `parts` ("open pieces", "map classic-82"); nothing for the defaults.
  virtual void describe_options(std::span<const std::uint8_t> game_options, std::vector<std::string>& parts) const;
  // What a seat is called in the game ("White", "Yellow"); none: it is a numbered seat.
  virtual std::optional<std::string> seat_label(Seat seat) const;
  // Between the seated players' names in a room list: "Ada – Bo" for a duel with sides, ", ".
  virtual std::string_view seat_separator() const { return ", "; }

  // The facet of type F a layer above defined and this game provides, or null.
  template <class F>
  const F* facet() const {
    for (const auto& [type, facet] : facets_)
      if (type == std::type_index(typeid(F))) return static_cast<const F*>(facet.get());
    return nullptr;
  }
  // Provides (or replaces) the facet of type F.
  template <class F>
  void provide(std::shared_ptr<const F> facet) {
    for (auto& [type, held] : facets_)
      if (type == std::type_index(typeid(F))) {
        held = std::move(facet);
        return;
      }
    facets_.emplace_back(std::type_index(typeid(F)), std::move(facet));
  }

 private:
  std::vector<std::pair<std::type_index, std::shared_ptr<const void>>> facets_;
};

class GameRegistry {
 public:
  // The games of this process.
  static GameRegistry& process();

  // Registers a game; a game of a name already registered stays as it is (registering twice
  // is harmless, and what was found by name stays valid). The module registered under the name.
  GameModule& add(std::shared_ptr<GameModule> module);
  const GameModule* find(std::string_view name) const;
  // For registering the facets of the layers above (games/register.hpp).
  GameModule* find_mutable(std::string_view name);
  // In the order registered.
  const std::vector<std::shared_ptr<GameModule>>& all() const { return modules_; }

 private:
  std::vector<std::shared_ptr<GameModule>> modules_;
};

// The registered game of this name; null: this build does not play it.
const GameModule* find_game(std::string_view name);

// The rules of the genesis' game for this many seats and these options.
game::Result<std::unique_ptr<GameRules>, RulesError> make_rules(std::string_view game, std::size_t seats,
                                                                const RoomOptions& options);

}  // namespace parley::peer
