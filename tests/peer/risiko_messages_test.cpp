// Risiko's session messages and room options: every kind round-trips through its canonical
// bytes, and each kind of malformed input is a typed error.
#include <gtest/gtest.h>

#include "crypto/shuffle.hpp"
#include "peer/session/game_module.hpp"
#include "peer/session/risiko_rules.hpp"
#include "tests/peer/risiko_users_map.hpp"

namespace parley::peer::risiko {
namespace {

crypto::SessionId session() {
  crypto::SessionId s;
  s.bytes.fill(0x5E);
  return s;
}

crypto::DeckContext context() { return {session(), crypto::derive_deck_id(session(), 1)}; }

crypto::ChainValue chain_value(std::uint8_t fill) {
  crypto::ChainValue v;
  v.bytes.fill(fill);
  return v;
}

// One message of every kind, built from real keys, shuffles, shares and sealed boxes.
std::vector<Message> one_of_each() {
  const auto key = crypto::DeckKey::generate();
  const auto announcement = crypto::announce_deck_key(context(), Seat{0}, key);
  std::vector<crypto::DeckKeyAnnouncement> keys{announcement};
  const auto joint = crypto::JointKey::combine(context(), keys).value();
  const crypto::CardTable table(context().deck, 5);
  const auto shuffled = crypto::shuffle_deck(context(), Seat{0}, joint, crypto::open_deck(table),
                                             crypto::ShuffleArgument::permutation);
  const auto share = crypto::make_share(context(), Seat{0}, key, crypto::CardPosition{2}, shuffled.cards[2]);
  const auto box_a = crypto::EphemeralKeyPair::generate();
  const auto box_b = crypto::EphemeralKeyPair::generate();
  const auto sealed = crypto::seal_share(context(), crypto::CardPosition{2}, Seat{0}, share, Seat{0}, box_a, Seat{1},
                                         box_b.public_key());
  PlacementRevealMessage reveal;
  reveal.placement = rk::encode_action(rk::Action{rk::PlaceArmies{Seat{1}, {{rk::TerritoryId{3}, 7}}}});
  reveal.nonce.fill(0x99);
  return {
      DeckKeyMessage{announcement, chain_value(1), 4096, box_a.public_key()},
      ShuffleMessage{{DeckShuffle{1, shuffled.cards, shuffled.proof}}},
      SharesMessage{{ShareEntry{1, 2, share}}},
      PlacementCommitMessage{crypto::HashCommitment{chain_value(2).bytes}},
      reveal,
      AttackMessage{rk::AttackOrder{Seat{2}, rk::TerritoryId{4}, rk::TerritoryId{5}, 3}, chain_value(3)},
      AttackMessage{rk::MultiAttackOrder{Seat{2}, rk::TerritoryId{4}, rk::TerritoryId{5}, 2}, chain_value(4)},
      DiceMessage{17, chain_value(5)},
      PlayMessage{rk::EndTurn{Seat{1}}},
      PlayMessage{rk::MoveIn{Seat{1}, 3}},
      PlayMessage{rk::MoveArmies{Seat{1}, rk::TerritoryId{1}, rk::TerritoryId{2}, 4}},
      TradeMessage{{0, 1, 2}, {rk::CardId{1}, rk::CardId{2}, rk::CardId{42}}, {share, share, share}},
      ClaimMessage{rk::MissionId{3}, share},
      LeaveMessage{std::nullopt},
      LeaveMessage{key.secret()},
      TransferMessage{{sealed, sealed}},
      DisputeMessage{},
      DisputeRevealMessage{{share}},
  };
}

TEST(RisikoMessages, EveryKindRoundTripsCanonically) {
  for (const Message& m : one_of_each()) {
    const Bytes bytes = encode(m);
    auto back = decode_message(bytes);
    ASSERT_TRUE(back.ok()) << kind_name(m) << ": " << describe(back.error());
    EXPECT_EQ(back->index(), m.index());
    EXPECT_EQ(encode(*back), bytes) << kind_name(m);
  }
}

TEST(RisikoMessages, MalformedInputIsATypedError) {
  const Bytes end_turn = encode(Message{PlayMessage{rk::EndTurn{Seat{1}}}});
  EXPECT_EQ(decode_message(Bytes{}).error(), MessageError::truncated);
  Bytes version = end_turn;
  version[0] = 2;
  EXPECT_EQ(decode_message(version).error(), MessageError::unsupported_version);
  for (std::uint8_t kind : {0, 15, 255}) {
    Bytes unknown = end_turn;
    unknown[1] = kind;
    EXPECT_EQ(decode_message(unknown).error(), MessageError::unknown_kind) << int(kind);
  }
  Bytes trailing = end_turn;
  trailing.push_back(0);
  EXPECT_EQ(decode_message(trailing).error(), MessageError::trailing_bytes);
  Bytes cut(end_turn.begin(), end_turn.end() - 1);
  EXPECT_FALSE(decode_message(cut).ok());

  // A play message may carry only a play: not a claim, which needs the mission's share.
  game::ByteWriter claim;
  claim.u8(1);
  claim.u8(8);
  claim.bytes(rk::encode_action(rk::Action{rk::ClaimVictory{Seat{0}, rk::MissionId{1}}}));
  EXPECT_EQ(decode_message(claim.data()).error(), MessageError::bad_value);

  // Counts outside their bounds, before anything is allocated.
  EXPECT_EQ(decode_message(Bytes{1, 2, 0}).error(), MessageError::bad_value);     // no deck shuffled
  EXPECT_EQ(decode_message(Bytes{1, 2, 3}).error(), MessageError::bad_value);     // three decks
  EXPECT_EQ(decode_message(Bytes{1, 3, 65, 0}).error(), MessageError::bad_value);  // 65 shares
  EXPECT_EQ(decode_message(Bytes{1, 12, 0}).error(), MessageError::bad_value);    // no card handed over
  EXPECT_EQ(decode_message(Bytes{1, 11, 2}).error(), MessageError::bad_value);    // leave flag 2
  EXPECT_EQ(decode_message(Bytes{1, 14, 0}).error(), MessageError::bad_value);    // no share revealed

  // A chain length of 0 in a key message.
  auto messages = one_of_each();
  auto key = std::get<DeckKeyMessage>(messages[0]);
  key.chain_length = 0;
  EXPECT_EQ(decode_message(encode(Message{key})).error(), MessageError::bad_value);

  // An embedded share whose point is no canonical encoding (version, kind, mission, length,
  // then the share's own tag and version, then the point).
  Bytes claim_bytes = encode(messages[12]);
  std::fill(claim_bytes.begin() + 9, claim_bytes.begin() + 9 + 32, 0xFF);
  EXPECT_EQ(decode_message(claim_bytes).error(), MessageError::bad_field);

  // A length beyond its bound.
  Bytes long_reveal{1, 5, 0xFF, 0xFF, 0xFF, 0x7F};
  EXPECT_EQ(decode_message(long_reveal).error(), MessageError::too_long);
}

TEST(RisikoOptions, EncodeDecodeAndTheRooms) {
  EXPECT_EQ(*decode_risiko_options({}), RisikoOptions{});
  RisikoOptions classic;
  classic.dice = game::risiko::DiceRule::classic;
  EXPECT_EQ(*decode_risiko_options(encode(classic)), classic);
  Bytes bad_dice = encode(classic);
  bad_dice.back() = 2;
  EXPECT_FALSE(decode_risiko_options(bad_dice).ok());

  RoomOptions room;
  EXPECT_TRUE(make_rules("risiko", 3, room).ok());
  EXPECT_TRUE(make_rules("risiko", 6, room).ok());
  EXPECT_EQ(make_rules("risiko", 2, room).error(), RulesError::bad_seat_count);
  EXPECT_EQ(make_rules("risiko", 7, room).error(), RulesError::bad_seat_count);
  RisikoOptions atlantis;
  atlantis.map = "atlantis";
  room.game_options = encode(atlantis);
  EXPECT_EQ(make_rules("risiko", 3, room).error(), RulesError::bad_options);
  room.game_options = encode(classic);
  auto rules = make_rules("risiko", 4, room);
  ASSERT_TRUE(rules.ok());
  EXPECT_EQ(dynamic_cast<const RisikoRules&>(**rules).options(), classic);
}


TEST(RisikoOptions, AUsersMapTravelsWholeInTheOptionsAndEveryPeerBuildsTheSameWorld) {
  auto chosen = custom_map_options(testing::kIslandsMap, game::risiko::DiceRule::classic);
  ASSERT_TRUE(chosen.ok()) << describe(chosen.error());
  EXPECT_EQ(chosen->custom_map.find('#'), std::string::npos);  // formatted: no comments
  EXPECT_EQ(*decode_risiko_options(encode(*chosen)), *chosen);

  RoomOptions room;
  room.game_options = encode(*chosen);
  // Through the room options as the genesis entry carries them.
  auto decoded_room = decode_room_options(encode(room));
  ASSERT_TRUE(decoded_room.ok());
  auto rules = make_rules("risiko", 3, *decoded_room);
  ASSERT_TRUE(rules.ok());
  const auto& risiko = dynamic_cast<const RisikoRules&>(**rules);
  EXPECT_EQ(risiko.state().world->territory_count(), 9u);
  EXPECT_EQ(risiko.state().world->fingerprint(), game::risiko::parse_map(testing::kIslandsMap)->fingerprint());
  EXPECT_EQ(risiko.state().options.dice, game::risiko::DiceRule::classic);
  // The map supports three players only.
  EXPECT_EQ(make_rules("risiko", 4, *decoded_room).error(), RulesError::bad_seat_count);

  // A bad file is refused with its error and line before any room exists.
  std::string broken(testing::kIslandsMap);
  broken.replace(broken.find("border n1 n2"), 12, "border n1 x9");
  auto refused = custom_map_options(broken, game::risiko::DiceRule::risiko);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, MapChoiceError::Kind::bad_map);
  EXPECT_EQ(refused.error().map.kind, game::risiko::MapErrorKind::unknown_territory);
  EXPECT_EQ(refused.error().map.line, 16u);
  // The words for people name the line.
  EXPECT_NE(describe(refused.error()).find(std::to_string(refused.error().map.line)), std::string::npos);

  // Carried text that is not a map: the options decode, the rules refuse them.
  RisikoOptions junk;
  junk.custom_map = "risiko-map 1\nterritory";
  room.game_options = encode(junk);
  EXPECT_EQ(make_rules("risiko", 3, room).error(), RulesError::bad_options);

  // One encoding per choice: an empty carried map, or a carried map beyond the bound, is refused.
  Bytes empty_custom{2, 0, 0, 0, 0, 0};
  EXPECT_FALSE(decode_risiko_options(empty_custom).ok());
  junk.custom_map.assign(kMaxCustomMapBytes + 1, 'x');
  EXPECT_EQ(decode_risiko_options(encode(junk)).error(), game::DecodeError::too_long);
}

TEST(RisikoOptions, AMapTooLargeForARoomIsRefusedWithItsSize) {
  // Valid, but 240 territories with long names do not fit a room's options.
  std::string text = "risiko-map 1\ncontinent c 1 \"C\"\n";
  for (int i = 0; i < 240; ++i)
    text += "territory t" + std::to_string(i) + " c infantry \"" + std::string(60, 'n') + "\"\n";
  for (int i = 1; i < 240; ++i) text += "border t" + std::to_string(i - 1) + " t" + std::to_string(i) + "\n";
  text += "start_armies 3 80\nmission occupy 10\nmission occupy 11\nmission occupy 12\n";
  ASSERT_TRUE(game::risiko::parse_map(text).ok());
  auto refused = custom_map_options(text, game::risiko::DiceRule::risiko);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, MapChoiceError::Kind::too_large);
  EXPECT_GT(refused.error().bytes, kMaxCustomMapBytes);
}

}  // namespace
}  // namespace parley::peer::risiko
