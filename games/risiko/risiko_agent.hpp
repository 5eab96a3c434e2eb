#pragma once
// One Risiko seat's side of the protocol (peer/session/risiko_rules.hpp), for the bot
// (risiko_bot.hpp) and a person's seat (ui/risiko_intent.hpp) alike: its secrets (deck key, dice
// chain, X25519 key, placement opening), the steps it owes (key, shuffles, shares, placement,
// dice, card transfers) and what it knows (its mission and its cards, opened from the published
// shares). Whoever decides the moves, the agent does the protocol.
#include <functional>
#include <map>
#include <optional>

#include "crypto/commitment.hpp"
#include "crypto/deck.hpp"
#include "crypto/ephemeral.hpp"
#include "crypto/hash_chain.hpp"
#include "peer/session/risiko_rules.hpp"

namespace parley::peer::risiko {

inline constexpr std::uint32_t kBotChainLength = 4096;

// What a seat knows of a card (or its mission): its identity, and the share of the seat it
// was dealt to (which a trade, a claim or a hand-over forwards).
struct KnownCard {
  std::uint16_t index = 0;
  crypto::CardShare holder_share;
};

class RisikoAgent {
 public:
  // The protocol message this seat owes now, if any (moves excluded).
  std::optional<Message> duty(const RisikoRules& rules, Seat me,
                              const std::function<rk::PlaceArmies(const rk::State&)>& placement);
  // The engine state with this seat's own secrets filled in (its mission and cards).
  rk::State knowledge(const RisikoRules& rules, Seat me);
  std::optional<rk::MissionId> mission(const RisikoRules& rules, Seat me);
  // The messages that reveal cards or the mission (trade, claim) with this seat's shares.
  std::optional<Message> trade(const RisikoRules& rules, Seat me, const rk::TradeCards& trade);
  std::optional<Message> claim(const RisikoRules& rules, Seat me, rk::MissionId mission);
  AttackMessage attack(const RisikoRules& rules, Seat me, Order order);
  bool has_chain_values(const RisikoRules& rules, Seat me) const;
  // LEAVE_GAME, publishing the deck key so that the others can still open every card.
  LeaveMessage leave() const { return LeaveMessage{key_ ? std::optional(key_->secret()) : std::nullopt}; }

  // The seat's secrets, for the runner to keep on disk (mode 0600) so that a process killed
  // mid-game resumes as the same seat: `u8 version (1) ‖ session id[32] ‖ u8 seat ‖ deck key[32]
  // ‖ chain seed x_0[32] ‖ u32 N ‖ X25519 secret[32] ‖ u8 placement (0/1) ‖ [commitment[32] ‖
  // nonce[32] ‖ bytes PlaceArmies (≤ 2 KiB)]`; empty before the seat has any. What it has
  // learnt (its mission, its cards) is not kept: it is opened again from the transcript.
  Bytes secrets() const;
  // False when the bytes are not what secrets() made.
  bool restore(std::span<const std::uint8_t> secrets);

 private:
  void ensure_secrets(const RisikoRules& rules, Seat me);
  std::optional<KnownCard> known(const RisikoRules& rules, Seat me, std::uint32_t deck, std::uint16_t position);
  crypto::ChainValue next_chain_value(const RisikoRules& rules, Seat me) const;

  std::optional<crypto::SessionId> session_;  // whose secrets these are
  Seat seat_{0};
  std::optional<crypto::DeckKey> key_;
  std::optional<crypto::HashChain> chain_;
  std::optional<crypto::EphemeralKeyPair> box_;
  std::optional<crypto::CommittedValue> placement_;
  std::map<std::pair<std::uint32_t, std::uint16_t>, KnownCard> known_;
};

}  // namespace parley::peer::risiko
