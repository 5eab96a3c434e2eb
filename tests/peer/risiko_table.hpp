#pragma once
// A Risiko room in a FakeLobby (tests/peer/fake_lobby.hpp): each seat's LocalSeat does the
// session's steps (setup, beacon, result) and its Player the game's (protocol and moves). The
// table lets every seat post what it has, round after round, until nobody has anything left.
#include <memory>
#include <vector>

#include "peer/bots/risiko_bot.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace parley::peer::testing {

struct RisikoTable {
  explicit RisikoTable(std::size_t seats, RoomOptions options = {}) : lobby(seats, options, "risiko") {
    session.emplace(Session::start(lobby.genesis(), lobby.now()).value());
    for (std::uint8_t i = 0; i < seats; ++i) {
      locals.push_back(LocalSeat::create(lobby.genesis().session_id, Seat{i}));
      players.push_back(std::make_unique<risiko::RisikoBot>());
    }
    last_post.resize(seats);
  }

  const risiko::RisikoRules& rules() const { return risiko::risiko_rules(*session); }

  void post(Seat seat, const Message& m) {
    session->apply(lobby.post(seat, m));
    for (std::uint8_t i = 0; i < players.size(); ++i) players[i]->entry_applied(*session, Seat{i});
    last_post[seat.index] = lobby.entries().back().entry.index;
  }
  void post_game(Seat seat, Bytes message) { post(seat, ActionMessage{session->state_hash(), std::move(message)}); }
  // A game message made when the transcript ended at `seen` (its state hash then), landing now:
  // a message that was in flight while other entries landed.
  void post_game_seen(Seat seat, Bytes message, lobby::EntryIndex seen, const crypto::Digest& hash_then) {
    session->apply(lobby.post(seat, ActionMessage{hash_then, std::move(message)}, seen));
    for (std::uint8_t i = 0; i < players.size(); ++i) players[i]->entry_applied(*session, Seat{i});
    last_post[seat.index] = lobby.entries().back().entry.index;
  }

  // One round: every seat, in seat order, posts what it has now (at most one message each).
  // False when nobody had anything.
  bool round() {
    bool posted = false;
    for (std::uint8_t i = 0; i < locals.size(); ++i) {
      const Seat s{i};
      if (session->phase() == Phase::complete) return posted;
      lobby.advance(10);
      if (auto duty = locals[i].duty(*session, "bot " + std::to_string(i))) {
        post(s, *duty);
        posted = true;
      } else if (session->phase() == Phase::play && !session->seat(s).out()) {
        if (auto message = players[i]->act(*session, s)) {
          post_game(s, std::move(*message));
          posted = true;
        }
      }
    }
    return posted;
  }

  // Rounds until the game is complete, nothing moves, or the entry budget is spent.
  void run(std::size_t max_entries = 200000) {
    while (session->phase() != Phase::complete && lobby.entries().size() < max_entries && round()) {
    }
  }

  // Rounds until `done` holds (or nothing moves).
  template <class Predicate>
  bool run_until(Predicate done, std::size_t max_entries = 200000) {
    while (!done()) {
      if (session->phase() == Phase::complete || lobby.entries().size() >= max_entries || !round()) return done();
    }
    return true;
  }

  std::vector<Blame> blames() const {
    std::vector<Blame> out;
    for (std::uint8_t i = 0; i < locals.size(); ++i)
      if (session->seat(Seat{i}).blame) out.push_back(*session->seat(Seat{i}).blame);
    return out;
  }

  FakeLobby lobby;
  std::optional<Session> session;
  std::vector<LocalSeat> locals;
  std::vector<std::unique_ptr<Player>> players;
  std::vector<std::optional<lobby::EntryIndex>> last_post;  // by seat
};

}  // namespace parley::peer::testing
