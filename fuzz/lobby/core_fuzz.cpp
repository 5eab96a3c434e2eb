// The whole lobby state machine under a stream of operations read from the fuzz input: up to
// eight connections and eight players doing everything a client can do — correctly signed
// logins and posts as well as arbitrary bytes — interleaved with disconnections and time
// passing, and the common room (watching, lists of players, lobby chat, ratings). The lobby must never crash, must only ever send messages that decode, and every room's
// entries, as its members receive them, must form a valid signed chain.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "lobby/protocol/messages.hpp"
#include "lobby/protocol/transcript.hpp"
#include "lobby/server/lobby_core.hpp"

using namespace parley;
using namespace parley::lobby;

namespace {

constexpr std::size_t kSlots = 8;

crypto::Identity identity_for(std::uint8_t k) {
  crypto::SecretBytes<crypto::kIdentitySeedBytes> seed;
  for (auto& b : seed.expose_mutable()) b = static_cast<std::uint8_t>(k + 1);
  return crypto::Identity::from_seed(seed);
}

const std::vector<crypto::Identity>& players() {
  static const std::vector<crypto::Identity> all = [] {
    std::vector<crypto::Identity> v;
    for (std::uint8_t k = 0; k < kSlots; ++k) v.push_back(identity_for(k));
    return v;
  }();
  return all;
}

class Input {
 public:
  explicit Input(std::span<const std::uint8_t> in) : in_(in) {}
  bool empty() const { return pos_ >= in_.size(); }
  std::uint8_t byte() { return pos_ < in_.size() ? in_[pos_++] : 0; }
  Bytes bytes(std::size_t n) {
    n = std::min(n, in_.size() - std::min(pos_, in_.size()));
    Bytes out(in_.begin() + static_cast<std::ptrdiff_t>(pos_), in_.begin() + static_cast<std::ptrdiff_t>(pos_ + n));
    pos_ += n;
    return out;
  }

 private:
  std::span<const std::uint8_t> in_;
  std::size_t pos_ = 0;
};

struct Slot {
  std::optional<ConnectionId> connection;
  std::uint8_t proven = 0;             // the player whose key the connection's channel proved
  std::optional<std::uint8_t> player;  // logged in as
  std::uint32_t last_request = 0;
  RequestId next() { return RequestId{++last_request}; }
};

struct World {
  std::unique_ptr<Storage> storage;
  std::unique_ptr<LobbyCore> core;
  LobbyCore::Clock::time_point now = LobbyCore::Clock::time_point{} + std::chrono::hours(1);
  std::array<Slot, kSlots> slots;
  std::uint64_t next_connection = 0;
  std::vector<RoomId> rooms;                // every room id seen, in order
  std::map<RoomId, Transcript> transcripts; // as members receive them
  std::set<RoomId> gapped;
  crypto::PublicKey lobby_key;

  void process(std::vector<NetworkEvent> events) {
    auto round = core->process(events, now);
    if (!round) std::abort();  // an in-memory database does not fail
    auto out = commit_round(*core, *storage, std::move(*round));
    if (!out) std::abort();
    for (const Outgoing& o : out->messages) observe(*o.message);
  }

  void observe(const Bytes& message) {
    auto m = decode_lobby_message(message);
    if (!m) std::abort();  // the lobby sent something that is not a lobby message
    if (const auto* r = std::get_if<RoomState>(&*m)) {
      if (std::find(rooms.begin(), rooms.end(), r->room) == rooms.end()) rooms.push_back(r->room);
    } else if (const auto* e = std::get_if<EntryMessage>(&*m)) {
      check_entry(e->room, e->entry);
    }
  }

  // Entries nobody was in the room to receive (a presence entry after the last member went)
  // leave gaps in what the harness sees; past a gap it still checks every signature.
  void check_entry(RoomId room, const SignedEntry& e) {
    auto it = transcripts.find(room);
    if (it == transcripts.end()) {
      if (e.entry.index.value != 0) return;  // a room whose start nobody here saw
      auto t = Transcript::start(lobby_key, e);
      if (!t) std::abort();
      transcripts.emplace(room, std::move(*t));
      return;
    }
    Transcript& t = it->second;
    if (gapped.contains(room) || e.entry.index > t.next_index()) {
      gapped.insert(room);
      const Genesis& g = t.genesis();
      if (!verify_entry_signature(lobby_key, g.session_id, entry_bytes(e.entry), e.signature)) std::abort();
      if (const auto* env = std::get_if<SignedEnvelope>(&e.entry.payload)) {
        if (env->envelope.seat.index >= g.seat_keys.size()) std::abort();
        if (!verify_envelope(g.seat_keys[env->envelope.seat.index], *env)) std::abort();
      }
      return;
    }
    if (e.entry.index < t.next_index()) {
      if (!(t.entries()[e.entry.index.value] == e)) std::abort();  // two versions of an entry
      return;
    }
    if (!t.append(e)) std::abort();
  }

  std::optional<RoomId> pick_room(std::uint8_t b) const {
    if (rooms.empty()) return std::nullopt;
    return rooms[b % rooms.size()];
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const crypto::Identity lobby = identity_for(100);
  ServerConfig config;
  config.log = false;
  config.limits.max_entries_per_room = 64;
  config.limits.seat_grace = std::chrono::milliseconds(5000);
  config.limits.login_timeout = std::chrono::milliseconds(20000);
  auto storage = Storage::open(":memory:", SyncMode::normal);
  if (!storage) std::abort();
  auto core = LobbyCore::open(config, **storage, **storage, lobby, nullptr);
  if (!core) std::abort();
  World w{std::move(*storage), std::move(*core), {}, {}, 0, {}, {}, {}, lobby.public_key()};

  Input in(std::span<const std::uint8_t>(data, size));
  for (int ops = 0; ops < 256 && !in.empty(); ++ops) {
    std::uint8_t op = in.byte() % 15;
    Slot& s = w.slots[in.byte() % kSlots];
    auto send = [&](const ClientMessage& m) {
      if (!s.connection) return;
      Bytes bytes = encode(m);
      w.process({NetworkEvent{NetworkEvent::Kind::received, *s.connection, 0, bytes}});
    };
    switch (op) {
      case 0:
        if (!s.connection) {
          s = Slot{};
          s.connection = ConnectionId{++w.next_connection};
          s.proven = in.byte() % kSlots;
          w.process({NetworkEvent{NetworkEvent::Kind::connected, *s.connection,
                                  static_cast<std::uint32_t>(0x0100007F + in.byte() % 3), {},
                                  players()[s.proven].public_key()}});
        }
        break;
      case 1:
        if (s.connection) {
          w.process({NetworkEvent{NetworkEvent::Kind::disconnected, *s.connection, 0, {}}});
          s = Slot{};
        }
        break;
      case 2: {
        Bytes raw_name = in.bytes(in.byte() % 40);
        std::string name(raw_name.begin(), raw_name.end());
        if (s.connection) {
          send(Login{s.next(), name});
          s.player = s.proven;
        }
        break;
      }
      case 3: {
        Bytes raw = in.bytes(in.byte());
        if (s.connection) w.process({NetworkEvent{NetworkEvent::Kind::received, *s.connection, 0, raw}});
        break;
      }
      case 4: {
        std::uint8_t seats = static_cast<std::uint8_t>(2 + in.byte() % 5);
        Visibility v = in.byte() % 2 ? Visibility::invite_only : Visibility::public_room;
        // A quarter of the rooms reserve their seats to the players' keys (now and then one twice).
        std::vector<crypto::PublicKey> reserved;
        if (in.byte() % 4 == 0)
          for (std::uint8_t i = 0; i < seats; ++i) reserved.push_back(players()[in.byte() % kSlots].public_key());
        send(CreateRoom{s.next(), in.byte() % 2 ? "chess" : "risiko", seats, in.bytes(in.byte() % 8), v, std::move(reserved)});
        break;
      }
      case 5:
        if (auto room = w.pick_room(in.byte())) {
          send(JoinRoom{s.next(), *room, {}, in.byte() % 2 ? Role::spectator : Role::player});
        }
        break;
      case 6:
        if (auto room = w.pick_room(in.byte())) send(SetReady{s.next(), *room, in.byte() % 4 != 0});
        break;
      case 7:
        send(QuickMatch{s.next(), "chess", static_cast<std::uint8_t>(2 + in.byte() % 2)});
        break;
      case 8: {
        auto room = w.pick_room(in.byte());
        std::uint8_t seat = in.byte() % 6;
        std::uint8_t back = in.byte();
        Bytes body = in.bytes(in.byte() % 32);
        if (!room || !s.player) break;
        auto t = w.transcripts.find(*room);
        if (t == w.transcripts.end()) break;
        // Seen: the head, or an earlier entry (back > 0), or a wrong hash (back == 255).
        std::uint64_t head = t->second.next_index().value - 1;
        std::uint64_t seen = back == 255 ? head : head - std::min<std::uint64_t>(head, back % 8);
        EntryHash seen_hash = t->second.hash_at(EntryIndex{seen});
        if (back == 255) seen_hash[0] ^= 1;
        Envelope e{t->second.session_id(), game::Seat{seat}, EntryIndex{seen}, seen_hash, EnvelopeKind{in.byte()}, body};
        send(Post{s.next(), *room, sign_envelope(players()[*s.player], e)});
        break;
      }
      case 9:
        if (auto room = w.pick_room(in.byte())) send(FetchEntries{s.next(), *room, EntryIndex{in.byte()}});
        break;
      case 10:
        if (auto room = w.pick_room(in.byte())) send(LeaveRoom{s.next(), *room});
        break;
      case 11:
        w.now += std::chrono::milliseconds(250 * static_cast<int>(in.byte()));
        w.process({});
        break;
      case 12: {
        Bytes text = in.bytes(in.byte() % 64);
        if (auto room = w.pick_room(in.byte())) send(Chat{s.next(), *room, std::string(text.begin(), text.end())});
        break;
      }
      case 13:
        send(in.byte() % 2 ? ClientMessage{StatusQuery{s.next()}} : ClientMessage{ListRooms{s.next(), "", RoomId{0}}});
        break;
      case 14: {
        // The common room: watch it (or not), list its players (from a player's key), chat in it,
        // or hand the core a table of ratings (some of them out of order, duplicated or misnamed).
        const std::uint8_t what = in.byte();
        const std::uint8_t arg = in.byte();
        switch (what % 4) {
          case 0: send(WatchLobby{s.next(), arg % 2 == 0}); break;
          case 1:
            send(ListPlayers{s.next(), arg % 3 == 0 ? std::nullopt : std::optional(players()[arg % kSlots].public_key())});
            break;
          case 2: {
            Bytes text = in.bytes(arg % 64);
            send(Chat{s.next(), kLobbyRoom, std::string(text.begin(), text.end())});
            break;
          }
          case 3: {
            RatingTable table;
            static const char* kGames[] = {"chess", "risiko", "gunjin", "Chess", ""};
            for (std::uint8_t i = 0; i < arg % 12; ++i)
              table[players()[in.byte() % kSlots].public_key()].push_back(
                  GameRating{kGames[in.byte() % 5], static_cast<std::uint16_t>(1000 + in.byte() * 4), in.byte()});
            w.core->set_ratings(std::move(table));
            break;
          }
        }
        break;
      }
    }
  }
  auto last = w.core->shut_down(w.now);
  if (!last) std::abort();
  auto out = commit_round(*w.core, *w.storage, std::move(*last));
  if (!out) std::abort();
  for (const Outgoing& o : out->messages) w.observe(*o.message);
  return 0;
}
