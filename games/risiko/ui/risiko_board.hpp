#pragma once
// The Risiko map as the screen shows it and as a person plays on it, without a window.
//
//   RisikoTracker  follows a session entry by entry and keeps what a person reads beside the
//                  map: the events of the game in words (the original design's server messages: turns,
//                  reinforcements, battles with their dice, conquests, trades, eliminations) and
//                  the dice of the latest roll. Each engine action is replayed on the public state
//                  before it with the same engine, and the dice of a roll are drawn again from the
//                  two chain values as the session drew them; the result must be the session's
//                  own state, or the session's own words are shown instead.
//   RisikoBoard    one seat's map: the public table, the seat's own cards and mission (which
//                  only its player can open: they come from the network thread), and the input
//                  state machine that turns clicks on territories and the panel's buttons into
//                  RisikoIntents, phase by phase (docs/ui.md, "Risiko").
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "games/risiko/ui/risiko_intent.hpp"
#include "games/risiko/ui/risiko_shapes.hpp"
#include "peer/session/risiko_rules.hpp"
#include "peer/session/session.hpp"

namespace parley::ui {

// The dice of one attack order (an ATTACK, or every round of an M_ATTACK).
struct RisikoRollShown {
  game::Seat attacker;
  game::Seat defender;
  rk::TerritoryId from;
  rk::TerritoryId to;
  std::vector<rk::Roll> rounds;
  rk::Losses losses;  // over all rounds
  bool conquered = false;
};

// The engine action a Risiko message stands for, given the state and the pending roll before it
// (a dice answer: the attack with the dice the session draws from both chain values).
std::optional<rk::Action> risiko_engine_action(const peer::risiko::Message& message, game::Seat seat,
                                               const rk::State& before,
                                               const std::optional<peer::risiko::PendingRoll>& roll,
                                               const crypto::SessionId& session);
// Rounds of dice in words, at most four shown: "6-5-1 against 4-3, 2-1 against 3".
std::string risiko_roll_words(const std::vector<rk::Roll>& rounds);
// A card's symbol in the person's language: "infantry", "cavalry", "artillery", "Joker".
std::string symbol_name(rk::Symbol symbol);
// "Yellow", "Blue", … for the army colours, in the person's language.
std::string colour_name(rk::Colour colour);
// A mission in words: "Conquer North America and Africa".
std::string mission_text(const rk::World& world, rk::MissionId mission);
// A card in words: "Peru (cavalry)", "Joker".
std::string card_text(const rk::World& world, rk::CardId card);
// The mission whose claim ended the game, shown with the result (the holder's program claims it
// at once, so its player learns here why the game ended); none for any other end.
std::optional<rk::MissionId> claimed_mission(const rk::Table& table);

using SeatNamer = std::function<std::string(game::Seat)>;

class RisikoTracker {
 public:
  // After each entry the session applied (from the genesis on).
  void after_entry(const peer::Session& session, const SeatNamer& name);
  const std::vector<std::string>& log() const { return log_; }
  const std::optional<RisikoRollShown>& last_roll() const { return last_roll_; }

 private:
  void say_events(const std::vector<rk::Event>& events, const rk::World& world, const SeatNamer& name,
                  std::optional<game::Seat> actor);

  std::optional<rk::State> before_;
  std::optional<peer::risiko::PendingRoll> roll_before_;
  std::size_t actions_seen_ = 0;
  std::size_t events_seen_ = 0;
  std::vector<std::string> log_;
  std::optional<RisikoRollShown> last_roll_;
};

// What the seat's user may do now.
enum class RisikoMode : std::uint8_t {
  watching,             // a spectator, someone else's turn, or the protocol at work
  initial_placement,    // choosing where the starting armies go (committed all at once)
  placement_committed,  // committed, waiting for the others to commit and reveal
  must_trade,           // more than 5 cards: trade three before anything else
  reinforce,            // armies to place (and cards that may be traded)
  attack,               // attack, make the strategic move, end the turn
  move_in,              // a territory was conquered: how many armies move in
  sent,                 // an intent is on its way: input waits until it lands or is refused
  out,                  // this seat left, was eliminated, or the game is over
};
std::string_view describe(RisikoMode mode);

class RisikoBoard {
 public:
  RisikoBoard(std::shared_ptr<const rk::World> world, std::shared_ptr<const RisikoShapes> shapes,
              std::optional<game::Seat> me);

  // ---- following the game ----
  void after_entry(const peer::Session& session, const SeatNamer& name);
  // The seat's own secrets, as its player opened them (the network thread passes them on).
  void set_secrets(rk::Player own) { own_ = std::move(own); }
  // The intent sent was refused: input resumes.
  void refused() { sent_ = initial_sent_ = false; }

  // ---- what is shown ----
  const rk::World& world() const { return *world_; }
  const std::shared_ptr<const RisikoShapes>& shapes() const { return shapes_; }
  std::optional<game::Seat> me() const { return me_; }
  const rk::Table& table() const { return state_.table; }
  // What this seat may see: the public table and its own secrets, never another seat's.
  rk::SeatView view() const;
  const rk::Player& own() const { return own_; }
  const RisikoTracker& tracker() const { return tracker_; }
  // The public state with this seat's own secrets learned (what its rules checks may use).
  rk::State knowing() const;
  RisikoMode mode() const;
  std::optional<rk::TerritoryId> selected() const { return selected_; }
  std::optional<rk::TerritoryId> target() const { return target_; }
  // Territories the selected one can attack or move to now (highlighted on the map).
  std::vector<rk::TerritoryId> targets() const;
  bool target_is_enemy() const;
  // Armies about to be placed, by territory (drawn on the map before they are sent).
  const std::map<rk::TerritoryId, std::uint32_t>& draft() const { return draft_; }
  std::uint32_t draft_total() const;
  std::uint32_t allowance() const;  // armies this seat has to place now
  const std::set<std::uint8_t>& chosen_cards() const { return chosen_cards_; }
  // Attack: the most dice the selected territory may throw (0: it cannot attack).
  std::uint8_t max_dice() const;
  // Move-in after a conquest: [least, most] armies.
  std::pair<std::uint32_t, std::uint32_t> move_in_range() const;

  // ---- input: a click on the map (none: the sea), primary or secondary button ----
  std::optional<RisikoIntent> click(std::optional<rk::TerritoryId> territory, bool secondary = false);
  // ---- input: the panel's buttons (nullopt when not allowed now) ----
  std::optional<RisikoIntent> place();
  void clear_draft() { draft_.clear(); }
  void toggle_card(std::uint8_t slot);
  std::optional<RisikoIntent> trade();
  bool can_trade() const { return trade_decision().has_value(); }
  bool can_claim() const;
  std::optional<RisikoIntent> attack(std::uint8_t dice);
  std::optional<RisikoIntent> attack_until(std::uint32_t stop_at);
  std::optional<RisikoIntent> move(std::uint32_t armies);
  std::optional<RisikoIntent> move_in(std::uint32_t armies);
  std::optional<RisikoIntent> end_turn();
  std::optional<RisikoIntent> claim();
  std::optional<RisikoIntent> leave();
  void deselect();

 private:
  std::optional<RisikoIntent> send(RisikoIntent intent);
  std::optional<TradeIntent> trade_decision() const;  // the chosen cards, if they form a set now
  bool owns(rk::TerritoryId t) const { return me_ && state_.table.countries[t.value].owner == *me_; }

  std::shared_ptr<const rk::World> world_;
  std::shared_ptr<const RisikoShapes> shapes_;
  std::optional<game::Seat> me_;
  rk::State state_;
  rk::Player own_;
  RisikoTracker tracker_;
  bool started_ = false;
  bool placement_due_ = false;  // the seat owes its placement commitment
  bool committed_ = false;      // committed, not yet revealed
  bool deciding_ = false;       // the seat is to choose a move (no protocol step pending)
  bool departed_ = false;
  bool over_ = false;
  bool sent_ = false;
  bool initial_sent_ = false;  // the initial placement went to the player (it commits it when due)
  bool initial_revealed_ = false;  // this seat's initial placement has been revealed
  std::size_t my_actions_ = 0;
  std::optional<rk::TerritoryId> selected_;
  std::optional<rk::TerritoryId> target_;
  std::map<rk::TerritoryId, std::uint32_t> draft_;
  std::set<std::uint8_t> chosen_cards_;
};

}  // namespace parley::ui
