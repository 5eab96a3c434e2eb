#pragma once
// A Risiko room in a FakeLobby (tests/peer/fake_lobby.hpp): each seat's LocalSeat does the
// session's steps (setup, beacon, result) and its Player the game's (protocol and moves). The
// table lets every seat post what it has, round after round, until nobody has anything left.
#include <memory>
#include <vector>

#include "games/risiko/module.hpp"
#include "games/risiko/risiko_bot.hpp"
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

  const risiko::RisikoRules& rules() const { return parley::games::risiko::rules_of(*session); }

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

// Seats a bot of type B, made from `args`, at every seat of the table; the bots, by seat.
template <class B, class... Args>
std::vector<B*> seat_bots(RisikoTable& t, const Args&... args) {
  std::vector<B*> bots;
  for (auto& player : t.players) {
    auto bot = std::make_unique<B>(args...);
    bots.push_back(bot.get());
    player = std::move(bot);
  }
  return bots;
}

// A bot whose leave the test posts when it chooses.
class LeaveOnCue final : public risiko::RisikoBot {
 public:
  Bytes leave_now() const { return encode(risiko::Message{agent_.leave()}); }
};

// Seats post their duties in parallel, so a seat's shares for a card being dealt can cross the
// holder's leave, which makes them moot (nobody owes shares for a leaver's cards). Seat 1's
// shares, made while it owed one for seat 0's card, arrive after seat 0 left, naming the entry
// before the leave (sent before it saw it) or the leave itself.
struct CrossedShares {
  static constexpr Seat kLeaver{0}, kSharer{1};
  RisikoTable table{4};

  explicit CrossedShares(bool sharer_saw_the_leave) {
    auto cue = std::make_unique<LeaveOnCue>();
    LeaveOnCue* leaving = cue.get();
    table.players[kLeaver.index] = std::move(cue);
    auto owes_for_leaver = [&] {
      for (const auto& where : table.rules().shares_owed(kSharer))
        if (table.rules().deals().at(where).holder == kLeaver) return true;
      return false;
    };
    if (!table.run_until(owes_for_leaver)) return;
    lobby::EntryIndex seen{table.lobby.entries().size() - 1};
    crypto::Digest hash = table.session->state_hash();
    auto shares = table.players[kSharer.index]->act(*table.session, kSharer);
    if (!shares) return;
    table.post_game(kLeaver, leaving->leave_now());
    if (sharer_saw_the_leave) {
      seen = lobby::EntryIndex{table.lobby.entries().size() - 1};
      hash = table.session->state_hash();
    }
    table.post_game_seen(kSharer, *shares, seen, hash);
  }
  bool reached() const { return table.rules().seat(kLeaver).departed; }
};

}  // namespace parley::peer::testing
