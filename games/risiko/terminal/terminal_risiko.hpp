#pragma once
// A person playing Risiko through the session layer at a terminal: the game told entry by entry
// in words (turns, reinforcements, battles with their dice, conquests, trades), the map as a
// table at the start of each of the seat's turns, its cards and mission, and typed commands for
// every decision (place, trade, attack, blitz, move, end, claim, leave). It is the graphical
// client's map (ui::RisikoBoard) and HumanRisikoPlayer with the terminal as input, so the agent
// beneath does every shuffle, share, commitment and dice value exactly as for a window or a bot.
// Reading standard input never blocks the session.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli/terminal_input.hpp"
#include "games/risiko/ui/risiko_board.hpp"

namespace parley::cli {

class TerminalRisikoPlayer final : public peer::Player {
 public:
  explicit TerminalRisikoPlayer(int input = STDIN_FILENO, std::FILE* output = stdout);

  std::optional<game::Bytes> act(const peer::Session& session, game::Seat me) override;
  void entry_applied(const peer::Session& session, game::Seat me) override;
  void observe(const peer::Session& session, const peer::SessionEvent& event) override;
  game::Bytes secrets() const override { return human_.secrets(); }
  bool restore(std::span<const std::uint8_t> secrets) override { return human_.restore(secrets); }
  // The person has closed the input (Ctrl-D): the seat is left to be resumed later.
  bool input_ended() { return input_.ended(); }

  // The map as this seat follows it (none before the first entry).
  const ui::RisikoBoard* board() const { return board_ ? &*board_ : nullptr; }

 private:
  std::string name(game::Seat seat) const;
  void show_map();
  void show_hand();
  // The question for the mode the seat is in, once per change of mode.
  void prompt();
  // One typed line: an intent handed to the player, or an answer printed at once.
  void take(const std::string& line);
  void help();
  // The intent made by the map, or the reason it was not (from the rules when they say one).
  void send(std::optional<ui::RisikoIntent> intent, const std::optional<game::risiko::Decision>& decision);
  std::optional<game::risiko::TerritoryId> territory(const std::string& word);

  ui::HumanRisikoPlayer human_;
  LineReader input_;
  std::FILE* out_;
  std::optional<game::Seat> me_;
  std::optional<ui::RisikoBoard> board_;
  std::vector<std::string> names_;  // display names by seat, from their setup
  std::size_t log_shown_ = 0;
  std::optional<ui::RisikoMode> prompted_;  // the mode last asked about
  std::optional<std::uint32_t> map_turn_;   // the turn the map was last shown at
};

}  // namespace parley::cli
