#include "games/chess/module.hpp"

#include <cassert>

#include "games/chess/chess_bots.hpp"
#include "games/chess/chess_export.hpp"
#include "peer/bots/game_bots.hpp"

namespace parley::games::chess {

namespace {

class ChessModule final : public peer::GameModule {
 public:
  std::string_view name() const override { return peer::kChessGame; }
  std::string_view title() const override { return "Chess"; }
  peer::SeatRange seats() const override { return {2, 2}; }
  game::Result<std::unique_ptr<peer::GameRules>, peer::RulesError> make_rules(
      std::size_t seats, const peer::RoomOptions& options) const override {
    if (!this->seats().contains(seats)) return peer::RulesError::bad_seat_count;
    if (!options.game_options.empty()) return peer::RulesError::bad_options;
    return std::unique_ptr<peer::GameRules>(std::make_unique<peer::ChessRules>());
  }
  std::optional<std::string> seat_label(game::Seat seat) const override {
    return seat.index == 0 ? "White" : "Black";
  }
  std::string_view seat_separator() const override { return " – "; }
};

class ChessBots final : public peer::GameBots {
 public:
  game::Result<peer::Bot, std::string> bot(const peer::BotRequest& r) const override {
    if (r.engine.empty() || r.engine == "random")
      return peer::Bot{std::make_unique<peer::RandomChessPlayer>(r.seed, r.delay), "random bot"};
    if (r.engine.rfind("uci:", 0) == 0) {
      auto uci = peer::UciChessPlayer::start({r.engine.substr(4)}, r.movetime_ms);
      if (!uci) return uci.error();
      return peer::Bot{std::move(uci).value(), "engine bot"};
    }
    return "unknown --engine '" + r.engine + "': random or uci:PATH";
  }
  std::unique_ptr<peer::Player> house_bot(std::uint64_t seed, std::chrono::milliseconds delay) const override {
    return std::make_unique<peer::RandomChessPlayer>(seed, delay);
  }
  std::string house_bot_words() const override { return "chess (random moves; 'random' is the same)"; }
  std::vector<std::string_view> aliases() const override { return {"random"}; }
};

}  // namespace

std::shared_ptr<peer::GameModule> module() {
  auto chess = std::make_shared<ChessModule>();
  chess->provide<peer::GameBots>(std::make_shared<const ChessBots>());
  chess->provide<peer::PgnExport>(std::make_shared<const peer::ChessPgnExport>());
  return chess;
}

const peer::ChessRules* rules(const peer::Session& session) {
  return dynamic_cast<const peer::ChessRules*>(&session.rules());
}

const peer::ChessRules& rules_of(const peer::Session& session) {
  const auto* found = rules(session);
  assert(found != nullptr);
  return *found;
}

}  // namespace parley::games::chess
