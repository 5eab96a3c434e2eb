// The lobby protocol: known answers from an independent implementation of docs/lobby.md
// (reference_chain.py), canonical round trips of every message, decoders against every
// truncation and bound, the transcript checks against each kind of tampering.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <numeric>

#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/envelope.hpp"
#include "lobby/protocol/handshake.hpp"
#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/protocol/node_link.hpp"
#include "lobby/protocol/text.hpp"
#include "lobby/protocol/transcript.hpp"
#include "tests/lobby/bytes_util.hpp"

namespace parley::lobby {
namespace {

using testing::as_bytes;
using testing::from_hex;
using testing::identity_from_seed;
using testing::to_hex;

// ---- the reference chain -----------------------------------------------------------------

struct ReferenceChain {
  crypto::Identity lobby = identity_from_seed(seed_iota());
  crypto::Identity seat0 = identity_from_seed(from_hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"));
  crypto::Identity seat1 = identity_from_seed(std::vector<std::uint8_t>(32, 0x42));
  SessionId session = [] {
    SessionId s;
    std::iota(s.bytes.begin(), s.bytes.end(), std::uint8_t{0xA0});
    return s;
  }();
  static constexpr std::uint64_t kT0 = 1'700'000'000'000;

  static std::vector<std::uint8_t> seed_iota() {
    std::vector<std::uint8_t> s(32);
    std::iota(s.begin(), s.end(), std::uint8_t{0});
    return s;
  }

  Entry genesis() const {
    Entry e;
    e.index = EntryIndex{0};
    e.lobby_time_ms = kT0;
    e.payload = Genesis{"chess", {1, 2}, {seat0.public_key(), seat1.public_key()}, session};
    return e;
  }
  Envelope envelope(const EntryHash& h0) const {
    return Envelope{session, game::Seat{1}, EntryIndex{0}, h0, EnvelopeKind{7}, as_bytes("e2e4")};
  }
};

TEST(LobbyProtocolReference, GenesisBytesHashAndLobbySignatureMatchTheIndependentImplementation) {
  ReferenceChain ref;
  EXPECT_EQ(to_hex(ref.lobby.public_key().bytes()), "03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8");
  Bytes g = entry_bytes(ref.genesis());
  EXPECT_EQ(to_hex(g),
            "810100000000000000000068e5cf8b0100000000000000000000000000000000000000000000000000000000000000000000"
            "0005000000636865737302000000010202d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a21"
            "52f8d19b791d24453242e15f2eab6cb7cffa7b6a5ed30097960e069881db12a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2"
            "b3b4b5b6b7b8b9babbbcbdbebf");
  EXPECT_EQ(to_hex(chain_hash(kNoPreviousHash, g)), "58a8adfa191b708fbff0917569792730de6473e946ed72d03ad6d14708a61f44");
  EXPECT_EQ(to_hex(sign_entry(ref.lobby, ref.session, g).bytes()),
            "ae216c15956dc94bd527930c1269110b5280fdbd94a620299d39c00bda26a009"
            "fccc217781203c87779bcc9bf3e6ff35ecc30ee31fedcd01acd03e6826bed20b");
}

TEST(LobbyProtocolReference, EnvelopeEntryAndPresenceEntryMatchTheIndependentImplementation) {
  ReferenceChain ref;
  EntryHash h0 = chain_hash(kNoPreviousHash, entry_bytes(ref.genesis()));
  Envelope env = ref.envelope(h0);
  EXPECT_EQ(to_hex(envelope_bytes(env)),
            "8001a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf01000000000000000058a8adfa191b70"
            "8fbff0917569792730de6473e946ed72d03ad6d14708a61f4407000400000065326534");
  SignedEnvelope signed_env = sign_envelope(ref.seat1, env);
  EXPECT_EQ(to_hex(signed_env.signature.bytes()),
            "d4541194d3f24e1f5c4f3741a87531d3f78175e3df9cf3c0af7524d309a03602"
            "f3f97be823265120c57e64d2005aaa6f13c423fe2aed98d5cc57db2399fab80d");

  Entry e1{EntryIndex{1}, ReferenceChain::kT0 + 5, h0, signed_env};
  Bytes b1 = entry_bytes(e1);
  EntryHash h1 = chain_hash(h0, b1);
  EXPECT_EQ(to_hex(h1), "f207f956312087255d9b3c7c671b64bdf825691da15abf7b2de4cef3db86b948");
  EXPECT_EQ(to_hex(sign_entry(ref.lobby, ref.session, b1).bytes()),
            "4bf7c794377c2628a09e7af591af0222a95718b9038fc690598a4591548ea907"
            "d0be88b60d00b135b295761d553e3c6b730556265834312cb4867a44dedc6907");

  Entry e2{EntryIndex{2}, ReferenceChain::kT0 + 9, h1, Presence{game::Seat{0}, PresenceEvent::disconnected}};
  Bytes b2 = entry_bytes(e2);
  EXPECT_EQ(to_hex(b2),
            "810102000000000000000968e5cf8b010000f207f956312087255d9b3c7c671b64bdf825691da15abf7b2de4cef3db86b94802"
            "0001");
  EXPECT_EQ(to_hex(chain_hash(h1, b2)), "6d7380b50af9fcf1e0106d11577a778eb8040de1f131401bcaf8a82f7b64fa86");
  EXPECT_EQ(to_hex(sign_entry(ref.lobby, ref.session, b2).bytes()),
            "4516188302a0ea94437226a436da48e5b3f1d2182e4b4805ba8f3a9b89dbeea7"
            "6d49d3efa296596eac698f651566f9d6a2eab9600635679b7e2950527efe0104");
}

// A cluster (docs/lobby.md, "Cluster"): the reference chain's lobby key is the deployment's; it
// certifies nodes A and B; A stamps a certified genesis, B takes the room over.
struct ClusterReference {
  ReferenceChain ref;
  crypto::Identity node_a = identity_from_seed(std::vector<std::uint8_t>(32, 0x0A));
  crypto::Identity node_b = identity_from_seed(std::vector<std::uint8_t>(32, 0x0B));
  NodeCertificate cert_a = certify_node(ref.lobby, node_a.public_key(), ReferenceChain::kT0 - 1000,
                                        ReferenceChain::kT0 + 86'400'000);
  NodeCertificate cert_b = certify_node(ref.lobby, node_b.public_key(), ReferenceChain::kT0 - 1000,
                                        ReferenceChain::kT0 + 86'400'000);

  Entry genesis() const {
    Entry e = ref.genesis();
    std::get<Genesis>(e.payload).certificate = cert_a;
    return e;
  }
};

TEST(LobbyProtocolReference, ClusterCertificateGenesisAndHandoverMatchTheIndependentImplementation) {
  ClusterReference c;
  EXPECT_EQ(to_hex(encode(c.cert_a)),
            "820103a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b843a72e714401762df66b68c26dfbdf2682"
            "aaec9f2474eca4613e424a0fbafd3c1864e5cf8b01000000c40bd58b010000ff38bce39ba6d40c0bfea350fda9700f5c402118"
            "646d6c5d8f9147b960f7e53d8f77e6810e8cf353344fa04c2a6cadbd32113fc9fcf28b09963fdaf50310e10f");
  EXPECT_EQ(encode(c.cert_a).size(), kNodeCertificateBytes);
  Bytes g = entry_bytes(c.genesis());
  EXPECT_EQ(to_hex(g),
            "810100000000000000000068e5cf8b0100000000000000000000000000000000000000000000000000000000000000000000"
            "0305000000636865737302000000010202d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a21"
            "52f8d19b791d24453242e15f2eab6cb7cffa7b6a5ed30097960e069881db12a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2"
            "b3b4b5b6b7b8b9babbbcbdbebf" +
                to_hex(encode(c.cert_a)));
  EntryHash h0 = chain_hash(kNoPreviousHash, g);
  EXPECT_EQ(to_hex(h0), "d6c7552d5a8df7360045009f9936e046c7e2640f66add0a71feee5c6821050f9");
  EXPECT_EQ(to_hex(sign_entry(c.node_a, c.ref.session, g).bytes()),
            "d1d825869ba6b6338b65ad4305a54ec7150035fa6659b3feff370cdae7ad0d43"
            "533266548e8d69799dba5390562a85b8c021d8a14b6415003b38051b15533c06");
  Entry handover{EntryIndex{1}, ReferenceChain::kT0 + 7, h0, Handover{c.cert_b, 2}};
  Bytes b1 = entry_bytes(handover);
  EXPECT_EQ(to_hex(b1),
            "810101000000000000000768e5cf8b010000d6c7552d5a8df7360045009f9936e046c7e2640f66add0a71feee5c6821050f904" +
                to_hex(encode(c.cert_b)) + "0200000000000000");
  EXPECT_EQ(to_hex(chain_hash(h0, b1)), "cde470f5b9ede56e088ac9326afc9785be3713aa1142c81ceba3df6ec0e7ba3a");
  EXPECT_EQ(to_hex(sign_entry(c.node_b, c.ref.session, b1).bytes()),
            "8184d42c27cc3bdfa6582dcc9c641096d34d6ed5b16c7ac9b4ef35bd17b25cbd"
            "6701cf25b5b1bc72d77d83719c4ca821361135b0fce0cf1a6b4a52fff145c209");
  // Both decode back to themselves.
  for (const Entry& e : {c.genesis(), handover}) {
    auto back = decode_signed_entry(encode_signed_entry(SignedEntry{e, sign_entry(c.node_a, c.ref.session, entry_bytes(e))}));
    ASSERT_TRUE(back.ok()) << describe(back.error());
    EXPECT_TRUE(back->entry == e);
  }
  EXPECT_EQ(payload_kind(c.genesis().payload), PayloadKind::certified_genesis);
  EXPECT_EQ(payload_kind(handover.payload), PayloadKind::handover);
  EXPECT_EQ(payload_kind(c.ref.genesis().payload), PayloadKind::genesis);
}

TEST(LobbyNodeCertificate, VerifiesOnlyAgainstItsDeploymentAndDecodesStrictly) {
  ClusterReference c;
  EXPECT_TRUE(verify_certificate(c.cert_a, c.ref.lobby.public_key()));
  EXPECT_FALSE(verify_certificate(c.cert_a, c.node_b.public_key()));
  NodeCertificate longer = c.cert_a;
  longer.valid_until_ms += 1;
  EXPECT_FALSE(verify_certificate(longer, c.ref.lobby.public_key()));
  EXPECT_TRUE(covers(c.cert_a, ReferenceChain::kT0));
  EXPECT_FALSE(covers(c.cert_a, ReferenceChain::kT0 + 86'400'001));
  Bytes bytes = encode(c.cert_a);
  EXPECT_EQ(decode_node_certificate(bytes).value(), c.cert_a);
  for (std::size_t n = 0; n < bytes.size(); ++n)
    EXPECT_FALSE(decode_node_certificate(std::span<const std::uint8_t>(bytes.data(), n)).ok()) << n;
  Bytes backwards = encode(certify_node(c.ref.lobby, c.node_a.public_key(), 10, 9));
  EXPECT_EQ(decode_node_certificate(backwards).error(), WireError::bad_value);
  bytes[1] = 2;
  EXPECT_EQ(decode_node_certificate(bytes).error(), WireError::unsupported_version);
}

// ---- transcript --------------------------------------------------------------------------

// Builds valid chains the way the lobby does, and lets a test tamper with any step.
struct ChainBuilder {
  ReferenceChain ref;
  std::vector<SignedEntry> entries;
  std::vector<EntryHash> hashes;

  ChainBuilder() { add(ref.genesis()); }

  SignedEntry sign(const Entry& e) const { return SignedEntry{e, sign_entry(ref.lobby, ref.session, entry_bytes(e))}; }
  void add(Entry e) {
    entries.push_back(sign(e));
    hashes.push_back(chain_hash(hashes.empty() ? kNoPreviousHash : hashes.back(), entry_bytes(e)));
  }
  Entry next(EntryPayload payload) const {
    return Entry{EntryIndex{entries.size()}, entries.back().entry.lobby_time_ms + 1, hashes.back(), std::move(payload)};
  }
  SignedEnvelope post(const crypto::Identity& who, std::uint8_t seat, std::string_view body) const {
    return sign_envelope(who, Envelope{ref.session, game::Seat{seat}, EntryIndex{entries.size() - 1}, hashes.back(),
                                       EnvelopeKind{1}, as_bytes(body)});
  }
};

TEST(LobbyTranscript, FollowsAValidChainAndReproducesTheLobbysHashes) {
  ChainBuilder b;
  b.add(b.next(b.post(b.ref.seat0, 0, "a")));
  b.add(b.next(b.post(b.ref.seat1, 1, "b")));
  b.add(b.next(Presence{game::Seat{1}, PresenceEvent::disconnected}));
  b.add(b.next(Presence{game::Seat{1}, PresenceEvent::reconnected}));
  b.add(b.next(b.post(b.ref.seat1, 1, "c")));
  auto t = Transcript::start(b.ref.lobby.public_key(), b.entries[0]);
  ASSERT_TRUE(t.ok());
  for (std::size_t i = 1; i < b.entries.size(); ++i) {
    auto h = t->append(b.entries[i]);
    ASSERT_TRUE(h.ok()) << i << ": " << describe(h.error());
    EXPECT_EQ(*h, b.hashes[i]);
  }
  EXPECT_EQ(t->next_index().value, b.entries.size());
  EXPECT_EQ(t->head_hash(), b.hashes.back());
}

TranscriptError append_error(ChainBuilder& b, const SignedEntry& bad) {
  auto t = Transcript::start(b.ref.lobby.public_key(), b.entries[0]);
  EXPECT_TRUE(t.ok());
  for (std::size_t i = 1; i < b.entries.size(); ++i) EXPECT_TRUE(t->append(b.entries[i]).ok());
  auto r = t->append(bad);
  EXPECT_FALSE(r.ok());
  return r.ok() ? TranscriptError::not_genesis : r.error();
}

TEST(LobbyTranscript, RejectsEveryKindOfTampering) {
  ChainBuilder b;
  b.add(b.next(b.post(b.ref.seat0, 0, "a")));

  Entry skip = b.next(b.post(b.ref.seat1, 1, "b"));
  skip.index.value += 1;
  EXPECT_EQ(append_error(b, b.sign(skip)), TranscriptError::wrong_index);

  Entry fork = b.next(b.post(b.ref.seat1, 1, "b"));
  fork.prev_entry_hash[0] ^= 1;
  EXPECT_EQ(append_error(b, b.sign(fork)), TranscriptError::wrong_previous_hash);

  Entry back = b.next(b.post(b.ref.seat1, 1, "b"));
  back.lobby_time_ms = b.entries.back().entry.lobby_time_ms - 1;
  EXPECT_EQ(append_error(b, b.sign(back)), TranscriptError::time_went_back);

  SignedEntry forged = b.sign(b.next(b.post(b.ref.seat1, 1, "b")));
  forged.signature = b.ref.seat0.sign(kEntrySignatureLabel, b.ref.session.bytes, entry_bytes(forged.entry));
  EXPECT_EQ(append_error(b, forged), TranscriptError::bad_lobby_signature);

  // A seat posting under another seat's number: its own key does not verify for that seat.
  EXPECT_EQ(append_error(b, b.sign(b.next(b.post(b.ref.seat0, 1, "b")))), TranscriptError::bad_seat_signature);

  SignedEnvelope other_session = b.post(b.ref.seat1, 1, "b");
  other_session.envelope.session_id.bytes[0] ^= 1;
  other_session = sign_envelope(b.ref.seat1, other_session.envelope);
  EXPECT_EQ(append_error(b, b.sign(b.next(other_session))), TranscriptError::wrong_session);

  SignedEnvelope future = b.post(b.ref.seat1, 1, "b");
  future.envelope.seen_index = EntryIndex{b.entries.size()};
  future = sign_envelope(b.ref.seat1, future.envelope);
  EXPECT_EQ(append_error(b, b.sign(b.next(future))), TranscriptError::seen_not_earlier);

  SignedEnvelope wrong_seen = b.post(b.ref.seat1, 1, "b");
  wrong_seen.envelope.seen_hash[5] ^= 1;
  wrong_seen = sign_envelope(b.ref.seat1, wrong_seen.envelope);
  EXPECT_EQ(append_error(b, b.sign(b.next(wrong_seen))), TranscriptError::seen_hash_mismatch);

  SignedEnvelope seat_two = b.post(b.ref.seat1, 2, "b");
  EXPECT_EQ(append_error(b, b.sign(b.next(seat_two))), TranscriptError::unknown_seat);
  EXPECT_EQ(append_error(b, b.sign(b.next(Presence{game::Seat{2}, PresenceEvent::left}))), TranscriptError::unknown_seat);
  EXPECT_EQ(append_error(b, b.sign(b.next(b.ref.genesis().payload))), TranscriptError::not_genesis);
}

TEST(LobbyTranscript, StartRefusesAnythingButAGenuineGenesis) {
  ChainBuilder b;
  b.add(b.next(b.post(b.ref.seat0, 0, "a")));
  crypto::Identity stranger = crypto::Identity::generate();
  EXPECT_EQ(Transcript::start(b.ref.lobby.public_key(), b.entries[1]).error(), TranscriptError::not_genesis);
  EXPECT_EQ(Transcript::start(stranger.public_key(), b.entries[0]).error(), TranscriptError::bad_lobby_signature);
  Entry twice = b.ref.genesis();
  std::get<Genesis>(twice.payload).seat_keys[1] = b.ref.seat0.public_key();
  EXPECT_EQ(Transcript::start(b.ref.lobby.public_key(), b.sign(twice)).error(), TranscriptError::duplicate_keys);
}

// A cluster's chain: nodes stamp entries under the deployment's certificates.
struct ClusterChain {
  ClusterReference c;
  std::vector<SignedEntry> entries;
  EntryHash head{};
  const crypto::Identity* signer = &c.node_a;

  ClusterChain() { add(c.genesis()); }
  void add(const Entry& e, const crypto::Identity* by = nullptr) {
    Bytes bytes = entry_bytes(e);
    entries.push_back(SignedEntry{e, sign_entry(by ? *by : *signer, c.ref.session, bytes)});
    head = chain_hash(head, bytes);
  }
  Entry next(EntryPayload payload, std::uint64_t dt = 1) const {
    return Entry{EntryIndex{entries.size()}, entries.back().entry.lobby_time_ms + dt, head, std::move(payload)};
  }
  SignedEnvelope post(const crypto::Identity& who, std::uint8_t seat) const {
    return sign_envelope(who, Envelope{c.ref.session, game::Seat{seat}, EntryIndex{entries.size() - 1}, head,
                                       EnvelopeKind{1}, as_bytes("m")});
  }
  game::Result<Transcript, TranscriptError> follow() const {
    auto t = Transcript::start(c.ref.lobby.public_key(), entries[0]);
    for (std::size_t i = 1; t && i < entries.size(); ++i) {
      auto appended = t->append(entries[i]);
      if (!appended) return appended.error();
    }
    return t;
  }
};

TEST(LobbyTranscript, FollowsARoomThatMovedBetweenCertifiedNodes) {
  ClusterChain ch;
  ch.add(ch.next(ch.post(ch.c.ref.seat0, 0)));
  ch.add(ch.next(Presence{game::Seat{1}, PresenceEvent::disconnected}));
  ch.signer = &ch.c.node_b;
  ch.add(ch.next(Handover{ch.c.cert_b, 2}));
  ch.add(ch.next(Presence{game::Seat{0}, PresenceEvent::disconnected}));
  ch.add(ch.next(ch.post(ch.c.ref.seat1, 1)));
  auto t = ch.follow();
  ASSERT_TRUE(t.ok()) << describe(t.error());
  EXPECT_EQ(t->lobby_key(), ch.c.ref.lobby.public_key());
  EXPECT_EQ(t->signer(), ch.c.node_b.public_key());
  EXPECT_EQ(t->head_hash(), ch.head);
  // A handover back to A (a node that restarted) is as good.
  ch.signer = &ch.c.node_a;
  ch.add(ch.next(Handover{ch.c.cert_a, 3}));
  EXPECT_TRUE(ch.follow().ok());
}

TEST(LobbyTranscript, RefusesAnUncertifiedNodeAnExpiredOneAndTheNodeItHandedOverFrom) {
  {  // A genesis certified by another deployment, or with a certificate altered.
    ClusterChain ch;
    crypto::Identity other = crypto::Identity::generate();
    Entry g = ch.c.genesis();
    std::get<Genesis>(g.payload).certificate =
        certify_node(other, ch.c.node_a.public_key(), ReferenceChain::kT0 - 1000, ReferenceChain::kT0 + 1000);
    ClusterChain forged;
    forged.entries.clear();
    forged.head = {};
    forged.add(g);
    EXPECT_EQ(forged.follow().error(), TranscriptError::bad_certificate);
    // A certified genesis that the certified node did not sign.
    ClusterChain wrong_signer;
    wrong_signer.entries.clear();
    wrong_signer.head = {};
    wrong_signer.add(ch.c.genesis(), &ch.c.node_b);
    EXPECT_EQ(wrong_signer.follow().error(), TranscriptError::bad_lobby_signature);
    // Outside the certificate's period.
    ClusterChain late;
    late.entries.clear();
    late.head = {};
    Entry g_late = ch.c.genesis();
    g_late.lobby_time_ms = ReferenceChain::kT0 + 86'400'001;
    late.add(g_late);
    EXPECT_EQ(late.follow().error(), TranscriptError::certificate_expired);
  }
  {  // A handover to a node the deployment never certified.
    ClusterChain ch;
    crypto::Identity rogue = crypto::Identity::generate();
    NodeCertificate self_signed = certify_node(rogue, rogue.public_key(), 0, ~0ULL);
    ch.signer = &rogue;
    ch.add(ch.next(Handover{self_signed, 2}));
    EXPECT_EQ(ch.follow().error(), TranscriptError::bad_certificate);
  }
  {  // After a handover to B, an entry stamped by A.
    ClusterChain ch;
    ch.signer = &ch.c.node_b;
    ch.add(ch.next(Handover{ch.c.cert_b, 2}));
    ch.add(ch.next(Presence{game::Seat{0}, PresenceEvent::left}), &ch.c.node_a);
    EXPECT_EQ(ch.follow().error(), TranscriptError::bad_lobby_signature);
  }
  {  // An entry stamped after the node's certificate ran out.
    ClusterChain ch;
    ch.add(ch.next(Presence{game::Seat{0}, PresenceEvent::left}, 86'400'001));
    EXPECT_EQ(ch.follow().error(), TranscriptError::certificate_expired);
  }
  {  // A single lobby's transcript (no certificate): a node's stamp is not the lobby's.
    ChainBuilder b;
    crypto::Identity node = crypto::Identity::generate();
    Entry e = b.next(Presence{game::Seat{0}, PresenceEvent::left});
    SignedEntry by_node{e, sign_entry(node, b.ref.session, entry_bytes(e))};
    EXPECT_EQ(append_error(b, by_node), TranscriptError::bad_lobby_signature);
  }
}

// ---- messages ----------------------------------------------------------------------------

std::vector<ClientMessage> sample_requests() {
  ReferenceChain ref;
  SignedEnvelope env = sign_envelope(ref.seat0, ref.envelope(EntryHash{}));
  return {
      Login{RequestId{1}, "Ada"},
      CreateRoom{RequestId{2}, "risiko", 6, {1, 2, 3}, Visibility::invite_only, {}},
      CreateRoom{RequestId{2}, "chess", 2, {1}, Visibility::invite_only, {ref.seat0.public_key(), ref.seat1.public_key()}},
      ListRooms{RequestId{3}, "chess", RoomId{40}},
      JoinRoom{RequestId{4}, RoomId{0}, "abcdefgh23", Role::spectator},
      LeaveRoom{RequestId{5}, RoomId{7}},
      SetReady{RequestId{6}, RoomId{7}, true},
      QuickMatch{RequestId{7}, "gunjin", 2},
      LeaveQueue{RequestId{8}},
      Chat{RequestId{9}, RoomId{7}, "gg"},
      Post{RequestId{10}, RoomId{7}, env},
      FetchEntries{RequestId{11}, RoomId{7}, EntryIndex{12}},
      StatusQuery{RequestId{12}},
      WatchLobby{RequestId{13}, true},
      WatchLobby{RequestId{14}, false},
      ListPlayers{RequestId{15}, std::nullopt},
      ListPlayers{RequestId{16}, ref.seat1.public_key()},
      Chat{RequestId{17}, kLobbyRoom, "hello, lobby"},
  };
}

// Two players in key order, one with ratings in game order.
std::vector<PlayerSummary> sorted_players(const ReferenceChain& ref) {
  std::vector<PlayerSummary> p{
      PlayerSummary{ref.seat0.public_key(), "Ada", Activity::playing, {{"chess", 1712, 64}, {"risiko", 1500, 350}}},
      PlayerSummary{ref.seat1.public_key(), "Bob", Activity::watching, {}}};
  if (p[1].key < p[0].key) std::swap(p[0], p[1]);
  return p;
}

std::vector<LobbyMessage> sample_pushes() {
  ReferenceChain ref;
  ChainBuilder b;
  b.add(b.next(b.post(b.ref.seat0, 0, "a")));
  RoomState state;
  state.request = RequestId{3};
  state.room = RoomId{7};
  state.game = "chess";
  state.options = {4};
  state.visibility = Visibility::invite_only;
  state.invite_code = "abcdefgh23";
  state.phase = RoomPhase::started;
  state.session_id = ref.session;
  state.entry_count = EntryIndex{9};
  state.seats = {SeatInfo{ref.seat0.public_key(), "Ada", true, false}, SeatInfo{}};
  state.spectators = 3;
  return {
      Welcome{RequestId{1}, "Ada", {RoomId{3}, RoomId{9}}},
      Refused{RequestId{2}, Refusal::room_full, "full"},
      Refused{RequestId{2}, Refusal::unavailable, "the database is away"},
      Done{RequestId{4}},
      state,
      RoomList{RequestId{5},
               {RoomSummary{RoomId{1}, "chess", {"Ada", std::nullopt}, 0, RoomPhase::waiting, Bytes{1, 2}},
                RoomSummary{RoomId{2}, "risiko", {std::nullopt, "Bo", "Cy"}, 4, RoomPhase::started, std::nullopt}},
               true},
      Queued{RequestId{6}, "chess", 2, 1},
      EntryMessage{RoomId{7}, b.entries[0]},
      EntryMessage{RoomId{7}, b.entries[1]},
      EntryMessage{RoomId{7}, ClusterChain().entries[0]},
      EntriesEnd{RequestId{8}, RoomId{7}, EntryIndex{2}, EntryIndex{5}},
      ChatLine{RoomId{7}, ref.seat1.public_key(), "Bob", Role::spectator, "hi"},
      StatusReport{RequestId{9}, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
      NodeList{{Endpoint{"127.0.0.1", 7777}, Endpoint{"lobby-2.example.org", 7778}}},
      ChatLine{kLobbyRoom, ref.seat0.public_key(), "Ada", Role::player, "anyone for risiko?"},
      PlayerList{RequestId{10}, {}, false},
      PlayerList{RequestId{11}, sorted_players(ref), true},
      LobbyPulse{RequestId{0}, 0, {}},
      LobbyPulse{RequestId{12}, 42, {QueueCount{"chess", 2, 3}, QueueCount{"gunjin", 2, 1}, QueueCount{"risiko", 3, 2},
                                     QueueCount{"risiko", 6, 5}}},
  };
}

std::vector<LinkMessage> sample_link_messages() {
  ClusterReference c;
  Bytes request = encode(ClientMessage{Chat{RequestId{9}, RoomId{7}, "gg"}});
  Bytes push = encode(LobbyMessage{Done{RequestId{9}}});
  return {
      LinkLogin{c.cert_b},
      LinkWelcome{},
      LinkAttach{42, c.ref.seat0.public_key(), "Ada", 0x0100007F},
      LinkDetach{42},
      LinkRequest{42, request},
      LinkDeliver{{42, 43}, push},
      LinkClose{43},
  };
}

TEST(LobbyNodeLink, EveryMessageRoundTripsAndEveryTruncationIsATypedError) {
  for (const LinkMessage& m : sample_link_messages()) {
    Bytes bytes = encode(m);
    auto back = decode_link_message(bytes);
    ASSERT_TRUE(back.ok()) << "tag " << int(bytes[0]) << ": " << describe(back.error());
    EXPECT_TRUE(*back == m) << "tag " << int(bytes[0]);
    EXPECT_EQ(decode_lobby_message(bytes).error(), WireError::wrong_kind);
    for (std::size_t n = 0; n < bytes.size(); ++n)
      EXPECT_FALSE(decode_link_message(std::span<const std::uint8_t>(bytes.data(), n)).ok()) << int(bytes[0]) << " " << n;
    Bytes longer = bytes;
    longer.push_back(0);
    EXPECT_EQ(decode_link_message(longer).error(), WireError::trailing_bytes);
  }
  // The shortcut encoders write what encode() writes.
  Bytes push = encode(LobbyMessage{Done{RequestId{9}}});
  std::vector<std::uint64_t> vcs{42, 43};
  EXPECT_EQ(encode_link_deliver(vcs, push), encode(LinkMessage{LinkDeliver{vcs, push}}));
  EXPECT_EQ(encode_link_request(42, push), encode(LinkMessage{LinkRequest{42, push}}));
  // A delivery to nobody, or claiming more recipients than its bytes hold, is refused.
  EXPECT_EQ(decode_link_message(encode_link_deliver({}, push)).error(), WireError::bad_value);
  game::ByteWriter w;
  write_header(w, WireTag::link_deliver);
  w.u32(60000);
  w.u64(1);
  EXPECT_EQ(decode_link_message(w.data()).error(), WireError::truncated);
}

TEST(LobbyMessages, ANodeListHoldsReachableAddressesOnly) {
  for (const char* bad : {"lobby:0", "*:7777", "no-port", "lobby-2.example.org:0028", "lobby:+1"}) {
    game::ByteWriter w;
    write_header(w, WireTag::node_list);
    w.u32(1);
    w.text(bad);
    EXPECT_EQ(decode_lobby_message(w.data()).error(), WireError::bad_value) << bad;
  }
  game::ByteWriter many;
  write_header(many, WireTag::node_list);
  many.u32(kMaxListedNodes + 1);
  EXPECT_EQ(decode_lobby_message(many.data()).error(), WireError::too_long);
}

TEST(LobbyMessages, EveryRequestRoundTripsCanonically) {
  for (const ClientMessage& m : sample_requests()) {
    Bytes bytes = encode(m);
    auto back = decode_client_message(bytes);
    ASSERT_TRUE(back.ok()) << "tag " << int(bytes[0]) << ": " << describe(back.error());
    EXPECT_TRUE(*back == m) << "tag " << int(bytes[0]);
    EXPECT_EQ(encode(*back), bytes);
    EXPECT_EQ(peek_request_id(bytes), request_id_of(m));
    EXPECT_EQ(decode_lobby_message(bytes).error(), WireError::wrong_kind);
  }
}

TEST(LobbyMessages, EveryLobbyMessageRoundTripsCanonically) {
  for (const LobbyMessage& m : sample_pushes()) {
    Bytes bytes = encode(m);
    auto back = decode_lobby_message(bytes);
    ASSERT_TRUE(back.ok()) << "tag " << int(bytes[0]) << ": " << describe(back.error());
    EXPECT_TRUE(*back == m) << "tag " << int(bytes[0]);
    EXPECT_EQ(encode(*back), bytes);
    EXPECT_EQ(decode_client_message(bytes).error(), WireError::wrong_kind);
  }
}

TEST(LobbyMessages, EveryTruncationAndEveryTrailingByteIsATypedError) {
  std::vector<Bytes> all;
  for (const auto& m : sample_requests()) all.push_back(encode(m));
  for (const auto& m : sample_pushes()) all.push_back(encode(m));
  for (const Bytes& full : all) {
    bool request = full[0] < 64;
    for (std::size_t n = 0; n < full.size(); ++n) {
      std::span<const std::uint8_t> cut(full.data(), n);
      bool ok = request ? decode_client_message(cut).ok() : decode_lobby_message(cut).ok();
      EXPECT_FALSE(ok) << "tag " << int(full[0]) << " cut at " << n;
    }
    Bytes longer = full;
    longer.push_back(0);
    auto err = request ? decode_client_message(longer).error() : decode_lobby_message(longer).error();
    EXPECT_EQ(err, WireError::trailing_bytes) << "tag " << int(full[0]);
  }
}

TEST(LobbyMessages, VersionAndTagAreChecked) {
  Bytes bytes = encode(ClientMessage{StatusQuery{RequestId{1}}});
  bytes[1] = 2;
  EXPECT_EQ(decode_client_message(bytes).error(), WireError::unsupported_version);
  bytes[0] = 200;
  EXPECT_EQ(decode_client_message(bytes).error(), WireError::wrong_kind);
  EXPECT_EQ(decode_client_message({}).error(), WireError::truncated);
  EXPECT_EQ(refusal_for(WireError::unsupported_version), Refusal::unsupported_version);
  EXPECT_EQ(refusal_for(WireError::wrong_kind), Refusal::unknown_message);
  EXPECT_EQ(refusal_for(WireError::too_long), Refusal::too_large);
  EXPECT_EQ(refusal_for(WireError::truncated), Refusal::malformed);
}

TEST(LobbyMessages, LengthsBeyondTheirBoundsAreRefusedBeforeAllocating) {
  // A chat claiming 4 GiB of text: too_long from the prefix alone.
  game::ByteWriter w;
  w.u8(static_cast<std::uint8_t>(WireTag::chat));
  w.u8(kWireVersion);
  w.u32(1);
  w.u64(7);
  w.u32(0xFFFFFFFF);
  EXPECT_EQ(decode_client_message(w.data()).error(), WireError::too_long);

  // An envelope body one byte over the limit.
  ReferenceChain ref;
  Envelope e = ref.envelope(EntryHash{});
  e.body.assign(kMaxEnvelopeBody + 1, 0);
  Bytes post = encode(ClientMessage{Post{RequestId{1}, RoomId{1}, sign_envelope(ref.seat0, e)}});
  EXPECT_EQ(decode_client_message(post).error(), WireError::too_long);
  e.body.resize(kMaxEnvelopeBody);
  post = encode(ClientMessage{Post{RequestId{1}, RoomId{1}, sign_envelope(ref.seat0, e)}});
  EXPECT_TRUE(decode_client_message(post).ok());
  EXPECT_LE(post.size(), kMaxMessageBytes);

  // A room list of more rooms than a page holds.
  game::ByteWriter list;
  list.u8(static_cast<std::uint8_t>(WireTag::room_list));
  list.u8(wire_version(WireTag::room_list));
  list.u32(1);
  list.u32(kMaxRoomsPerList + 1);
  EXPECT_EQ(decode_lobby_message(list.data()).error(), WireError::too_long);
}

// A page of rooms at every bound is one message; a room's options past the listed bound and a
// list in the format before names and options are refused.
TEST(LobbyMessages, ARoomListNamesItsSeatsWithinOneMessage) {
  RoomSummary largest{RoomId{~0ULL}, std::string(kMaxGameNameBytes, 'g'), {}, 65535, RoomPhase::waiting,
                      Bytes(kMaxListedOptionsBytes, 7)};
  largest.seats.assign(kMaxSeats, std::string(kMaxDisplayNameBytes, 'n'));
  const Bytes page = encode(LobbyMessage{RoomList{RequestId{1}, std::vector<RoomSummary>(kMaxRoomsPerList, largest), true}});
  EXPECT_LE(page.size(), kMaxMessageBytes);
  auto decoded = decode_lobby_message(page);
  ASSERT_TRUE(decoded.ok()) << describe(decoded.error());
  const auto& rooms = std::get<RoomList>(decoded.value()).rooms;
  ASSERT_EQ(rooms.size(), kMaxRoomsPerList);
  EXPECT_EQ(rooms[99], largest);
  EXPECT_EQ(rooms[99].seated(), kMaxSeats);

  RoomSummary one{RoomId{1}, "chess", {std::nullopt, "Ada"}, 0, RoomPhase::waiting, Bytes(kMaxListedOptionsBytes + 1, 7)};
  EXPECT_EQ(one.seat_count(), 2);
  EXPECT_EQ(one.seated(), 1);
  EXPECT_EQ(decode_lobby_message(encode(LobbyMessage{RoomList{RequestId{1}, {one}, false}})).error(), WireError::too_long);
  one.options = Bytes{};
  Bytes old_format = encode(LobbyMessage{RoomList{RequestId{1}, {one}, false}});
  EXPECT_TRUE(decode_lobby_message(old_format).ok());
  old_format[1] = 1;
  EXPECT_EQ(decode_lobby_message(old_format).error(), WireError::unsupported_version);
  one.seats.resize(1);
  EXPECT_EQ(decode_lobby_message(encode(LobbyMessage{RoomList{RequestId{1}, {one}, false}})).error(), WireError::bad_value);
  // A lobby takes only game names of [a-z0-9-]; another would reach a screen as it came.
  one.seats.resize(2);
  one.game = "chess\x1b[2J";
  EXPECT_EQ(decode_lobby_message(encode(LobbyMessage{RoomList{RequestId{1}, {one}, false}})).error(), WireError::bad_value);
  EXPECT_EQ(decode_lobby_message(encode(LobbyMessage{Queued{RequestId{1}, "Chess", 2, 1}})).error(), WireError::bad_value);
}

// The common room's lists have one encoding each: players strictly by key, each one's ratings
// strictly by game, queues strictly by (game, seats) and none empty; an activity is one of four.
TEST(LobbyMessages, TheCommonRoomsListsAreCanonical) {
  ReferenceChain ref;
  const auto players = sorted_players(ref);
  const auto bad = [](const LobbyMessage& m) { return decode_lobby_message(encode(m)).error(); };
  EXPECT_EQ(bad(PlayerList{RequestId{1}, {players[1], players[0]}, false}), WireError::bad_value);
  EXPECT_EQ(bad(PlayerList{RequestId{1}, {players[0], players[0]}, false}), WireError::bad_value);
  PlayerSummary unsorted = players[0];
  unsorted.ratings = {{"risiko", 1500, 350}, {"chess", 1712, 64}};
  EXPECT_EQ(bad(PlayerList{RequestId{1}, {unsorted}, false}), WireError::bad_value);
  unsorted.ratings = {{"chess", 1500, 350}, {"chess", 1712, 64}};
  EXPECT_EQ(bad(PlayerList{RequestId{1}, {unsorted}, false}), WireError::bad_value);
  unsorted.ratings = {{"Chess", 1500, 350}};
  EXPECT_EQ(bad(PlayerList{RequestId{1}, {unsorted}, false}), WireError::bad_value);
  PlayerSummary many = players[0];
  for (std::size_t i = 0; i <= kMaxRatingsPerPlayer; ++i) many.ratings.push_back({"g" + std::to_string(10 + i), 1500, 350});
  EXPECT_EQ(bad(PlayerList{RequestId{1}, {many}, false}), WireError::too_long);
  Bytes activity = encode(LobbyMessage{PlayerList{RequestId{1}, {players[1]}, false}});
  // tag, version, request, count, key, name (4 + 3 bytes), then the activity
  activity[2 + 4 + 4 + 32 + 4 + 3] = 4;
  EXPECT_EQ(decode_lobby_message(activity).error(), WireError::bad_value);
  PlayerList full{RequestId{1}, {}, false};
  for (std::size_t i = 0; i <= kMaxPlayersPerList; ++i) full.players.push_back(players[0]);
  EXPECT_EQ(bad(full), WireError::too_long);

  EXPECT_EQ(bad(LobbyPulse{RequestId{0}, 1, {QueueCount{"gunjin", 2, 1}, QueueCount{"chess", 2, 1}}}), WireError::bad_value);
  EXPECT_EQ(bad(LobbyPulse{RequestId{0}, 1, {QueueCount{"chess", 4, 1}, QueueCount{"chess", 2, 1}}}), WireError::bad_value);
  EXPECT_EQ(bad(LobbyPulse{RequestId{0}, 1, {QueueCount{"chess", 2, 1}, QueueCount{"chess", 2, 1}}}), WireError::bad_value);
  EXPECT_EQ(bad(LobbyPulse{RequestId{0}, 1, {QueueCount{"chess", 2, 0}}}), WireError::bad_value);
  EXPECT_EQ(bad(LobbyPulse{RequestId{0}, 1, {QueueCount{"chess", 7, 1}}}), WireError::bad_value);
  LobbyPulse crowded{RequestId{0}, 1, {}};
  for (std::size_t i = 0; i <= kMaxListedQueues; ++i) crowded.queues.push_back(QueueCount{"g" + std::to_string(10 + i), 2, 1});
  EXPECT_EQ(bad(crowded), WireError::too_long);

  Bytes watch = encode(ClientMessage{WatchLobby{RequestId{1}, true}});
  watch.back() = 2;
  EXPECT_EQ(decode_client_message(watch).error(), WireError::bad_value);
  Bytes after = encode(ClientMessage{ListPlayers{RequestId{1}, std::nullopt}});
  after.back() = 2;
  EXPECT_EQ(decode_client_message(after).error(), WireError::bad_value);
}

TEST(LobbyMessages, OutOfDomainFieldsAreBadValues) {
  Bytes create = encode(ClientMessage{CreateRoom{RequestId{1}, "chess", 2, {}, Visibility::public_room, {}}});
  // seats at offset 2+4+4+5 = 15
  create[15] = 7;
  EXPECT_EQ(decode_client_message(create).error(), WireError::bad_value);
  create[15] = 1;
  EXPECT_EQ(decode_client_message(create).error(), WireError::bad_value);
  Bytes ready = encode(ClientMessage{SetReady{RequestId{1}, RoomId{2}, true}});
  ready.back() = 2;
  EXPECT_EQ(decode_client_message(ready).error(), WireError::bad_value);
  Bytes refused = encode(LobbyMessage{Refused{RequestId{1}, Refusal::malformed, ""}});
  refused[6] = 0;  // reason 0 is no refusal
  EXPECT_EQ(decode_lobby_message(refused).error(), WireError::bad_value);
}

// Reserved seats make a CreateRoom of version 2: a request without them has the bytes it had
// before them (version 1), a lobby that knows them reads both, and an older one refuses the new
// form as unsupported_version instead of misreading it.
TEST(LobbyMessages, ReservedSeatsAreAVersionTwoCreateRoomWithAKeyForEverySeat) {
  ReferenceChain ref;
  const CreateRoom plain{RequestId{1}, "chess", 2, {}, Visibility::invite_only, {}};
  const Bytes old_bytes = encode(ClientMessage{plain});
  EXPECT_EQ(old_bytes.size(), 2u + 4 + 4 + 5 + 1 + 4 + 1);  // header, request, game, seats, options, visibility
  CreateRoom reserved = plain;
  reserved.reserved = {ref.seat0.public_key(), ref.seat1.public_key()};
  const Bytes with = encode(ClientMessage{reserved});
  EXPECT_EQ(old_bytes[1], 1);
  EXPECT_EQ(with[1], 2);
  EXPECT_TRUE(std::equal(old_bytes.begin() + 2, old_bytes.end(), with.begin() + 2));
  EXPECT_EQ(with.size(), old_bytes.size() + 1 + 2 * crypto::kPublicKeyBytes);
  EXPECT_EQ(std::get<CreateRoom>(decode_client_message(with).value()), reserved);
  Bytes count = with;
  count[old_bytes.size()] = 3;  // not the room's seat count
  EXPECT_EQ(decode_client_message(count).error(), WireError::bad_value);
  count[old_bytes.size()] = 0;  // present means a key a seat
  EXPECT_EQ(decode_client_message(count).error(), WireError::bad_value);
  EXPECT_EQ(decode_client_message(Bytes(with.begin(), with.end() - 1)).error(), WireError::truncated);
  Bytes version_one = with;  // the keys after a version-1 request are trailing bytes
  version_one[1] = 1;
  EXPECT_EQ(decode_client_message(version_one).error(), WireError::trailing_bytes);
  EXPECT_EQ(decode_client_message(Bytes(with.begin(), with.begin() + static_cast<long>(old_bytes.size()))).error(),
            WireError::truncated);
  Bytes point = with;
  std::fill(point.end() - 32, point.end(), 0);  // the identity element: no key
  EXPECT_EQ(decode_client_message(point).error(), WireError::invalid_key);
  Bytes refused = encode(LobbyMessage{Refused{RequestId{1}, Refusal::seat_reserved, ""}});
  EXPECT_EQ(std::get<Refused>(decode_lobby_message(refused).value()).reason, Refusal::seat_reserved);
}

TEST(LobbyMessages, PublicKeysMustBeValidPoints) {
  ReferenceChain ref;
  Bytes line = encode(LobbyMessage{ChatLine{RoomId{1}, ref.seat0.public_key(), "Ada", Role::player, "gg"}});
  // An all-zero key is a small-order point.
  std::fill(line.begin() + 10, line.begin() + 42, std::uint8_t{0});
  EXPECT_EQ(decode_lobby_message(line).error(), WireError::invalid_key);
}

TEST(LobbyMessages, ALoginOfProtocolOneIsRefusedAsAnotherVersion) {
  // Protocol 1's Login carried a key and a signature; its version byte says so.
  Bytes old = encode(ClientMessage{Login{RequestId{4}, "Ada"}});
  old[1] = 1;
  EXPECT_EQ(decode_client_message(old).error(), WireError::unsupported_version);
  EXPECT_EQ(refusal_for(WireError::unsupported_version), Refusal::unsupported_version);
  EXPECT_EQ(peek_request_id(old), RequestId{4});
}

// ---- text and endpoints ------------------------------------------------------------------

TEST(LobbyText, SanitisingRemovesControlsAndBidiAndFoldsSpaces) {
  EXPECT_EQ(*sanitize_display_name("  Ada   Lovelace \t"), "Ada Lovelace");
  EXPECT_EQ(*sanitize_display_name("Ad\x07" "a\n\rB"), "Ada B");
  // U+202E RIGHT-TO-LEFT OVERRIDE and U+200B ZERO WIDTH SPACE vanish; é stays.
  EXPECT_EQ(*sanitize_display_name("\xE2\x80\xAE" "gnip\xE2\x80\x8B" "Jos\xC3\xA9"), "gnipJos\xC3\xA9");
  EXPECT_EQ(sanitize_display_name("\xE2\x80\xAE \t").error(), TextError::empty);
  EXPECT_EQ(sanitize_display_name("").error(), TextError::empty);
  EXPECT_EQ(sanitize_display_name(std::string(33, 'a')).error(), TextError::too_long);
  EXPECT_TRUE(sanitize_display_name(std::string(32, 'a')).ok());
  // 32 code points of two bytes each are fine: the bound counts characters.
  std::string accents;
  for (int i = 0; i < 32; ++i) accents += "\xC3\xA9";
  EXPECT_TRUE(sanitize_display_name(accents).ok());
}

TEST(LobbyText, MalformedUtf8IsRefused) {
  for (std::string bad : {std::string("\xC0\xAF"), std::string("\xED\xA0\x80"), std::string("\xF4\x90\x80\x80"),
                          std::string("a\xE2\x82"), std::string("\xFF"), std::string("\x80")}) {
    EXPECT_EQ(sanitize_chat(bad).error(), TextError::invalid_utf8) << to_hex(as_bytes(bad));
  }
  EXPECT_EQ(*sanitize_chat("\xF0\x9F\x8E\xB2 roll"), "\xF0\x9F\x8E\xB2 roll");
}

TEST(LobbyText, GameNamesAndInviteCodes) {
  EXPECT_TRUE(is_valid_game_name("risiko"));
  EXPECT_TRUE(is_valid_game_name("gunjin-2"));
  EXPECT_FALSE(is_valid_game_name(""));
  EXPECT_FALSE(is_valid_game_name("Chess"));
  EXPECT_FALSE(is_valid_game_name(std::string(33, 'a')));
  EXPECT_TRUE(is_valid_invite_code("abcdefgh27"));
  EXPECT_FALSE(is_valid_invite_code("abcdefgh28"));
  EXPECT_FALSE(is_valid_invite_code("abc"));
}

TEST(LobbyEndpoint, ParsesHostAndPort) {
  EXPECT_EQ(*parse_endpoint("127.0.0.1:7777"), (Endpoint{"127.0.0.1", 7777}));
  EXPECT_EQ(*parse_endpoint("lobby.example.org:0"), (Endpoint{"lobby.example.org", 0}));
  EXPECT_EQ(parse_endpoint("127.0.0.1").error(), EndpointError::missing_port);
  EXPECT_EQ(parse_endpoint("127.0.0.1:65536").error(), EndpointError::bad_port);
  EXPECT_EQ(parse_endpoint("127.0.0.1:").error(), EndpointError::bad_port);
  EXPECT_EQ(parse_endpoint(":80").error(), EndpointError::bad_host);
  EXPECT_EQ(parse_endpoint("a b:80").error(), EndpointError::bad_host);
}

}  // namespace
}  // namespace parley::lobby

namespace parley::lobby {
namespace {

// The fuzz seeds are written by fuzz/lobby/make_seeds.py, a second implementation of the
// encodings: each must be a well-formed record (so the fuzzers start deep inside the decoders).
std::vector<Bytes> seeds_of(const std::string& target) {
  std::vector<Bytes> out;
  std::filesystem::path dir = std::filesystem::path(PARLEY_SOURCE_DIR) / "fuzz" / "lobby" / "corpus" / target;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(file.path(), std::ios::binary);
    out.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return out;
}

TEST(LobbyFuzzSeeds, EverySeedIsAWellFormedRecord) {
  auto client = seeds_of("lobby_client_message_fuzz");
  auto lobby = seeds_of("lobby_lobby_message_fuzz");
  auto envelopes = seeds_of("lobby_envelope_fuzz");
  auto entries = seeds_of("lobby_entry_fuzz");
  EXPECT_GE(client.size(), 8u);
  EXPECT_GE(lobby.size(), 8u);
  for (const Bytes& b : client) EXPECT_TRUE(decode_client_message(b).ok()) << "tag " << int(b.at(0));
  for (const Bytes& b : lobby) EXPECT_TRUE(decode_lobby_message(b).ok()) << "tag " << int(b.at(0));
  for (const Bytes& b : envelopes) EXPECT_TRUE(decode_signed_envelope(b).ok());
  for (const Bytes& b : entries) EXPECT_TRUE(decode_signed_entry(b).ok());
  // The handshake's: who reads, then the message.
  auto handshake = seeds_of("lobby_handshake_fuzz");
  ASSERT_EQ(handshake.size(), 4u);  // a client hello, a lobby hello (a single lobby and a certified node), a proof
  for (const Bytes& b : handshake) {
    const std::span<const std::uint8_t> m = std::span(b).subspan(1);
    const bool ok = b.at(0) == 0 ? decode_client_hello(m).ok() : b.at(0) == 1 ? decode_lobby_hello(m).ok() : decode_client_proof(m).ok();
    EXPECT_TRUE(ok) << "reader " << int(b.at(0));
  }
}

}  // namespace
}  // namespace parley::lobby
