#include "cli/event_bundle.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "cli/event_folder.hpp"
#include "cli/event_games.hpp"
#include "crypto/hex.hpp"
#include "event/bundle.hpp"
#include "event/history.hpp"
#include "event/limits.hpp"
#include "event/manifest.hpp"
#include "event/pairing.hpp"
#include "event/standings.hpp"
#include "event/trf.hpp"

namespace parley::cli {

namespace {

namespace fs = std::filesystem;

// The most a manifest may take: kMaxManifestFiles entries of the longest name.
constexpr std::size_t kMaxManifestBytes = 2 + 32 + 4 + event::kMaxManifestFiles * (4 + event::kMaxFileNameBytes + 32) + 64;

BundleProblem problem(std::string code, std::string where, std::string detail) {
  return BundleProblem{std::move(code), std::move(where), std::move(detail)};
}

std::string round_where(std::uint16_t round, std::size_t board) {
  return "round " + std::to_string(round) + " board " + std::to_string(board);
}

std::string result_words(const event::BoardResult& r, std::size_t seats) {
  if (r.kind == event::BoardResult::Kind::forfeit) {
    std::string came;
    for (std::size_t s = 0; s < seats; ++s)
      if (r.present & (1u << s)) came += (came.empty() ? "" : ", ") + std::string("seat ") + std::to_string(s);
    return "forfeit (" + (came.empty() ? std::string("nobody came") : came + " came") + ")";
  }
  if (seats == 2) return !r.winner ? "1/2-1/2" : *r.winner == 0 ? "1-0" : "0-1";
  return r.winner ? "seat " + std::to_string(*r.winner) + " wins" : "no winner";
}

struct RoundDocs {
  std::optional<event::SignedPairings> pairings;
  std::optional<event::SignedResults> results;
};

}  // namespace

bool BundleReport::valid() const {
  if (!problems.empty()) return false;
  for (const auto& r : rounds) {
    if (!r.problems.empty()) return false;
    for (const auto& g : r.games)
      if (!g.problems.empty()) return false;
  }
  return true;
}

BundleReport check_bundle(const fs::path& dir, const std::optional<crypto::PublicKey>& organizer_pin) {
  BundleReport report;
  auto& problems = report.problems;
  const std::string manifest_name(event::kManifestFile), event_name(event::kEventFile);

  // The manifest: read and decoded now, its signature checked once the organizer is known.
  std::optional<event::SignedManifest> manifest;
  if (auto bytes = read_file_bounded(dir / manifest_name, kMaxManifestBytes); !bytes) {
    problems.push_back(problem("manifest_unreadable", manifest_name, bytes.error()));
  } else if (auto decoded = event::decode_manifest(*bytes); !decoded) {
    problems.push_back(problem("manifest_unreadable", manifest_name, std::string(event::describe(decoded.error()))));
  } else {
    manifest = std::move(decoded).value();
    report.files = manifest->manifest.files.size();
  }

  // The event.
  std::optional<event::SignedEvent> signed_event;
  if (auto bytes = read_file_bounded(dir / event_name, kMaxDocumentBytes); !bytes) {
    problems.push_back(problem("event_unreadable", event_name, bytes.error()));
  } else if (auto decoded = event::decode_event(*bytes); !decoded) {
    problems.push_back(problem("event_unreadable", event_name, std::string(event::describe(decoded.error()))));
  } else if (!event::verify_event(*decoded)) {
    problems.push_back(problem("bad_signature", event_name, "the organizer's signature does not verify"));
  } else {
    signed_event = std::move(decoded).value();
  }
  if (!signed_event) return report;
  const event::Event& e = signed_event->event;
  const crypto::PublicKey& organizer = e.organizer;
  const auto id = event::event_id(e);
  report.event_name = e.name;
  report.event_id = crypto::to_hex(id);
  report.organizer = crypto::fingerprint(organizer);
  for (const auto& k : e.lobby_keys) report.lobbies.push_back(crypto::fingerprint(k));
  if (organizer_pin && *organizer_pin != organizer)
    problems.push_back(problem("wrong_organizer", event_name,
                               "signed by " + crypto::fingerprint(organizer) + ", not the organizer you named (" +
                                   crypto::fingerprint(*organizer_pin) + ")"));
  if (auto bad = event::check_event(e)) {
    problems.push_back(problem("bad_event", event_name, std::string(event::describe(bad->problem))));
    return report;
  }

  // The manifest against the files.
  std::set<std::string> listed;
  if (manifest) {
    if (!event::verify_manifest(organizer, *manifest))
      problems.push_back(problem("bad_signature", manifest_name, "the organizer's signature does not verify"));
    if (manifest->manifest.event_id != id)
      problems.push_back(problem("wrong_event", manifest_name, "the manifest of another event"));
    for (const auto& entry : manifest->manifest.files) {
      listed.insert(entry.file);
      auto bytes = read_file_bounded(dir / entry.file, kMaxEventLogBytes);
      if (!bytes) problems.push_back(problem("missing_file", entry.file, bytes.error()));
      else if (event::file_digest(*bytes) != entry.digest)
        problems.push_back(problem("manifest_mismatch", entry.file, "its digest is not the manifest's"));
    }
    std::error_code ec;
    std::size_t unlisted = 0;
    constexpr std::size_t kUnlistedNamed = 64;  // a folder of a million strays is said in one line
    for (const auto& f : fs::directory_iterator(dir, ec)) {
      const std::string name = f.path().filename().string();
      if (name == manifest_name || listed.contains(name)) continue;
      if (++unlisted <= kUnlistedNamed) problems.push_back(problem("unlisted_file", name, "in the folder, not in the manifest"));
    }
    if (unlisted > kUnlistedNamed)
      problems.push_back(problem("unlisted_file", dir.string(),
                                 std::to_string(unlisted - kUnlistedNamed) + " more files not in the manifest"));
    if (!listed.contains(event_name)) problems.push_back(problem("missing_file", event_name, "not in the manifest"));
  }

  // The rounds, in order: each one's documents, its pairing re-derived, its games.
  std::vector<event::Pairings> earlier_pairings;
  std::vector<event::Results> earlier_results;
  bool history_intact = true;  // every earlier round's documents hold, so later ones can be re-derived
  for (std::uint16_t round = 1; round <= e.rounds; ++round) {
    const std::string pname = event::pairings_file(round), rname = event::results_file(round);
    std::error_code ec;
    if (!fs::exists(dir / pname, ec)) {
      if (fs::exists(dir / rname, ec)) problems.push_back(problem("results_without_pairings", rname, "no pairings for its round"));
      break;
    }
    RoundVerdict rv;
    rv.round = round;
    std::optional<event::Pairings> pairings;
    if (auto bytes = read_file_bounded(dir / pname, kMaxDocumentBytes); !bytes) {
      rv.problems.push_back(problem("pairings_unreadable", pname, bytes.error()));
    } else if (auto decoded = event::decode_pairings(*bytes); !decoded) {
      rv.problems.push_back(problem("pairings_unreadable", pname, std::string(event::describe(decoded.error()))));
    } else if (!event::verify_pairings(organizer, *decoded)) {
      rv.problems.push_back(problem("bad_signature", pname, "the organizer's signature does not verify"));
    } else if (decoded->pairings.round != round) {
      rv.problems.push_back(problem("pairings_bad_round", pname, "the pairings of another round"));
    } else if (auto bad = event::check_pairings(e, decoded->pairings)) {
      rv.problems.push_back(problem("pairings_" + std::string(code_of(*bad)), pname, std::string(event::describe(*bad))));
    } else {
      pairings = decoded->pairings;
    }
    std::optional<event::Results> results;
    if (!fs::exists(dir / rname, ec)) {
      rv.problems.push_back(problem("results_missing", rname, "the round has pairings and no results"));
    } else if (auto bytes = read_file_bounded(dir / rname, kMaxDocumentBytes); !bytes) {
      rv.problems.push_back(problem("results_unreadable", rname, bytes.error()));
    } else if (auto decoded = event::decode_results(*bytes); !decoded) {
      rv.problems.push_back(problem("results_unreadable", rname, std::string(event::describe(decoded.error()))));
    } else if (!event::verify_results(organizer, *decoded)) {
      rv.problems.push_back(problem("bad_signature", rname, "the organizer's signature does not verify"));
    } else if (pairings) {
      if (auto bad = event::check_results(*pairings, decoded->results))
        rv.problems.push_back(problem("results_" + std::string(code_of(bad->problem)), rname,
                                      std::string(event::describe(bad->problem)) + " (board " +
                                          std::to_string(bad->board + 1) + ")"));
      else
        results = decoded->results;
    }

    // The pairing, re-derived from the roster and the earlier rounds only.
    if (pairings && history_intact) {
      auto history = event::History::build(e, earlier_pairings, earlier_results);
      if (!history || !event::pairing_follows(e, *history, *pairings))
        rv.problems.push_back(problem("pairings_do_not_follow", pname,
                                      "not the pairing the roster and the earlier rounds give"));
    }

    // The games.
    if (pairings && results) {
      for (std::size_t b = 0; b < pairings->boards.size(); ++b) {
        GameVerdict gv;
        gv.board = static_cast<std::uint16_t>(b + 1);
        const auto& seats = pairings->boards[b].seats;
        for (const auto& k : seats) {
          auto i = event::find_player(e, k);
          gv.seats.push_back((i ? e.roster[*i].name : std::string("?")) + " (" + crypto::fingerprint(k) + ")");
        }
        const event::BoardResult& result = results->boards[b];
        gv.result = result_words(result, seats.size());
        const std::string lname = event::log_file(round, static_cast<std::uint16_t>(b + 1));
        const std::string where = round_where(round, b + 1);
        const bool has_log = fs::exists(dir / lname, ec);
        if (result.kind == event::BoardResult::Kind::played && !has_log) {
          gv.problems.push_back(problem("missing_game", where, lname + " is not in the bundle"));
        } else if (has_log) {
          auto bytes = read_file_bounded(dir / lname, kMaxEventLogBytes);
          if (!bytes) {
            gv.problems.push_back(problem("unreadable", where, bytes.error()));
          } else {
            EventGame game = check_event_game(e, *bytes);
            if (game.report.lobby_key) gv.lobby = crypto::fingerprint(*game.report.lobby_key);
            if (!game.facts) {
              gv.problems.push_back(problem(game.report.fault_code ? std::string(peer::name(*game.report.fault_code)) : "invalid",
                                            where, lname + ": " + game.report.fault));
            } else if (auto bad = event::check_game(e, *pairings, b, *game.facts)) {
              gv.problems.push_back(problem(std::string(code_of(*bad)), where, lname + ": " + std::string(event::describe(*bad))));
            } else if (result.kind == event::BoardResult::Kind::forfeit) {
              gv.problems.push_back(problem("forfeit_contradicted", where,
                                            "a valid game of this board, in time, is in the bundle: no forfeit"));
            } else if (game.facts->log_digest != result.log_digest) {
              gv.problems.push_back(problem("wrong_log", where, lname + " is not the log the results name"));
            } else if (game.facts->winner != result.winner) {
              gv.problems.push_back(problem("result_mismatch", where,
                                            "the results say " + gv.result + ", the log " +
                                                result_words(event::result_of(*game.facts), seats.size())));
            }
          }
        }
        rv.games.push_back(std::move(gv));
      }
    }
    // Later rounds are re-derived from this one's documents as signed, if they are readable and fit.
    if (pairings && results) {
      earlier_pairings.push_back(*pairings);
      earlier_results.push_back(*results);
    } else {
      history_intact = false;
    }
    report.rounds.push_back(std::move(rv));
  }

  // The standings and the TRF-16, recomputed from the rounds.
  if (history_intact) {
    auto history = event::History::build(e, earlier_pairings, earlier_results);
    if (!history) {
      problems.push_back(problem("bad_history", event_name, std::string(event::describe(history.error().problem))));
    } else {
      const auto standings = event::compute_standings(e, *history);
      std::vector<std::pair<std::string, std::string>> expected = {
          {std::string(event::kStandingsText), event::crosstable_text(e, *history, standings)},
          {std::string(event::kStandingsCsv), event::crosstable_csv(e, *history, standings)},
          {std::string(event::kStandingsHtml), event::crosstable_html(e, *history, standings)}};
      if (auto trf = event::trf_of(e, *history, standings)) expected.emplace_back(event::kTrfFile, event::write_trf(*trf));
      for (const auto& [name, text] : expected) {
        auto bytes = read_file_bounded(dir / name, kMaxDocumentBytes);
        if (!bytes) problems.push_back(problem("missing_file", name, bytes.error()));
        else if (std::string(bytes->begin(), bytes->end()) != text)
          problems.push_back(problem(name == event::kTrfFile ? "trf_mismatch" : "standings_mismatch", name,
                                     "not what the rounds' results give"));
      }
    }
  }
  return report;
}

namespace {

nlohmann::ordered_json problems_json(const std::vector<BundleProblem>& problems) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& p : problems) out.push_back({{"code", p.code}, {"where", p.where}, {"detail", p.detail}});
  return out;
}

}  // namespace

std::string format_json(const BundleReport& r, const std::string& dir) {
  nlohmann::ordered_json rounds = nlohmann::ordered_json::array();
  for (const auto& rv : r.rounds) {
    nlohmann::ordered_json games = nlohmann::ordered_json::array();
    for (const auto& g : rv.games) {
      nlohmann::ordered_json j = {{"board", g.board}, {"valid", g.problems.empty()}, {"result", g.result}, {"seats", g.seats}};
      j["lobby"] = g.lobby ? nlohmann::ordered_json(*g.lobby) : nlohmann::ordered_json(nullptr);
      j["problems"] = problems_json(g.problems);
      games.push_back(std::move(j));
    }
    bool holds = rv.problems.empty();
    for (const auto& g : rv.games) holds = holds && g.problems.empty();
    rounds.push_back({{"round", rv.round}, {"valid", holds}, {"problems", problems_json(rv.problems)}, {"games", std::move(games)}});
  }
  nlohmann::ordered_json codes = nlohmann::ordered_json::array();
  std::set<std::string> seen;
  auto add = [&](const std::vector<BundleProblem>& ps) {
    for (const auto& p : ps)
      if (seen.insert(p.code).second) codes.push_back(p.code);
  };
  add(r.problems);
  for (const auto& rv : r.rounds) {
    add(rv.problems);
    for (const auto& g : rv.games) add(g.problems);
  }
  nlohmann::ordered_json out = {{"bundle", dir},         {"valid", r.valid()},       {"event", r.event_name},
                                {"event_id", r.event_id}, {"organizer", r.organizer}, {"lobbies", r.lobbies},
                                {"files", r.files},       {"codes", std::move(codes)}, {"problems", problems_json(r.problems)},
                                {"rounds", std::move(rounds)}};
  return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string format_text(const BundleReport& r, const std::string& dir) {
  std::string out = dir + ": " + (r.valid() ? "valid" : "INVALID");
  if (!r.event_id.empty()) {
    out += " event \"" + r.event_name + "\" (id " + r.event_id.substr(0, 16) + "…), organizer " + r.organizer + ", lobby";
    for (const auto& l : r.lobbies) out += " " + l;
  }
  out += ", " + std::to_string(r.files) + " files in the manifest\n";
  auto list = [&](const std::vector<BundleProblem>& ps, const std::string& indent) {
    for (const auto& p : ps) out += indent + p.where + ": " + p.detail + " (" + p.code + ")\n";
  };
  list(r.problems, "  ");
  for (const auto& rv : r.rounds) {
    bool holds = rv.problems.empty();
    for (const auto& g : rv.games) holds = holds && g.problems.empty();
    out += "  round " + std::to_string(rv.round) + ": " + (holds ? "holds" : "DOES NOT HOLD") + "\n";
    list(rv.problems, "    ");
    for (const auto& g : rv.games) {
      out += "    board " + std::to_string(g.board) + ":";
      for (std::size_t s = 0; s < g.seats.size(); ++s) out += (s ? " - " : " ") + g.seats[s];
      out += "  " + g.result + (g.problems.empty() ? "  ok" : "  INVALID");
      if (g.lobby) out += " (lobby " + *g.lobby + ")";
      out += "\n";
      list(g.problems, "      ");
    }
  }
  return out;
}

}  // namespace parley::cli
