#include <fmt/core.h>

#include <iostream>
#include <sstream>

#include "cli/board_text.hpp"
#include "cli/commands.hpp"
#include "game/chess/notation.hpp"
#include "game/chess/perft.hpp"
#include "game/chess/pgn.hpp"

namespace parley::cli {
namespace {

using namespace game::chess;
using game::Seat;

std::string result_text(const Game& g) {
  const auto& r = g.result();
  if (!r) return "*";
  std::string score = !r->winner ? "1/2-1/2" : *r->winner == Color::white ? "1-0" : "0-1";
  return score + " (" + std::string(describe(r->termination)) + ")";
}

// Two players at one terminal. Offers and requests are answered by the next line typed, which
// is taken to come from the other player.
int play_hotseat(const Position& start, const std::string& pgn_out) {
  Game game(start);
  bool flipped = false;
  std::string line;
  auto apply = [&](Action a) {
    auto next = game.apply(a);
    if (!next) {
      fmt::print("not allowed: {}\n", describe(next.error()));
      return false;
    }
    game = std::move(next).value();
    return true;
  };
  fmt::print("parley chess, two players at one terminal. Type 'help' for commands.\n");
  while (!game.result()) {
    const Position& pos = game.position();
    Seat mover = seat_of(pos.side_to_move());
    Seat other = seat_of(~pos.side_to_move());
    fmt::print("\n{}\n{} to move{}{}> ", board_text(pos, flipped),
               pos.side_to_move() == Color::white ? "White" : "Black", pos.in_check() ? " (check)" : "",
               game.can_claim_draw() ? " (may claim a draw)" : "");
    std::cout.flush();
    if (!std::getline(std::cin, line)) break;
    std::istringstream words(line);
    std::string cmd;
    words >> cmd;
    if (cmd.empty()) continue;
    if (cmd == "help") {
      fmt::print(
          "  a move in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3)\n"
          "  resign | draw (offer) | claim (threefold / fifty moves) | undo [N] (ask to take back)\n"
          "  accept | decline (answer the other player's offer) | flip | fen | moves | quit\n");
    } else if (cmd == "quit") {
      break;
    } else if (cmd == "flip") {
      flipped = !flipped;
    } else if (cmd == "fen") {
      fmt::print("{}\n", pos.fen());
    } else if (cmd == "moves") {
      fmt::print("{}", pgn::write(pgn::from_game(game, {})));
    } else if (cmd == "resign") {
      apply({Action::Kind::resign, mover, Move::none(), 0});
    } else if (cmd == "draw") {
      if (apply({Action::Kind::offer_draw, mover, Move::none(), 0})) fmt::print("draw offered: accept or decline?\n");
    } else if (cmd == "claim") {
      apply({Action::Kind::claim_draw, mover, Move::none(), 0});
    } else if (cmd == "undo") {
      int n = 1;
      words >> n;
      if (n > 0 && apply({Action::Kind::request_takeback, mover, Move::none(), static_cast<std::uint16_t>(n)}))
        fmt::print("take-back of {} half-move(s) requested: accept or decline?\n", n);
    } else if (cmd == "accept" || cmd == "decline") {
      // The answer comes from the player who did not make the offer or request.
      Seat answerer = game.takeback_request()  ? seat_of(~game.takeback_request()->by)
                      : game.draw_offered_by() ? seat_of(~*game.draw_offered_by())
                                               : other;
      bool accept = cmd == "accept";
      Action::Kind kind = game.takeback_request()
                              ? (accept ? Action::Kind::accept_takeback : Action::Kind::decline_takeback)
                              : (accept ? Action::Kind::accept_draw : Action::Kind::decline_draw);
      apply({kind, answerer, Move::none(), 0});
    } else {
      auto move = parse_typed_move(pos, cmd);
      if (!move) {
        fmt::print("not a legal move: {} ({})\n", cmd, describe(move.error()));
        continue;
      }
      fmt::print("{}\n", to_san(pos, *move));
      apply({Action::Kind::move, mover, *move, 0});
    }
  }
  fmt::print("\n{}\nresult: {}\n", board_text(game.position(), flipped), result_text(game));
  if (!pgn_out.empty()) {
    std::FILE* f = std::fopen(pgn_out.c_str(), "w");
    if (!f) {
      fmt::print(stderr, "cannot write {}\n", pgn_out);
      return kUnreadable;
    }
    std::fputs(pgn::write(pgn::from_game(game, {{"Event", "parley hot-seat game"}})).c_str(), f);
    std::fclose(f);
    fmt::print("saved {}\n", pgn_out);
  }
  return kSuccess;
}

}  // namespace

int chess_perft(const PerftOptions& options) {
  auto pos = Position::from_fen(options.fen);
  if (!pos) {
    fmt::print(stderr, "bad FEN: {}\n", describe(pos.error()));
    return kInvalidInput;
  }
  std::uint64_t total = 0;
  if (options.divide && options.depth > 0) {
    for (auto [move, count] : perft_divide(*pos, options.depth)) {
      fmt::print("{}: {}\n", to_uci(move), count);
      total += count;
    }
  } else {
    total = perft(*pos, options.depth);
  }
  fmt::print("{}\n", total);
  return kSuccess;
}

int chess_play(const PlayOptions& options) {
  auto pos = Position::from_fen(options.fen);
  if (!pos) {
    fmt::print(stderr, "bad FEN: {}\n", describe(pos.error()));
    return kInvalidInput;
  }
  return play_hotseat(*pos, options.pgn);
}

}  // namespace parley::cli
