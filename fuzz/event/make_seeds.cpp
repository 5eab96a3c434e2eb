// event_fuzz_seeds DIR: writes the seed corpora of the event fuzz targets into DIR/<target>/
// from a small Swiss event paired and played with the current code.
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "event/event.hpp"
#include "event/history.hpp"
#include "event/manifest.hpp"
#include "event/pairing.hpp"
#include "event/registration.hpp"
#include "event/results.hpp"
#include "event/standings.hpp"
#include "event/trf.hpp"

namespace fs = std::filesystem;
using namespace parley;
using namespace parley::event;

namespace {

void write(const fs::path& dir, const std::string& name, std::span<const std::uint8_t> bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

crypto::Identity identity(std::uint8_t tag) {
  std::array<std::uint8_t, crypto::kIdentitySeedBytes> seed{};
  seed.fill(tag);
  return crypto::Identity::from_seed(crypto::SecretBytes<crypto::kIdentitySeedBytes>::copy_of(seed));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: event_fuzz_seeds DIR\n");
    return 2;
  }
  const fs::path dir = argv[1];
  const crypto::Identity organizer = identity(1);
  Event e;
  e.name = "Seed open";
  e.rounds = 3;
  e.clock = {300'000, 2'000};
  e.created_ms = 1'700'000'000'000;
  e.deadline_ms = 3'600'000;
  e.lobby_address = "127.0.0.1:7777";
  e.lobby_keys.push_back(identity(2).public_key());
  e.organizer = organizer.public_key();
  for (std::uint8_t i = 0; i < 5; ++i) {
    const crypto::Identity player = identity(static_cast<std::uint8_t>(10 + i));
    if (i == 0) {
      e.roster.push_back(accept_registration(make_registration(player, event_id(e), "Ada"), 2100));
      write(dir / "event_registration_fuzz", "request", encode(make_registration(player, event_id(e), "Ada")));
    } else {
      e.roster.push_back(Player{"Player " + std::to_string(i + 1), player.public_key(), std::nullopt, std::nullopt});
    }
  }
  write(dir / "event_event_fuzz", "event", encode(sign_event(organizer, e)));

  std::vector<Pairings> ps;
  std::vector<Results> rs;
  for (std::uint16_t r = 1; r <= 2; ++r) {
    auto h = History::build(e, ps, rs).value();
    Pairings p = pair_round(e, h, RoundRequest{r, 1'700'000'100'000ull + r, {}}).value();
    Results res{p.event_id, r, {}};
    for (std::size_t b = 0; b < p.boards.size(); ++b) {
      BoardResult br;
      if (b % 3 == 0) br.winner = 0;
      if (b % 3 == 1) {
        br.kind = BoardResult::Kind::forfeit;
        br.present = 0b10;
      }
      br.log_digest = file_digest(std::vector<std::uint8_t>{static_cast<std::uint8_t>(b)});
      res.boards.push_back(br);
    }
    write(dir / "event_pairings_fuzz", "round" + std::to_string(r), encode(sign_pairings(organizer, p)));
    write(dir / "event_results_fuzz", "round" + std::to_string(r), encode(sign_results(organizer, res)));
    write(dir / "event_board_room_fuzz", "round" + std::to_string(r), encode(board_room(p, 0)));
    ps.push_back(p);
    rs.push_back(res);
  }
  Manifest m = make_manifest(event_id(e), {{"event.pevent", file_digest(encode(sign_event(organizer, e)))},
                                           {"round-1.pairings", file_digest(encode(sign_pairings(organizer, ps[0])))},
                                           {"round-1.results", file_digest(encode(sign_results(organizer, rs[0])))}});
  write(dir / "event_manifest_fuzz", "manifest", encode(sign_manifest(organizer, m)));
  auto h = History::build(e, ps, rs).value();
  const std::string trf = write_trf(trf_of(e, h, compute_standings(e, h)).value());
  write(dir / "event_trf_fuzz", "event.trf", std::span(reinterpret_cast<const std::uint8_t*>(trf.data()), trf.size()));
  return 0;
}
