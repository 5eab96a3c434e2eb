#include "event/event.hpp"

#include <algorithm>
#include <cassert>
#include <nlohmann/json.hpp>

#include "event/limits.hpp"
#include "event/registration.hpp"
#include "lobby/protocol/text.hpp"

namespace parley::event {

namespace {

bool is_printable_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c <= 0x7e; });
}

bool is_clean_name(std::string_view name) {
  auto clean = lobby::sanitize_text(name, kMaxNameChars);
  return clean && *clean == name;
}

void write_event_body(game::ByteWriter& out, const Event& e) {
  write_header(out, WireTag::event);
  out.text(e.name);
  out.u8(static_cast<std::uint8_t>(e.game));
  out.u8(static_cast<std::uint8_t>(e.system));
  out.u16(e.rounds);
  out.u64(e.clock.base_ms);
  out.u64(e.clock.increment_ms);
  out.u8(e.table_size);
  out.u8(static_cast<std::uint8_t>(e.initial_colour));
  out.u64(e.created_ms);
  out.u64(e.deadline_ms);
  out.text(e.lobby_address);
  out.u32(static_cast<std::uint32_t>(e.lobby_keys.size()));
  for (const auto& k : e.lobby_keys) write_key(out, k);
  write_key(out, e.organizer);
  out.u32(static_cast<std::uint32_t>(e.roster.size()));
  for (const auto& p : e.roster) {
    out.text(p.name);
    write_key(out, p.key);
    write_optional_u16(out, p.rating);
    out.u8(p.consent ? 1 : 0);
    if (p.consent) out.raw(p.consent->bytes());
  }
}

}  // namespace

std::string_view name_of(GameKind game) {
  switch (game) {
    case GameKind::chess: return "chess";
    case GameKind::gunjin: return "gunjin";
    case GameKind::risiko: return "risiko";
  }
  return "?";
}

std::string_view name_of(PairingSystem system) {
  return system == PairingSystem::swiss ? "swiss" : "round-robin";
}

std::optional<GameKind> parse_game(std::string_view name) {
  for (GameKind g : {GameKind::chess, GameKind::gunjin, GameKind::risiko})
    if (name == name_of(g)) return g;
  return std::nullopt;
}

std::optional<PairingSystem> parse_system(std::string_view name) {
  for (PairingSystem s : {PairingSystem::swiss, PairingSystem::round_robin})
    if (name == name_of(s)) return s;
  return std::nullopt;
}

Digest event_id(const Event& event) {
  crypto::HashInput in(kEventIdLabel);
  in.bytes(event.organizer.bytes()).u64(event.created_ms);
  in.writer().text(event.name);
  in.u8(static_cast<std::uint8_t>(event.game)).u8(static_cast<std::uint8_t>(event.system));
  return crypto::blake2b_256(in);
}

Digest event_digest(const Event& event) {
  crypto::HashInput in(kEventDigestLabel);
  in.bytes(event_bytes(event));
  return crypto::blake2b_256(in);
}

Bytes event_bytes(const Event& event) {
  game::ByteWriter out;
  write_event_body(out, event);
  return std::move(out).take();
}

SignedEvent sign_event(const crypto::Identity& organizer, Event event) {
  assert(organizer.public_key() == event.organizer);
  const Digest id = event_id(event);
  crypto::Signature sig = organizer.sign(kEventLabel, id, event_bytes(event));
  return SignedEvent{std::move(event), sig};
}

bool verify_event(const SignedEvent& signed_event) {
  const Digest id = event_id(signed_event.event);
  return crypto::verify_signature(signed_event.event.organizer, kEventLabel, id, event_bytes(signed_event.event),
                                  signed_event.signature);
}

Bytes encode(const SignedEvent& signed_event) {
  game::ByteWriter out;
  write_event_body(out, signed_event.event);
  out.raw(signed_event.signature.bytes());
  return std::move(out).take();
}

game::Result<SignedEvent, WireError> decode_event(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  SignedEvent s;
  Event& e = s.event;
  r.header(WireTag::event);
  e.name = read_name(r);
  const std::uint8_t game = r.u8();
  if (game < 1 || game > 3) r.fail(WireError::bad_value);
  e.game = static_cast<GameKind>(game);
  const std::uint8_t system = r.u8();
  if (system < 1 || system > 2) r.fail(WireError::bad_value);
  e.system = static_cast<PairingSystem>(system);
  e.rounds = r.u16();
  if (e.rounds == 0 || e.rounds > kMaxRounds) r.fail(WireError::bad_value);
  e.clock.base_ms = r.u64();
  e.clock.increment_ms = r.u64();
  e.table_size = r.u8();
  if (e.table_size != 0 && (e.table_size < kMinTableSize || e.table_size > kMaxTableSize)) r.fail(WireError::bad_value);
  const std::uint8_t colour = r.u8();
  if (colour > 1) r.fail(WireError::bad_value);
  e.initial_colour = static_cast<Colour>(colour);
  e.created_ms = r.u64();
  e.deadline_ms = r.u64();
  e.lobby_address = r.text(kMaxAddressBytes);
  if (!is_printable_ascii(e.lobby_address)) r.fail(WireError::bad_value);
  const std::size_t keys = r.count(kMaxLobbyKeys);
  for (std::size_t i = 0; i < keys && !r.failed(); ++i) e.lobby_keys.push_back(read_key(r));
  e.organizer = read_key(r);
  const std::size_t players = r.count(kMaxPlayers);
  for (std::size_t i = 0; i < players && !r.failed(); ++i) {
    Player p;
    p.name = read_name(r);
    p.key = read_key(r);
    p.rating = read_optional_u16(r);
    if (p.rating && *p.rating > kMaxRating) r.fail(WireError::bad_value);
    if (r.boolean()) p.consent = read_signature(r);
    e.roster.push_back(std::move(p));
  }
  s.signature = read_signature(r);
  return r.finish(std::move(s));
}

std::string_view describe(EventProblem problem) {
  switch (problem) {
    case EventProblem::bad_name: return "the event's name is empty, too long or not in sanitised form";
    case EventProblem::bad_rounds: return "the number of rounds is 0 or too large";
    case EventProblem::bad_table_size: return "Risiko needs 3-6 players per table, the two-player games none";
    case EventProblem::bad_system: return "round robin is for the two-player games";
    case EventProblem::bad_address: return "the lobby address is not printable ASCII";
    case EventProblem::no_lobby_key: return "no lobby key is pinned";
    case EventProblem::too_many_lobby_keys: return "too many lobby keys";
    case EventProblem::duplicate_lobby_key: return "a lobby key is pinned twice";
    case EventProblem::too_many_players: return "too many players";
    case EventProblem::bad_player_name: return "a player's name is empty, too long or not in sanitised form";
    case EventProblem::duplicate_player_key: return "a key is registered twice";
    case EventProblem::bad_rating: return "a rating is above the largest allowed";
    case EventProblem::bad_consent: return "a player's registration signature does not verify";
  }
  return "unknown event problem";
}

std::optional<EventCheck> check_event(const Event& e) {
  if (!is_clean_name(e.name)) return EventCheck{EventProblem::bad_name};
  if (e.rounds == 0 || e.rounds > kMaxRounds) return EventCheck{EventProblem::bad_rounds};
  const bool risiko = e.game == GameKind::risiko;
  if (risiko ? (e.table_size < kMinTableSize || e.table_size > kMaxTableSize) : e.table_size != 0)
    return EventCheck{EventProblem::bad_table_size};
  if (risiko && e.system != PairingSystem::swiss) return EventCheck{EventProblem::bad_system};
  if (e.lobby_address.size() > kMaxAddressBytes || !is_printable_ascii(e.lobby_address))
    return EventCheck{EventProblem::bad_address};
  if (e.lobby_keys.empty()) return EventCheck{EventProblem::no_lobby_key};
  if (e.lobby_keys.size() > kMaxLobbyKeys) return EventCheck{EventProblem::too_many_lobby_keys};
  for (std::size_t i = 0; i < e.lobby_keys.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (e.lobby_keys[i] == e.lobby_keys[j]) return EventCheck{EventProblem::duplicate_lobby_key, i};
  if (e.roster.size() > kMaxPlayers) return EventCheck{EventProblem::too_many_players};
  std::vector<std::pair<crypto::PublicKey, std::size_t>> keys;
  keys.reserve(e.roster.size());
  for (std::size_t i = 0; i < e.roster.size(); ++i) keys.emplace_back(e.roster[i].key, i);
  std::sort(keys.begin(), keys.end());
  for (std::size_t i = 1; i < keys.size(); ++i)
    if (keys[i].first == keys[i - 1].first)
      return EventCheck{EventProblem::duplicate_player_key, std::max(keys[i].second, keys[i - 1].second)};
  const Digest id = event_id(e);
  for (std::size_t i = 0; i < e.roster.size(); ++i) {
    const Player& p = e.roster[i];
    if (!is_clean_name(p.name)) return EventCheck{EventProblem::bad_player_name, i};
    if (p.rating && *p.rating > kMaxRating) return EventCheck{EventProblem::bad_rating, i};
    if (!verify_consent(id, p)) return EventCheck{EventProblem::bad_consent, i};
  }
  return std::nullopt;
}

std::optional<std::size_t> find_player(const Event& event, const crypto::PublicKey& key) {
  for (std::size_t i = 0; i < event.roster.size(); ++i)
    if (event.roster[i].key == key) return i;
  return std::nullopt;
}

std::string to_json(const SignedEvent& signed_event) {
  const Event& e = signed_event.event;
  nlohmann::ordered_json j;
  j["event_id"] = hex(event_id(e));
  j["digest"] = hex(event_digest(e));
  j["name"] = e.name;
  j["game"] = name_of(e.game);
  j["system"] = name_of(e.system);
  j["rounds"] = e.rounds;
  j["clock"] = {{"base_ms", e.clock.base_ms}, {"increment_ms", e.clock.increment_ms}};
  if (e.game == GameKind::risiko) j["table_size"] = e.table_size;
  j["initial_colour"] = e.initial_colour == Colour::white ? "white" : "black";
  j["created_ms"] = e.created_ms;
  j["deadline_ms"] = e.deadline_ms;
  j["lobby_address"] = e.lobby_address;
  nlohmann::ordered_json lobbies = nlohmann::ordered_json::array();
  for (const auto& k : e.lobby_keys) lobbies.push_back({{"key", hex(k.bytes())}, {"fingerprint", crypto::fingerprint(k)}});
  j["lobby_keys"] = lobbies;
  j["organizer"] = {{"key", hex(e.organizer.bytes())}, {"fingerprint", crypto::fingerprint(e.organizer)}};
  nlohmann::ordered_json roster = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < e.roster.size(); ++i) {
    const Player& p = e.roster[i];
    nlohmann::ordered_json pj = {{"registration", i + 1},
                                 {"name", p.name},
                                 {"key", hex(p.key.bytes())},
                                 {"fingerprint", crypto::fingerprint(p.key)}};
    pj["rating"] = p.rating ? nlohmann::ordered_json(*p.rating) : nlohmann::ordered_json(nullptr);
    pj["self_registered"] = p.consent.has_value();
    roster.push_back(pj);
  }
  j["roster"] = roster;
  j["signature_valid"] = verify_event(signed_event);
  return j.dump(2);
}

}  // namespace parley::event
