// The pieces of the Gunjin protocol on their own: the army proof (multiset and gates), the
// duel's table from the battle table, the move-proof kind sets at the HQ, and every encoding (round
// trips of real messages, and every truncation, bad version and trailing byte refused).
#include <gtest/gtest.h>

#include "peer/session/gunjin_messages.hpp"
#include "peer/session/gunjin_protocol.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"

namespace parley::peer {
namespace {

using namespace game::gunjin;

crypto::SessionId session_of(std::uint8_t tag) {
  crypto::SessionId id;
  id.bytes.fill(tag);
  return id;
}

Layout legal_layout() {
  std::mt19937_64 rng(5);
  return random_layout(rng);
}

TEST(GunjinArmy, AnHonestArmyProofVerifiesOnlyForItsSessionAndSeat) {
  const auto army = commit_army(legal_layout());
  auto proof = prove_army(session_of(1), Seat{0}, army.commitments, army.openings);
  ASSERT_TRUE(proof);
  EXPECT_TRUE(verify_army(session_of(1), Seat{0}, army.commitments, *proof));
  EXPECT_FALSE(verify_army(session_of(2), Seat{0}, army.commitments, *proof));
  EXPECT_FALSE(verify_army(session_of(1), Seat{1}, army.commitments, *proof));
  // Another army's commitments with this proof.
  const auto other = commit_army(legal_layout());
  EXPECT_FALSE(verify_army(session_of(1), Seat{0}, other.commitments, *proof));
}

TEST(GunjinArmy, EveryWrongMultisetFailsTheProof) {
  const Layout layout = legal_layout();
  // Each slot in turn given each other kind: a second 大将, a third mine, a missing flag, …
  for (std::uint8_t slot = 0; slot < kArmySize; slot += 11) {
    for (Kind k : kAllKinds) {
      if (k == layout[slot] || ((slot == 18 || slot == 21) && !can_move(k))) continue;
      Layout wrong = layout;
      wrong[slot] = k;
      const auto army = commit_army(wrong);
      auto proof = prove_army(session_of(1), Seat{1}, army.commitments, army.openings);
      ASSERT_TRUE(proof);
      EXPECT_FALSE(verify_army(session_of(1), Seat{1}, army.commitments, *proof))
          << "slot " << int(slot) << " as " << english_name(k);
    }
  }
  // Two slots swapped: the same multiset, still a legal army.
  Layout swapped = layout;
  std::swap(swapped[0], swapped[1]);
  const auto army = commit_army(swapped);
  EXPECT_TRUE(verify_army(session_of(1), Seat{1}, army.commitments,
                          *prove_army(session_of(1), Seat{1}, army.commitments, army.openings)));
}

TEST(GunjinArmy, AnImmovablePieceOnAGateCannotBeProvenAndAForgedGateProofFails) {
  Layout layout = legal_layout();
  const auto mine = std::find(layout.begin(), layout.end(), Kind::mine) - layout.begin();
  std::swap(layout[18], layout[static_cast<std::size_t>(mine)]);
  const auto army = commit_army(layout);
  EXPECT_FALSE(prove_army(session_of(1), Seat{0}, army.commitments, army.openings).ok());
  // The cheater proves the gate with an opening of a movable kind that is not its commitment's.
  ArmyOpenings lie = army.openings;
  lie[18] = crypto::PedersenOpening{index_of(Kind::captain), crypto::Scalar::random()};
  auto proof = prove_army(session_of(1), Seat{0}, army.commitments, lie);
  ASSERT_TRUE(proof);
  EXPECT_FALSE(verify_army(session_of(1), Seat{0}, army.commitments, *proof));
}

TEST(GunjinArmy, AnAlteredProofFails) {
  const auto army = commit_army(legal_layout());
  const ArmyProof proof = *prove_army(session_of(1), Seat{0}, army.commitments, army.openings);
  ArmyProof altered = proof;
  altered.products[4] = altered.products[4] + crypto::Point::base();
  EXPECT_FALSE(verify_army(session_of(1), Seat{0}, army.commitments, altered));
  altered = proof;
  std::swap(altered.steps[3], altered.steps[4]);
  EXPECT_FALSE(verify_army(session_of(1), Seat{0}, army.commitments, altered));
  altered = proof;
  std::swap(altered.gates[0], altered.gates[1]);
  EXPECT_FALSE(verify_army(session_of(1), Seat{0}, army.commitments, altered));
}

TEST(GunjinDuelTable, IsSeedOnesTableWithTheFlagRule) {
  const crypto::DuelRules rules = duel_rules(Options{});
  const BattleTable table = battle_table(Options{});
  for (std::size_t b = 0; b < kEffectiveKindCount; ++b)
    for (std::size_t a = 0; a < kKindCount; ++a) {
      const auto& cell = rules.outcome[b][a];
      ASSERT_EQ(cell.has_value(), table[b][a].has_value()) << b << "," << a;
      if (cell) {
        EXPECT_EQ(static_cast<int>(*cell), static_cast<int>(*table[b][a])) << b << "," << a;
      }
    }
  EXPECT_EQ(rules.flag_kind, index_of(Kind::flag));
  auto at = [&](std::uint32_t defender, Kind attacker) { return rules.outcome[defender][index_of(attacker)]; };
  using O = crypto::DuelOutcome;
  // Cells read off the battle table of docs/gunjin.md (rows = defender, columns = attacker).
  EXPECT_EQ(at(index_of(Kind::general), Kind::spy), O::attacker_wins);     // 大将 row, スパイ column: 2
  EXPECT_EQ(at(index_of(Kind::spy), Kind::general), O::defender_stays);    // スパイ row, 大将 column: 0
  EXPECT_EQ(at(index_of(Kind::general), Kind::general), O::both_removed);  // 1 on the diagonal
  EXPECT_EQ(at(index_of(Kind::mine), Kind::plane), O::attacker_wins);      // 地雷 row, 飛行機: 2
  EXPECT_EQ(at(index_of(Kind::mine), Kind::engineer), O::attacker_wins);   // 地雷 row, 工兵: 2
  EXPECT_EQ(at(index_of(Kind::mine), Kind::general), O::defender_stays);   // 地雷 row, 大将: 0
  EXPECT_EQ(at(index_of(Kind::plane), Kind::tank), O::defender_stays);     // 飛行機 row, タンク: 0
  EXPECT_EQ(at(index_of(Kind::engineer), Kind::tank), O::attacker_wins);   // 工兵 row, タンク: 2
  // 9, the flag: a lone flag loses to every attacker that moves.
  for (Kind k : kAllKinds)
    if (can_move(k)) {
      EXPECT_EQ(at(crypto::kLoneFlagIndex, k), O::attacker_wins) << english_name(k);
    }
  // The variants change the table the duel uses.
  Options variant;
  variant.engineer_beats_tank = true;
  EXPECT_EQ(duel_rules(variant).outcome[index_of(Kind::engineer)][index_of(Kind::tank)], O::defender_stays);
}

TEST(GunjinMoveKinds, EnteringTheEnemyHqSplitsOfficersFromTheRest) {
  // Seat 0's 大尉 one step below seat 1's HQ (square 43 covers row 7, columns 2 and 3).
  const std::array<PlacedPiece, 2> pieces = {PlacedPiece{Seat{0}, 0, Kind::captain, Square{38}},
                                             PlacedPiece{Seat{1}, 0, Kind::flag, Square{45}}};
  State s = State::arrange(Options{}, pieces, Seat{0}).value();
  const KindSet officers = move_kinds(s, Seat{0}, Square{38}, Square{43}, true);
  const KindSet others = move_kinds(s, Seat{0}, Square{38}, Square{43}, false);
  EXPECT_EQ(officers, KindSet::hq_occupiers());
  EXPECT_TRUE((officers & others).empty());
  EXPECT_TRUE(others.contains(Kind::captain));
  EXPECT_FALSE(others.contains(Kind::mine));
  // Anywhere else the claim narrows nothing.
  EXPECT_EQ(move_kinds(s, Seat{0}, Square{38}, Square{37}, false), kinds_for_move(Seat{0}, Square{38}, Square{37}, s.occupancy()));
}

// Every message a real game sent decodes and re-encodes to the same bytes; every shorter prefix,
// a longer one, and another version are refused with a typed error.
TEST(GunjinMessages, RealMessagesRoundTripAndDamagedOnesAreRefused) {
  testing::GunjinTable t(testing::tracking_agent(1), testing::tracking_agent(2));
  t.run(80);
  std::set<std::size_t> kinds;
  for (const ActionRecord& a : t.session->actions()) {
    auto decoded = decode_gunjin_message(a.message);
    ASSERT_TRUE(decoded) << crypto::describe(decoded.error());
    kinds.insert(decoded->index());
    EXPECT_EQ(encode(*decoded), a.message);
    // Prefixes at a spread of lengths (all of them for the short messages).
    const std::size_t step = a.message.size() > 400 ? 37 : 1;
    for (std::size_t n = 0; n < a.message.size(); n += step)
      EXPECT_FALSE(decode_gunjin_message(std::span(a.message).first(n)).ok()) << n;
    Bytes longer = a.message;
    longer.push_back(0);
    EXPECT_EQ(decode_gunjin_message(longer).error(), crypto::WireError::trailing_bytes);
    Bytes version = a.message;
    version[0] = 2;
    EXPECT_EQ(decode_gunjin_message(version).error(), crypto::WireError::unsupported_version);
  }
  // Army proofs, moves and every step of an undisputed duel.
  for (std::size_t k = 0; k <= 5; ++k) EXPECT_TRUE(kinds.count(k)) << "no message with tag " << k + 1;
  const Bytes unknown_tag = {1, 13};
  EXPECT_EQ(decode_gunjin_message(unknown_tag).error(), crypto::WireError::wrong_kind);
  const Bytes bad_flag = {1, 2, 3, 9, 2};  // a move whose "officer" byte is 2
  EXPECT_EQ(decode_gunjin_message(bad_flag).error(), crypto::WireError::bad_value);
  const Bytes off_board = {1, 2, 46, 9, 0, 0, 0};
  EXPECT_EQ(decode_gunjin_message(off_board).error(), crypto::WireError::bad_value);
}

TEST(GunjinMessages, SetupsOptionsAndOpeningsRoundTrip) {
  const auto army = commit_army(legal_layout());
  const Bytes setup = encode_hidden_setup(army.commitments);
  EXPECT_EQ(setup.size(), 1 + 23 * 32U);
  EXPECT_EQ(*decode_hidden_setup(setup), army.commitments);
  EXPECT_FALSE(decode_hidden_setup(std::span(setup).first(setup.size() - 1)).ok());
  Bytes bad_point = setup;
  bad_point[1] ^= 0xff;
  EXPECT_FALSE(decode_hidden_setup(bad_point).ok());

  const Bytes openings = encode_army_openings(army.openings);
  EXPECT_EQ(*decode_army_openings(openings), army.openings);
  Bytes bad_kind = openings;
  bad_kind[1] = 16;
  EXPECT_EQ(decode_army_openings(bad_kind).error(), crypto::WireError::bad_value);

  EXPECT_EQ(*decode_gunjin_room_options({}), GunjinRoomOptions{});
  GunjinRoomOptions options;
  options.variants.mine_removes_both = true;
  options.open_pieces = true;
  EXPECT_EQ(*decode_gunjin_room_options(encode(options)), options);
  const Bytes unknown_variant = {1, 0x08, 0};
  EXPECT_FALSE(decode_gunjin_room_options(unknown_variant).ok());
  const Bytes open_layout = encode_open_setup(legal_layout());
  EXPECT_EQ(*decode_open_setup(open_layout), legal_layout());
}

}  // namespace
}  // namespace parley::peer
