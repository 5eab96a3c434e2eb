#pragma once
// A game log held against an event (docs/events.md): verified as `parley verify` verifies it,
// with the event's pinned lobby keys as the only trusted lobbies, and read for what the event
// needs of it (event::GameFacts: the lobby's key, the seats' keys, the board its room names,
// the winner, when it ended, the file's digest).
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "event/event.hpp"
#include "event/results.hpp"
#include "peer/log/verify.hpp"

namespace parley::cli {

struct EventGame {
  peer::VerifyReport report;               // trust judged against the event's lobby keys
  std::optional<event::GameFacts> facts;   // when the report is valid
};

// Verifies the bytes of a log for `event`: the report, and the facts of a valid log.
EventGame check_event_game(const event::Event& event, std::span<const std::uint8_t> log_bytes);

// Stable names of the event library's verdicts, for machine-readable output.
std::string_view code_of(event::GameProblem problem);
std::string_view code_of(event::PairingsProblem problem);
std::string_view code_of(event::ResultsProblem problem);

}  // namespace parley::cli
