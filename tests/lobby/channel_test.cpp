// The secure channel without a network: known answers from an independent implementation of
// docs/lobby.md (reference_channel.py) for the handshake messages, the transcript hashes, the
// derived keys and sealed packets; the handshake against tampering, replay, a relaying
// attacker and small-order keys; packets against bit flips, forgeries, replays, reordering and
// gaps; keys that wipe themselves.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <new>
#include <numeric>
#include <random>
#include <set>

#include "lobby/protocol/channel.hpp"
#include "lobby/protocol/handshake.hpp"
#include "tests/lobby/bytes_util.hpp"

namespace parley::lobby {
namespace {

using testing::as_bytes;
using testing::from_hex;
using testing::identity_from_seed;
using testing::to_hex;

using EphemeralSecret = crypto::SecretBytes<crypto::kBoxSecretKeyBytes>;

std::vector<std::uint8_t> iota_bytes(std::uint8_t first) {
  std::vector<std::uint8_t> v(32);
  std::iota(v.begin(), v.end(), first);
  return v;
}

EphemeralSecret ephemeral_secret(std::uint8_t first) {
  const auto v = iota_bytes(first);
  return EphemeralSecret::copy_of(std::span<const std::uint8_t, 32>(v.data(), 32));
}

// The keys and ephemeral secrets of reference_channel.py.
struct Reference {
  crypto::Identity lobby = identity_from_seed(iota_bytes(0));
  crypto::Identity player = identity_from_seed(std::vector<std::uint8_t>(32, 0x42));
  EphemeralSecret client_ephemeral = ephemeral_secret(0x20);
  EphemeralSecret lobby_ephemeral = ephemeral_secret(0x40);
};

std::string hex(std::span<const std::uint8_t> b) { return to_hex(b); }

// A whole handshake between fresh keys: the two sides' results.
struct Handshaked {
  ClientHandshake::Done client;
  LobbyHandshake::Done lobby;
};
Handshaked handshake(const crypto::Identity& lobby, const crypto::Identity& player) {
  ClientHandshake c = ClientHandshake::start();
  auto l = LobbyHandshake::answer(lobby, c.hello());
  EXPECT_TRUE(l.ok());
  auto cd = c.answer(player, l->reply());
  EXPECT_TRUE(cd.ok());
  auto ld = l->finish(cd->proof);
  EXPECT_TRUE(ld.ok());
  return Handshaked{std::move(*cd), std::move(*ld)};
}

// ---- known answers -----------------------------------------------------------------------

TEST(ChannelReference, HandshakeMessagesTranscriptAndKeysMatchTheIndependentImplementation) {
  Reference ref;
  ClientHandshake client = ClientHandshake::start(ref.client_ephemeral);
  EXPECT_EQ(hex(client.hello()), "0e010200358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254");

  auto lobby = LobbyHandshake::answer(ref.lobby, client.hello(), ref.lobby_ephemeral);
  ASSERT_TRUE(lobby.ok());
  EXPECT_EQ(hex(lobby->reply()),
            "4c0179a631eede1bf9c98f12032cdeadd0e7a079398fc786b88cc846ec89af85a51adce5481de49293efd2aa2a41672b7377821fe0bd8c"
            "9f7235d44d9b5ac1bd635273cfe328c2afcb7b14d76b2c415f3c61d9483b069e7c857bf45efb77889af9f6de46d126b89680bc42dea103"
            "c564f3437a5468187f02eba1182b32d7d4611486b088d128bbab8e4602ecbe70c42cc8d2");

  auto c = client.answer(ref.player, lobby->reply());
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(c->lobby_key == ref.lobby.public_key());
  EXPECT_EQ(hex(c->proof),
            "0f014df12a2a7ae1271fcc9d94bcac4efb7e57f1e419c4de763907eb107c187ee8163b54a82923ab1d0ef9f5e7fdcadf378e15219723"
            "98457fe952e4733d3f2ecf3ff6b7a5a3ff3a23e8b0757587f2d427205df5819330cf89f844b774bbae29b2d056aa1cb66b16d3749e70dd"
            "826b81d4d6");
  EXPECT_EQ(hex(c->transcript), "7958ebf7931b48265a4733812ab9f3e3aa4fd04617a30e3931fd57ad19fa01a5");
  EXPECT_EQ(hex(c->keys.send.expose()), "fc23f2df65cc65496b7026eaaecc9a6217ce05033b9d0342e13ef3cba0c0ee71");
  EXPECT_EQ(hex(c->keys.receive.expose()), "269a6d6bffbbd50392eb473f0de51b38e95221bea665c16dc71432bfd769c9fe");

  auto l = lobby->finish(c->proof);
  ASSERT_TRUE(l.ok());
  EXPECT_TRUE(l->player_key == ref.player.public_key());
  EXPECT_EQ(l->transcript, c->transcript);
  EXPECT_TRUE(l->keys.receive == c->keys.send);
  EXPECT_TRUE(l->keys.send == c->keys.receive);
}

TEST(ChannelReference, SealedPacketsMatchTheIndependentImplementation) {
  Reference ref;
  ClientHandshake client = ClientHandshake::start(ref.client_ephemeral);
  auto lobby = LobbyHandshake::answer(ref.lobby, client.hello(), ref.lobby_ephemeral);
  auto c = client.answer(ref.player, lobby->reply());
  auto l = lobby->finish(c->proof);
  Channel at_client(c->keys, kLobbyChannels);
  Channel at_lobby(l->keys, kLobbyChannels);

  const Bytes login = from_hex("010201000000" "03000000" "416461");  // Login v2, request 1, "Ada"
  Bytes p(Channel::sealed_size(login.size()));
  at_client.seal(0, login, p);
  EXPECT_EQ(hex(p), "0000000000000000366767d70beb8308dd25ba6f97e6317370fa7eae9511b129860190e03d");
  auto opened = at_lobby.open(0, p);
  ASSERT_TRUE(opened.has_value());
  EXPECT_EQ(Bytes(opened->begin(), opened->end()), login);

  for (const auto& [text, expected] : std::vector<std::pair<std::string, std::string>>{
           {"first", "00000000000000009e3fe293aada7ad31726fea2077ab0677ebaeecb73"},
           {"second", "0100000000000000612310baa78a5930e5905fca8244ac17c170a60e46b6"}}) {
    Bytes q(Channel::sealed_size(text.size()));
    at_lobby.seal(0, as_bytes(text), q);
    EXPECT_EQ(hex(q), expected);
    auto back = at_client.open(0, q);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(std::string(back->begin(), back->end()), text);
  }
}

TEST(ChannelReference, KeyDerivationSeparatesPurposesAndTranscripts) {
  SharedSecret shared = SharedSecret::copy_of(std::span<const std::uint8_t, 32>(iota_bytes(1).data(), 32));
  crypto::Digest h{};
  const ChannelKey a = derive_channel_key(shared, h, KeyPurpose::client_to_lobby);
  EXPECT_FALSE(a == derive_channel_key(shared, h, KeyPurpose::lobby_to_client));
  h[0] = 1;
  EXPECT_FALSE(a == derive_channel_key(shared, h, KeyPurpose::client_to_lobby));
  h[0] = 0;
  EXPECT_TRUE(a == derive_channel_key(shared, h, KeyPurpose::client_to_lobby));
}

// ---- the handshake -----------------------------------------------------------------------

TEST(ChannelHandshake, BothSidesAgreeOnFreshKeysEveryTime) {
  crypto::Identity lobby = crypto::Identity::generate();
  crypto::Identity player = crypto::Identity::generate();
  Handshaked one = handshake(lobby, player);
  Handshaked two = handshake(lobby, player);
  EXPECT_TRUE(one.client.keys.send == one.lobby.keys.receive);
  EXPECT_TRUE(one.client.keys.receive == one.lobby.keys.send);
  EXPECT_FALSE(one.client.keys.send == one.client.keys.receive);
  EXPECT_TRUE(one.client.lobby_key == lobby.public_key());
  EXPECT_TRUE(one.lobby.player_key == player.public_key());
  // New ephemeral keys: nothing carries over from one connection to the next.
  EXPECT_FALSE(one.client.keys.send == two.client.keys.send);
  EXPECT_NE(one.client.transcript, two.client.transcript);
}

TEST(ChannelHandshake, EveryTamperedByteOfTheLobbysHelloIsRefused) {
  crypto::Identity lobby = crypto::Identity::generate();
  crypto::Identity player = crypto::Identity::generate();
  ClientHandshake c = ClientHandshake::start();
  auto l = LobbyHandshake::answer(lobby, c.hello());
  ASSERT_TRUE(l.ok());
  for (std::size_t i = 0; i < l->reply().size(); ++i) {
    Bytes bad = l->reply();
    bad[i] ^= 0x10;
    EXPECT_FALSE(c.answer(player, bad).ok()) << "byte " << i;
  }
  Bytes shorter = l->reply();
  shorter.pop_back();
  EXPECT_EQ(c.answer(player, shorter).error(), HandshakeError::malformed);
  EXPECT_TRUE(c.answer(player, l->reply()).ok());
}

TEST(ChannelHandshake, EveryTamperedByteOfTheProofIsRefused) {
  crypto::Identity lobby = crypto::Identity::generate();
  crypto::Identity player = crypto::Identity::generate();
  ClientHandshake c = ClientHandshake::start();
  auto l = LobbyHandshake::answer(lobby, c.hello());
  auto done = c.answer(player, l->reply());
  ASSERT_TRUE(done.ok());
  for (std::size_t i = 0; i < done->proof.size(); ++i) {
    Bytes bad = done->proof;
    bad[i] ^= 0x01;
    EXPECT_FALSE(l->finish(bad).ok()) << "byte " << i;
  }
  EXPECT_TRUE(l->finish(done->proof).ok());
}

TEST(ChannelHandshake, AProofFromAnotherHandshakeDoesNotOpen) {
  crypto::Identity lobby = crypto::Identity::generate();
  crypto::Identity player = crypto::Identity::generate();
  // A recorded connection of the player's...
  ClientHandshake recorded = ClientHandshake::start();
  auto first = LobbyHandshake::answer(lobby, recorded.hello());
  auto proof = recorded.answer(player, first->reply());
  ASSERT_TRUE(proof.ok());
  // ...replayed into a new one, whose lobby ephemeral key is new.
  auto second = LobbyHandshake::answer(lobby, recorded.hello());
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->finish(proof->proof).error(), HandshakeError::cannot_open);
}

TEST(ChannelHandshake, ARelayingAttackerCannotPassItsOwnKeysThrough) {
  crypto::Identity lobby = crypto::Identity::generate();
  crypto::Identity player = crypto::Identity::generate();
  crypto::Identity mallory = crypto::Identity::generate();
  // Mallory sits between them and talks to each with her own ephemeral keys.
  ClientHandshake client = ClientHandshake::start();
  auto to_client = LobbyHandshake::answer(mallory, client.hello());  // she answers as herself
  ASSERT_TRUE(to_client.ok());
  auto c = client.answer(player, to_client->reply());
  ASSERT_TRUE(c.ok());
  // The client sees her key, not the lobby's: a client pinned to the lobby stops here.
  EXPECT_FALSE(c->lobby_key == lobby.public_key());
  // Nor can she take the player's proof to the real lobby on a connection of her own.
  ClientHandshake hers = ClientHandshake::start();
  auto real = LobbyHandshake::answer(lobby, hers.hello());
  ASSERT_TRUE(real.ok());
  EXPECT_FALSE(real->finish(c->proof).ok());
  // Relaying the lobby's hello to the client unchanged does not help her either: it is bound to
  // her ephemeral key, which the client did not send.
  EXPECT_FALSE(client.answer(player, real->reply()).ok());
}

// ---- a cluster's node (docs/lobby.md, "Cluster") -----------------------------------------

struct Deployment {
  crypto::Identity root = crypto::Identity::generate();
  crypto::Identity node = crypto::Identity::generate();
  NodeCertificate certificate = certify_node(root, node.public_key(), 1, 4'000'000'000'000);
};

TEST(ChannelNodeHandshake, TheClientSeesTheDeploymentsKeyAndTheNodeTheClientsKey) {
  Deployment d;
  crypto::Identity player = crypto::Identity::generate();
  ClientHandshake c = ClientHandshake::start();
  auto l = LobbyHandshake::answer(d.node, c.hello(), &d.certificate);
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(l->reply().size(), kCertifiedLobbyHelloBytes);
  auto cd = c.answer(player, l->reply());
  ASSERT_TRUE(cd.ok());
  EXPECT_TRUE(cd->lobby_key == d.root.public_key());
  ASSERT_TRUE(cd->certificate.has_value());
  EXPECT_TRUE(*cd->certificate == d.certificate);
  auto ld = l->finish(cd->proof);
  ASSERT_TRUE(ld.ok());
  EXPECT_TRUE(ld->player_key == player.public_key());
  EXPECT_TRUE(cd->keys.send == ld->keys.receive);
  EXPECT_EQ(cd->transcript, ld->transcript);
  auto hello = decode_lobby_hello(l->reply());
  ASSERT_TRUE(hello.ok());
  EXPECT_EQ(encode(*hello), l->reply());
}

TEST(ChannelNodeHandshake, EveryTamperedByteOfTheCertifiedHelloIsRefused) {
  Deployment d;
  crypto::Identity player = crypto::Identity::generate();
  ClientHandshake c = ClientHandshake::start();
  auto l = LobbyHandshake::answer(d.node, c.hello(), &d.certificate);
  ASSERT_TRUE(l.ok());
  for (std::size_t i = 0; i < l->reply().size(); ++i) {
    Bytes bad = l->reply();
    bad[i] ^= 0x10;
    EXPECT_FALSE(c.answer(player, bad).ok()) << "byte " << i;
  }
  Bytes longer = l->reply();
  longer.push_back(0);
  EXPECT_EQ(c.answer(player, longer).error(), HandshakeError::malformed);
}

TEST(ChannelNodeHandshake, ACertificateOfAnotherKeyOrNotTheDeploymentsIsRefused) {
  Deployment d;
  crypto::Identity player = crypto::Identity::generate();
  crypto::Identity stranger = crypto::Identity::generate();
  // A node that shows the certificate of another node's key.
  {
    ClientHandshake c = ClientHandshake::start();
    NodeCertificate other = certify_node(d.root, stranger.public_key(), 1, 4'000'000'000'000);
    other.node_key = d.node.public_key();  // claims this node's key: the deployment did not sign that
    auto l = LobbyHandshake::answer(d.node, c.hello(), &other);
    ASSERT_TRUE(l.ok());
    EXPECT_EQ(c.answer(player, l->reply()).error(), HandshakeError::bad_certificate);
  }
  // A key that certifies itself as a deployment is a deployment of its own: a client pinned to
  // the real deployment's key sees another key and stops (LobbyClient).
  {
    ClientHandshake c = ClientHandshake::start();
    NodeCertificate own = certify_node(stranger, d.node.public_key(), 1, 4'000'000'000'000);
    auto l = LobbyHandshake::answer(d.node, c.hello(), &own);
    ASSERT_TRUE(l.ok());
    auto done = c.answer(player, l->reply());
    ASSERT_TRUE(done.ok());
    EXPECT_FALSE(done->lobby_key == d.root.public_key());
    EXPECT_TRUE(done->lobby_key == stranger.public_key());
  }
}

TEST(ChannelNodeHandshake, StrippingTheCertificateShowsTheNodesOwnKeyAndTheNodeRefusesTheProof) {
  Deployment d;
  crypto::Identity player = crypto::Identity::generate();
  ClientHandshake c = ClientHandshake::start();
  auto l = LobbyHandshake::answer(d.node, c.hello(), &d.certificate);
  ASSERT_TRUE(l.ok());
  Bytes stripped(l->reply().begin(), l->reply().begin() + static_cast<std::ptrdiff_t>(kLobbyHelloBytes));
  auto done = c.answer(player, stripped);
  ASSERT_TRUE(done.ok());
  EXPECT_TRUE(done->lobby_key == d.node.public_key());  // not the deployment's: a pinned client stops
  EXPECT_FALSE(done->certificate.has_value());
  // The two sides' transcripts differ: the node cannot open the proof.
  EXPECT_EQ(l->finish(done->proof).error(), HandshakeError::cannot_open);
}

TEST(ChannelHandshake, SmallOrderKeysAndOtherVersionsAreRefused) {
  crypto::Identity lobby = crypto::Identity::generate();
  // The identity element (all zeros) and a point of order 8.
  for (const std::string& point : {std::string(64, '0'),
                                   std::string("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")}) {
    ClientHello hello{kProtocolVersion, {}};
    const Bytes p = from_hex(point);
    std::copy(p.begin(), p.end(), hello.ephemeral.begin());
    EXPECT_EQ(LobbyHandshake::answer(lobby, encode(hello)).error(), HandshakeError::weak_key) << point;
  }
  ClientHandshake c = ClientHandshake::start();
  Bytes other = c.hello();
  other[2] = 3;  // protocol 3
  EXPECT_EQ(LobbyHandshake::answer(lobby, other).error(), HandshakeError::unsupported_protocol);
  Bytes v2 = c.hello();
  v2[1] = 2;  // a format version this build does not know
  EXPECT_EQ(LobbyHandshake::answer(lobby, v2).error(), HandshakeError::malformed);
  EXPECT_EQ(decode_client_hello(v2).error(), WireError::unsupported_version);
}

TEST(ChannelHandshake, MessagesRoundTripAndRefuseEveryTruncation) {
  ClientHello hello{kProtocolVersion, {}};
  hello.ephemeral.fill(7);
  LobbyHello lh{};
  lh.ephemeral.fill(1);
  lh.proof.fill(2);
  ClientProof cp{};
  cp.proof.fill(3);
  const Bytes a = encode(hello), b = encode(lh), c = encode(cp);
  EXPECT_EQ(a.size(), kClientHelloBytes);
  EXPECT_EQ(b.size(), kLobbyHelloBytes);
  EXPECT_EQ(c.size(), kClientProofBytes);
  EXPECT_EQ(*decode_client_hello(a), hello);
  EXPECT_EQ(*decode_lobby_hello(b), lh);
  EXPECT_EQ(*decode_client_proof(c), cp);
  for (std::size_t n = 0; n < a.size(); ++n) EXPECT_FALSE(decode_client_hello(std::span(a).first(n)).ok());
  for (std::size_t n = 0; n < b.size(); ++n) EXPECT_FALSE(decode_lobby_hello(std::span(b).first(n)).ok());
  for (std::size_t n = 0; n < c.size(); ++n) EXPECT_FALSE(decode_client_proof(std::span(c).first(n)).ok());
  Bytes longer = c;
  longer.push_back(0);
  EXPECT_EQ(decode_client_proof(longer).error(), WireError::trailing_bytes);
  EXPECT_EQ(decode_lobby_hello(a).error(), WireError::wrong_kind);
}

// ---- packets -----------------------------------------------------------------------------

struct Pair {
  Handshaked keys = handshake(crypto::Identity::generate(), crypto::Identity::generate());
  Channel client{keys.client.keys, kLobbyChannels};
  Channel lobby{keys.lobby.keys, kLobbyChannels};
};

Bytes seal(Channel& from, std::string_view text, std::uint8_t channel = 0) {
  Bytes out(Channel::sealed_size(text.size()));
  from.seal(channel, as_bytes(text), out);
  return out;
}

std::optional<std::string> open(Channel& at, Bytes packet, std::uint8_t channel = 0) {
  auto plain = at.open(channel, packet);
  if (!plain) return std::nullopt;
  return std::string(plain->begin(), plain->end());
}

TEST(ChannelPackets, EachDirectionOpensOnlyAtTheOtherEnd) {
  Pair p;
  Bytes up = seal(p.client, "to the lobby");
  EXPECT_EQ(up.size(), 12 + kSealOverhead);
  const Bytes text = as_bytes("to the lobby");
  EXPECT_EQ(std::search(up.begin(), up.end(), text.begin(), text.end()), up.end());
  EXPECT_EQ(open(p.lobby, up), "to the lobby");
  // The sender's own key, or another connection's, does not open it.
  Pair other;
  EXPECT_EQ(open(p.client, seal(p.client, "mine")), std::nullopt);
  EXPECT_EQ(open(other.lobby, seal(p.client, "x")), std::nullopt);
  EXPECT_EQ(p.client.stats().forged, 1u);
  EXPECT_EQ(p.lobby.stats().opened, 1u);
}

TEST(ChannelPackets, EveryFlippedBitIsDroppedAndCountedAndTheGenuinePacketStillOpens) {
  Pair p;
  const Bytes good = seal(p.client, "Ada says hello");
  for (std::size_t i = 0; i < good.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      Channel at(p.keys.lobby.keys, kLobbyChannels);
      Bytes bad = good;
      bad[i] ^= static_cast<std::uint8_t>(1U << bit);
      EXPECT_EQ(open(at, bad), std::nullopt) << i << "/" << bit;
      EXPECT_EQ(at.stats().forged, 1u);
      EXPECT_EQ(open(at, good), "Ada says hello");  // the forgery moved nothing
    }
  }
}

TEST(ChannelPackets, ForgeriesNeverMoveTheCountersAndAGoodPacketResetsTheRun) {
  Pair p;
  for (int round = 0; round < 5; ++round) {
    const Bytes good = seal(p.client, "move " + std::to_string(round));
    for (std::uint32_t i = 0; i + 1 < kMaxRejectedRun; ++i) {
      Bytes forged = good;
      forged[kPacketCounterBytes + i % 4] ^= 0x80;
      EXPECT_EQ(open(p.lobby, forged), std::nullopt);
    }
    EXPECT_EQ(open(p.lobby, good), "move " + std::to_string(round));
    EXPECT_FALSE(p.lobby.fault().has_value());
  }
  EXPECT_EQ(p.lobby.stats().opened, 5u);
  EXPECT_EQ(p.lobby.stats().forged, 5u * (kMaxRejectedRun - 1));
}

TEST(ChannelPackets, ARunOfRejectedPacketsFaultsTheChannelAndNothingOpensAfter) {
  Pair p;
  const Bytes first = seal(p.client, "first");
  EXPECT_EQ(open(p.lobby, first), "first");
  for (std::uint32_t i = 0; i < kMaxRejectedRun; ++i) {
    EXPECT_FALSE(p.lobby.fault().has_value());
    EXPECT_EQ(open(p.lobby, first), std::nullopt);  // replays count toward the run too
  }
  EXPECT_EQ(p.lobby.fault(), ChannelFault::rejected_packets);
  EXPECT_EQ(p.lobby.stats().replayed, kMaxRejectedRun);
  EXPECT_EQ(open(p.lobby, seal(p.client, "second")), std::nullopt);
}

TEST(ChannelPackets, AnOrderedChannelRefusesReplaysAndFaultsOnAGap) {
  Pair p;
  const Bytes a = seal(p.client, "a"), b = seal(p.client, "b"), c = seal(p.client, "c");
  EXPECT_EQ(open(p.lobby, a), "a");
  EXPECT_EQ(open(p.lobby, a), std::nullopt);
  EXPECT_EQ(p.lobby.stats().replayed, 1u);
  EXPECT_FALSE(p.lobby.fault().has_value());
  // b was taken out on the path; c is authentic but comes after a gap.
  EXPECT_EQ(open(p.lobby, c), std::nullopt);
  EXPECT_EQ(p.lobby.fault(), ChannelFault::lost_packet);
  EXPECT_EQ(open(p.lobby, b), std::nullopt);
}

TEST(ChannelPackets, AForgedCounterAheadIsAForgeryNotAGap) {
  Pair p;
  Bytes ahead = seal(p.client, "a");
  ahead[0] = 5;  // claims counter 5
  EXPECT_EQ(open(p.lobby, ahead), std::nullopt);
  EXPECT_FALSE(p.lobby.fault().has_value());
  EXPECT_EQ(p.lobby.stats().forged, 1u);
}

TEST(ChannelPackets, ChannelsCountApartAndAPacketMovedToAnotherChannelFails) {
  const std::array<Delivery, 2> layout{Delivery::ordered, Delivery::unordered};
  Handshaked h = handshake(crypto::Identity::generate(), crypto::Identity::generate());
  Channel client(h.client.keys, layout), lobby(h.lobby.keys, layout);
  const Bytes on0 = seal(client, "zero", 0), on1 = seal(client, "one", 1);
  EXPECT_EQ(on0[0], 0);
  EXPECT_EQ(on1[0], 0);  // each channel counts from 0
  EXPECT_EQ(open(lobby, on0, 1), std::nullopt);  // the nonce binds the channel
  EXPECT_EQ(open(lobby, on1, 1), "one");
  EXPECT_EQ(open(lobby, on0, 0), "zero");
  EXPECT_EQ(open(lobby, on0, 2), std::nullopt);  // no such channel
  EXPECT_EQ(open(lobby, Bytes(kSealOverhead - 1, 0), 0), std::nullopt);  // too short
  EXPECT_EQ(lobby.stats().forged, 3u);
}

TEST(ChannelPackets, AnUnorderedChannelTakesLateAndReorderedPacketsOnceWithinItsWindow) {
  const std::array<Delivery, 1> layout{Delivery::unordered};
  Handshaked h = handshake(crypto::Identity::generate(), crypto::Identity::generate());
  Channel client(h.client.keys, layout), lobby(h.lobby.keys, layout);
  std::vector<Bytes> sent;
  for (int i = 0; i < 2000; ++i) sent.push_back(seal(client, std::to_string(i)));
  // Out of order, with losses: all fine.
  EXPECT_EQ(open(lobby, sent[5]), "5");
  EXPECT_EQ(open(lobby, sent[2]), "2");
  EXPECT_EQ(open(lobby, sent[9]), "9");
  EXPECT_EQ(open(lobby, sent[2]), std::nullopt);  // twice: a replay
  EXPECT_EQ(open(lobby, sent[0]), "0");
  EXPECT_EQ(open(lobby, sent[1500]), "1500");
  // More than a window behind the newest: refused even though never seen.
  EXPECT_EQ(open(lobby, sent[1500 - kReplayWindow]), std::nullopt);
  EXPECT_EQ(open(lobby, sent[1501 - kReplayWindow]), std::to_string(1501 - kReplayWindow));
  EXPECT_EQ(open(lobby, sent[1501 - kReplayWindow]), std::nullopt);
  EXPECT_EQ(open(lobby, sent[1499]), "1499");
  EXPECT_FALSE(lobby.fault().has_value());  // replays spread out do not make a run
  EXPECT_EQ(lobby.stats().replayed, 3u);
  EXPECT_EQ(lobby.stats().opened, 7u);
}

TEST(ChannelPackets, ReplayWindowMatchesASetOfEverythingSeen) {
  // Against the obvious model: a counter is fresh iff never marked and within the window.
  ReplayWindow w;
  std::set<std::uint64_t> seen;
  std::uint64_t newest = 0;
  std::mt19937_64 rng(37);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t c = seen.empty() ? rng() % 50 : (newest + 40 > rng() % 3000 ? newest + 40 - rng() % 3000 : rng() % 40);
    const bool model = !seen.contains(c) && (seen.empty() || c > newest || newest - c < kReplayWindow);
    ASSERT_EQ(w.fresh(c), model) << c << " newest " << newest;
    if (model && rng() % 4 != 0) {
      w.mark(c);
      seen.insert(c);
      newest = std::max(newest, c);
    }
  }
}

TEST(ChannelKeys, KeysWipeThemselves) {
  Handshaked h = handshake(crypto::Identity::generate(), crypto::Identity::generate());
  const auto send = h.client.keys.send.expose();
  const std::array<std::uint8_t, kChannelKeyBytes> key = [&] {
    std::array<std::uint8_t, kChannelKeyBytes> k{};
    std::copy(send.begin(), send.end(), k.begin());
    return k;
  }();
  alignas(Channel) std::array<std::uint8_t, sizeof(Channel)> storage{};
  auto* c = new (storage.data()) Channel(h.client.keys, kLobbyChannels);
  EXPECT_NE(std::search(storage.begin(), storage.end(), key.begin(), key.end()), storage.end());
  c->~Channel();
  EXPECT_EQ(std::search(storage.begin(), storage.end(), key.begin(), key.end()), storage.end());
}

}  // namespace
}  // namespace parley::lobby
