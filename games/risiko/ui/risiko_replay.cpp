#include "games/risiko/ui/risiko_replay.hpp"

#include "games/risiko/module.hpp"
#include "i18n/i18n.hpp"
#include "ui/core/live_game.hpp"

namespace parley::ui {

std::optional<RisikoReplay> RisikoReplay::open(const ReplayViewer& viewer, std::span<const std::string> drawings) {
  if (viewer.game() != peer::risiko::kRisikoGame) return std::nullopt;
  const auto& entries = viewer.log().entries;
  if (entries.empty()) return std::nullopt;
  const auto* genesis = std::get_if<lobby::Genesis>(&entries.front().entry.payload);
  if (!genesis) return std::nullopt;
  auto started = peer::Session::start(*genesis, entries.front().entry.lobby_time_ms);
  if (!started) return std::nullopt;
  peer::Session session = std::move(started).value();
  const auto& rules = parley::games::risiko::rules_of(session);
  RisikoReplay replay;
  replay.world_ = rules.state().world;
  if (!replay.world_) return std::nullopt;
  replay.shapes_ = shapes_for(rules.options(), *replay.world_, drawings);
  if (!replay.shapes_) return std::nullopt;

  const auto& names = viewer.seat_names();
  auto name = [&](game::Seat s) {
    std::string colour = rules.started() && s.index < rules.state().table.players.size()
                             ? colour_name(rules.state().table.player(s).colour)
                             : seat_label(session, s);
    return s.index < names.size() ? i18n::trf("{0} ({1})", names[s.index], colour) : colour;
  };
  RisikoTracker tracker;
  for (const ReplayStep& step : viewer.steps()) {
    if (step.index > 0 && step.index < entries.size() && session.next_index().value == step.index)
      session.apply(entries[step.index]);
    tracker.after_entry(session, name);
    RisikoReplayFrame frame;
    if (rules.started()) frame.table = rules.state().table;
    frame.roll = tracker.last_roll();
    frame.log_lines = tracker.log().size();
    replay.frames_.push_back(std::move(frame));
  }
  replay.log_ = tracker.log();
  return replay;
}

}  // namespace parley::ui
