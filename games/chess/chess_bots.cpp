#include "games/chess/chess_bots.hpp"

#include <unistd.h>

#include <cassert>
#include <cstdlib>
#include <filesystem>

#include "game/chess/notation.hpp"
#include "games/chess/module.hpp"
#include "i18n/i18n.hpp"
#include "games/chess/chess_levels.hpp"

namespace parley::peer {

using namespace game::chess;

const Game& chess_game(const Session& session) { return games::chess::rules_of(session).game_state(); }

std::optional<Bytes> answer_before_moving(const Game& game, Seat me) {
  Color mine = color_of(me);
  if (game.draw_offered_by() && *game.draw_offered_by() != mine)
    return chess_message({Action::Kind::decline_draw, me, Move::none(), 0});
  if (game.takeback_request() && game.takeback_request()->by != mine)
    return chess_message({Action::Kind::decline_takeback, me, Move::none(), 0});
  if (game.position().side_to_move() == mine && game.can_claim_draw())
    return chess_message({Action::Kind::claim_draw, me, Move::none(), 0});
  return std::nullopt;
}

bool ThinkingTime::done(std::size_t ply) {
  auto now = std::chrono::steady_clock::now();
  if (ply_ != ply) {
    ply_ = ply;
    since_ = now;
  }
  return now - since_ >= delay_;
}

std::optional<Bytes> RandomChessPlayer::act(const Session& session, Seat me) {
  const Game& game = chess_game(session);
  if (game.result()) return std::nullopt;
  if (auto answer = answer_before_moving(game, me)) return answer;
  if (seat_of(game.position().side_to_move()) != me) return std::nullopt;
  if (!thinking_.done(game.moves().size())) return std::nullopt;
  MoveList moves(game.position());
  Move m = moves[static_cast<std::size_t>(rng_() % moves.size())];
  return chess_message({Action::Kind::move, me, m, 0});
}

game::Result<std::unique_ptr<UciChessPlayer>, std::string> UciChessPlayer::start(const std::vector<std::string>& argv,
                                                                                int movetime_ms, int level,
                                                                                std::chrono::milliseconds delay) {
  assert(level == 0 || (level >= kMinChessLevel && level <= kMaxChessLevel));
  auto engine = EngineProcess::start(argv);
  if (!engine) return engine.error();
  (*engine)->send("uci");
  // The options it lists, for a level; an engine that says nothing in 10 s is given up.
  std::vector<UciOption> options;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    auto line = (*engine)->read_line(static_cast<int>(std::max<long>(0, left.count())));
    if (!line) return std::string("the engine did not answer 'uci'");
    if (line->rfind("uciok", 0) == 0) break;
    if (auto option = parse_uci_option(*line); option && options.size() < 1000) options.push_back(std::move(*option));
  }
  std::string go = "go movetime " + std::to_string(movetime_ms);
  if (level > 0) {
    const UciLevelPlan plan = plan_uci_level(level, options, movetime_ms);
    for (const std::string& line : plan.setoptions) (*engine)->send(line);
    go = plan.go;
  }
  (*engine)->send("ucinewgame");
  (*engine)->send("isready");
  if (!(*engine)->read_until("readyok", 10'000)) return std::string("the engine did not answer 'isready'");
  return std::unique_ptr<UciChessPlayer>(new UciChessPlayer(std::move(engine).value(), std::move(go), delay));
}

std::optional<std::string> find_stockfish() {
  auto executable = [](const std::filesystem::path& p) {
    std::error_code ec;
    return std::filesystem::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
  };
  if (const char* chosen = std::getenv("PARLEY_STOCKFISH")) {
    if (*chosen != '\0' && executable(chosen)) return std::string(chosen);
    return std::nullopt;
  }
  if (const char* path = std::getenv("PATH")) {
    const std::string_view dirs(path);
    for (std::size_t at = 0; at <= dirs.size();) {
      const std::size_t end = std::min(dirs.find(':', at), dirs.size());
      if (end > at) {
        const std::filesystem::path candidate = std::filesystem::path(dirs.substr(at, end - at)) / "stockfish";
        if (executable(candidate)) return candidate.string();
      }
      at = end + 1;
    }
  }
  if (executable("/usr/games/stockfish")) return std::string("/usr/games/stockfish");
  return std::nullopt;
}

std::string house_chess_description(int level) {
  if (find_stockfish()) return i18n::trf("stockfish at level {0} of {1}", level, kMaxChessLevel);
  return i18n::tr("random moves: stockfish is not installed (Debian: apt install stockfish)");
}

HouseChessPlayer house_chess_player(int level, std::uint64_t seed, std::chrono::milliseconds delay) {
  using i18n::trf;
  HouseChessPlayer out;
  const auto stockfish = find_stockfish();
  if (stockfish) {
    auto uci = UciChessPlayer::start({*stockfish}, 0, level, delay);
    if (uci) {
      out.player = std::move(uci).value();
      out.engine = true;
      out.description = trf("stockfish at level {0} of {1}", level, kMaxChessLevel);
      return out;
    }
    out.description = trf("random moves: stockfish ({0}) did not start: {1}", *stockfish, uci.error());
  } else {
    out.description = i18n::tr("random moves: stockfish is not installed (Debian: apt install stockfish)");
  }
  out.player = std::make_unique<RandomChessPlayer>(seed, delay);
  return out;
}

std::optional<Bytes> UciChessPlayer::act(const Session& session, Seat me) {
  const Game& game = chess_game(session);
  if (game.result()) return std::nullopt;
  if (auto answer = answer_before_moving(game, me)) return answer;
  if (seat_of(game.position().side_to_move()) != me) return std::nullopt;
  const std::size_t ply = game.moves().size();
  if (found_ && found_->first == ply) {
    // Found sooner than the thinking time: held until it has passed.
    if (!thinking_.done(ply)) return std::nullopt;
    const Move m = found_->second;
    found_.reset();
    if (!parse_uci(game.position(), to_uci(m))) return std::nullopt;  // the position changed under it
    return chess_message({Action::Kind::move, me, m, 0});
  }
  found_.reset();
  thinking_.done(ply);  // the thinking time runs from the first look at this ply
  if (searching_ply_ != ply) {
    if (searching_ply_) {
      // The position changed under a search (a take-back): its answer is for the old one.
      engine_->send("stop");
      engine_->read_until("bestmove", 5'000);
    }
    std::string position = "position fen " + game.start().fen() + " moves";
    for (Move m : game.moves()) position += " " + to_uci(m);
    engine_->send(position);
    engine_->send(go_);
    searching_ply_ = ply;
    return std::nullopt;
  }
  while (auto line = engine_->read_line(0)) {
    if (line->rfind("bestmove ", 0) != 0) continue;
    std::string uci = line->substr(9, line->find(' ', 9) - 9);
    searching_ply_.reset();
    auto move = parse_uci(game.position(), uci);
    if (!move) return std::nullopt;  // an engine's nonsense is never posted; ask again
    if (!thinking_.done(ply)) {
      found_.emplace(ply, *move);
      return std::nullopt;
    }
    return chess_message({Action::Kind::move, me, *move, 0});
  }
  return std::nullopt;
}

}  // namespace parley::peer
