#include "ui/core/replay.hpp"

#include <algorithm>

#include "i18n/i18n.hpp"
#include "peer/session/messages.hpp"
#include "ui/core/game_ui.hpp"
#include "ui/core/live_game.hpp"

namespace parley::ui {

namespace {

// An entry in the person's language, for the list: the game's words for an action (GameUi),
// else what the protocol step does. `session` is the replay's, before the entry is applied.
std::optional<ActionWords> entry_words(const lobby::SignedEntry& signed_entry, const peer::Session* session,
                                       const std::vector<std::string>& names) {
  const lobby::Entry& e = signed_entry.entry;
  if (const auto* p = std::get_if<lobby::Presence>(&e.payload)) {
    switch (p->event) {
      case lobby::PresenceEvent::disconnected: return ActionWords{i18n::tr("disconnected")};
      case lobby::PresenceEvent::reconnected: return ActionWords{i18n::tr("reconnected")};
      case lobby::PresenceEvent::left: return ActionWords{i18n::tr("left the room")};
    }
    return std::nullopt;
  }
  if (std::holds_alternative<lobby::Handover>(e.payload))
    return ActionWords{i18n::tr("another lobby node orders the room from here"), true};
  const auto* env = std::get_if<lobby::SignedEnvelope>(&e.payload);
  if (!env) return std::nullopt;
  auto m = peer::decode_message(env->envelope.kind, env->envelope.body);
  if (!m) return ActionWords{i18n::tr("a message that does not decode")};
  return std::visit(
      [&](const auto& message) -> std::optional<ActionWords> {
        using M = std::decay_t<decltype(message)>;
        if constexpr (std::is_same_v<M, peer::SetupMessage>) {
          return ActionWords{i18n::tr("joins and commits to its secrets"), true};
        } else if constexpr (std::is_same_v<M, peer::BeaconRevealMessage>) {
          return ActionWords{i18n::tr("opens its share of the random seed"), true};
        } else if constexpr (std::is_same_v<M, peer::ActionMessage>) {
          if (!session) return std::nullopt;
          const GameUi* ui = game_ui(session->rules().game());
          return ui ? ui->action_words(*session, env->envelope.seat, message.game_message) : std::nullopt;
        } else if constexpr (std::is_same_v<M, peer::TimeoutClaimMessage>) {
          const std::string who =
              message.seat.index < names.size() ? names[message.seat.index] : i18n::trf("player {0}", message.seat.index + 1);
          return ActionWords{i18n::trf("claims {0} ran out of time", who)};
        } else if constexpr (std::is_same_v<M, peer::FinalMessage>) {
          return ActionWords{i18n::tr("signs the result"), true};
        } else {
          return ActionWords{i18n::tr("opens its secrets for the check"), true};
        }
      },
      *m);
}

}  // namespace

game::Result<ReplayViewer, std::string> ReplayViewer::open(std::span<const std::uint8_t> bytes, std::string name) {
  auto log = peer::decode_log(bytes);
  if (!log) {
    const peer::LogError& e = log.error();
    // The decoder's own words (English) as the detail.
    std::string detail(lobby::describe(e.kind));
    if (e.kind == peer::LogErrorKind::bad_entry) detail = i18n::trf("{0} (entry {1})", detail, e.entry);
    if (!e.detail.empty()) detail += ": " + e.detail;
    return i18n::trf("not a readable game log: {0}", detail);
  }
  peer::LogDescription description = peer::describe_log(*log);
  if (description.lines.empty())
    return i18n::trf("the log cannot be replayed: {0}", description.report.fault.empty()
                                                          ? std::string(i18n::tr("it holds no entries"))
                                                          : description.report.fault);

  ReplayViewer viewer(std::move(log).value());
  viewer.name_ = std::move(name);
  viewer.report_ = std::move(description.report);
  for (const auto& seat : viewer.report_.seats)
    viewer.names_.push_back(seat.name.empty() ? i18n::trf("player {0}", seat.seat.index + 1) : seat.name);

  const auto& entries = viewer.log_.entries;
  const auto& genesis = std::get<lobby::Genesis>(entries.front().entry.payload);
  const std::uint64_t t0 = entries.front().entry.lobby_time_ms;
  auto started = peer::Session::start(genesis, t0);
  std::optional<peer::Session> session;
  if (started) session.emplace(std::move(started).value());

  for (const peer::EntryLine& line : description.lines) {
    ReplayStep step;
    step.index = line.index;
    step.time_ms = line.time_ms;
    step.seat = line.seat;
    step.kind = line.kind;
    step.text = line.text;
    step.summary = line.text;
    bool game_event = line.index == 0;  // the genesis opens the game
    std::optional<ActionWords> words;
    if (line.index == 0) {
      std::string seats;
      for (const std::string& n : viewer.names_) seats = seats.empty() ? n : i18n::trf("{0}, {1}", seats, n);
      words = ActionWords{i18n::trf("The game begins: {0}", seats)};
    } else if (line.index < entries.size()) {
      words = entry_words(entries[line.index], session ? &*session : nullptr, viewer.names_);
    }
    if (words) step.summary = words->text;
    if (session) {
      const std::size_t seen = session->events().size();
      if (line.index > 0) session->apply(entries[line.index]);
      for (std::size_t e = seen; e < session->events().size(); ++e) {
        const peer::SessionEvent& ev = session->events()[e];
        switch (ev.kind) {
          case peer::SessionEvent::Kind::action:
            // The game's words when it has them (a step of its protocol folds), else the rules'.
            if (words) {
              game_event = game_event || !words->protocol;
            } else {
              if (!game_event || step.summary == line.text) step.summary = ev.text;
              game_event = true;
            }
            break;
          case peer::SessionEvent::Kind::blame:
          case peer::SessionEvent::Kind::timeout:
          case peer::SessionEvent::Kind::outcome:
          case peer::SessionEvent::Kind::complete:
          case peer::SessionEvent::Kind::presence:
          case peer::SessionEvent::Kind::ignored: game_event = true; break;
          default: break;
        }
        const std::string who =
            ev.seat ? i18n::trf("{0} ({1})", viewer.names_.at(ev.seat->index), seat_label(*session, *ev.seat)) : "";
        // The why of a blame, a time-out or an ignored message is the session's (English) detail.
        switch (ev.kind) {
          case peer::SessionEvent::Kind::blame:
            step.blame = true;
            step.verdicts.push_back(i18n::trf("{0} blamed: {1}", who, ev.text));
            break;
          case peer::SessionEvent::Kind::timeout: step.verdicts.push_back(i18n::trf("{0} timed out: {1}", who, ev.text)); break;
          case peer::SessionEvent::Kind::outcome:
            if (session->outcome())
              step.verdicts.push_back(i18n::trf("Result: {0}", result_words(*session, *session->outcome())));
            break;
          case peer::SessionEvent::Kind::complete: step.verdicts.push_back(i18n::tr("The game is complete")); break;
          case peer::SessionEvent::Kind::ignored:
            step.verdicts.push_back(i18n::trf("{0}: {1} (ignored)", who, ev.text));
            break;
          default: break;
        }
      }
      step.phase = session->phase();
      for (std::uint8_t s = 0; s < session->seat_count(); ++s) {
        const peer::SeatRecord& r = session->seat(game::Seat{s});
        const bool running = session->options().clock_base_ms > 0 && session->phase() == peer::Phase::play &&
                             r.awaited_since_ms.has_value();
        std::uint64_t left = r.clock_ms;
        if (running) {
          std::uint64_t used = entries[line.index].entry.lobby_time_ms - std::min(entries[line.index].entry.lobby_time_ms, *r.awaited_since_ms);
          left = used >= left ? 0 : left - used;
        }
        step.clocks.push_back(left);
        step.running.push_back(running);
      }
    }
    step.protocol = !game_event && step.verdicts.empty();
    viewer.steps_.push_back(std::move(step));
  }
  return viewer;
}

void ReplayViewer::go_to(std::size_t index) { current_ = std::min(index, steps_.size() - 1); }

void ReplayViewer::step_by(long delta) {
  if (delta < 0) {
    const std::size_t back = static_cast<std::size_t>(-delta);
    current_ = back > current_ ? 0 : current_ - back;
  } else {
    go_to(current_ + static_cast<std::size_t>(delta));
  }
}

void ReplayViewer::next_verdict() {
  for (std::size_t i = current_ + 1; i < steps_.size(); ++i)
    if (!steps_[i].verdicts.empty()) return go_to(i);
}

void ReplayViewer::previous_verdict() {
  for (std::size_t i = current_; i-- > 0;)
    if (!steps_[i].verdicts.empty()) return go_to(i);
}

}  // namespace parley::ui
