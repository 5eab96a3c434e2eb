#include "ui/core/game_ui.hpp"

namespace parley::ui {

std::optional<std::any> SeatPlayer::news(const peer::Session*, std::optional<game::Seat>) { return std::nullopt; }

std::optional<std::string> GameUi::play_status(const LiveGame&, std::uint64_t) const { return std::nullopt; }

std::optional<game::Seat> GameUi::draw_offered_by(const peer::Session&) const { return std::nullopt; }

std::optional<ActionWords> GameUi::action_words(const peer::Session&, game::Seat, std::span<const std::uint8_t>) const {
  return std::nullopt;
}

const GameUi* game_ui(std::string_view game) {
  const peer::GameModule* module = peer::find_game(game);
  return module ? module->facet<GameUi>() : nullptr;
}

}  // namespace parley::ui
