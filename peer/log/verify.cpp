#include "peer/log/verify.hpp"

#include <nlohmann/json.hpp>

#include "lobby/protocol/transcript.hpp"

namespace parley::peer {

std::string_view describe(SeatVerdict::Kind kind) {
  switch (kind) {
    case SeatVerdict::Kind::honest: return "honest";
    case SeatVerdict::Kind::blamed: return "blamed";
    case SeatVerdict::Kind::timed_out: return "timed out";
  }
  return "unknown";
}

namespace {

VerifyReport invalid(VerifyReport r, std::optional<std::size_t> entry, std::string why) {
  r.valid = false;
  r.fault_entry = entry;
  r.fault = std::move(why);
  return r;
}

// An entry that links correctly and carries the lobby's valid signature, around a seat's valid
// envelope that does not fit the chain, exists only because the lobby signed it: no one else
// can have dropped or reordered entries around it. Other breaks may be the log's holder's doing.
std::string_view who_is_at_fault(lobby::TranscriptError error) {
  switch (error) {
    case lobby::TranscriptError::seen_not_earlier:
    case lobby::TranscriptError::seen_hash_mismatch:
      return "the lobby signed it: the lobby dropped or reordered entries";
    default: return "the lobby or whoever kept the log is at fault";
  }
}

}  // namespace

VerifyReport verify(const GameLog& log, Replay* replay) {
  VerifyReport report;
  report.entries = log.entries.size();
  if (log.entries.empty()) return invalid(report, std::nullopt, "the log holds no entries");

  auto transcript = lobby::Transcript::start(log.lobby_key, log.entries.front());
  if (!transcript) return invalid(report, 0, "genesis: " + std::string(lobby::describe(transcript.error())));
  const lobby::Genesis genesis = transcript->genesis();
  report.game = genesis.game;
  for (std::uint8_t i = 0; i < genesis.seat_keys.size(); ++i)
    report.seats.push_back({Seat{i}, crypto::fingerprint(genesis.seat_keys[i]), {}, SeatVerdict::Kind::honest, {}, {}});

  auto session = Session::start(genesis, log.entries.front().entry.lobby_time_ms);
  if (!session) return invalid(report, 0, "genesis: " + session.error().describe());

  for (std::size_t i = 1; i < log.entries.size(); ++i) {
    if (auto appended = transcript->append(log.entries[i]); !appended)
      return invalid(report, i, "entry " + std::to_string(i) + ": " + std::string(lobby::describe(appended.error())) +
                                    " (" + std::string(who_is_at_fault(appended.error())) + ")");
    session->apply(log.entries[i]);
  }

  for (std::uint8_t i = 0; i < report.seats.size(); ++i) {
    const SeatRecord& s = session->seat(Seat{i});
    SeatVerdict& v = report.seats[i];
    v.name = shown_name(s).value_or("");
    if (s.blame) {
      v.kind = SeatVerdict::Kind::blamed;
      v.index = s.blame->index;
      v.reason = std::string(describe(s.blame->offence)) + (s.blame->detail.empty() ? "" : ": " + s.blame->detail);
    } else if (s.timed_out_at) {
      v.kind = SeatVerdict::Kind::timed_out;
      v.index = s.timed_out_at;
      v.reason = "did not answer in time";
    }
  }
  report.outcome = session->outcome();
  if (replay) *replay = Replay{genesis, log.entries.front().entry.lobby_time_ms, std::nullopt};
  if (session->phase() != Phase::complete) {
    auto r = invalid(report, log.entries.size() - 1,
                     "the game is not complete: the log ends in the " + std::string(describe(session->phase())) +
                         " phase");
    if (replay) replay->session = std::move(session).value();
    return r;
  }
  report.valid = true;
  if (replay) replay->session = std::move(session).value();
  return report;
}

VerifyReport verify_bytes(std::span<const std::uint8_t> bytes, Replay* replay) {
  auto log = decode_log(bytes);
  if (!log) {
    VerifyReport r;
    std::string why(describe(log.error().kind));
    if (log.error().kind == LogErrorKind::bad_entry)
      why += " (entry " + std::to_string(log.error().entry) + ": " + log.error().detail + ")";
    return invalid(r, log.error().kind == LogErrorKind::bad_entry ? std::optional<std::size_t>(log.error().entry)
                                                                  : std::nullopt,
                   why);
  }
  return verify(*log, replay);
}

VerifyReport verify_bytes_pinned(std::span<const std::uint8_t> bytes, const crypto::PublicKey& lobby_key) {
  VerifyReport r = verify_bytes(bytes);
  auto log = decode_log(bytes);
  if (log && log->lobby_key != lobby_key)
    return invalid(r, std::nullopt, "the log's lobby is " + crypto::fingerprint(log->lobby_key) + ", not the pinned " +
                                        crypto::fingerprint(lobby_key));
  return r;
}

std::string format_text(const VerifyReport& r, std::string_view file) {
  std::string out(file);
  out += r.valid ? ": valid" : ": INVALID";
  if (!r.game.empty()) out += " " + r.game + " game, " + std::to_string(r.entries) + " entries";
  out += "\n";
  if (!r.valid) out += "  fault: " + r.fault + "\n";
  for (const auto& s : r.seats) {
    out += "  seat " + std::to_string(s.seat.index) + " " + s.fingerprint;
    if (!s.name.empty()) out += " (" + s.name + ")";
    out += ": " + std::string(describe(s.kind));
    if (s.index) out += " at entry " + std::to_string(s.index->value);
    if (!s.reason.empty() && s.kind != SeatVerdict::Kind::honest) out += ": " + s.reason;
    out += "\n";
  }
  if (r.outcome) {
    out += "  result: ";
    out += r.outcome->winner ? "seat " + std::to_string(r.outcome->winner->index) + " wins" : std::string("no winner");
    out += " (" + std::string(r.outcome->reason) + ")\n";
  }
  return out;
}

std::string format_json(const VerifyReport& r, std::string_view file) {
  nlohmann::ordered_json seats = nlohmann::ordered_json::array();
  for (const auto& s : r.seats) {
    nlohmann::ordered_json j = {{"seat", s.seat.index}, {"fingerprint", s.fingerprint}, {"name", s.name},
                                {"verdict", describe(s.kind)}};
    j["entry"] = s.index ? nlohmann::ordered_json(s.index->value) : nlohmann::ordered_json(nullptr);
    j["reason"] = s.reason;
    seats.push_back(std::move(j));
  }
  nlohmann::ordered_json out = {{"file", file}, {"valid", r.valid}, {"game", r.game}, {"entries", r.entries}};
  out["fault"] = r.valid ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.fault);
  out["fault_entry"] = r.fault_entry ? nlohmann::ordered_json(*r.fault_entry) : nlohmann::ordered_json(nullptr);
  out["seats"] = std::move(seats);
  if (r.outcome) {
    out["result"] = {{"winner", r.outcome->winner ? nlohmann::ordered_json(r.outcome->winner->index)
                                                  : nlohmann::ordered_json(nullptr)},
                     {"reason", r.outcome->reason}};
  } else {
    out["result"] = nullptr;
  }
  return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace parley::peer
