#include "ui/core/live_game.hpp"

#include <algorithm>

#include "i18n/i18n.hpp"

namespace parley::ui {

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
    : lobby_key_(lobby_key),
      genesis_(std::move(genesis)),
      session_(std::move(session)),
      me_(me),
      module_(peer::find_game(genesis_.game)),
      ui_(module_->facet<GameUi>()) {}

bool LiveGame::apply(const lobby::SignedEntry& entry, std::uint64_t local_ms) {
  if (entry.entry.index.value != entries_.size()) return false;
  entries_.push_back(entry);
  session_->apply(entry);
  const std::int64_t offset = static_cast<std::int64_t>(entry.entry.lobby_time_ms) - static_cast<std::int64_t>(local_ms);
  if (!have_offset_ || offset > lobby_offset_ms_) lobby_offset_ms_ = offset;
  have_offset_ = true;
  take_events();
  return true;
}

std::optional<game::Seat> LiveGame::draw_offered_by() const {
  return ui_ ? ui_->draw_offered_by(*session_) : std::nullopt;
}

void LiveGame::take_events() {
  using Kind = peer::SessionEvent::Kind;
  const auto& events = session_->events();
  for (; events_seen_ < events.size(); ++events_seen_) {
    const peer::SessionEvent& e = events[events_seen_];
    std::string who = e.seat ? seat_name(*e.seat) : std::string("?");
    if (e.kind == Kind::blame)
      alerts_.push_back({Alert::Kind::cheat,
                         i18n::trf("{0} was caught breaking the rules at entry {1}: {2}", who, e.index.value, e.text)});
    else if (e.kind == Kind::timeout)
      alerts_.push_back({Alert::Kind::timeout, i18n::trf("{0} ran out of time (entry {1})", who, e.index.value)});
  }
}

std::string seat_label(const peer::Session& session, game::Seat seat) {
  if (const peer::GameModule* module = peer::find_game(session.rules().game()))
    if (auto label = module->seat_label(seat)) return i18n::tr(label->c_str());  // marked by the module
  return i18n::trf("player {0}", seat.index + 1);
}

std::string LiveGame::seat_name(game::Seat seat) const {
  if (auto name = peer::shown_name(session_->seat(seat))) return *name;
  return seat_label(*session_, seat);
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

std::string outcome_reason_words(std::string_view reason) {
  // The engines' describe() texts (game/) and the session's own, as written to the log.
  static constexpr const char* kReasons[] = {
      i18n::tr_noop("checkmate"), i18n::tr_noop("stalemate"), i18n::tr_noop("insufficient material"),
      i18n::tr_noop("fivefold repetition"), i18n::tr_noop("75-move rule"), i18n::tr_noop("threefold repetition"),
      i18n::tr_noop("50-move rule"), i18n::tr_noop("resignation"), i18n::tr_noop("draw by agreement"),
      i18n::tr_noop("time forfeit"), i18n::tr_noop("time out against insufficient material"), i18n::tr_noop("forfeit"),
      i18n::tr_noop("HQ occupied"), i18n::tr_noop("no movable piece"), i18n::tr_noop("neither side can move"),
      i18n::tr_noop("draw agreed"), i18n::tr_noop("mission accomplished"), i18n::tr_noop("last player remaining"),
      i18n::tr_noop("abandoned during the deal"), i18n::tr_noop("abandoned before play")};
  for (const char* known : kReasons)
    if (reason == known) return i18n::tr(known);
  return std::string(reason);
}

std::string result_words(const peer::Session& session, const game::Outcome& outcome) {
  const std::string reason = outcome_reason_words(outcome.reason);
  if (!outcome.winner) return i18n::trf("Draw ({0})", reason);
  return i18n::trf("{0} wins ({1})", seat_label(session, *outcome.winner), reason);
}

std::optional<std::string> LiveGame::result_text() const {
  if (!session_->outcome()) return std::nullopt;
  const game::Outcome& o = *session_->outcome();
  if (!o.winner) return result_words(*session_, o);
  return i18n::trf("{0} ({1}) wins: {2}", seat_name(*o.winner), seat_label(*session_, *o.winner),
                   outcome_reason_words(o.reason));
}

std::string LiveGame::status(std::uint64_t local_ms) const {
  const peer::Session& s = *session_;
  auto names = [&](const std::vector<game::Seat>& seats) {
    std::string out;
    for (game::Seat seat : seats) {
      if (!out.empty()) out += ", ";
      out += me_ == seat ? std::string(i18n::tr("you")) : seat_name(seat);
    }
    return out;
  };
  auto waiting_with_deadline = [&](const std::string& what) {
    std::vector<game::Seat> awaited = s.awaited();
    std::string text = i18n::trf("{0}: waiting for {1}", what, names(awaited));
    std::optional<std::uint64_t> soonest;
    for (game::Seat seat : awaited)
      if (auto d = s.deadline(seat)) soonest = soonest ? std::min(*soonest, *d) : *d;
    if (soonest) {
      std::uint64_t now = lobby_now(local_ms);
      text += " " + i18n::trf("(time limit in {0})", clock_text(*soonest > now ? *soonest - now : 0));
    }
    return text;
  };
  switch (s.phase()) {
    case peer::Phase::setup: return waiting_with_deadline(i18n::tr("Setting up"));
    case peer::Phase::beacon: return waiting_with_deadline(i18n::tr("Drawing the shared random seed"));
    case peer::Phase::play:
      if (ui_)
        if (auto text = ui_->play_status(*this, local_ms)) return *text;
      return waiting_with_deadline(i18n::tr("Playing"));
    case peer::Phase::finishing: return waiting_with_deadline(i18n::tr("Game over, signing the result"));
    case peer::Phase::complete: return i18n::tr("Game complete");
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
