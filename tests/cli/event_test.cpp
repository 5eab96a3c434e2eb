// The organizer's event end to end (docs/events.md, "The organizer's walk-through"), over a real
// parley-lobby with bots taking their reserved seats: a 6-player, 3-round Swiss chess event and a
// 4-player round-robin Gunjin event, each published and re-checked, then the bundle spoilt one
// way at a time, each spoiling named by its verdict code. Codes are asserted, never words.
//
// What keeps it cheap: random chess movers and the Gunjin tracking bot with no delay, on a
// 2-second (chess) and 4-second (Gunjin) clock, so that no game outlasts its clocks however slow
// the machine (a slow one ends them sooner, on time: any result will do); the games of a round
// run at once, and so do the re-checks of the spoilt bundles.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <set>

#include "crypto/hex.hpp"
#include "event/trf.hpp"
#include "tests/cli/event_bundle_tamper.hpp"
#include "tests/lobby/lobby_process.hpp"
#include "tests/peer/processes.hpp"

namespace parley::peer {
namespace {

namespace fs = std::filesystem;
using lobby::testing::LobbyProcess;
using testing::ParleyProcess;
using testing::read_text;
namespace bundle = parley::testing::bundle;

struct Ran {
  int status = -1;
  std::string out, err;
};

class Event : public testing::NetworkFixture<> {
 protected:
  explicit Event(std::string game = "chess") : NetworkFixture(game, 120), game_(std::move(game)) {}

  void SetUp() override {
    NetworkFixture::SetUp();
    // Keys, trust store and data of this test's own: nothing of the user's is read or written.
    ::setenv("XDG_CONFIG_HOME", (dir_ / "config").c_str(), 1);
    ::setenv("XDG_DATA_HOME", (dir_ / "data").c_str(), 1);
    event_ = (dir_ / "ev" / "event.pevent").string();
    organizer_key_ = (dir_ / "organizer.key").string();
  }

  Ran run(const std::string& name, std::vector<std::string> args) {
    ParleyProcess p(dir_, name, std::move(args));
    Ran r;
    r.status = p.wait();
    r.out = p.out();
    r.err = p.err();
    return r;
  }
  // An organizer's command on the event file.
  Ran event(const std::string& name, const std::string& command, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"event", command, event_};
    args.insert(args.end(), more.begin(), more.end());
    if (command != "standings" && command != "export") args.insert(args.end(), {"--identity", organizer_key_});
    return run(name, args);
  }
  std::string key_file(int player) const { return (dir_ / ("p" + std::to_string(player) + ".key")).string(); }
  crypto::Identity key_of(const std::string& file) const {
    auto id = crypto::load_or_create_identity(file);
    EXPECT_TRUE(id.ok());
    return std::move(id).value();
  }

  // Pairs the next round; plays it with a bot per seat, each with the key its seat is reserved
  // to; collects the seats' logs. The round's pairing as `event pair --json` gave it.
  nlohmann::json play_round(LobbyProcess& lobby, int round, const std::function<void(const nlohmann::json&)>& before = {},
                            std::optional<std::size_t> unplayed = std::nullopt) {
    const Ran paired = event("pair" + std::to_string(round), "pair", {"--json"});
    EXPECT_EQ(paired.status, 0) << paired.err;
    const auto pairing = nlohmann::json::parse(paired.out);
    if (before) before(pairing);
    std::vector<std::unique_ptr<ParleyProcess>> bots;
    std::vector<std::string> extra = game_ == "chess" ? std::vector<std::string>{"--engine", "random"}
                                                      : std::vector<std::string>{};
    for (const auto& board : pairing["boards"]) {
      if (unplayed && board["board"] == *unplayed) continue;
      for (const auto& seat : board["seats"]) {
        const std::string player = seat["name"].get<std::string>().substr(7);  // "Player N"
        std::vector<std::string> args = {"--invite", board["invite"].get<std::string>(), "--identity",
                                         key_file(std::stoi(player)), "--quiet"};
        args.insert(args.end(), extra.begin(), extra.end());
        bots.push_back(std::make_unique<ParleyProcess>(
            dir_, "r" + std::to_string(round) + "p" + player, bot(lobby, "r" + std::to_string(round) + "p" + player, args)));
      }
    }
    std::vector<std::string> logs;
    for (auto& b : bots) {
      EXPECT_EQ(b->wait(), 0) << b->err();
      logs.push_back(b->log_path());
    }
    std::vector<std::string> args = {"--json"};
    args.insert(args.end(), logs.begin(), logs.end());
    const Ran collected = event("collect" + std::to_string(round), "collect", args);
    EXPECT_EQ(collected.status, 0) << collected.out << collected.err;
    const auto verdicts = nlohmann::json::parse(collected.out);
    for (const auto& l : verdicts["logs"]) EXPECT_TRUE(l["status"] == "collected" || l["status"] == "duplicate") << l;
    if (!unplayed) EXPECT_EQ(verdicts["results"], event_files::results(round)) << collected.out;
    else EXPECT_EQ(verdicts["results"], nullptr) << "a board has no game yet";
    return pairing;
  }

  // `parley event verify --json` of a bundle: its exit status and its verdict.
  std::pair<int, nlohmann::json> verify(const fs::path& dir, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"event", "verify", dir.string(), "--json"};
    args.insert(args.end(), more.begin(), more.end());
    const Ran r = run("verify-" + dir.filename().string(), args);
    auto json = nlohmann::json::parse(r.out, nullptr, false);
    EXPECT_FALSE(json.is_discarded()) << r.out << r.err;
    return {r.status, json};
  }
  static bool has_code(const nlohmann::json& verdict, const std::string& code) {
    for (const auto& c : verdict["codes"])
      if (c == code) return true;
    return false;
  }

  struct event_files {
    static std::string results(int round) { return "round-" + std::to_string(round) + ".presults"; }
  };

  std::string game_;
  std::string event_, organizer_key_;
};

class ChessEvent : public Event {
 protected:
  ChessEvent() : Event("chess") {}
};

TEST_F(ChessEvent, ASwissOverARealLobbyIsPublishedVerifiedAndEveryTamperingIsNamed) {
  const fs::path archive = dir_ / "games.sqlite";
  LobbyProcess lobby(dir_, 0, {"--archive", archive.string(), "--sync", "normal"});
  const std::string at = "127.0.0.1:" + std::to_string(lobby.port());
  const std::string lobby_key = (dir_ / "lobby.db.key").string();

  // The event, pinning the key the lobby proves; six players: four by their own signed requests,
  // two entered by the organizer with a rating.
  Ran created = run("create", {"event", "create", event_, "--name", "E2E Swiss", "--rounds", "3", "--clock", "2+0",
                               "--lobby", at, "--yes", "--identity", organizer_key_});
  ASSERT_EQ(created.status, 0) << created.err;
  std::vector<std::string> requests;
  for (int i = 1; i <= 4; ++i) {
    requests.push_back((dir_ / ("p" + std::to_string(i) + ".preg")).string());
    ASSERT_EQ(run("request" + std::to_string(i), {"event", "request", event_, "--name", "Player " + std::to_string(i),
                                                  "--identity", key_file(i), "--out", requests.back()})
                  .status,
              0);
  }
  ASSERT_EQ(event("accept", "accept", requests).status, 0);
  for (int i = 5; i <= 6; ++i) {
    key_of(key_file(i));
    ASSERT_EQ(event("register" + std::to_string(i), "register",
                    {"--player", "Player " + std::to_string(i), "--key", key_file(i), "--rating", std::to_string(1500 + i)})
                  .status,
              0);
  }
  EXPECT_EQ(event("register-again", "register", {"--player", "Again", "--key", key_file(5)}).status, 1);

  // Round 1; a stranger with the invite code is refused at a reserved seat, typed.
  play_round(lobby, 1, [&](const nlohmann::json& pairing) {
    ASSERT_EQ(pairing["boards"].size(), 3u);
    lobby::testing::TestClient stranger(lobby.endpoint(), crypto::Identity::generate(), "stranger");
    ASSERT_TRUE(lobby::testing::await<lobby::Welcome>({&stranger}, stranger));
    const auto asked = stranger->join_by_code(pairing["boards"][0]["invite"].get<std::string>(), lobby::Role::player);
    auto refused = lobby::testing::await<lobby::Refused>({&stranger}, stranger,
                                                         [&](const lobby::Refused& r) { return r.request == asked; });
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->reason, lobby::Refusal::seat_reserved);
  });
  // Round 2; and a game of another event, on the same lobby, to paste into the bundle below.
  play_round(lobby, 2);
  const std::string other_event = (dir_ / "ev2" / "event.pevent").string();
  ASSERT_EQ(run("create2", {"event", "create", other_event, "--name", "Other", "--rounds", "1", "--system", "round-robin",
                            "--clock", "2+0", "--lobby", at, "--yes", "--identity", organizer_key_})
                .status,
            0);
  for (int i = 7; i <= 8; ++i) {
    key_of(key_file(i));
    ASSERT_EQ(run("register2-" + std::to_string(i), {"event", "register", other_event, "--player", "Q" + std::to_string(i),
                                                     "--key", key_file(i), "--identity", organizer_key_})
                  .status,
              0);
  }
  const Ran other_paired = run("pair2", {"event", "pair", other_event, "--json", "--identity", organizer_key_});
  ASSERT_EQ(other_paired.status, 0) << other_paired.err;
  const auto other_board = nlohmann::json::parse(other_paired.out)["boards"][0];
  std::vector<std::unique_ptr<ParleyProcess>> others;
  for (int i = 7; i <= 8; ++i)
    others.push_back(std::make_unique<ParleyProcess>(
        dir_, "q" + std::to_string(i),
        bot(lobby, "q" + std::to_string(i),
            {"--invite", other_board["invite"].get<std::string>(), "--identity", key_file(i), "--engine", "random"})));
  for (auto& o : others) ASSERT_EQ(o->wait(), 0) << o->err();
  const std::string other_log = others[0]->log_path();

  // Round 3, collected from the lobby's archive instead of the seats' logs (the lobby stores a
  // room when its seats have left).
  const Ran paired3 = event("pair3", "pair", {"--json"});
  ASSERT_EQ(paired3.status, 0) << paired3.err;
  {
    const auto pairing = nlohmann::json::parse(paired3.out);
    std::vector<std::unique_ptr<ParleyProcess>> bots;
    for (const auto& board : pairing["boards"])
      for (const auto& seat : board["seats"]) {
        const std::string n = seat["name"].get<std::string>().substr(7);
        bots.push_back(std::make_unique<ParleyProcess>(
            dir_, "r3p" + n,
            bot(lobby, "r3p" + n, {"--invite", board["invite"].get<std::string>(), "--identity", key_file(std::stoi(n)), "--engine", "random"})));
      }
    for (auto& b : bots) ASSERT_EQ(b->wait(), 0) << b->err();
  }
  // Ten rooms in all: three a round and the other event's one.
  auto stored = [&] {
    const std::string text = lobby.log();
    std::size_t n = 0;
    for (auto at = text.find("stored in the archive: game"); at != std::string::npos; at = text.find("stored in the archive: game", at + 1)) ++n;
    return n;
  };
  ASSERT_TRUE(testing::eventually([&] { return stored() >= 10; }, 60)) << lobby.log();
  const Ran collected3 = event("collect3", "collect", {"--archive", archive.string(), "--json"});
  ASSERT_EQ(collected3.status, 0) << collected3.out << collected3.err;
  const auto from_archive = nlohmann::json::parse(collected3.out);
  EXPECT_EQ(from_archive["results"], "round-3.presults") << from_archive;
  std::set<int> boards;
  for (const auto& l : from_archive["logs"])
    if (l["status"] == "collected") boards.insert(l["board"].get<int>());
  EXPECT_EQ(boards, (std::set<int>{1, 2, 3})) << from_archive;

  // Standings, exports, the archive's ratings.
  const Ran standings = event("standings", "standings", {"--format", "csv"});
  EXPECT_EQ(standings.status, 0);
  EXPECT_EQ(std::count(standings.out.begin(), standings.out.end(), '\n'), 7) << standings.out;  // header and 6 players
  const Ran pgn = event("pgn", "export", {"--pgn"});
  EXPECT_EQ(pgn.status, 0) << pgn.err;
  EXPECT_NE(pgn.out.find("[Board \"3\"]"), std::string::npos) << pgn.out;
  EXPECT_NE(pgn.out.find("[Round \"3\"]"), std::string::npos);
  const Ran trf = event("trf", "export", {"--trf"});
  ASSERT_EQ(trf.status, 0);
  auto report = parley::event::read_trf(trf.out);
  ASSERT_TRUE(report.ok()) << trf.out;
  EXPECT_EQ(report->players.size(), 6u);
  for (const auto& p : report->players) EXPECT_EQ(p.rounds.size(), 3u);
  const std::string lobby_fingerprint = crypto::fingerprint(key_of(lobby_key).public_key());
  const Ran rated = run("rated", {"archive", "players", "--db", archive.string(), "--json", "--lobby-key", lobby_fingerprint});
  ASSERT_EQ(rated.status, 0) << rated.err;
  const auto ratings = nlohmann::json::parse(rated.out);
  EXPECT_EQ(ratings.size(), 8u);  // the six, and the other event's two
  for (const auto& r : ratings) EXPECT_GE(r["games"].get<int>(), 1);
  const Ran elsewhere = run("elsewhere", {"archive", "players", "--db", archive.string(), "--json", "--lobby-key",
                                          crypto::fingerprint(crypto::Identity::generate().public_key())});
  EXPECT_EQ(nlohmann::json::parse(elsewhere.out).size(), 0u);

  // Published, and re-checked from the bundle alone.
  const fs::path published = dir_ / "bundle";
  ASSERT_EQ(event("publish", "publish", {published.string()}).status, 0);
  auto [status, verdict] = verify(published, {"--organizer-key", organizer_key_});
  EXPECT_EQ(status, 0) << verdict;
  EXPECT_EQ(verdict["valid"], true);
  ASSERT_EQ(verdict["rounds"].size(), 3u);
  for (const auto& round : verdict["rounds"]) EXPECT_EQ(round["games"].size(), 3u);
  const auto stranger_organizer = crypto::to_hex(crypto::Identity::generate().public_key().bytes());
  auto [wrong_status, wrong] = verify(published, {"--organizer-key", stranger_organizer});
  EXPECT_EQ(wrong_status, 1);
  EXPECT_TRUE(has_code(wrong, "wrong_organizer")) << wrong;

  // Each spoiling, one at a time, on a copy: exit 1 and its code.
  const crypto::Identity organizer = key_of(organizer_key_);
  const std::string log11 = "round-1-board-1.plog";
  struct Case {
    std::string name, code;
    std::function<void(const fs::path&)> spoil;
  };
  const crypto::Identity forger = crypto::Identity::generate();
  const std::vector<Case> cases = {
      {"made-up-lobby", "wrong_lobby",
       [&](const fs::path& d) {
         const auto forged = bundle::restamped(bundle::read_bytes(d / log11), forger);
         bundle::write_bytes(d / log11, forged);
         bundle::resign_results(d, 1, organizer, [&](parley::event::Results& r) { r.boards[0].log_digest = parley::event::file_digest(forged); });
         bundle::resign_manifest(d, organizer);
       }},
      {"swapped-player", "wrong_seats",
       [&](const fs::path& d) {
         bundle::resign_pairings(d, 1, organizer, [](parley::event::Pairings& p) { std::swap(p.boards[0].seats[0], p.boards[0].seats[1]); });
         bundle::resign_manifest(d, organizer);
       }},
      {"other-event", "not_in_event",
       [&](const fs::path& d) {
         const auto other = bundle::read_bytes(other_log);
         bundle::write_bytes(d / log11, other);
         bundle::resign_results(d, 1, organizer, [&](parley::event::Results& r) {
           r.boards[0].kind = parley::event::BoardResult::Kind::played;
           r.boards[0].log_digest = parley::event::file_digest(other);
         });
         bundle::resign_manifest(d, organizer);
       }},
      {"missing-game", "missing_game",
       [&](const fs::path& d) {
         fs::remove(d / "round-2-board-1.plog");
         bundle::resign_manifest(d, organizer);
       }},
      {"edited-result", "result_mismatch",
       [&](const fs::path& d) {
         bundle::resign_results(d, 1, organizer, [](parley::event::Results& r) {
           auto& w = r.boards[0].winner;
           w = !w ? std::optional<std::uint8_t>(0) : *w == 0 ? std::optional<std::uint8_t>(1) : std::nullopt;
         });
         bundle::resign_manifest(d, organizer);
       }},
      {"pairings-do-not-follow", "pairings_do_not_follow",
       [&](const fs::path& d) {
         bundle::resign_pairings(d, 2, organizer, [](parley::event::Pairings& p) { std::swap(p.boards[0].seats[1], p.boards[1].seats[1]); });
         bundle::resign_manifest(d, organizer);
       }},
      {"manifest-mismatch", "manifest_mismatch",
       [&](const fs::path& d) {
         auto text = bundle::read_bytes(d / "standings.txt");
         text[text.size() / 2] ^= 1;
         bundle::write_bytes(d / "standings.txt", text);
       }},
      {"truncated-results", "results_unreadable",
       [&](const fs::path& d) {
         auto bytes = bundle::read_bytes(d / "round-3.presults");
         bundle::write_bytes(d / "round-3.presults", std::span(bytes).first(bytes.size() / 2));
       }},
      {"truncated-manifest", "manifest_unreadable",
       [&](const fs::path& d) {
         auto bytes = bundle::read_bytes(d / "manifest.pmanifest");
         bundle::write_bytes(d / "manifest.pmanifest", std::span(bytes).first(bytes.size() - 1));
       }},
  };
  // Spoilt, then re-checked all at once (the checks are independent processes).
  std::vector<std::unique_ptr<ParleyProcess>> checks;
  for (const Case& c : cases) {
    const fs::path copy = bundle::copy_of(published, c.name);
    c.spoil(copy);
    checks.push_back(std::make_unique<ParleyProcess>(dir_, "verify-" + c.name,
                                                     std::vector<std::string>{"event", "verify", copy.string(), "--json"}));
  }
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(checks[i]->wait(), 1) << cases[i].name;
    const auto spoilt = nlohmann::json::parse(checks[i]->out(), nullptr, false);
    ASSERT_FALSE(spoilt.is_discarded()) << cases[i].name << ": " << checks[i]->out() << checks[i]->err();
    EXPECT_EQ(spoilt["valid"], false) << cases[i].name;
    EXPECT_TRUE(has_code(spoilt, cases[i].code)) << cases[i].name << ": " << spoilt["codes"];
  }

  // The forged log on its own: with the real lobby pinned, `parley verify` says not valid.
  const fs::path forged = dir_ / "forged.plog";
  bundle::write_bytes(forged, bundle::restamped(bundle::read_bytes(published / log11), forger));
  const Ran pinned = run("forged", {"verify", "--json", "--lobby-key", lobby_key, forged.string()});
  EXPECT_EQ(pinned.status, 1);
  EXPECT_EQ(nlohmann::json::parse(pinned.out)[0]["fault_code"], "wrong_lobby");
  EXPECT_EQ(run("forged-any", {"verify", "--any-lobby", forged.string()}).status, 0);
  EXPECT_EQ(run("real", {"verify", "--lobby-key", lobby_key, (published / log11).string()}).status, 0);
}

class GunjinEvent : public Event {
 protected:
  GunjinEvent() : Event("gunjin") {}
};

TEST_F(GunjinEvent, ARoundRobinWithAForfeitOverARealLobbyIsPublishedAndVerified) {
  LobbyProcess lobby(dir_, 0, {"--sync", "normal"});
  const std::string at = "127.0.0.1:" + std::to_string(lobby.port());
  ASSERT_EQ(run("create", {"event", "create", event_, "--name", "E2E Gunjin", "--game", "gunjin", "--system", "round-robin",
                           "--rounds", "3", "--clock", "4+0", "--lobby", at, "--yes", "--identity", organizer_key_})
                .status,
            0);
  for (int i = 1; i <= 4; ++i) {
    key_of(key_file(i));
    ASSERT_EQ(event("register" + std::to_string(i), "register",
                    {"--player", "Player " + std::to_string(i), "--key", crypto::to_hex(key_of(key_file(i)).public_key().bytes())})
                  .status,
              0);
  }
  for (int round = 1; round <= 2; ++round) EXPECT_EQ(play_round(lobby, round)["boards"].size(), 2u);
  // Round 3: board 2 is not played; its first player came. Closed (the event has no deadline),
  // it is a forfeit win for that player.
  const auto last = play_round(lobby, 3, {}, 2);
  const std::string came = last["boards"][1]["seats"][0]["name"];
  const Ran closed = event("close", "collect", {"--close", "--came", came, "--json"});
  ASSERT_EQ(closed.status, 0) << closed.out << closed.err;
  EXPECT_EQ(nlohmann::json::parse(closed.out)["results"], "round-3.presults");
  const fs::path published = dir_ / "bundle";
  ASSERT_EQ(event("publish", "publish", {published.string()}).status, 0);
  auto [status, verdict] = verify(published);
  EXPECT_EQ(status, 0) << verdict;
  ASSERT_EQ(verdict["rounds"].size(), 3u);
  EXPECT_TRUE(fs::exists(published / "event.trf"));
  // An edited result and a changed file, named as in chess.
  const crypto::Identity organizer = key_of(organizer_key_);
  const fs::path edited = bundle::copy_of(published, "edited");
  bundle::resign_results(edited, 2, organizer, [](parley::event::Results& r) {
    auto& w = r.boards[1].winner;  // a played board
    w = !w ? std::optional<std::uint8_t>(1) : *w == 1 ? std::optional<std::uint8_t>(0) : std::nullopt;
  });
  bundle::resign_manifest(edited, organizer);
  auto [edited_status, edited_verdict] = verify(edited);
  EXPECT_EQ(edited_status, 1);
  EXPECT_TRUE(has_code(edited_verdict, "result_mismatch")) << edited_verdict["codes"];
  const fs::path changed = bundle::copy_of(published, "changed");
  EXPECT_FALSE(fs::exists(changed / "round-3-board-2.plog")) << "a forfeit has no game";
  auto log = bundle::read_bytes(changed / "round-3-board-1.plog");
  log[log.size() / 2] ^= 0x40;
  bundle::write_bytes(changed / "round-3-board-1.plog", log);
  auto [changed_status, changed_verdict] = verify(changed);
  EXPECT_EQ(changed_status, 1);
  EXPECT_TRUE(has_code(changed_verdict, "manifest_mismatch")) << changed_verdict["codes"];
}

}  // namespace
}  // namespace parley::peer
