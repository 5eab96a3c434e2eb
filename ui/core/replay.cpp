#include "ui/core/replay.hpp"

#include <algorithm>

#include "ui/core/live_game.hpp"

namespace parley::ui {

game::Result<ReplayViewer, std::string> ReplayViewer::open(std::span<const std::uint8_t> bytes, std::string name) {
  auto log = peer::decode_log(bytes);
  if (!log) {
    const peer::LogError& e = log.error();
    std::string why = "not a readable game log: " + std::string(lobby::describe(e.kind));
    if (e.kind == peer::LogErrorKind::bad_entry) why += " (entry " + std::to_string(e.entry) + ")";
    if (!e.detail.empty()) why += ": " + e.detail;
    return why;
  }
  peer::LogDescription description = peer::describe_log(*log);
  if (description.lines.empty())
    return "the log cannot be replayed: " + (description.report.fault.empty() ? std::string("it holds no entries")
                                                                               : description.report.fault);

  ReplayViewer viewer(std::move(log).value());
  viewer.name_ = std::move(name);
  viewer.report_ = std::move(description.report);
  for (const auto& seat : viewer.report_.seats)
    viewer.names_.push_back(seat.name.empty() ? "seat " + std::to_string(seat.seat.index) : seat.name);

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
    if (session) {
      const std::size_t seen = session->events().size();
      if (line.index > 0) session->apply(entries[line.index]);
      for (std::size_t e = seen; e < session->events().size(); ++e) {
        const peer::SessionEvent& ev = session->events()[e];
        std::string who = ev.seat ? viewer.names_.at(ev.seat->index) + " (" + seat_label(*session, *ev.seat) + ")" : "";
        switch (ev.kind) {
          case peer::SessionEvent::Kind::blame:
            step.blame = true;
            step.verdicts.push_back(who + " blamed: " + ev.text);
            break;
          case peer::SessionEvent::Kind::timeout: step.verdicts.push_back(who + " timed out: " + ev.text); break;
          case peer::SessionEvent::Kind::outcome:
            if (session->outcome()) step.verdicts.push_back("Result: " + result_words(*session, *session->outcome()));
            break;
          case peer::SessionEvent::Kind::complete: step.verdicts.push_back("The game is complete"); break;
          case peer::SessionEvent::Kind::ignored: step.verdicts.push_back(who + ": " + ev.text + " (ignored)"); break;
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
