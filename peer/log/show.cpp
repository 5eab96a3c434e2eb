#include "peer/log/show.hpp"

#include <nlohmann/json.hpp>

#include "crypto/hex.hpp"
#include "lobby/protocol/transcript.hpp"

namespace parley::peer {

namespace {

std::string describe_message(const Session& session, Seat seat, const Message& m) {
  return std::visit(
      [&](const auto& msg) -> std::string {
        using M = std::decay_t<decltype(msg)>;
        if constexpr (std::is_same_v<M, SetupMessage>)
          return "joins as \"" + shown_name(msg.display_name).value_or("?") + "\"";
        else if constexpr (std::is_same_v<M, BeaconRevealMessage>)
          return "opens its beacon commitment";
        else if constexpr (std::is_same_v<M, ActionMessage>)
          return session.phase() == Phase::play ? session.rules().describe_action(seat, msg.game_message)
                                                : std::string("(an action outside play)");
        else if constexpr (std::is_same_v<M, TimeoutClaimMessage>)
          return "claims seat " + std::to_string(msg.seat.index) + " is out of time";
        else if constexpr (std::is_same_v<M, FinalMessage>)
          return "signs the result: " +
                 (msg.winner ? "seat " + std::to_string(msg.winner->index) + " wins" : std::string("no winner")) +
                 " (" + msg.reason + ")";
        else
          return "reveals its secrets";
      },
      m);
}

}  // namespace

Narrator::Narrator(const lobby::Genesis& genesis, std::uint64_t genesis_time_ms) : t0_(genesis_time_ms) {
  std::string seats;
  for (const auto& k : genesis.seat_keys) seats += (seats.empty() ? "" : ", ") + crypto::fingerprint(k);
  genesis_line_ = {0, 0, std::nullopt, "genesis",
                   genesis.game + " for " + std::to_string(genesis.seat_keys.size()) + " seats (" + seats +
                       "), session " + crypto::to_hex(genesis.session_id.bytes)};
  auto session = Session::start(genesis, genesis_time_ms);
  if (session) session_ = std::move(session).value();
}

EntryLine Narrator::tell(std::size_t index, const lobby::SignedEntry& signed_entry) {
  const lobby::Entry& e = signed_entry.entry;
  EntryLine line{index, e.lobby_time_ms - t0_, std::nullopt, {}, {}};
  if (const auto* p = std::get_if<lobby::Presence>(&e.payload)) {
    line.seat = p->seat;
    line.kind = "presence";
    line.text = std::string(lobby::describe(p->event));
  } else if (const auto* h = std::get_if<lobby::Handover>(&e.payload)) {
    line.kind = "handover";
    line.text = "lobby node " + crypto::fingerprint(h->certificate.node_key) + " sequences the room from here (epoch " +
                std::to_string(h->epoch) + ")";
  } else if (const auto* env = std::get_if<lobby::SignedEnvelope>(&e.payload)) {
    line.seat = env->envelope.seat;
    auto m = decode_message(env->envelope.kind, env->envelope.body);
    line.kind = m ? std::string(describe(kind_of(*m))) : "malformed";
    line.text = m && session_ ? describe_message(*session_, env->envelope.seat, *m) : "(does not decode)";
  }
  if (session_) session_->apply(signed_entry);
  return line;
}

LogDescription describe_log(const GameLog& log) {
  LogDescription d;
  d.report = verify(log);
  if (log.entries.empty()) return d;
  auto transcript = lobby::Transcript::start(log.lobby_key, log.entries.front());
  if (!transcript) return d;
  Narrator narrator(transcript->genesis(), log.entries.front().entry.lobby_time_ms);
  d.lines.push_back(narrator.genesis_line());
  for (std::size_t i = 1; i < log.entries.size(); ++i) {
    if (!transcript->append(log.entries[i])) break;  // the verdict says why
    d.lines.push_back(narrator.tell(i, log.entries[i]));
  }
  return d;
}

std::string format_line(const EntryLine& l) {
  char head[64];
  std::snprintf(head, sizeof head, "%5zu %9.3fs  ", l.index, static_cast<double>(l.time_ms) / 1000.0);
  return head + (l.seat ? "seat " + std::to_string(l.seat->index) + "  " : std::string("lobby   ")) + l.kind + ": " +
         l.text + "\n";
}

std::string format_text(const LogDescription& d, std::string_view file) {
  std::string out;
  for (const auto& l : d.lines) out += format_line(l);
  out += format_text(d.report, file);
  return out;
}

std::string format_json(const LogDescription& d, std::string_view file) {
  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  for (const auto& l : d.lines) {
    entries.push_back({{"index", l.index},
                       {"time_ms", l.time_ms},
                       {"seat", l.seat ? nlohmann::ordered_json(l.seat->index) : nlohmann::ordered_json(nullptr)},
                       {"kind", l.kind},
                       {"text", l.text}});
  }
  nlohmann::ordered_json out = {{"entries", std::move(entries)},
                                {"verdict", nlohmann::ordered_json::parse(format_json(d.report, file))}};
  return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace parley::peer
