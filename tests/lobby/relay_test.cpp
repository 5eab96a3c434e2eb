// The secure channel against someone on the path: a lobby in-process on 127.0.0.1 and clients
// reaching it through tests/lobby/udp_relay.hpp, which records every datagram and flips bits,
// forges, replays, resends and reorders packets. Nothing a game says can be read off the
// capture; nothing injected is accepted (the lobby's and the clients' state show it); a
// connection that loses a packet to an injection closes with a typed reason, and the game
// goes on after a reconnection and verifies.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <set>
#include <string>

#include "lobby/server/lobby_server.hpp"
#include "tests/lobby/lobby_process.hpp"
#include "tests/lobby/udp_relay.hpp"

namespace parley::lobby {
namespace {

using testing::Datagram;
using testing::Direction;
using testing::TempDir;
using testing::TestClient;
using testing::UdpRelay;
using Attack = UdpRelay::Attack;

class SecureChannelRelay : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerConfig config;
    config.listen = Endpoint{"127.0.0.1", 0};
    config.database = dir_.path() / "lobby.db";
    config.log = false;
    config.sync = SyncMode::normal;
    auto started = ServerThread::start(config);
    ASSERT_TRUE(started.ok()) << to_string(started.error());
    server_ = std::move(*started);
    relay_ = std::make_unique<UdpRelay>(server_->endpoint(), 37);
  }

  std::unique_ptr<TestClient> client(const crypto::Identity& who, const std::string& name) {
    return std::make_unique<TestClient>(relay_->endpoint(), who, name, server_->public_key());
  }

  TempDir dir_;
  std::unique_ptr<ServerThread> server_;
  std::unique_ptr<UdpRelay> relay_;
};

bool contains(const Bytes& hay, std::string_view needle) {
  return std::search(hay.begin(), hay.end(), needle.begin(), needle.end()) != hay.end();
}
bool contains(const Bytes& hay, std::span<const std::uint8_t> needle) {
  return std::search(hay.begin(), hay.end(), needle.begin(), needle.end()) != hay.end();
}

// A seat of the game below: its key, its current connection and what it has seen.
struct Seat {
  crypto::Identity identity = crypto::Identity::generate();
  std::string name;
  std::unique_ptr<TestClient> client;
  std::optional<Transcript> kept;      // carried across reconnections
  std::vector<Disconnected> closes;
  std::vector<Refused> refusals;
  std::vector<std::string> chat_heard;
  std::uint64_t room_entries = 0;      // the room's entry count, as its last RoomState said
  bool joined = false;                 // this connection has its seat back
  bool rejoin = false;                 // this connection replaced a closed one: take the seat back
};

// Two seats playing posts in turn through the relay, each posting once it has seen the last; a
// seat whose connection closes comes back as a restarted peer does (a new connection, the
// transcript it kept, its seat taken back) and posts again only what the transcript lacks.
class Game {
 public:
  using Open = std::function<std::unique_ptr<TestClient>(const crypto::Identity&, const std::string&)>;

  explicit Game(Open open) : open_(std::move(open)) {
    seats_[0].name = "Ada Lovelace";
    seats_[1].name = "Grace Hopper";
    for (Seat& s : seats_) s.client = open_(s.identity, s.name);
  }

  bool start() {
    for (Seat& s : seats_) s.client->get().quick_match("chess", 2);
    return pump([&] {
      return room_ && std::all_of(seats_.begin(), seats_.end(), [&](Seat& s) { return s.client->entries(*room_) >= 1; });
    });
  }

  static std::string body(int turn) { return "envelope body of move " + std::to_string(turn) + " (knight to f3)"; }
  static std::string chat(int turn) { return "chat line " + std::to_string(turn) + ": meet me at the old mill"; }

  // Moves in a seat's verified transcript.
  int moves(Seat& s) const {
    const Transcript* t = s.client->get().transcript(*room_);
    if (t == nullptr) return 0;
    return static_cast<int>(std::count_if(t->entries().begin(), t->entries().end(), [](const SignedEntry& e) {
      return std::holds_alternative<SignedEnvelope>(e.entry.payload);
    }));
  }

  // Plays `turns` posts; `before` runs before each (to arm an attack).
  bool play(int turns, const std::function<void(int)>& before) {
    for (int turn = 0; turn < turns; ++turn) {
      before(turn);
      Seat& mover = seats_[static_cast<std::size_t>(turn % 2)];
      const TestClient* posted_on = nullptr;
      const bool done = pump([&] {
        if (std::all_of(seats_.begin(), seats_.end(), [&](Seat& s) { return moves(s) > turn; })) return true;
        // Once per connection, and only when caught up: what the transcript lacks.
        if (posted_on != mover.client.get() && caught_up(mover) && moves(mover) == turn) {
          const std::string b = body(turn);
          if (mover.client->get().post(*room_, EnvelopeKind{1}, Bytes(b.begin(), b.end())).ok()) {
            posted_on = mover.client.get();
            if (turn % 3 == 0) mover.client->get().chat(*room_, chat(turn));
          }
        }
        return false;
      });
      if (!done) return false;
    }
    return true;
  }

  std::array<Seat, 2>& seats() { return seats_; }
  RoomId room() const { return *room_; }

 private:
  bool caught_up(Seat& s) const {
    return s.joined && s.client->get().state() == ClientState::ready && s.client->entries(*room_) >= s.room_entries;
  }

  // Polls both seats and takes in their events, bringing closed connections back; true once
  // done() holds within the round budget.
  template <class Done>
  bool pump(Done done) {
    for (int round = 0; round < 30000; ++round) {
      for (Seat& s : seats_) {
        s.client->poll(1);
        // A little traffic each way all the time, as a game's clocks and chat make: a packet
        // the path took out shows as a gap at the next one.
        if (round % 40 == 0 && s.client->get().state() == ClientState::ready) s.client->get().status();
        for (const ClientEvent& e : s.client->drain()) handle(s, e);
        if (s.client->get().state() == ClientState::disconnected) {
          if (room_)
            if (const Transcript* t = s.client->get().transcript(*room_)) s.kept = *t;
          s.client = open_(s.identity, s.name);
          s.joined = false;
          s.rejoin = true;
        }
      }
      if (done()) return true;
    }
    return false;
  }

  void handle(Seat& s, const ClientEvent& e) {
    if (const auto* d = std::get_if<Disconnected>(&e)) s.closes.push_back(*d);
    if (const auto* r = std::get_if<Refused>(&e)) s.refusals.push_back(*r);
    if (const auto* c = std::get_if<ChatLine>(&e)) s.chat_heard.push_back(c->text);
    if (std::holds_alternative<Welcome>(e) && room_ && s.rejoin) {
      if (s.kept) s.client->get().adopt_transcript(*room_, *s.kept);
      s.client->get().join_room(*room_, Role::player);
    }
    if (const auto* r = std::get_if<RoomState>(&e); r && r->phase == RoomPhase::started) {
      if (!room_) room_ = r->room;
      if (r->room == *room_) {
        s.room_entries = r->entry_count.value;
        s.joined = true;
      }
    }
  }

  Open open_;
  std::array<Seat, 2> seats_;
  std::optional<RoomId> room_;
};

TEST_F(SecureChannelRelay, NoNameChatLineEnvelopeBodyOrKeyCanBeReadOffThePath) {
  Game game([&](const crypto::Identity& who, const std::string& name) { return client(who, name); });
  ASSERT_TRUE(game.start());
  ASSERT_TRUE(game.play(12, [](int) {}));
  const auto capture = relay_->capture();
  ASSERT_GT(capture.size(), 50u);
  std::vector<std::string> words{"Ada Lovelace", "Grace Hopper", "meet me at the old mill", "knight to f3", "chess"};
  for (const Datagram& d : capture) {
    for (const std::string& w : words) ASSERT_FALSE(contains(d.bytes, w)) << "\"" << w << "\" on the path";
    for (const Seat& s : game.seats()) ASSERT_FALSE(contains(d.bytes, s.identity.public_key().bytes())) << "a player's key";
    ASSERT_FALSE(contains(d.bytes, server_->public_key().bytes())) << "the lobby's key";
  }
  // And it was all said: the other seat heard the chat, both have the moves.
  EXPECT_EQ(game.seats()[1].chat_heard.size(), 4u);  // turns 0, 3, 6 and 9, heard by every member
  for (Seat& s : game.seats()) EXPECT_TRUE(s.closes.empty());
}

TEST_F(SecureChannelRelay, InjectedPacketsAreNeverAcceptedAndTheGameFinishesAndVerifies) {
  Game game([&](const crypto::Identity& who, const std::string& name) { return client(who, name); });
  ASSERT_TRUE(game.start());
  const std::vector<std::pair<Direction, Attack>> plan{
      {Direction::to_lobby, Attack::resend}, {Direction::to_client, Attack::swap},    {Direction::to_lobby, Attack::forge},
      {Direction::to_client, Attack::replay}, {Direction::to_lobby, Attack::swap},    {Direction::to_client, Attack::flip},
      {Direction::to_lobby, Attack::replay},  {Direction::to_client, Attack::resend}, {Direction::to_lobby, Attack::flip},
      {Direction::to_client, Attack::forge},  {Direction::to_lobby, Attack::flood},   {Direction::to_client, Attack::flood}};
  const int turns = 2 * static_cast<int>(plan.size()) + 4;
  ASSERT_TRUE(game.play(turns, [&](int turn) {
    if (turn % 2 == 1 && turn / 2 < static_cast<int>(plan.size())) relay_->attack(plan[turn / 2].first, plan[turn / 2].second);
  }));
  EXPECT_GE(relay_->injected(), 6u + 2 * UdpRelay::kFloodPackets);

  // Every seat has the same verified transcript, each move exactly once, in order.
  const Transcript* t0 = game.seats()[0].client->get().transcript(game.room());
  const Transcript* t1 = game.seats()[1].client->get().transcript(game.room());
  ASSERT_NE(t0, nullptr);
  ASSERT_NE(t1, nullptr);
  ASSERT_EQ(t0->head_hash(), t1->head_hash());
  std::vector<std::string> bodies;
  for (const auto& e : t0->entries()) {
    if (const auto* env = std::get_if<SignedEnvelope>(&e.entry.payload))
      bodies.emplace_back(env->envelope.body.begin(), env->envelope.body.end());
  }
  ASSERT_EQ(bodies.size(), static_cast<std::size_t>(turns));
  for (int i = 0; i < turns; ++i) EXPECT_EQ(bodies[static_cast<std::size_t>(i)], game.body(i));

  // Nothing injected reached the lobby's state machine or a client's: no request was refused (a
  // replayed post or chat would have been, or would show twice), no chat line was heard twice or
  // made up.
  for (Seat& s : game.seats()) {
    for (const Refused& r : s.refusals) {
      // Only the lobby's word on why it closed a connection under attack (an attack that met a
      // reconnecting seat's handshake fails that handshake).
      EXPECT_EQ(r.request, RequestId{0}) << describe(r.reason);
      EXPECT_TRUE(r.reason == Refusal::lost_packet || r.reason == Refusal::rejected_packets ||
                  r.reason == Refusal::handshake_failed)
          << describe(r.reason);
    }
    std::set<std::string> heard(s.chat_heard.begin(), s.chat_heard.end());
    EXPECT_EQ(heard.size(), s.chat_heard.size());
    for (const std::string& line : s.chat_heard) {
      bool genuine = false;
      for (int i = 0; i < turns; ++i) genuine = genuine || line == game.chat(i);
      EXPECT_TRUE(genuine) << line;
    }
  }
  const ChannelCounts counts = server_->channel_counts();
  EXPECT_GE(counts.forged + counts.replayed, 2u);
  EXPECT_GE(counts.forged, static_cast<std::uint64_t>(kMaxRejectedRun));
  // A connection that lost a packet to an injection, or took a run of forgeries, closed with a
  // typed reason, never silently.
  std::size_t lost = 0, rejected = 0;
  for (Seat& s : game.seats()) {
    for (const Disconnected& d : s.closes) {
      EXPECT_TRUE(d.kind == DisconnectKind::lost_packet || d.kind == DisconnectKind::rejected_packets ||
                  d.kind == DisconnectKind::handshake_failed)
          << describe(d.kind) << ": " << d.reason;
      lost += d.kind == DisconnectKind::lost_packet;
      rejected += d.kind == DisconnectKind::rejected_packets;
    }
  }
  EXPECT_GE(lost, 3u);
  EXPECT_GE(rejected, 1u);  // a flood each way; one may meet a connection closing already
  EXPECT_GE(counts.faults, 3u);
}

}  // namespace
}  // namespace parley::lobby
