// Each single cheat of one seat in an otherwise honest Risiko game: the session (every live
// peer) blames that seat at that entry, the game goes on without it, and `parley verify` names
// the same seat and entry.
#include <gtest/gtest.h>

#include "crypto/group.hpp"
#include "games/risiko/module.hpp"
#include "tests/peer/risiko_honest_end.hpp"
#include "tests/peer/risiko_table.hpp"

namespace parley::peer {
namespace {

using testing::RisikoTable;
using namespace risiko;

enum class Cheat {
  attacker_dice,     // the attacker's chain value is not the next one of its chain
  defender_dice,     // the answering seat's chain value is not the next one of its chain
  biased_shuffle,    // two cards of the shuffled deck swapped after the proof was made
  false_share,       // a card share whose DLEQ proof does not hold
  false_claim,       // a mission claim for a mission the seat does not hold
  false_trade,       // a trade naming cards the seat does not hold
  over_placement,    // an initial placement with one army more than the allowance
  foreign_attack,    // an attack from a territory the seat does not own
  sealed_garbage,    // a hand-over whose sealed shares do not open (settled by a public reveal)
  false_hand_over,   // the same, and the public reveal's shares are false too
};

class CheatingBot final : public RisikoBot {
 public:
  explicit CheatingBot(Cheat cheat) : cheat_(cheat) {}
  bool cheated() const { return cheated_; }

  std::optional<Bytes> act(const Session& session, Seat me) override {
    auto bytes = RisikoBot::act(session, me);
    if (!bytes || cheated_) return bytes;
    auto message = decode_message(*bytes);
    if (!message) return bytes;
    if (tamper(parley::games::risiko::rules_of(session), me, *message)) {
      // A hand-over cheat is complete when the dispute has been answered.
      cheated_ = cheat_ != Cheat::false_hand_over || std::holds_alternative<DisputeRevealMessage>(*message);
      return encode(*message);
    }
    return bytes;
  }

 protected:
  rk::PlaceArmies place_initially(const rk::State& state, Seat me) override {
    rk::PlaceArmies p = RisikoBot::place_initially(state, me);
    if (cheat_ == Cheat::over_placement) {
      p.placements.front().armies += 1;
      cheated_ = true;
    }
    return p;
  }

 private:
  bool tamper(const RisikoRules& rules, Seat me, risiko::Message& m) {
    switch (cheat_) {
      case Cheat::attacker_dice:
        if (auto* a = std::get_if<AttackMessage>(&m)) return a->value.bytes[0] ^= 1, true;
        return false;
      case Cheat::defender_dice:
        if (auto* d = std::get_if<DiceMessage>(&m)) return d->value.bytes[7] ^= 0x80, true;
        return false;
      case Cheat::biased_shuffle:
        if (auto* s = std::get_if<ShuffleMessage>(&m))
          return std::swap(s->decks[0].cards[0], s->decks[0].cards[1]), true;
        return false;
      case Cheat::false_share:
        if (auto* s = std::get_if<SharesMessage>(&m)) {
          s->shares[0].share.share = s->shares[0].share.share + crypto::Point::base();
          return true;
        }
        return false;
      case Cheat::false_claim: {
        if (!rules.deciding(me) || rules.state().table.phase != rk::Phase::attack) return false;
        auto real = agent_.mission(rules, me);
        if (!real) return false;
        const rk::MissionId other{static_cast<std::uint8_t>((real->value + 1) % rules.world().missions.size())};
        m = *agent_.claim(rules, me, other);  // its own mission's share, another mission's name
        return true;
      }
      case Cheat::false_trade: {
        const rk::State s = agent_.knowledge(rules, me);
        const auto& cards = s.secrets[me.index].cards;
        if (!rules.deciding(me) || s.table.phase != rk::Phase::place_armies || cards.size() < 3) return false;
        // Three cards it does not hold: the two jokers and a card not in its hand.
        std::vector<rk::CardId> fake;
        for (std::size_t c = rules.world().cards.size(); c-- > 0 && fake.size() < 3;) {
          const rk::CardId id{static_cast<std::uint8_t>(c)};
          if (std::find(cards.begin(), cards.end(), std::optional(id)) == cards.end()) fake.push_back(id);
        }
        auto trade = agent_.trade(rules, me, rk::TradeCards{me, {0, 1, 2}, {*cards[0], *cards[1], *cards[2]}});
        auto& t = std::get<TradeMessage>(*trade);
        std::copy(fake.begin(), fake.end(), t.cards.begin());
        m = t;
        return true;
      }
      case Cheat::over_placement: return false;
      case Cheat::sealed_garbage:
      case Cheat::false_hand_over:
        if (auto* t = std::get_if<TransferMessage>(&m)) {
          for (auto& sealed : t->transfers) sealed.sealed.ciphertext.back() ^= 1;
          return true;
        }
        if (auto* r = std::get_if<DisputeRevealMessage>(&m); r && cheat_ == Cheat::false_hand_over) {
          r->shares[0].share = r->shares[0].share + crypto::Point::base();
          return true;
        }
        return false;
      case Cheat::foreign_attack:
        if (auto* a = std::get_if<AttackMessage>(&m)) {
          // From the enemy territory it meant to attack, into one of that territory's neighbours.
          auto& order = std::get<rk::MultiAttackOrder>(a->order);
          order.from = order.to;
          order.to = rules.world().country(order.from).neighbours.front();
          return true;
        }
        return false;
    }
    return false;
  }

  Cheat cheat_;
  bool cheated_ = false;
};

struct Case {
  const char* name;
  Cheat cheat;
  std::size_t seats;
  RefusalCode code;  // the rules' refusal the seat is blamed for
};

class RisikoCheat : public ::testing::TestWithParam<Case> {};

TEST_P(RisikoCheat, TheCheaterIsNamedAtItsEntryLiveAndByTheVerifier) {
  const Case& c = GetParam();
  // A seat that never meets the occasion in one game (no conquest, no third card) meets it in
  // another; a handful of games is plenty.
  for (int attempt = 0; attempt < 6; ++attempt) {
    RisikoTable t(c.seats);
    const Seat cheater{1};
    auto bot = std::make_unique<CheatingBot>(c.cheat);
    CheatingBot* cheat = bot.get();
    t.players[cheater.index] = std::move(bot);
    if (!t.run_until([&] { return cheat->cheated() && t.last_post[cheater.index].has_value() &&
                                  t.session->seat(cheater).out(); }) &&
        !cheat->cheated())
      continue;
    // With a placement, the cheat is committed first and caught when revealed.
    const auto& blame = t.session->seat(cheater).blame;
    ASSERT_TRUE(blame.has_value()) << c.name;
    EXPECT_EQ(blame->index, *t.last_post[cheater.index]);
    EXPECT_EQ(blame->offence, Offence::illegal_action);
    EXPECT_EQ(testing::refusal_of(blame), c.code) << blame->detail;
    for (std::uint8_t i = 0; i < c.seats; ++i)
      if (i != cheater.index) {
        EXPECT_FALSE(t.session->seat(Seat{i}).blame.has_value()) << "seat " << int(i);
      }

    // The others play on to a result; the log names the same seat and entry.
    t.run();
    ASSERT_EQ(t.session->phase(), Phase::complete);
    const VerifyReport report = verify(t.lobby.log());
    EXPECT_TRUE(report.valid) << report.fault;
    ASSERT_EQ(report.seats.size(), c.seats);
    EXPECT_EQ(report.seats[cheater.index].kind, SeatVerdict::Kind::blamed);
    EXPECT_EQ(report.seats[cheater.index].index, blame->index);
    EXPECT_EQ(report.seats[cheater.index].refusal, c.code);
    for (std::uint8_t i = 0; i < c.seats; ++i)
      if (i != cheater.index) {
        EXPECT_EQ(report.seats[i].kind, SeatVerdict::Kind::honest);
      }
    return;
  }
  FAIL() << "the cheater never had the occasion to cheat";
}

// Every seat hands its cards over badly when it is eliminated: the first that does is caught.
// Sealed garbage alone cannot be pinned on anyone (only the recipient sees the box), so the
// recipient disputes it and the eliminated seat must reveal the shares in public: honest shares
// settle it (the cards become public, nobody is blamed); false ones name the eliminated seat.
void hand_over_game(Cheat cheat) {
  for (int attempt = 0; attempt < 10; ++attempt) {
    RisikoTable t(6);
    const std::vector<CheatingBot*> bots = testing::seat_bots<CheatingBot>(t, cheat);
    auto cheater = [&]() -> std::optional<Seat> {
      for (std::uint8_t i = 0; i < bots.size(); ++i)
        if (bots[i]->cheated()) return Seat{i};
      return std::nullopt;
    };
    auto settled = [&] {
      const RisikoRules& r = t.rules();
      return cheater() && !r.pending_transfer() && !r.disputable() && !r.pending_dispute() &&
             t.last_post[cheater()->index].has_value();
    };
    if (!t.run_until(settled)) continue;
    const Seat x = *cheater();
    if (cheat == Cheat::false_hand_over) {
      ASSERT_TRUE(t.session->seat(x).blame.has_value());
      EXPECT_EQ(t.session->seat(x).blame->index, *t.last_post[x.index]);
      // Its public reveal of the first card's share fails that share's proof.
      EXPECT_EQ(testing::refusal_of(t.session->seat(x).blame), RefusalCode(RisikoRefusal::card_share_fails))
          << t.session->seat(x).blame->detail;
      EXPECT_EQ(t.session->seat(x).blame->refused->detail,
                (std::vector<std::string>{std::string(kind_name(risiko::Message{DisputeRevealMessage{}})), "1"}));
    } else {
      EXPECT_TRUE(t.blames().empty());
      // The revealed shares are public now, and the conqueror knows its cards.
      std::size_t revealed = 0;
      for (const auto& [where, deal] : t.rules().deals()) revealed += deal.public_holder_share.has_value();
      EXPECT_GT(revealed, 0u);
    }
    t.run();
    ASSERT_EQ(t.session->phase(), Phase::complete);
    const VerifyReport report = verify(t.lobby.log());
    EXPECT_TRUE(report.valid) << report.fault;
    EXPECT_EQ(report.seats[x.index].kind,
              cheat == Cheat::false_hand_over ? SeatVerdict::Kind::blamed : SeatVerdict::Kind::honest);
    return;
  }
  FAIL() << "nobody was eliminated holding cards in ten games";
}

TEST(RisikoHandOver, SealedGarbageIsDisputedAndSettledInPublic) { hand_over_game(Cheat::sealed_garbage); }
TEST(RisikoHandOver, AFalseRevealNamesTheEliminatedSeat) { hand_over_game(Cheat::false_hand_over); }

// A conqueror that disputes every hand-over it receives, although the sealed shares open and
// prove: a false dispute. Only the recipient can open the boxes, so nobody can tell a false
// complaint from a false box; the design (docs/risiko.md, "Disputed hand-overs") settles it by
// the eliminated seat's public reveal and blames no one when the shares are honest. The cost
// falls on the disputer alone: the cards it was handed become public.
class FalseDisputer final : public RisikoBot {
 public:
  std::optional<Seat> disputed_by;  // this seat, once it has disputed
  std::optional<lobby::EntryIndex> dispute_at;
  std::optional<PendingTransfer> disputed;  // the hand-over it disputed
  std::optional<Bytes> act(const Session& session, Seat me) override {
    const RisikoRules& rules = parley::games::risiko::rules_of(session);
    if (!disputed_by && session.phase() == Phase::play && rules.started() && rules.disputable() &&
        rules.disputable()->to == me) {
      // The cards open (checked here: the dispute is false, not a real complaint).
      opened_before = agent_.knowledge(rules, me).secrets[me.index].cards;
      disputed_by = me;
      dispute_at = session.next_index();
      disputed = rules.disputable();
      return encode(risiko::Message{DisputeMessage{}});
    }
    return RisikoBot::act(session, me);
  }
  std::vector<std::optional<rk::CardId>> opened_before;
};

TEST(RisikoHandOver, AFalseDisputeOfAnHonestHandOverIsSettledAndBlamesNoOne) {
  for (int attempt = 0; attempt < 10; ++attempt) {
    RisikoTable t(6);
    const std::vector<FalseDisputer*> bots = testing::seat_bots<FalseDisputer>(t);
    auto disputer = [&]() -> FalseDisputer* {
      for (auto* b : bots)
        if (b->disputed_by) return b;
      return nullptr;
    };
    auto settled = [&] {
      const RisikoRules& r = t.rules();
      return disputer() && !r.pending_dispute() && !r.disputable();
    };
    if (!t.run_until(settled)) continue;
    FalseDisputer& d = *disputer();
    const std::optional<PendingTransfer>& disputed = d.disputed;
    ASSERT_TRUE(disputed);
    const Seat conqueror = *d.disputed_by, eliminated = disputed->from;
    EXPECT_EQ(disputed->to, conqueror);
    // The disputed hand-over's cards did open for the conqueror before it disputed.
    for (const auto& card : d.opened_before) EXPECT_TRUE(card.has_value());
    // The dispute was accepted (no blame for the disputer) and settled by the eliminated seat's
    // honest public reveal (no blame for it either).
    EXPECT_TRUE(t.blames().empty());
    EXPECT_FALSE(t.rules().seat(conqueror).departed);
    ASSERT_TRUE(t.last_post[eliminated.index]);
    EXPECT_GT(*t.last_post[eliminated.index], *d.dispute_at);
    // Every disputed card is public now, and still the conqueror's.
    for (const rk::DeckPosition& p : disputed->positions) {
      const Deal* deal = t.rules().deal(card_deck_number(p.epoch), p.position);
      ASSERT_NE(deal, nullptr);
      EXPECT_TRUE(deal->public_holder_share.has_value());
    }
    const auto& hand = t.rules().state().table.player(conqueror).hand;
    for (const rk::DeckPosition& p : disputed->positions)
      EXPECT_NE(std::find(hand.begin(), hand.end(), p), hand.end());

    testing::expect_honest_end(t);
    return;
  }
  FAIL() << "nobody was eliminated holding cards in ten games";
}

INSTANTIATE_TEST_SUITE_P(
    Each, RisikoCheat,
    ::testing::Values(Case{"attacker_dice", Cheat::attacker_dice, 3, RisikoRefusal::attacker_chain_fails},
                      Case{"defender_dice", Cheat::defender_dice, 3, RisikoRefusal::dice_chain_fails},
                      Case{"biased_shuffle", Cheat::biased_shuffle, 3, RisikoRefusal::shuffle_proof_fails},
                      Case{"false_share", Cheat::false_share, 4, RisikoRefusal::share_proof_fails},
                      Case{"false_claim", Cheat::false_claim, 3, RisikoRefusal::wrong_mission},
                      Case{"false_trade", Cheat::false_trade, 3, RisikoRefusal::trade_wrong_card},
                      Case{"over_placement", Cheat::over_placement, 3, RisikoRefusal::placement_wrong_total},
                      Case{"foreign_attack", Cheat::foreign_attack, 3, rk::Error::not_your_territory}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace parley::peer
