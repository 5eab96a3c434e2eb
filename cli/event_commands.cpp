// `parley event create|register|request|accept|pair|collect|standings|export` (docs/events.md,
// "The organizer's walk-through"). The event's folder is cli/event_folder.hpp; the bundle's
// commands (publish, verify) are in cli/event_bundle.cpp.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <map>
#include <set>

#include "archive/ratings.hpp"
#include "cli/commands.hpp"
#include "cli/event_bundle.hpp"
#include "cli/event_commands.hpp"
#include "cli/event_folder.hpp"
#include "cli/event_games.hpp"
#include "cli/lobby_key_query.hpp"
#include "cli/lobby_pins.hpp"
#include "crypto/hex.hpp"
#include "event/bundle.hpp"
#include "event/limits.hpp"
#include "event/manifest.hpp"
#include "event/pairing.hpp"
#include "event/registration.hpp"
#include "event/standings.hpp"
#include "event/trf.hpp"
#include "game/chess/pgn.hpp"
#include "lobby/client/lobby_client.hpp"
#include "lobby/protocol/text.hpp"
#include "peer/log/pgn_export.hpp"
#include "peer/net/runner.hpp"
#include "peer/session/options.hpp"

namespace parley::cli {

namespace {

namespace fs = std::filesystem;

// Says why and gives the exit status.
int fail(int status, const std::string& why) {
  fmt::print(stderr, "{}\n", why);
  return status;
}

// "BASE+INC" in seconds.
std::optional<event::Clock> parse_event_clock(const std::string& text) {
  if (text.empty()) return event::Clock{};
  const auto plus = text.find('+');
  std::uint64_t base = 0, inc = 0;
  const char* end = text.data() + (plus == std::string::npos ? text.size() : plus);
  if (std::from_chars(text.data(), end, base).ptr != end) return std::nullopt;
  if (plus != std::string::npos) {
    const char* e = text.data() + text.size();
    if (std::from_chars(text.data() + plus + 1, e, inc).ptr != e) return std::nullopt;
  }
  if (base > 24 * 3600 || inc > 3600) return std::nullopt;
  return event::Clock{base * 1000, inc * 1000};
}

// "90s", "45m", "48h", "7d".
std::optional<std::uint64_t> parse_duration_ms(const std::string& text) {
  if (text.empty()) return std::uint64_t{0};
  std::uint64_t n = 0;
  const char* end = text.data() + text.size() - 1;
  if (std::from_chars(text.data(), end, n).ptr != end || n > 366 * 24 * 3600) return std::nullopt;
  switch (text.back()) {
    case 's': return n * 1000;
    case 'm': return n * 60'000;
    case 'h': return n * 3'600'000;
    case 'd': return n * 86'400'000;
    default: return std::nullopt;
  }
}

// Why a command cannot go on, in words.
struct Why {
  std::string text;
};

// A player's name as a roster keeps it.
game::Result<std::string, Why> roster_name(const std::string& typed) {
  auto clean = lobby::sanitize_text(typed, event::kMaxNameChars);
  if (!clean) return Why{"the name \"" + typed + "\": " + std::string(lobby::describe(clean.error()))};
  return std::move(clean).value();
}

// The archive `parley archive` uses by default.
std::string default_archive() { return (peer::default_data_dir() / "archive.sqlite").string(); }

std::unique_ptr<archive::ArchiveStore> open_archive(const std::string& db) {
  auto store = archive::ArchiveStore::open(db);
  if (!store) {
    fmt::print(stderr, "archive {}: {}\n", db, store.error().detail);
    return nullptr;
  }
  return std::move(store).value();
}

// A player's key from what the organizer typed: hex, a key file, or a fingerprint the archive
// knows (an organizer rarely has a player's whole key at hand; their games do).
game::Result<crypto::PublicKey, std::string> player_key(const std::string& typed, const std::string& archive_db) {
  if (peer::is_fingerprint(typed)) {
    auto store = open_archive(archive_db);
    if (!store) return std::string("cannot look the fingerprint up");
    try {
      auto rows = store->sql().query("SELECT PublicKey FROM Player WHERE Fingerprint = ?", {archive::SqlValue{typed}});
      if (rows.empty() || std::holds_alternative<archive::Null>(rows[0][0]))
        return "no player with the fingerprint " + typed + " in the archive " + archive_db + ": give the key in hex";
      auto key = crypto::PublicKey::from_bytes(archive::as_bytes(rows[0][0]));
      if (!key) return "the archive holds a malformed key for " + typed;
      return *key;
    } catch (const archive::SqlError& e) {
      return std::string(e.what());
    }
  }
  auto pin = read_lobby_pin(typed);  // the same forms as a lobby's key: hex or a key file
  if (!pin || !pin->key) return "--key " + typed + ": not a key (64 hex digits), a key file, nor a fingerprint";
  return *pin->key;
}

// The player's Glicko-2 rating in the archive, rounded, if they have rated games there.
std::optional<std::uint16_t> archive_rating(const std::string& db, const crypto::PublicKey& key) {
  auto store = open_archive(db);
  if (!store) return std::nullopt;
  const game::Bytes bytes(key.bytes().begin(), key.bytes().end());
  for (const auto& r : archive::glicko_ratings(*store))
    if (r.public_key == bytes)
      return static_cast<std::uint16_t>(std::clamp(r.rating.rating + 0.5, 0.0, double{event::kMaxRating}));
  return std::nullopt;
}

// The organizer's identity, checked against the event's organizer key.
game::Result<crypto::Identity, std::string> organizer_of(const EventFolder& folder, const std::string& identity) {
  auto id = load_signing_identity(identity);
  if (!id) return id.error();
  if (id->public_key() != folder.event().organizer)
    return "this key (" + crypto::fingerprint(id->public_key()) + ") is not the event's organizer (" +
           crypto::fingerprint(folder.event().organizer) + "): --identity FILE names the organizer's key";
  return std::move(id).value();
}

// Re-signs and writes the event after a roster change, once its checks pass.
int save_event(const EventFolder& folder, const crypto::Identity& organizer, event::Event changed) {
  if (!folder.pairings.empty())
    return fail(kInvalidInput, folder.file.string() + ": round 1 is paired: the roster is fixed (late entries are not supported)");
  if (auto problem = event::check_event(changed))
    return fail(kInvalidInput, "the event would be wrong: " + std::string(event::describe(problem->problem)) +
                                   " (entry " + std::to_string(problem->index + 1) + ")");
  auto written = write_document(folder.file, event::encode(event::sign_event(organizer, std::move(changed))));
  if (!written) return fail(kUnreadable, written.error());
  return kSuccess;
}

std::string player_words(const event::Event& e, const crypto::PublicKey& key) {
  auto i = event::find_player(e, key);
  return (i ? e.roster[*i].name : std::string("?")) + " (" + crypto::fingerprint(key) + ")";
}

// The roster index of a player named by key, fingerprint or name.
std::optional<event::PlayerIndex> find_named(const event::Event& e, const std::string& typed) {
  for (std::size_t i = 0; i < e.roster.size(); ++i) {
    const auto& p = e.roster[i];
    if (p.name == typed || crypto::fingerprint(p.key) == typed || crypto::to_hex(p.key.bytes()) == typed)
      return static_cast<event::PlayerIndex>(i);
  }
  return std::nullopt;
}

std::string lobby_game_name(event::GameKind game) { return std::string(event::name_of(game)); }

std::string_view name_of_fault(const peer::VerifyReport& r) {
  return r.fault_code ? peer::name(*r.fault_code) : std::string_view("invalid");
}

}  // namespace

// ---- create, register, request, accept ----------------------------------------------------

int event_create(const EventCreateOptions& o) {
  std::error_code ec;
  if (fs::exists(o.file, ec)) return fail(kUsage, o.file + ": exists already (one event a file)");
  event::Event e;
  auto name = roster_name(o.name);
  if (!name) return fail(kUsage, "--name: " + name.error().text);
  e.name = *name;
  auto game = event::parse_game(o.game);
  if (!game) return fail(kUsage, "--game " + o.game + ": chess, gunjin or risiko");
  e.game = *game;
  auto system = event::parse_system(o.system);
  if (!system) return fail(kUsage, "--system " + o.system + ": swiss or round-robin");
  e.system = *system;
  if (o.rounds < 1 || o.rounds > event::kMaxRounds) return fail(kUsage, "--rounds: 1 to 255");
  e.rounds = static_cast<std::uint16_t>(o.rounds);
  auto clock = parse_event_clock(o.clock);
  if (!clock) return fail(kUsage, "--clock " + o.clock + ": BASE+INC in seconds, e.g. 300+2");
  e.clock = *clock;
  auto deadline = parse_duration_ms(o.deadline);
  if (!deadline) return fail(kUsage, "--deadline " + o.deadline + ": a number and s, m, h or d, e.g. 48h");
  e.deadline_ms = *deadline;
  e.table_size = e.game == event::GameKind::risiko ? static_cast<std::uint8_t>(o.table_size ? o.table_size : 4) : 0;
  if (o.initial_colour != "white" && o.initial_colour != "black") return fail(kUsage, "--initial-colour: white or black");
  e.initial_colour = o.initial_colour == "white" ? event::Colour::white : event::Colour::black;
  auto endpoint = lobby::parse_endpoint(o.lobby);
  if (!endpoint) return fail(kUsage, "--lobby " + o.lobby + ": HOST:PORT");
  e.lobby_address = o.lobby;
  // The lobby's key, as its channel proves it: shown, confirmed, pinned.
  auto key = ask_lobby_key(*endpoint);
  if (!key) return fail(kInvalidInput, o.lobby + ": " + key.error());
  fmt::print(stderr, "{} proves the key {}\n  fingerprint {}\n", o.lobby, crypto::to_hex(key->bytes()),
             crypto::fingerprint(*key));
  if (!confirm("Pin this lobby's key in the event? Only games it stamps will count.", o.yes))
    return fail(kInvalidInput, "not created");
  e.lobby_keys.push_back(*key);
  for (const std::string& more : o.lobby_keys) {
    auto pin = read_lobby_pin(more);
    if (!pin || !pin->key) return fail(kUsage, "--lobby-key " + more + ": a key in hex or a key file (a fingerprint is not enough to pin)");
    if (std::find(e.lobby_keys.begin(), e.lobby_keys.end(), *pin->key) == e.lobby_keys.end()) e.lobby_keys.push_back(*pin->key);
  }
  auto organizer = load_signing_identity(o.identity);
  if (!organizer) return fail(kUnreadable, organizer.error());
  e.organizer = organizer->public_key();
  e.created_ms = now_ms();
  if (auto problem = event::check_event(e))
    return fail(kUsage, "the event would be wrong: " + std::string(event::describe(problem->problem)));
  if (fs::path(o.file).has_parent_path()) fs::create_directories(fs::path(o.file).parent_path(), ec);
  auto written = write_document(o.file, event::encode(event::sign_event(*organizer, e)));
  if (!written) return fail(kUnreadable, written.error());
  fmt::print("event {}: {} {} of {} rounds, id {}\n  organizer {}\n  lobby {} ({})\n", o.file, e.name,
             event::name_of(e.system), e.rounds, crypto::to_hex(event::event_id(e)), crypto::fingerprint(e.organizer),
             e.lobby_address, crypto::fingerprint(e.lobby_keys.front()));
  return kSuccess;
}

int event_register(const EventRegisterOptions& o) {
  auto folder = open_event_folder(o.file);
  if (!folder) return fail(kInvalidInput, folder.error());
  auto organizer = organizer_of(*folder, o.identity);
  if (!organizer) return fail(kUsage, organizer.error());
  auto name = roster_name(o.player);
  if (!name) return fail(kUsage, "--player: " + name.error().text);
  auto key = player_key(o.key, o.ratings_from.empty() ? default_archive() : o.ratings_from);
  if (!key) return fail(kUsage, key.error());
  event::Event e = folder->event();
  if (event::find_player(e, *key)) return fail(kInvalidInput, "already registered: " + player_words(e, *key));
  event::Player p{*name, *key, std::nullopt, std::nullopt};
  if (o.rating >= 0) {
    if (o.rating > event::kMaxRating) return fail(kUsage, "--rating: 0 to 4000");
    p.rating = static_cast<std::uint16_t>(o.rating);
  } else if (!o.ratings_from.empty()) {
    p.rating = archive_rating(o.ratings_from, *key);
  }
  e.roster.push_back(p);
  if (int status = save_event(*folder, *organizer, std::move(e)); status != kSuccess) return status;
  fmt::print("registered {} ({}){}: {} players\n", p.name, crypto::fingerprint(p.key),
             p.rating ? ", rating " + std::to_string(*p.rating) : std::string(), folder->event().roster.size() + 1);
  return kSuccess;
}

int event_request(const EventRequestOptions& o) {
  auto bytes = read_file_bounded(o.file, kMaxDocumentBytes);
  if (!bytes) return fail(kUnreadable, bytes.error());
  auto signed_event = event::decode_event(*bytes);
  if (!signed_event || !event::verify_event(*signed_event))
    return fail(kInvalidInput, o.file + ": not an event file its organizer signed");
  auto name = roster_name(o.name);
  if (!name) return fail(kUsage, "--name: " + name.error().text);
  auto player = load_signing_identity(o.identity);
  if (!player) return fail(kUnreadable, player.error());
  const auto request = event::make_registration(*player, event::event_id(signed_event->event), *name);
  const std::string out =
      o.out.empty() ? "registration-" + crypto::fingerprint(player->public_key()) + ".preg" : o.out;
  auto written = write_document(out, event::encode(request));
  if (!written) return fail(kUnreadable, written.error());
  fmt::print("{}\n  {} asks to play in \"{}\" (organizer {}); send this file to the organizer\n", out, request.name,
             signed_event->event.name, crypto::fingerprint(signed_event->event.organizer));
  return kSuccess;
}

int event_accept(const EventAcceptOptions& o) {
  auto folder = open_event_folder(o.file);
  if (!folder) return fail(kInvalidInput, folder.error());
  auto organizer = organizer_of(*folder, o.identity);
  if (!organizer) return fail(kUsage, organizer.error());
  event::Event e = folder->event();
  const auto id = event::event_id(e);
  for (const std::string& file : o.requests) {
    auto bytes = read_file_bounded(file, 4096);
    if (!bytes) return fail(kUnreadable, bytes.error());
    auto request = event::decode_registration(*bytes);
    if (!request) return fail(kInvalidInput, file + ": not a registration request (" + std::string(event::describe(request.error())) + ")");
    if (request->event_id != id) return fail(kInvalidInput, file + ": a request for another event");
    if (!event::verify_registration(*request)) return fail(kInvalidInput, file + ": the player's signature does not verify");
    if (event::find_player(e, request->key)) return fail(kInvalidInput, file + ": already registered: " + player_words(e, request->key));
    std::optional<std::uint16_t> rating;
    if (o.rating >= 0) rating = static_cast<std::uint16_t>(std::min(o.rating, int{event::kMaxRating}));
    else if (!o.ratings_from.empty()) rating = archive_rating(o.ratings_from, request->key);
    e.roster.push_back(event::accept_registration(*request, rating));
    fmt::print("accepted {} ({}), signed by the player\n", request->name, crypto::fingerprint(request->key));
  }
  return save_event(*folder, *organizer, std::move(e));
}

// ---- pair ---------------------------------------------------------------------------------

namespace {

// What a board's room carries: the event's name and round for the record (PGN), its clock, and
// the board (event/pairings.hpp, BoardRoom) that ties its log to the event.
peer::RoomOptions board_options(const event::Event& e, const event::Pairings& pairings, std::size_t board) {
  peer::RoomOptions o;
  // The room's texts are at most kMaxOptionText bytes: a longer event name is cut at a character.
  std::string name = e.name;
  while (name.size() > peer::kMaxOptionText) {
    name.pop_back();
    while (!name.empty() && (static_cast<unsigned char>(name.back()) & 0xC0) == 0x80) name.pop_back();
    if (!name.empty() && static_cast<unsigned char>(name.back()) >= 0xC0) name.pop_back();
  }
  o.event = peer::room_text(name).value_or("");
  o.site = peer::room_text(e.lobby_address).value_or("");
  o.round = std::to_string(pairings.round);
  o.clock_base_ms = pairings.clock.base_ms;
  o.clock_increment_ms = pairings.clock.increment_ms;
  o.event_board = event::encode(event::board_room(pairings, board));
  return o;
}

struct MadeRoom {
  lobby::RoomId room;
  std::string invite;
};

// One invite-only room per board on the event's lobby, its seats reserved to the paired keys; or
// why not. The lobby must prove one of the event's pinned keys.
game::Result<std::vector<MadeRoom>, std::string> make_rooms(const event::Event& e, const event::Pairings& pairings,
                                                            const crypto::Identity& organizer) {
  auto endpoint = lobby::parse_endpoint(e.lobby_address);
  if (!endpoint) return "the event's lobby address " + e.lobby_address + " is not HOST:PORT";
  auto connected = lobby::LobbyClient::connect(lobby::ClientOptions{*endpoint, organizer, "organizer", std::nullopt});
  if (!connected) return connected.error().detail;
  lobby::LobbyClient& client = **connected;
  std::map<std::uint32_t, std::size_t> asked;  // request → board
  std::vector<MadeRoom> made(pairings.boards.size());
  std::size_t answered = 0;
  auto patience = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (answered < made.size()) {
    if (std::chrono::steady_clock::now() > patience) return "no answer from " + e.lobby_address;
    client.poll(50);
    while (auto ev = client.next_event()) {
      if (const auto* c = std::get_if<lobby::Connected>(&*ev)) {
        if (std::find(e.lobby_keys.begin(), e.lobby_keys.end(), c->lobby_key) == e.lobby_keys.end())
          return e.lobby_address + " proves the key " + crypto::fingerprint(c->lobby_key) +
                 ", which the event does not pin (" + crypto::fingerprint(e.lobby_keys.front()) + ")";
      } else if (std::holds_alternative<lobby::Welcome>(*ev)) {
        for (std::size_t b = 0; b < pairings.boards.size(); ++b) {
          const auto& seats = pairings.boards[b].seats;
          const auto request =
              client.create_room(lobby_game_name(e.game), static_cast<std::uint8_t>(seats.size()),
                                 peer::encode(board_options(e, pairings, b)), lobby::Visibility::invite_only, seats);
          asked[request.value] = b;
        }
      } else if (const auto* state = std::get_if<lobby::RoomState>(&*ev)) {
        auto it = asked.find(state->request.value);
        if (it == asked.end()) continue;
        made[it->second] = MadeRoom{state->room, state->invite_code};
        ++answered;
        patience = std::chrono::steady_clock::now() + std::chrono::seconds(15);
      } else if (const auto* refused = std::get_if<lobby::Refused>(&*ev)) {
        return e.lobby_address + " refused a room: " + std::string(lobby::describe(refused->reason)) +
               (refused->detail.empty() ? "" : " (" + refused->detail + ")");
      } else if (const auto* gone = std::get_if<lobby::Disconnected>(&*ev)) {
        return gone->reason;
      }
    }
  }
  client.disconnect();
  for (int i = 0; i < 40 && client.state() != lobby::ClientState::disconnected; ++i) client.poll(50);
  return made;
}

}  // namespace

int event_pair(const EventPairOptions& o) {
  auto folder = open_event_folder(o.file);
  if (!folder) return fail(kInvalidInput, folder.error());
  auto organizer = organizer_of(*folder, o.identity);
  if (!organizer) return fail(kUsage, organizer.error());
  const event::Event& e = folder->event();
  const std::uint16_t next = static_cast<std::uint16_t>(folder->results.size() + 1);
  if (folder->pairings.size() == next)
    return fail(kInvalidInput, "round " + std::to_string(next) + " is paired already; collect its games first (parley event collect)");
  if (o.round != 0 && o.round != next)
    return fail(kUsage, "--round " + std::to_string(o.round) + ": the next round to pair is " + std::to_string(next));
  if (next > e.rounds) return fail(kInvalidInput, "every round of the event is paired");
  if (e.roster.size() < 2) return fail(kInvalidInput, "the roster has fewer than two players");
  event::RoundRequest request;
  request.round = next;
  request.published_ms = now_ms();
  for (const std::string& typed : o.not_paired) {
    auto p = find_named(e, typed);
    if (!p) return fail(kUsage, "--not-paired " + typed + ": no such player (a name, fingerprint or key)");
    request.not_paired.push_back(*p);
  }
  auto history = folder->history();
  if (!history) return fail(kInvalidInput, "the earlier rounds: " + std::string(event::describe(history.error().problem)));
  auto pairings = event::pair_round(e, *history, request);
  if (!pairings) return fail(kInvalidInput, "round " + std::to_string(next) + ": " + std::string(event::describe(pairings.error())));
  const auto signed_pairings = event::sign_pairings(*organizer, *pairings);
  if (auto w = write_document(folder->path(event::pairings_file(next)), event::encode(signed_pairings)); !w)
    return fail(kUnreadable, w.error());

  std::vector<MadeRoom> rooms;
  if (!o.no_rooms) {
    auto made = make_rooms(e, *pairings, *organizer);
    if (!made)
      return fail(kInvalidInput, "round " + std::to_string(next) + " is paired (" + event::pairings_file(next) +
                                     ") but its rooms are not made: " + made.error());
    rooms = std::move(made).value();
    std::string invites;
    for (std::size_t b = 0; b < rooms.size(); ++b)
      invites += fmt::format("board {} room {} invite {}\n", b + 1, rooms[b].room.value, rooms[b].invite);
    if (auto w = write_document(folder->path("round-" + std::to_string(next) + ".invites"),
                                {reinterpret_cast<const std::uint8_t*>(invites.data()), invites.size()});
        !w)
      return fail(kUnreadable, w.error());
  }

  const std::string game = lobby_game_name(e.game);
  if (o.json) {
    nlohmann::ordered_json boards = nlohmann::ordered_json::array();
    for (std::size_t b = 0; b < pairings->boards.size(); ++b) {
      nlohmann::ordered_json seats = nlohmann::ordered_json::array();
      for (const auto& k : pairings->boards[b].seats) {
        auto i = event::find_player(e, k);
        seats.push_back({{"name", e.roster[*i].name}, {"key", crypto::to_hex(k.bytes())}, {"fingerprint", crypto::fingerprint(k)}});
      }
      nlohmann::ordered_json board = {{"board", b + 1}, {"seats", std::move(seats)}};
      board["room"] = rooms.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(rooms[b].room.value);
      board["invite"] = rooms.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(rooms[b].invite);
      boards.push_back(std::move(board));
    }
    nlohmann::ordered_json byes = nlohmann::ordered_json::array();
    for (const auto& k : pairings->byes) byes.push_back(crypto::to_hex(k.bytes()));
    nlohmann::ordered_json out = {{"round", next},      {"lobby", e.lobby_address}, {"game", game},
                                  {"deadline_ms", pairings->deadline_ms}, {"boards", std::move(boards)},
                                  {"byes", std::move(byes)}};
    fmt::print("{}\n", out.dump());
    return kSuccess;
  }
  fmt::print("round {} of {} ({}):\n", next, e.name, event::pairings_file(next));
  for (std::size_t b = 0; b < pairings->boards.size(); ++b) {
    std::string line = fmt::format("  board {}:", b + 1);
    for (std::size_t s = 0; s < pairings->boards[b].seats.size(); ++s)
      line += (s ? " - " : " ") + player_words(e, pairings->boards[b].seats[s]);
    fmt::print("{}\n", line);
  }
  for (const auto& k : pairings->byes) fmt::print("  bye: {}\n", player_words(e, k));
  for (const auto& k : pairings->not_paired) fmt::print("  not paired: {}\n", player_words(e, k));
  if (!rooms.empty()) {
    fmt::print("Each player takes their seat (reserved to their key) with:\n");
    for (std::size_t b = 0; b < pairings->boards.size(); ++b)
      for (const auto& k : pairings->boards[b].seats)
        fmt::print("  {}: parley play {} --lobby {} --invite {}\n", player_words(e, k), game, e.lobby_address,
                   rooms[b].invite);
  }
  if (pairings->deadline_ms)
    fmt::print("The games must end by {} (Unix ms); a board not played by then is a forfeit.\n", pairings->deadline_ms);
  return kSuccess;
}

// ---- collect ------------------------------------------------------------------------------

namespace {

struct Collected {
  std::string source;  // the file, or "archive game N"
  std::string status;  // collected, duplicate, refused, skipped
  std::string code;    // why refused: a log fault or a GameProblem's name
  std::string detail;
  std::optional<std::uint16_t> board;
};

// Holds one log against the round: stores it as the board's log, or says why not.
Collected collect_one(const EventFolder& folder, const event::Pairings& pairings, std::string source,
                      std::span<const std::uint8_t> bytes, bool quiet_if_elsewhere) {
  Collected c{std::move(source), "refused", {}, {}, std::nullopt};
  const event::Event& e = folder.event();
  // The very bytes of a log collected already (every seat of a board has the same log): nothing
  // new to verify.
  for (std::size_t b = 1; b <= pairings.boards.size(); ++b) {
    const fs::path kept = folder.path(event::log_file(pairings.round, static_cast<std::uint16_t>(b)));
    std::error_code ec;
    if (!fs::exists(kept, ec) || fs::file_size(kept, ec) != bytes.size()) continue;
    if (auto k = read_file_bounded(kept, kMaxEventLogBytes); k && std::equal(k->begin(), k->end(), bytes.begin())) {
      c.status = "duplicate";
      c.board = static_cast<std::uint16_t>(b);
      return c;
    }
  }
  EventGame game = check_event_game(e, bytes);
  if (!game.facts) {
    c.code = std::string(name_of_fault(game.report));
    c.detail = game.report.fault;
    return c;
  }
  const event::GameFacts& facts = *game.facts;
  const bool here = facts.room && facts.room->event_id == pairings.event_id && facts.room->round == pairings.round;
  if (!here && quiet_if_elsewhere) {
    c.status = "skipped";
    return c;
  }
  std::size_t board = facts.room ? facts.room->board : 0;
  if (board == 0 || board > pairings.boards.size()) board = 1;  // check_game names what is wrong
  if (auto problem = event::check_game(e, pairings, board - 1, facts)) {
    c.code = std::string(code_of(*problem));
    c.detail = std::string(event::describe(*problem));
    return c;
  }
  c.board = static_cast<std::uint16_t>(board);
  const fs::path target = folder.path(event::log_file(pairings.round, static_cast<std::uint16_t>(board)));
  std::error_code ec;
  if (fs::exists(target, ec)) {
    auto kept = read_file_bounded(target, kMaxEventLogBytes);
    if (kept && game::Bytes(bytes.begin(), bytes.end()) == *kept) {
      c.status = "duplicate";
      return c;
    }
    // Another log of the board: the seats' copy and the lobby's longer one are both valid; the
    // first kept stays, unless they disagree on the result (a lobby that signed two games).
    EventGame first = kept ? check_event_game(e, *kept) : EventGame{};
    if (first.facts && first.facts->winner == facts.winner) {
      c.status = "duplicate";
      return c;
    }
    c.code = "conflict";
    c.detail = "another valid log of this board, with another result, is collected already";
    return c;
  }
  if (auto w = write_document(target, bytes); !w) {
    c.code = "io";
    c.detail = w.error();
    return c;
  }
  c.status = "collected";
  return c;
}

}  // namespace

int event_collect(const EventCollectOptions& o) {
  auto folder = open_event_folder(o.file);
  if (!folder) return fail(kInvalidInput, folder.error());
  auto organizer = organizer_of(*folder, o.identity);
  if (!organizer) return fail(kUsage, organizer.error());
  const event::Event& e = folder->event();
  if (folder->pairings.size() == folder->results.size())
    return fail(kInvalidInput, "no round is being played: pair one first (parley event pair)");
  const auto round = static_cast<std::uint16_t>(folder->pairings.size());
  if (o.round != 0 && o.round != round)
    return fail(kUsage, "--round " + std::to_string(o.round) + ": round " + std::to_string(round) + " is being played");
  const event::Pairings& pairings = folder->pairings.back().pairings;

  std::vector<Collected> report;
  for (const std::string& file : o.logs) {
    auto bytes = read_file_bounded(file, kMaxEventLogBytes);
    if (!bytes) {
      report.push_back({file, "refused", "unreadable", bytes.error(), std::nullopt});
      continue;
    }
    report.push_back(collect_one(*folder, pairings, file, *bytes, false));
  }
  if (!o.archive.empty()) {
    auto store = open_archive(o.archive);
    if (!store) return kUnreadable;
    try {
      for (const auto& key : e.lobby_keys) {
        archive::GameFilter filter;
        filter.kind = lobby_game_name(e.game);
        filter.lobby_key = crypto::to_hex(key.bytes());
        for (const auto& g : store->games(filter)) {
          auto log = store->log(g.id);
          if (!log) continue;
          Collected c = collect_one(*folder, pairings, "archive game " + std::to_string(g.id.value), *log, true);
          if (c.status != "skipped") report.push_back(std::move(c));
        }
      }
    } catch (const archive::SqlError& err) {
      return fail(kUnreadable, "archive " + o.archive + ": " + err.what());
    }
  }

  // The round's results once every board has its game, or when the organizer closes it.
  std::vector<bool> played(pairings.boards.size());
  for (std::size_t b = 0; b < played.size(); ++b) {
    std::error_code ec;
    played[b] = fs::exists(folder->path(event::log_file(round, static_cast<std::uint16_t>(b + 1))), ec);
  }
  const bool all_played = std::all_of(played.begin(), played.end(), [](bool p) { return p; });
  std::string closed;
  bool close_refused = false;
  if (all_played || o.close) {
    if (!all_played && pairings.deadline_ms != 0 && now_ms() < pairings.deadline_ms) {
      closed = "the round's deadline has not passed: its boards without a game cannot be forfeited yet";
      close_refused = true;
    } else {
      std::set<event::PlayerIndex> came;
      for (const std::string& typed : o.came) {
        auto p = find_named(e, typed);
        if (!p) return fail(kUsage, "--came " + typed + ": no such player");
        came.insert(*p);
      }
      event::Results results{pairings.event_id, round, {}};
      for (std::size_t b = 0; b < pairings.boards.size() && !close_refused; ++b) {
        if (played[b]) {
          auto bytes = read_file_bounded(folder->path(event::log_file(round, static_cast<std::uint16_t>(b + 1))), kMaxEventLogBytes);
          EventGame g = bytes ? check_event_game(e, *bytes) : EventGame{};
          if (!g.facts) return fail(kInvalidInput, "board " + std::to_string(b + 1) + ": its collected log no longer verifies");
          results.boards.push_back(event::result_of(*g.facts));
          continue;
        }
        event::BoardResult forfeit;
        forfeit.kind = event::BoardResult::Kind::forfeit;
        const auto& seats = pairings.boards[b].seats;
        for (std::size_t s = 0; s < seats.size(); ++s)
          if (came.contains(static_cast<event::PlayerIndex>(*event::find_player(e, seats[s]))))
            forfeit.present |= static_cast<std::uint8_t>(1u << s);
        if (forfeit.present == (1u << seats.size()) - 1) {
          closed = "board " + std::to_string(b + 1) + ": every player came but no game was collected; collect its log";
          close_refused = true;
        }
        results.boards.push_back(forfeit);
      }
      if (!close_refused) {
        if (auto problem = event::check_results(pairings, results))
          return fail(kInvalidInput, "the results would be wrong: " + std::string(event::describe(problem->problem)));
        auto w = write_document(folder->path(event::results_file(round)),
                                event::encode(event::sign_results(*organizer, results)));
        if (!w) return fail(kUnreadable, w.error());
        closed = event::results_file(round);
      }
    }
  }

  const bool refused = std::any_of(report.begin(), report.end(), [](const Collected& c) { return c.status == "refused"; });
  if (o.json) {
    nlohmann::ordered_json logs = nlohmann::ordered_json::array();
    for (const auto& c : report) {
      nlohmann::ordered_json j = {{"source", c.source}, {"status", c.status}};
      j["code"] = c.code.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.code);
      j["board"] = c.board ? nlohmann::ordered_json(*c.board) : nlohmann::ordered_json(nullptr);
      j["detail"] = c.detail;
      logs.push_back(std::move(j));
    }
    nlohmann::ordered_json boards = nlohmann::ordered_json::array();
    for (bool p : played) boards.push_back(p);
    nlohmann::ordered_json out = {{"round", round}, {"logs", std::move(logs)}, {"boards_played", std::move(boards)}};
    out["results"] = close_refused || closed.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(closed);
    out["close_refused"] = close_refused ? nlohmann::ordered_json(closed) : nlohmann::ordered_json(nullptr);
    fmt::print("{}\n", out.dump());
  } else {
    for (const auto& c : report) {
      fmt::print("{}: {}", c.source, c.status);
      if (c.board) fmt::print(" (round {} board {})", round, *c.board);
      if (!c.code.empty()) fmt::print(": {} ({})", c.detail, c.code);
      fmt::print("\n");
    }
    const auto n = std::count(played.begin(), played.end(), true);
    fmt::print("round {}: {} of {} boards have their game", round, n, played.size());
    if (close_refused) fmt::print("; not closed: {}", closed);
    else if (!closed.empty()) fmt::print("; results written: {}", closed);
    fmt::print("\n");
  }
  return refused || close_refused ? kInvalidInput : kSuccess;
}

// ---- standings, export --------------------------------------------------------------------

int event_standings(const EventStandingsOptions& o) {
  auto folder = open_event_folder(o.file);
  if (!folder) return fail(kInvalidInput, folder.error());
  auto history = folder->history();
  if (!history) return fail(kInvalidInput, "the rounds: " + std::string(event::describe(history.error().problem)));
  const auto standings = event::compute_standings(folder->event(), *history);
  if (o.format == "csv") fmt::print("{}", event::crosstable_csv(folder->event(), *history, standings));
  else if (o.format == "html") fmt::print("{}", event::crosstable_html(folder->event(), *history, standings));
  else fmt::print("{}", event::crosstable_text(folder->event(), *history, standings));
  return kSuccess;
}

// The PGN of a board's chess log, with the event's Event, Round and Board tags.
game::Result<std::string, Why> board_pgn(const event::Event& e, std::uint16_t round, std::uint16_t board,
                                         std::span<const std::uint8_t> bytes) {
  auto log = peer::decode_log(bytes);
  if (!log) return Why{std::string(lobby::describe(log.error().kind))};
  auto record = peer::log_pgn(*log);
  if (!record) return Why{record.error().detail};
  record->set_tag("Event", e.name);
  record->set_tag("Round", std::to_string(round));
  record->set_tag("Board", std::to_string(board));
  record->set_tag("EventId", crypto::to_hex(event::event_id(e)));
  return game::chess::pgn::write(*record);
}

int event_export(const EventExportOptions& o) {
  if (o.pgn == o.trf) return fail(kUsage, "event export: give exactly one of --pgn and --trf");
  auto folder = open_event_folder(o.file);
  if (!folder) return fail(kInvalidInput, folder.error());
  const event::Event& e = folder->event();
  auto history = folder->history();
  if (!history) return fail(kInvalidInput, "the rounds: " + std::string(event::describe(history.error().problem)));
  if (o.trf) {
    const auto standings = event::compute_standings(e, *history);
    auto trf = event::trf_of(e, *history, standings);
    if (!trf) return fail(kInvalidInput, "TRF-16 describes two-player games only");
    fmt::print("{}", event::write_trf(*trf));
    return kSuccess;
  }
  if (e.game != event::GameKind::chess) return fail(kInvalidInput, "PGN is for chess; this event plays " + lobby_game_name(e.game));
  for (std::size_t r = 0; r < folder->results.size(); ++r) {
    const auto& results = folder->results[r].results;
    for (std::size_t b = 0; b < results.boards.size(); ++b) {
      if (results.boards[b].kind != event::BoardResult::Kind::played) continue;
      const auto round = static_cast<std::uint16_t>(r + 1), board = static_cast<std::uint16_t>(b + 1);
      auto bytes = read_file_bounded(folder->path(event::log_file(round, board)), kMaxEventLogBytes);
      if (!bytes) return fail(kUnreadable, bytes.error());
      auto pgn = board_pgn(e, round, board, *bytes);
      if (!pgn) return fail(kInvalidInput, event::log_file(round, board) + ": " + pgn.error().text);
      fmt::print("{}", *pgn);
    }
  }
  return kSuccess;
}

// ---- publish, verify ----------------------------------------------------------------------

int event_publish(const EventPublishOptions& o) {
  auto folder = open_event_folder(o.file);
  if (!folder) return fail(kInvalidInput, folder.error());
  auto organizer = organizer_of(*folder, o.identity);
  if (!organizer) return fail(kUsage, organizer.error());
  const event::Event& e = folder->event();
  if (folder->pairings.size() != folder->results.size())
    return fail(kInvalidInput, "round " + std::to_string(folder->pairings.size()) +
                                   " is being played: collect its games (or close it) before publishing");
  std::error_code ec;
  const fs::path dir = o.dir;
  if (fs::exists(dir, ec) && !fs::is_empty(dir, ec)) return fail(kUsage, o.dir + ": not empty (a bundle is a folder of its own)");
  fs::create_directories(dir, ec);
  if (ec) return fail(kUnreadable, o.dir + ": " + ec.message());
  std::vector<event::ManifestEntry> entries;
  auto put = [&](const std::string& name, std::span<const std::uint8_t> bytes) -> bool {
    if (auto w = write_document(dir / name, bytes); !w) {
      fmt::print(stderr, "{}\n", w.error());
      return false;
    }
    entries.push_back({name, event::file_digest(bytes)});
    return true;
  };
  auto copy = [&](const std::string& name, std::size_t max) -> bool {
    auto bytes = read_file_bounded(folder->path(name), max);
    if (!bytes) {
      fmt::print(stderr, "{}\n", bytes.error());
      return false;
    }
    return put(name, *bytes);
  };
  auto text = [](const std::string& t) { return std::span(reinterpret_cast<const std::uint8_t*>(t.data()), t.size()); };
  if (!put(std::string(event::kEventFile), event::encode(folder->signed_event))) return kUnreadable;
  for (std::size_t r = 0; r < folder->pairings.size(); ++r) {
    const auto round = static_cast<std::uint16_t>(r + 1);
    if (!copy(event::pairings_file(round), kMaxDocumentBytes) || !copy(event::results_file(round), kMaxDocumentBytes))
      return kUnreadable;
    const auto& results = folder->results[r].results;
    for (std::size_t b = 0; b < results.boards.size(); ++b)
      if (results.boards[b].kind == event::BoardResult::Kind::played &&
          !copy(event::log_file(round, static_cast<std::uint16_t>(b + 1)), kMaxEventLogBytes))
        return kUnreadable;
  }
  auto history = folder->history();
  if (!history) return fail(kInvalidInput, "the rounds: " + std::string(event::describe(history.error().problem)));
  const auto standings = event::compute_standings(e, *history);
  if (!put(std::string(event::kStandingsText), text(event::crosstable_text(e, *history, standings))) ||
      !put(std::string(event::kStandingsCsv), text(event::crosstable_csv(e, *history, standings))) ||
      !put(std::string(event::kStandingsHtml), text(event::crosstable_html(e, *history, standings))))
    return kUnreadable;
  if (auto trf = event::trf_of(e, *history, standings))
    if (!put(std::string(event::kTrfFile), text(event::write_trf(*trf)))) return kUnreadable;
  const auto manifest = event::sign_manifest(*organizer, event::make_manifest(event::event_id(e), entries));
  if (auto w = write_document(dir / std::string(event::kManifestFile), event::encode(manifest)); !w)
    return fail(kUnreadable, w.error());
  fmt::print("{}: {} files and the organizer's signed manifest; anyone checks it with\n  parley event verify {} "
             "--organizer-key {}\n",
             o.dir, entries.size(), o.dir, crypto::to_hex(e.organizer.bytes()));
  return kSuccess;
}

int event_verify(const EventVerifyOptions& o) {
  std::optional<crypto::PublicKey> organizer;
  if (!o.organizer_key.empty()) {
    auto pin = read_lobby_pin(o.organizer_key);  // the same forms: hex or a key file
    if (!pin || !pin->key) return fail(kUsage, "--organizer-key " + o.organizer_key + ": a key in hex or a key file");
    organizer = *pin->key;
  }
  std::error_code ec;
  if (!fs::is_directory(o.dir, ec)) return fail(kUnreadable, o.dir + ": not a folder");
  const BundleReport report = check_bundle(o.dir, organizer);
  fmt::print("{}", o.json ? format_json(report, o.dir) + "\n" : format_text(report, o.dir));
  return report.valid() ? kSuccess : kInvalidInput;
}

// ---- archive players ----------------------------------------------------------------------

int archive_players(const ArchivePlayersOptions& o) {
  auto store = open_archive(o.db.empty() ? default_archive() : o.db);
  if (!store) return kUnreadable;
  try {
    archive::RatingFilter filter;
    filter.kind = o.kind;
    if (!o.lobby_key.empty()) filter.lobby_key = store->lobby_key_of(o.lobby_key);
    const auto players = archive::glicko_ratings(*store, filter);
    if (o.json) {
      nlohmann::ordered_json out = nlohmann::ordered_json::array();
      for (const auto& p : players)
        out.push_back({{"name", p.name},
                       {"fingerprint", p.fingerprint},
                       {"key", crypto::to_hex(p.public_key)},
                       {"rating", p.rating.rating},
                       {"deviation", p.rating.deviation},
                       {"volatility", p.rating.volatility},
                       {"games", p.games}});
      fmt::print("{}\n", out.dump());
      return kSuccess;
    }
    fmt::print("{:>6} {:>5} {:>6}  {:<24} {}\n", "rating", "RD", "games", "name", "fingerprint");
    for (const auto& p : players)
      fmt::print("{:>6.0f} {:>5.0f} {:>6}  {:<24} {}\n", p.rating.rating, p.rating.deviation, p.games, p.name,
                 p.fingerprint);
    fmt::print("{} players (Glicko-2 over verified game logs, a rating period a day)\n", players.size());
  } catch (const archive::SqlError& e) {
    return fail(kUnreadable, std::string("archive: ") + e.what());
  }
  return kSuccess;
}

}  // namespace parley::cli
