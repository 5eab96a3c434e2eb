// LAN discovery (lobby/protocol/lan_discovery.hpp): the two datagrams' formats and bounds, and a
// real lobby answering a real search on 127.0.0.1 (the broadcast itself is tested inside a
// network namespace by tests/peer/network_test.cpp).
#include <arpa/inet.h>
#include <enet/enet.h>
#include <gtest/gtest.h>
#include <poll.h>

#include <array>

#include "lobby/client/enet_init.hpp"
#include "lobby/client/lan_search.hpp"
#include "lobby/client/lobby_client.hpp"
#include "lobby/server/lan_responder.hpp"
#include "lobby/server/lobby_server.hpp"
#include "tests/lobby/core_harness.hpp"

namespace parley::lobby {
namespace {

using testing::TempDir;

LanNonce nonce_of(std::uint8_t first) {
  LanNonce n{};
  for (std::size_t i = 0; i < n.size(); ++i) n[i] = static_cast<std::uint8_t>(first + i);
  return n;
}

// The key the test's answers are signed with.
const crypto::Identity& table_key() {
  static const crypto::Identity key = crypto::Identity::generate();
  return key;
}

// Signed again after a test changed a field, so only the check under test can fail.
LanAnswer resigned(LanAnswer answer, const crypto::Identity& by = table_key()) {
  sign_lan_answer(answer, by);
  return answer;
}

LanAnswer some_answer(std::string name = "Club night") {
  return resigned(LanAnswer{nonce_of(1), 0, 7777, table_key().public_key(), std::move(name), 3, 1, 2});
}

TEST(LanDiscovery, AProbeIsPaddedToItsFullSizeWithZeros) {
  const Bytes probe = encode(LanProbe{nonce_of(40)});
  ASSERT_EQ(probe.size(), kLanProbeBytes);
  EXPECT_EQ(probe[0], 13);  // the tag
  EXPECT_EQ(probe[1], 2);   // the format version
  EXPECT_EQ(probe[2], 40);
  EXPECT_EQ(probe[17], 55);
  for (std::size_t i = 18; i < probe.size(); ++i) ASSERT_EQ(probe[i], 0) << i;
  ASSERT_TRUE(decode_lan_probe(probe).ok());
  EXPECT_EQ(*decode_lan_probe(probe), LanProbe{nonce_of(40)});

  // A shorter probe would draw an answer larger than itself: it is none.
  EXPECT_EQ(decode_lan_probe(std::span(probe).first(kLanProbeBytes - 1)).error(), WireError::truncated);
  EXPECT_EQ(decode_lan_probe(std::span(probe).first(18)).error(), WireError::truncated);
  Bytes longer = probe;
  longer.push_back(0);
  EXPECT_EQ(decode_lan_probe(longer).error(), WireError::too_long);
  Bytes padded_with_data = probe;
  padded_with_data[200] = 1;
  EXPECT_EQ(decode_lan_probe(padded_with_data).error(), WireError::bad_value);
  Bytes other_kind = probe;
  other_kind[0] = 75;
  EXPECT_EQ(decode_lan_probe(other_kind).error(), WireError::wrong_kind);
  Bytes other_version = probe;
  other_version[1] = 1;  // protocol 1's probe: 256 bytes, unsigned answers
  EXPECT_EQ(decode_lan_probe(other_version).error(), WireError::unsupported_version);
}

TEST(LanDiscovery, AnAnswerRoundTripsAndIsNeverLargerThanAProbe) {
  const LanAnswer answer = some_answer();
  const Bytes bytes = encode(answer);
  ASSERT_TRUE(decode_lan_answer(bytes).ok());
  EXPECT_EQ(*decode_lan_answer(bytes), answer);
  // tag, version, nonce, the address (0: the sender's), the port, little-endian.
  EXPECT_EQ(bytes[0], 75);
  EXPECT_EQ(bytes[1], 2);
  EXPECT_EQ(bytes[2], 1);
  EXPECT_EQ((std::array{bytes[18], bytes[19], bytes[20], bytes[21], bytes[22], bytes[23]}),
            (std::array<std::uint8_t, 6>{0, 0, 0, 0, 0x61, 0x1E}));

  // A lobby's own address goes as its four octets in order; a multicast or broadcast one is none.
  LanAnswer at = answer;
  at.lobby_ipv4 = inet_addr("192.168.1.5");
  const Bytes at_bytes = encode(resigned(at));
  EXPECT_EQ((std::array{at_bytes[18], at_bytes[19], at_bytes[20], at_bytes[21]}),
            (std::array<std::uint8_t, 4>{192, 168, 1, 5}));
  ASSERT_TRUE(decode_lan_answer(at_bytes).ok());
  EXPECT_EQ(decode_lan_answer(at_bytes)->lobby_ipv4, inet_addr("192.168.1.5"));
  for (const char* nowhere : {"224.0.0.1", "239.255.255.250", "255.255.255.255"}) {
    at.lobby_ipv4 = inet_addr(nowhere);
    EXPECT_EQ(decode_lan_answer(encode(resigned(at))).error(), WireError::bad_value) << nowhere;
  }

  // The longest name: 40 code points of four bytes each.
  std::string longest;
  for (int i = 0; i < 40; ++i) longest += "\xF0\x9D\x84\x9E";  // U+1D11E
  const Bytes largest = encode(some_answer(longest));
  EXPECT_EQ(largest.size(), kMaxLanAnswerBytes);
  EXPECT_LE(largest.size(), kLanProbeBytes);
  EXPECT_TRUE(decode_lan_answer(largest).ok());
}

TEST(LanDiscovery, AnAnswerThatCouldMisleadOrOverflowIsNone) {
  const Bytes good = encode(some_answer());
  for (std::size_t n = 0; n < good.size(); ++n)
    ASSERT_FALSE(decode_lan_answer(std::span(good).first(n)).ok()) << "truncated to " << n;
  Bytes trailing = good;
  trailing.push_back(0);
  EXPECT_EQ(decode_lan_answer(trailing).error(), WireError::trailing_bytes);

  LanAnswer no_port = some_answer();
  no_port.lobby_port = 0;
  EXPECT_EQ(decode_lan_answer(encode(resigned(no_port))).error(), WireError::bad_value);
  // Names a screen or a terminal would show otherwise than they read: escapes, a bidirectional
  // override, spaces around, more than 40 code points.
  for (const std::string& name : {std::string("\x1b[2J Evil"), std::string("Anna\xE2\x80\xAE" "elbat"), std::string(" Anna"),
                                   std::string(41, 'a'), std::string()}) {
    EXPECT_EQ(decode_lan_answer(encode(some_answer(name))).error(), WireError::bad_value) << name;
  }
  EXPECT_EQ(decode_lan_answer(encode(some_answer(std::string(kMaxLanNameBytes + 1, 'a')))).error(), WireError::too_long);
  Bytes bad_key = good;
  std::fill(bad_key.begin() + 24, bad_key.begin() + 24 + 32, std::uint8_t{0xFF});  // not a point
  EXPECT_EQ(decode_lan_answer(bad_key).error(), WireError::invalid_key);
}

TEST(LanDiscovery, OnlyAnAnswerSignedByTheKeyItNamesForThisProbeIsOne) {
  const LanAnswer good = some_answer();
  ASSERT_TRUE(decode_lan_answer(encode(good)).ok());
  // Any field changed after signing: a different port, counts, name, or the nonce of another probe.
  for (int field = 0; field < 4; ++field) {
    LanAnswer changed = good;
    if (field == 0) changed.lobby_port = 7000;
    if (field == 1) changed.players_online = 99;
    if (field == 2) changed.name = "Club Night";
    if (field == 3) changed.nonce = nonce_of(2);
    EXPECT_EQ(decode_lan_answer(encode(changed)).error(), WireError::bad_value) << field;
  }
  // Signed by another key than the one it names (someone answering as another lobby).
  LanAnswer impostor = resigned(good, crypto::Identity::generate());
  impostor.lobby_key = table_key().public_key();
  EXPECT_EQ(decode_lan_answer(encode(impostor)).error(), WireError::bad_value);
  // Every flipped byte of the signature.
  const Bytes bytes = encode(good);
  for (std::size_t i = bytes.size() - crypto::kSignatureBytes; i < bytes.size(); ++i) {
    Bytes bad = bytes;
    bad[i] ^= 0x04;
    EXPECT_FALSE(decode_lan_answer(bad).ok()) << i;
  }
}

// `--lobby lan:NAME` picks its table by name: one, or why not.
TEST(LanDiscovery, ATableIsFoundByItsNameWhateverTheCaseOrSaidWhyNot) {
  const LanTable anna{{"192.168.1.5", 7777}, "Anna", crypto::Identity::generate().public_key(), 0, 0, 0};
  const LanTable club{{"192.168.1.9", 7000}, "Club night", crypto::Identity::generate().public_key(), 0, 0, 0};
  LanTable other_club = club;
  other_club.lobby.host = "192.168.1.10";
  EXPECT_EQ(*find_lan_table({anna, club}, "anna"), anna);
  EXPECT_EQ(*find_lan_table({anna, club}, "CLUB NIGHT"), club);
  EXPECT_EQ(*find_lan_table({club}, ""), club) << "the only one";
  EXPECT_EQ(find_lan_table({}, "").error(), "no lobby on this network answered");
  EXPECT_EQ(find_lan_table({anna, club}, "Bruno").error(),
            "no lobby on this network answers as 'Bruno' (those that do: Anna, Club night)");
  EXPECT_EQ(find_lan_table({anna, club}, "").error(),
            "several lobbies answer: Anna at 192.168.1.5:7777, Club night at 192.168.1.9:7000; give one's address instead");
  EXPECT_EQ(find_lan_table({anna, club, other_club}, "club night").error(),
            "several lobbies answer as 'club night': Club night at 192.168.1.9:7000, Club night at 192.168.1.10:7000; "
            "give one's address instead");
}

// A UDP socket of the test's own, to send what no LanSearch would.
struct RawSocket {
  RawSocket() {
    EXPECT_TRUE(ensure_enet());
    socket = enet_socket_create(ENET_SOCKET_TYPE_DATAGRAM);
    ENetAddress any{};
    EXPECT_EQ(enet_socket_bind(socket, &any), 0);
  }
  ~RawSocket() { enet_socket_destroy(socket); }
  void send(std::uint16_t port, std::span<const std::uint8_t> bytes) {
    ENetAddress to{};
    enet_address_set_host_ip(&to, "127.0.0.1");
    to.port = port;
    ENetBuffer buffer{const_cast<std::uint8_t*>(bytes.data()), bytes.size()};
    EXPECT_EQ(enet_socket_send(socket, &to, &buffer, 1), static_cast<int>(bytes.size()));
  }
  // The next datagram, if one comes within `wait_ms`.
  std::optional<Bytes> receive(int wait_ms) {
    pollfd fd{socket, POLLIN, 0};
    if (::poll(&fd, 1, wait_ms) <= 0) return std::nullopt;
    std::array<std::uint8_t, 2048> data{};
    ENetBuffer buffer{data.data(), data.size()};
    ENetAddress from{};
    const int got = enet_socket_receive(socket, &from, &buffer, 1);
    if (got <= 0) return std::nullopt;
    return Bytes(data.begin(), data.begin() + got);
  }
  ENetSocket socket;
};

// Anyone on the network sees a probe (it is a broadcast) and may answer it as many tables:
// a search takes kMaxTables of them.
TEST(LanDiscovery, ASearchTakesABoundedNumberOfTables) {
  RawSocket stranger;
  ENetAddress where{};
  ASSERT_EQ(enet_socket_get_address(stranger.socket, &where), 0);
  auto lan = LanSearch::open({Endpoint{"127.0.0.1", where.port}});
  ASSERT_TRUE(lan.ok());
  (*lan)->probe();
  auto probe = stranger.receive(5000);
  ASSERT_TRUE(probe.has_value());
  ASSERT_TRUE(decode_lan_probe(*probe).ok());
  ENetAddress search{};
  ASSERT_EQ(enet_socket_get_address((*lan)->fd(), &search), 0);
  constexpr std::size_t kForged = LanSearch::kMaxTables + 36;
  for (std::size_t i = 0; i < kForged; ++i) {
    // Each under a key of the stranger's own, as anyone may sign.
    LanAnswer forged = some_answer("Table " + std::to_string(i));
    forged.nonce = decode_lan_probe(*probe)->nonce;
    stranger.send(search.port, encode(resigned(forged, crypto::Identity::generate())));
  }
  std::vector<LanTable> taken;
  for (int wait = 0; wait < 100; ++wait) {
    pollfd fd{(*lan)->fd(), POLLIN, 0};
    if (::poll(&fd, 1, 20) == 0 && !taken.empty()) break;
    for (auto& t : (*lan)->receive()) taken.push_back(t);
  }
  EXPECT_EQ(taken.size(), LanSearch::kMaxTables);
}

class LanLobby : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerConfig config;
    config.listen = Endpoint{"127.0.0.1", 0};
    config.database = dir_.path() / "lobby.db";
    config.log = false;
    config.lan = LanListing{"Club night", 0};
    auto started = ServerThread::start(config);
    ASSERT_TRUE(started.ok()) << to_string(started.error());
    server_ = std::move(*started);
    ASSERT_TRUE(server_->lan_port().has_value());
  }

  // Probes the lobby until a table answers (bounded: a lost datagram is probed again).
  std::vector<LanTable> search(LanSearch& search) {
    for (int round = 0; round < 50; ++round) {
      search.probe();
      for (int wait = 0; wait < 20; ++wait) {
        pollfd fd{search.fd(), POLLIN, 0};
        ::poll(&fd, 1, 10);
        auto found = search.receive();
        if (!found.empty()) return found;
      }
    }
    return {};
  }
  std::vector<Endpoint> targets() const { return {Endpoint{"127.0.0.1", *server_->lan_port()}}; }

  TempDir dir_;
  std::unique_ptr<ServerThread> server_;
};

TEST_F(LanLobby, ALobbyAnswersASearchWithItsTableAndHowBusyItIs) {
  auto lan = LanSearch::open(targets());
  ASSERT_TRUE(lan.ok()) << lan.error();
  auto found = search(**lan);
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].lobby, server_->endpoint());
  EXPECT_EQ(found[0].name, "Club night");
  EXPECT_EQ(found[0].lobby_key, server_->public_key());
  EXPECT_EQ(found[0].players_online, 0U);
  EXPECT_EQ(found[0].rooms_waiting, 0U);

  // A player logs in and opens a room: the next answer says so.
  auto player = LobbyClient::connect(ClientOptions{found[0].lobby, crypto::Identity::generate(), "Ada", found[0].lobby_key});
  ASSERT_TRUE(player.ok());
  bool welcomed = false, created = false;
  for (int round = 0; round < 1000 && !(welcomed && created); ++round) {
    (*player)->poll(5);
    while (auto event = (*player)->next_event()) {
      if (std::holds_alternative<Welcome>(*event)) {
        welcomed = true;
        (*player)->create_room("chess", 2, {}, Visibility::public_room);
      }
      if (std::holds_alternative<RoomState>(*event)) created = true;
    }
  }
  ASSERT_TRUE(welcomed && created);
  found = search(**lan);
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].players_online, 1U);
  EXPECT_EQ(found[0].rooms_waiting, 1U);
  EXPECT_EQ(found[0].rooms_started, 0U);
}

TEST_F(LanLobby, OnlyAnswersToTheLastProbeCount) {
  auto lan = LanSearch::open(targets());
  ASSERT_TRUE(lan.ok());
  // Two probes before any answer is read: the first one's answer comes too, and is not taken.
  (*lan)->probe();
  auto found = search(**lan);
  ASSERT_EQ(found.size(), 1U);

  // A stranger answering with a nonce it made up, to the search's own port, before the lobby.
  (*lan)->probe();
  RawSocket raw;
  ENetAddress mine{};
  ASSERT_EQ(enet_socket_get_address((*lan)->fd(), &mine), 0);
  LanAnswer forged = some_answer("Forged");
  forged.nonce = nonce_of(99);
  raw.send(mine.port, encode(resigned(forged)));
  std::vector<LanTable> all;
  bool lobby_answered = false;
  for (int wait = 0; wait < 100 && !lobby_answered; ++wait) {
    pollfd fd{(*lan)->fd(), POLLIN, 0};
    ::poll(&fd, 1, 10);
    for (auto& t : (*lan)->receive()) {
      lobby_answered = lobby_answered || t.name == "Club night";
      all.push_back(t);
    }
  }
  ASSERT_TRUE(lobby_answered);
  ASSERT_EQ(all.size(), 1U) << all.back().name;
}

TEST_F(LanLobby, GarbageGetsNoAnswerAndAFloodOfProbesFew) {
  RawSocket raw;
  const std::uint16_t port = *server_->lan_port();
  // What is not a probe, then a probe: the only answer is the probe's.
  const Bytes probe = encode(LanProbe{nonce_of(7)});
  raw.send(port, std::span(probe).first(100));
  Bytes oversized(kLanProbeBytes + 300, 0);
  std::copy(probe.begin(), probe.end(), oversized.begin());
  raw.send(port, oversized);
  raw.send(port, encode(some_answer()));
  raw.send(port, probe);
  auto answer = raw.receive(5000);
  ASSERT_TRUE(answer.has_value());
  ASSERT_TRUE(decode_lan_answer(*answer).ok());
  EXPECT_EQ(decode_lan_answer(*answer)->nonce, nonce_of(7));

  // A flood: each answer is no larger than its probe, and they are few.
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 400; ++i) raw.send(port, encode(LanProbe{nonce_of(static_cast<std::uint8_t>(i))}));
  std::size_t answers = 0;
  while (auto more = raw.receive(500)) {
    EXPECT_LE(more->size(), kLanProbeBytes);
    ++answers;
  }
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(answers, 1U);
  EXPECT_LE(static_cast<double>(answers), LanResponder::kAnswersPerSecond * (1 + seconds) + 1) << seconds << " s";
}

}  // namespace
}  // namespace parley::lobby
