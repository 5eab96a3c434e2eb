// peer_fuzz_seeds DIR: writes the seed corpora of the peer fuzz targets into DIR/<target>/ from
// an honest chess game played over the fake lobby (tests/peer/fake_lobby.hpp).
#include <cstdio>
#include <filesystem>
#include <string>

#include "fuzz/peer/seed_file.hpp"
#include "fuzz/peer/session_stream.hpp"
#include "game/chess/notation.hpp"
#include "games/register.hpp"
#include "peer/log/plog.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace fs = std::filesystem;
using namespace parley;
using namespace parley::peer;

namespace {

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#, then both results: a game through every phase.
testing::Table scholars_mate(RoomOptions options) {
  testing::Table t(std::move(options));
  t.start_play();
  for (auto san : {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"}) {
    t.lobby.advance(3'000);
    auto move = *game::chess::parse_san(t.chess().position(), san);
    Seat s = game::chess::seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({game::chess::Action::Kind::move, s, move, 0}));
  }
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  return t;
}

// 1. e4 e5, then both seats offer a draw naming the same entry (the offers cross on their way to
// the lobby: the second is ignored as late), the first is accepted, and both sign the draw.
testing::Table crossing_offers(RoomOptions options) {
  using game::chess::Action;
  testing::Table t(std::move(options));
  t.start_play();
  for (auto san : {"e4", "e5"}) {
    t.lobby.advance(3'000);
    auto move = *game::chess::parse_san(t.chess().position(), san);
    Seat s = game::chess::seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, move, 0}));
  }
  const lobby::EntryIndex seen{t.lobby.entries().size() - 1};
  const ActionMessage black_offer = t.chess_action({Action::Kind::offer_draw, Seat{1}, game::chess::Move::none(), 0});
  t.post(Seat{0}, t.chess_action({Action::Kind::offer_draw, Seat{0}, game::chess::Move::none(), 0}));
  t.post(Seat{1}, black_offer, seen);
  t.post(Seat{1}, t.chess_action({Action::Kind::accept_draw, Seat{1}, game::chess::Move::none(), 0}));
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_modules();
  if (argc != 2) {
    std::fprintf(stderr, "usage: peer_fuzz_seeds DIR\n");
    return 2;
  }
  const fs::path dir = argv[1];
  // The same options as peer_session_fuzz's room, so the recorded state hashes hold there.
  RoomOptions clocked;
  clocked.clock_base_ms = 300'000;
  clocked.clock_increment_ms = 2'000;
  RoomOptions named = clocked;
  named.event = "Seed open";
  named.site = "127.0.0.1:7777";
  named.round = "1";
  fuzzing::write_seed_file(dir / "peer_room_options_fuzz", "defaults", encode(RoomOptions{}));
  fuzzing::write_seed_file(dir / "peer_room_options_fuzz", "named", encode(named));
  RoomOptions board = named;  // an event's board (event/pairings.hpp, BoardRoom), version 2
  board.event_board = Bytes{0xe6, 1};
  board.event_board.resize(2 + 32 + 2 + 2 + 16, 0x01);
  fuzzing::write_seed_file(dir / "peer_room_options_fuzz", "event_board", encode(board));

  auto t = scholars_mate(clocked);
  fuzzing::write_seed_file(dir / "peer_log_fuzz", "scholars_mate.plog", encode(t.lobby.log()));
  fuzzing::write_seed_file(dir / "peer_local_seat_fuzz", "seat0", t.locals.front().secrets());

  std::size_t n = 0;
  for (const auto& e : t.lobby.entries()) {
    const auto* env = std::get_if<lobby::SignedEnvelope>(&e.entry.payload);
    if (!env) continue;
    game::ByteWriter message;
    message.u16(env->envelope.kind.value);
    message.raw(env->envelope.body);
    fuzzing::write_seed_file(dir / "peer_message_fuzz", "entry" + std::to_string(n++), message.data());
  }
  // peer_session_fuzz must follow each of its seeds to the end of the seed's game.
  auto followed = [&](const testing::Table& game) {
    testing::FakeLobby replay(2, clocked);
    return fuzzing::replay_stream(replay, fuzzing::stream_of(game.lobby.entries())) == game.session->state_hash();
  };
  if (!followed(t)) {
    std::fprintf(stderr, "peer_fuzz_seeds: peer_session_fuzz does not follow the scholar's mate seed\n");
    return 1;
  }
  fuzzing::write_seed_file(dir / "peer_session_fuzz", "scholars_mate", fuzzing::stream_of(t.lobby.entries()));
  // The crossing seed is only worth its place while the second offer is ignored, not blamed.
  auto crossing = crossing_offers(clocked);
  for (std::uint8_t i = 0; i < 2; ++i)
    if (crossing.session->phase() != Phase::complete || crossing.session->seat(Seat{i}).blame || !followed(crossing)) {
      std::fprintf(stderr, "peer_fuzz_seeds: the crossing offers did not end in an agreed draw with both seats honest, "
                   "followed by peer_session_fuzz\n");
      return 1;
    }
  fuzzing::write_seed_file(dir / "peer_session_fuzz", "crossing_offers", fuzzing::stream_of(crossing.lobby.entries()));
  return 0;
}
