#include "games/chess/module.hpp"


#include <cassert>

#include "games/chess/chess_bots.hpp"
#include "games/chess/chess_export.hpp"
#include "i18n/i18n.hpp"
#include "peer/bots/game_bots.hpp"

namespace parley::games::chess {

namespace {

class ChessModule final : public peer::GameModule {
 public:
  std::string_view name() const override { return peer::kChessGame; }
  std::string_view title() const override { return i18n::tr_noop("Chess"); }
  peer::SeatRange seats() const override { return {2, 2}; }
  game::Result<std::unique_ptr<peer::GameRules>, peer::RulesError> make_rules(
      std::size_t seats, const peer::RoomOptions& options) const override {
    if (!this->seats().contains(seats)) return peer::RulesError::bad_seat_count;
    if (!options.game_options.empty()) return peer::RulesError::bad_options;
    return std::unique_ptr<peer::GameRules>(std::make_unique<peer::ChessRules>());
  }
  std::optional<std::string> seat_label(game::Seat seat) const override {
    return seat.index == 0 ? i18n::tr_noop("White") : i18n::tr_noop("Black");
  }
  std::string_view seat_separator() const override { return " – "; }
};

class ChessBots final : public peer::GameBots {
 public:
  game::Result<peer::Bot, std::string> bot(const peer::BotRequest& r) const override {
    if (!r.difficulty.empty()) return std::string("--difficulty is for Risiko bots; a chess bot has --level");
    if (r.engine.empty() && r.level > 0) {
      // The house bot: stockfish at the level, or random moves when it is missing (said).
      auto house = peer::house_chess_player(r.level, r.seed, r.delay);
      const char* name = house.engine ? "stockfish" : "random bot";
      return peer::Bot{std::move(house.player), name, std::move(house.description)};
    }
    if (r.engine.empty() || r.engine == "random") {
      if (r.level > 0) return std::string("--level needs a UCI engine: leave --engine out for stockfish, or give uci:PATH");
      return peer::Bot{std::make_unique<peer::RandomChessPlayer>(r.seed, r.delay), "random bot", "random moves"};
    }
    if (r.engine.rfind("uci:", 0) == 0) {
      auto uci = peer::UciChessPlayer::start({r.engine.substr(4)}, r.movetime_ms > 0 || r.level > 0 ? r.movetime_ms : 200,
                                             r.level, r.delay);
      if (!uci) return uci.error();
      return peer::Bot{std::move(uci).value(), "engine bot", r.engine.substr(4)};
    }
    return "unknown --engine '" + r.engine + "': random or uci:PATH";
  }
  // Stockfish at the level, or the random mover (`--bot random`, or no level).
  game::Result<peer::Bot, std::string> house_bot(const peer::BotRequest& r) const override {
    if (r.engine == "random" || r.level == 0) {
      peer::BotRequest random = r;
      random.engine = "random";
      random.level = 0;
      random.difficulty.clear();
      return bot(random);
    }
    peer::BotRequest house = r;
    house.engine.clear();
    return bot(house);
  }
  game::Result<peer::BotPlays, std::string> house_bot_plays(const peer::BotRequest& r) const override {
    if (!r.difficulty.empty()) return std::string("--difficulty is for Risiko bots; a chess bot has --level");
    if (r.engine == "random" || r.level == 0) return peer::BotPlays{i18n::tr("random moves")};
    return peer::BotPlays{peer::house_chess_description(r.level)};
  }
  std::string house_bot_words() const override {
    return "chess (stockfish at --level; random moves when it is not installed), random (the random mover in "
           "chess's place)";
  }
  bool has_levels() const override { return true; }
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
