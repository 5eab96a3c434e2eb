#pragma once
// A Gunjin game over the fake signing lobby (tests/peer/fake_lobby.hpp): one session that every
// seat's messages go through (what every peer and the verifier run), each seat's LocalSeat
// (setup, beacon, result signature) and its GunjinAgent (commitments, proofs, duels, reveal).
// `run()` lets the seats answer in seat order until nobody has anything to say, as the
// SeatRunner does over a real lobby.
#include <memory>
#include <string>
#include <vector>

#include "games/gunjin/gunjin_agent.hpp"
#include "games/gunjin/module.hpp"
#include "peer/log/verify.hpp"
#include "peer/session/gunjin_rules.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace parley::peer::testing {

inline constexpr Seat kFirst{0}, kSecond{1};

inline RoomOptions gunjin_room(const GunjinRoomOptions& gunjin = {}) {
  RoomOptions options;
  if (gunjin != GunjinRoomOptions{}) options.game_options = encode(gunjin);
  return options;
}

struct GunjinTable {
  explicit GunjinTable(std::unique_ptr<GunjinAgent> seat0, std::unique_ptr<GunjinAgent> seat1,
                       const GunjinRoomOptions& gunjin = {})
      : lobby(2, gunjin_room(gunjin), std::string(kGunjinGame)) {
    session.emplace(Session::start(lobby.genesis(), lobby.now()).value());
    agents.push_back(std::move(seat0));
    agents.push_back(std::move(seat1));
    for (std::uint8_t i = 0; i < 2; ++i) locals.push_back(LocalSeat::create(lobby.genesis().session_id, Seat{i}));
  }

  const GunjinRules& rules() const { return games::gunjin::rules_of(*session); }
  GunjinAgent& agent(Seat s) { return *agents.at(s.index); }

  void post(Seat seat, const Message& m) { session->apply(lobby.post(seat, m)); }

  // The next message of `seat`, if it has one now (what SeatRunner::act would post).
  std::optional<Message> next_of(Seat seat) {
    const SeatRecord& me = session->seat(seat);
    if (me.out() || session->phase() == Phase::complete) return std::nullopt;
    GunjinAgent& a = agent(seat);
    if (auto duty = locals[seat.index].duty(*session, "seat " + std::to_string(seat.index))) {
      if (auto* setup = std::get_if<SetupMessage>(&*duty)) setup->game_setup = a.game_setup(*session, seat);
      return duty;
    }
    if (session->phase() == Phase::finishing && rules().needs_reveals() && !me.revealed) {
      if (auto secrets = a.reveal(*session, seat)) return RevealMessage{std::move(*secrets)};
    }
    if (session->phase() == Phase::play) {
      if (auto message = a.act(*session, seat)) return ActionMessage{session->state_hash(), std::move(*message)};
    }
    return std::nullopt;
  }

  // Lets the seats post until neither has anything to say or `limit` posts were made; returns
  // the number of posts.
  std::size_t run(std::size_t limit = 100'000) {
    std::size_t posts = 0;
    bool progress = true;
    while (progress && posts < limit) {
      progress = false;
      for (std::uint8_t i = 0; i < 2 && posts < limit; ++i) {
        if (auto m = next_of(Seat{i})) {
          lobby.advance(10);
          post(Seat{i}, *m);
          ++posts;
          progress = true;
        }
      }
    }
    return posts;
  }

  // The index of the last entry (the one a blame for the latest post names).
  std::size_t last_index() const { return lobby.entries().size() - 1; }

  FakeLobby lobby;
  std::optional<Session> session;
  std::vector<LocalSeat> locals;
  std::vector<std::unique_ptr<GunjinAgent>> agents;
};

inline std::unique_ptr<GunjinAgent> tracking_agent(std::uint64_t seed) {
  return std::make_unique<GunjinAgent>(std::make_unique<TrackingStrategy>(seed));
}
inline std::unique_ptr<GunjinAgent> random_agent(std::uint64_t seed) {
  return std::make_unique<GunjinAgent>(std::make_unique<RandomStrategy>(seed));
}

// A draw offer may be made on the other seat's turn, so it can cross that seat's move. The
// seats post one at a time until a move starts a battle, then the other seat's offer arrives
// naming the entry before that move (sent before it saw the move), or the move's own entry.
struct CrossedOffer {
  GunjinTable table{tracking_agent(11), tracking_agent(12)};
  Seat offerer{0};
  std::size_t offer_index = 0;

  explicit CrossedOffer(bool offerer_saw_the_battle) {
    std::optional<lobby::EntryIndex> before_move;
    crypto::Digest hash_before_move{};
    for (int posts = 0; posts < 10'000 && !table.rules().duel(); ++posts) {
      const std::size_t history = table.rules().history().size();
      const lobby::EntryIndex before{table.last_index()};
      const crypto::Digest hash = table.session->state_hash();
      bool posted = false;
      for (std::uint8_t i = 0; i < 2 && !posted; ++i) {
        if (auto m = table.next_of(Seat{i})) {
          table.post(Seat{i}, *m);
          posted = true;
          offerer = game::gunjin::opponent(Seat{i});
        }
      }
      if (!posted) break;
      if (table.rules().duel() && table.rules().history().size() == history) {
        before_move = before;
        hash_before_move = hash;
      }
    }
    if (!before_move) return;
    const lobby::EntryIndex seen = offerer_saw_the_battle ? lobby::EntryIndex{table.last_index()} : *before_move;
    const crypto::Digest hash = offerer_saw_the_battle ? table.session->state_hash() : hash_before_move;
    table.session->apply(table.lobby.post(offerer, ActionMessage{hash, encode(GunjinMessage{OfferDrawMessage{}})}, seen));
    offer_index = table.last_index();
  }
};

}  // namespace parley::peer::testing
