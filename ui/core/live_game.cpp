#include "ui/core/live_game.hpp"

#include <algorithm>

#include "game/chess/notation.hpp"
#include "peer/session/chess_rules.hpp"
#include "peer/session/gunjin_rules.hpp"
#include "peer/session/risiko_rules.hpp"

namespace parley::ui {

using namespace game::chess;

game::Result<LiveGame, std::string> LiveGame::start(const crypto::PublicKey& lobby_key,
                                                    const lobby::SignedEntry& genesis_entry,
                                                    const crypto::PublicKey& me, std::uint64_t local_ms) {
  const auto* genesis = std::get_if<lobby::Genesis>(&genesis_entry.entry.payload);
  if (genesis_entry.entry.index.value != 0 || !genesis) return std::string("the first entry is not a genesis");
  auto session = peer::Session::start(*genesis, genesis_entry.entry.lobby_time_ms);
  if (!session) return "this game cannot be shown: " + session.error().describe();
  std::optional<game::Seat> seat;
  for (std::uint8_t i = 0; i < genesis->seat_keys.size(); ++i)
    if (genesis->seat_keys[i] == me) seat = game::Seat{i};
  LiveGame live(lobby_key, *genesis, std::move(session).value(), seat);
  live.entries_.push_back(genesis_entry);
  live.lobby_offset_ms_ = static_cast<std::int64_t>(genesis_entry.entry.lobby_time_ms) - static_cast<std::int64_t>(local_ms);
  live.have_offset_ = true;
  return live;
}

LiveGame::LiveGame(crypto::PublicKey lobby_key, lobby::Genesis genesis, peer::Session session,
                   std::optional<game::Seat> me)
    : lobby_key_(lobby_key), genesis_(std::move(genesis)), session_(std::move(session)), me_(me) {
  refresh_moves();
}

bool LiveGame::apply(const lobby::SignedEntry& entry, std::uint64_t local_ms) {
  if (entry.entry.index.value != entries_.size()) return false;
  entries_.push_back(entry);
  session_->apply(entry);
  const std::int64_t offset = static_cast<std::int64_t>(entry.entry.lobby_time_ms) - static_cast<std::int64_t>(local_ms);
  if (!have_offset_ || offset > lobby_offset_ms_) lobby_offset_ms_ = offset;
  have_offset_ = true;
  refresh_moves();
  take_events();
  return true;
}

bool LiveGame::is_chess() const { return session_->rules().game() == peer::kChessGame; }

const Game& LiveGame::chess() const { return static_cast<const peer::ChessRules&>(session_->rules()).game_state(); }

std::optional<game::Seat> LiveGame::draw_offered_by() const {
  if (is_chess()) {
    if (const auto by = chess().draw_offered_by()) return seat_of(*by);
    return std::nullopt;
  }
  if (const auto* gunjin = dynamic_cast<const peer::GunjinRules*>(&session_->rules()))
    return gunjin->public_state().draw_offer();
  return std::nullopt;
}

void LiveGame::refresh_moves() {
  if (!is_chess()) return;
  const Game& game = chess();
  if (game.moves() == shown_moves_) return;
  // Keep the SAN of the common beginning (after a take-back, or one more move, most of it).
  std::size_t common = 0;
  while (common < shown_moves_.size() && common < game.moves().size() && shown_moves_[common] == game.moves()[common])
    ++common;
  san_.resize(common);
  Position position = game.start();
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    Move m = game.moves()[i];
    if (i >= common) san_.push_back(to_san(position, m));
    position.play(m);
  }
  shown_moves_ = game.moves();
}

void LiveGame::take_events() {
  using Kind = peer::SessionEvent::Kind;
  const auto& events = session_->events();
  for (; events_seen_ < events.size(); ++events_seen_) {
    const peer::SessionEvent& e = events[events_seen_];
    std::string who = e.seat ? seat_name(*e.seat) : std::string("?");
    if (e.kind == Kind::blame)
      alerts_.push_back({Alert::Kind::cheat, who + " was caught breaking the rules at entry " +
                                                 std::to_string(e.index.value) + ": " + e.text});
    else if (e.kind == Kind::timeout)
      alerts_.push_back({Alert::Kind::timeout, who + " ran out of time (entry " + std::to_string(e.index.value) + ")"});
  }
}

std::string seat_label(const peer::Session& session, game::Seat seat) {
  if (session.rules().game() == peer::kChessGame) return seat.index == 0 ? "White" : "Black";
  if (session.rules().game() == peer::risiko::kRisikoGame) {
    // Seat i plays colour i (docs/risiko.md, "Stages").
    static constexpr const char* kColours[] = {"Yellow", "Blue", "Red", "Black", "Purple", "Green"};
    if (seat.index < std::size(kColours)) return kColours[seat.index];
  }
  return "seat " + std::to_string(seat.index);
}

std::string LiveGame::seat_name(game::Seat seat) const {
  if (auto name = peer::shown_name(session_->seat(seat))) return *name;
  return seat_label(*session_, seat);
}

std::optional<Move> LiveGame::last_move() const {
  if (!is_chess() || chess().moves().empty()) return std::nullopt;
  return chess().moves().back();
}

std::uint64_t LiveGame::lobby_now(std::uint64_t local_ms) const {
  std::int64_t now = static_cast<std::int64_t>(local_ms) + lobby_offset_ms_;
  // Never before the newest stamp: the lobby's clock does not run backwards.
  return std::max<std::uint64_t>(static_cast<std::uint64_t>(std::max<std::int64_t>(now, 0)), session_->last_time_ms());
}

bool LiveGame::clock_running(game::Seat seat) const {
  return session_->phase() == peer::Phase::play && session_->seat(seat).awaited_since_ms.has_value();
}

std::uint64_t LiveGame::clock_left(game::Seat seat, std::uint64_t local_ms) const {
  const peer::SeatRecord& s = session_->seat(seat);
  if (!clock_running(seat)) return s.clock_ms;
  std::uint64_t used = lobby_now(local_ms) - std::min(lobby_now(local_ms), *s.awaited_since_ms);
  return used >= s.clock_ms ? 0 : s.clock_ms - used;
}

bool LiveGame::my_move() const {
  if (!me_ || !is_chess() || session_->phase() != peer::Phase::play || session_->seat(*me_).out()) return false;
  const Game& game = chess();
  return !game.result() && game.position().side_to_move() == color_of(*me_);
}

std::string result_words(const peer::Session& session, const game::Outcome& outcome) {
  std::string reason(outcome.reason);
  if (!outcome.winner) return "Draw (" + reason + ")";
  return seat_label(session, *outcome.winner) + " wins (" + reason + ")";
}

std::optional<std::string> LiveGame::result_text() const {
  if (!session_->outcome()) return std::nullopt;
  const game::Outcome& o = *session_->outcome();
  std::string text = result_words(*session_, o);
  if (o.winner) text = seat_name(*o.winner) + " (" + seat_label(*session_, *o.winner) + ") wins: " + std::string(o.reason);
  return text;
}

std::string LiveGame::status(std::uint64_t local_ms) const {
  const peer::Session& s = *session_;
  auto names = [&](const std::vector<game::Seat>& seats) {
    std::string out;
    for (game::Seat seat : seats) {
      if (!out.empty()) out += ", ";
      out += me_ == seat ? std::string("you") : seat_name(seat);
    }
    return out;
  };
  auto waiting_with_deadline = [&](const std::string& what) {
    std::vector<game::Seat> awaited = s.awaited();
    std::string text = what + ": waiting for " + names(awaited);
    std::optional<std::uint64_t> soonest;
    for (game::Seat seat : awaited)
      if (auto d = s.deadline(seat)) soonest = soonest ? std::min(*soonest, *d) : *d;
    if (soonest) {
      std::uint64_t now = lobby_now(local_ms);
      text += " (time limit in " + clock_text(*soonest > now ? *soonest - now : 0) + ")";
    }
    return text;
  };
  switch (s.phase()) {
    case peer::Phase::setup: return waiting_with_deadline("Setting up");
    case peer::Phase::beacon: return waiting_with_deadline("Drawing the shared random seed");
    case peer::Phase::play: {
      if (!is_chess()) return waiting_with_deadline("Playing");
      game::Seat to_move = seat_of(chess().position().side_to_move());
      std::string check = chess().position().in_check() ? " (check)" : "";
      std::string text = me_ == to_move ? "Your move" + check : seat_name(to_move) + " to move" + check;
      // What this seat asked of the other and is waiting for (the panel shows what it is asked).
      if (me_) {
        const Color mine = color_of(*me_);
        const std::string other = seat_name(game::Seat{static_cast<std::uint8_t>(1 - me_->index)});
        if (chess().draw_offered_by() == mine) text += "; your draw offer stands until " + other + " answers or moves";
        if (const auto& t = chess().takeback_request(); t && t->by == mine)
          text += "; you asked to take back " + std::to_string(t->count) + " half-move" + (t->count == 1 ? "" : "s") +
                  ", " + other + " has not answered";
      }
      return text;
    }
    case peer::Phase::finishing: return waiting_with_deadline("Game over, signing the result");
    case peer::Phase::complete: return "Game complete";
  }
  return {};
}

std::string clock_text(std::uint64_t ms) {
  const std::uint64_t s = ms / 1000;
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%llu:%02llu:%02llu", static_cast<unsigned long long>(s / 3600),
                  static_cast<unsigned long long>(s / 60 % 60), static_cast<unsigned long long>(s % 60));
  else if (s < 10)
    std::snprintf(buf, sizeof buf, "0:%02llu.%llu", static_cast<unsigned long long>(s),
                  static_cast<unsigned long long>(ms / 100 % 10));
  else
    std::snprintf(buf, sizeof buf, "%llu:%02llu", static_cast<unsigned long long>(s / 60),
                  static_cast<unsigned long long>(s % 60));
  return buf;
}

}  // namespace parley::ui
