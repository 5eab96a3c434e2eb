#include "peer/log/verify.hpp"

#include <nlohmann/json.hpp>

#include "crypto/hex.hpp"
#include "peer/log/trust.hpp"


namespace parley::peer {

std::string_view describe(SeatVerdict::Kind kind) {
  switch (kind) {
    case SeatVerdict::Kind::honest: return "honest";
    case SeatVerdict::Kind::blamed: return "blamed";
    case SeatVerdict::Kind::timed_out: return "timed out";
  }
  return "unknown";
}

std::string_view name(LogFault fault) {
  switch (fault) {
    case LogFault::unreadable: return "unreadable";
    case LogFault::empty: return "empty";
    case LogFault::bad_genesis: return "bad_genesis";
    case LogFault::broken_chain: return "broken_chain";
    case LogFault::incomplete: return "incomplete";
    case LogFault::wrong_lobby: return "wrong_lobby";
    case LogFault::lobby_not_pinned: return "lobby_not_pinned";
  }
  return "unknown";
}

// An entry that links correctly and carries the lobby's valid signature, around a seat's valid
// envelope that does not fit the chain, exists only because the lobby signed it: no one else
// can have dropped or reordered entries around it.
bool lobby_at_fault(lobby::TranscriptError error) {
  return error == lobby::TranscriptError::seen_not_earlier || error == lobby::TranscriptError::seen_hash_mismatch;
}

std::string chain_fault_words(std::size_t entry, lobby::TranscriptError error, bool lobby_vouched) {
  std::string_view who;
  if (lobby_vouched)
    who = lobby_at_fault(error) ? "the lobby signed it: the lobby dropped or reordered entries"
                                : "the lobby or whoever kept the log is at fault";
  else
    who = lobby_at_fault(error) ? "signed by whoever signed this log as the lobby, who dropped or reordered entries"
                                : "whoever signed this log as the lobby, or whoever kept the log, is at fault";
  return "entry " + std::to_string(entry) + ": " + std::string(lobby::describe(error)) + " (" + std::string(who) + ")";
}

namespace {

VerifyReport invalid(VerifyReport r, LogFault code, std::optional<std::size_t> entry, std::string why) {
  r.valid = false;
  r.fault_code = code;
  r.fault_entry = entry;
  r.fault = std::move(why);
  return r;
}

}  // namespace

VerifyReport verify(const GameLog& log, Replay* replay) {
  VerifyReport report;
  report.entries = log.entries.size();
  report.lobby_key = log.lobby_key;
  if (log.entries.empty()) return invalid(report, LogFault::empty, std::nullopt, "the log holds no entries");

  auto transcript = lobby::Transcript::start(log.lobby_key, log.entries.front());
  if (!transcript)
    return invalid(report, LogFault::bad_genesis, 0, "genesis: " + std::string(lobby::describe(transcript.error())));
  const lobby::Genesis genesis = transcript->genesis();
  report.game = genesis.game;
  for (std::uint8_t i = 0; i < genesis.seat_keys.size(); ++i)
    report.seats.push_back({Seat{i}, crypto::fingerprint(genesis.seat_keys[i]), {}, SeatVerdict::Kind::honest, {}, {}, {},
                            {}, {}, genesis.seat_keys[i]});

  auto session = Session::start(genesis, log.entries.front().entry.lobby_time_ms);
  if (!session) return invalid(report, LogFault::bad_genesis, 0, "genesis: " + session.error().describe());

  for (std::size_t i = 1; i < log.entries.size(); ++i) {
    if (auto appended = transcript->append(log.entries[i]); !appended) {
      report.chain_break = appended.error();
      // Until the person checking says whom they trust (apply_trust), the lobby is whoever signed.
      return invalid(report, LogFault::broken_chain, i, chain_fault_words(i, appended.error(), false));
    }
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
      v.offence = s.blame->offence;
      if (s.blame->refused) v.refusal = s.blame->refused->code;
      if (v.refusal) v.code = std::string(session->rules().refusal_name(*v.refusal));
    } else if (s.timed_out_at) {
      v.kind = SeatVerdict::Kind::timed_out;
      v.index = s.timed_out_at;
      v.reason = "did not answer in time";
    }
  }
  report.outcome = session->outcome();
  if (replay) *replay = Replay{genesis, log.entries.front().entry.lobby_time_ms, std::nullopt};
  if (session->phase() != Phase::complete) {
    auto r = invalid(report, LogFault::incomplete, log.entries.size() - 1,
                     "the game is not complete: the log ends in the " + std::string(describe(session->phase())) +
                         " phase");
    if (replay) replay->session = std::move(session).value();
    return r;
  }
  report.valid = true;
  if (replay) replay->session = std::move(session).value();
  return report;
}

VerifyReport undecodable(const LogError& error) {
  std::string why(describe(error.kind));
  if (error.kind == LogErrorKind::bad_entry) why += " (entry " + std::to_string(error.entry) + ": " + error.detail + ")";
  return invalid(VerifyReport{}, LogFault::unreadable,
                 error.kind == LogErrorKind::bad_entry ? std::optional<std::size_t>(error.entry) : std::nullopt, why);
}

VerifyReport verify_bytes(std::span<const std::uint8_t> bytes, Replay* replay) {
  auto log = decode_log(bytes);
  if (!log) return undecodable(log.error());
  return verify(*log, replay);
}

bool may_be_log(std::string_view first) {
  const std::string_view magic = lobby::kLogMagic;
  return first.substr(0, magic.size()) == magic.substr(0, std::min(first.size(), magic.size()));
}

namespace {

std::string_view trust_words(LobbyTrust trust) {
  switch (trust) {
    case LobbyTrust::pinned: return "pinned";
    case LobbyTrust::trusted: return "trusted (in your trust store)";
    case LobbyTrust::wrong_lobby: return "NOT the lobby you pinned";
    case LobbyTrust::not_pinned: return "not pinned (neither given with --lobby-key nor in your trust store)";
    case LobbyTrust::unchecked:
      return "not checked (--any-lobby: only the log's internal consistency was checked, not who signed it as the lobby)";
  }
  return "unknown";
}

}  // namespace

std::string format_text(const VerifyReport& r, std::string_view file) {
  std::string out(file);
  out += r.valid ? ": valid" : ": INVALID";
  if (r.valid && r.lobby_trust == LobbyTrust::unchecked) out += " (internally consistent; the lobby not checked)";
  if (!r.game.empty()) out += " " + r.game + " game, " + std::to_string(r.entries) + " entries";
  out += "\n";
  if (!r.valid) out += "  fault: " + r.fault + "\n";
  if (r.lobby_key) {
    out += "  lobby " + crypto::fingerprint(*r.lobby_key);
    if (r.lobby_trust) out += ": " + std::string(trust_words(*r.lobby_trust));
    out += "\n";
  }
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
    j["key"] = s.key ? nlohmann::ordered_json(crypto::to_hex(s.key->bytes())) : nlohmann::ordered_json(nullptr);
    j["entry"] = s.index ? nlohmann::ordered_json(s.index->value) : nlohmann::ordered_json(nullptr);
    j["reason"] = s.reason;
    j["offence"] = s.offence ? nlohmann::ordered_json(name(*s.offence)) : nlohmann::ordered_json(nullptr);
    j["code"] = s.refusal ? nlohmann::ordered_json(s.code) : nlohmann::ordered_json(nullptr);
    seats.push_back(std::move(j));
  }
  nlohmann::ordered_json out = {{"file", file}, {"valid", r.valid}, {"game", r.game}, {"entries", r.entries}};
  out["fault"] = r.valid ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.fault);
  out["fault_code"] = r.fault_code ? nlohmann::ordered_json(name(*r.fault_code)) : nlohmann::ordered_json(nullptr);
  out["fault_entry"] = r.fault_entry ? nlohmann::ordered_json(*r.fault_entry) : nlohmann::ordered_json(nullptr);
  out["lobby_key"] = r.lobby_key ? nlohmann::ordered_json(crypto::to_hex(r.lobby_key->bytes())) : nlohmann::ordered_json(nullptr);
  out["lobby_fingerprint"] =
      r.lobby_key ? nlohmann::ordered_json(crypto::fingerprint(*r.lobby_key)) : nlohmann::ordered_json(nullptr);
  out["lobby_trust"] = r.lobby_trust ? nlohmann::ordered_json(name(*r.lobby_trust)) : nlohmann::ordered_json(nullptr);
  out["lobby_trusted"] = r.lobby_trust.has_value() && (*r.lobby_trust == LobbyTrust::pinned || *r.lobby_trust == LobbyTrust::trusted);
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
