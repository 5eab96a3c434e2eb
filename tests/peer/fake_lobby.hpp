#pragma once
// A lobby in the test's hands: it signs genesis, envelope and presence entries exactly as
// parley-lobby does (lobby/protocol), with a clock the test moves, so sessions and logs can be
// driven through honest games and every kind of cheat without a network.
#include <map>
#include <vector>

#include "crypto/identity.hpp"
#include "games/chess/module.hpp"
#include "lobby/protocol/transcript.hpp"
#include "peer/log/plog.hpp"
#include "peer/session/chess_rules.hpp"
#include "peer/session/local_seat.hpp"
#include "peer/session/session.hpp"

namespace parley::peer::testing {

inline crypto::Identity identity_from(std::uint8_t tag) {
  std::array<std::uint8_t, crypto::kIdentitySeedBytes> seed{};
  seed.fill(tag);
  return crypto::Identity::from_seed(crypto::SecretBytes<crypto::kIdentitySeedBytes>::copy_of(seed));
}

class FakeLobby {
 public:
  // `lobby_tag` seeds the lobby's key: another tag is another lobby (a forger's made-up key).
  explicit FakeLobby(std::size_t seats, RoomOptions options = {}, std::string game = "chess", std::uint8_t lobby_tag = 0xAA)
      : FakeLobby(identity_from(lobby_tag), numbered_seats(seats), std::move(options), std::move(game)) {}
  // A lobby of the given key with the given seats (an event's board, bench/event).
  FakeLobby(crypto::Identity lobby_key, std::vector<crypto::Identity> seats, RoomOptions options, std::string game)
      : lobby_(std::move(lobby_key)), seats_(std::move(seats)) {
    lobby::Genesis genesis{std::move(game), encode(options), {}, {}};
    for (const auto& s : seats_) genesis.seat_keys.push_back(s.public_key());
    genesis.session_id.bytes.fill(0x5E);
    entries_.push_back(sign({lobby::EntryIndex{0}, time_ms_, lobby::kNoPreviousHash, genesis}));
    transcript_.emplace(*lobby::Transcript::start(lobby_.public_key(), entries_.front()));
  }

  const lobby::Genesis& genesis() const { return transcript_->genesis(); }
  const std::vector<lobby::SignedEntry>& entries() const { return entries_; }
  const crypto::Identity& seat_identity(Seat s) const { return seats_.at(s.index); }
  std::uint64_t now() const { return time_ms_; }
  void advance(std::uint64_t ms) { time_ms_ += ms; }

  // A seat's envelope, naming the newest entry as seen unless told otherwise.
  const lobby::SignedEntry& post(Seat seat, const Message& message,
                                 std::optional<lobby::EntryIndex> seen = std::nullopt) {
    return post_raw(seat, envelope_kind(kind_of(message)), encode(message), seen);
  }
  const lobby::SignedEntry& post_raw(Seat seat, lobby::EnvelopeKind kind, Bytes body,
                                     std::optional<lobby::EntryIndex> seen = std::nullopt) {
    lobby::EntryIndex seen_index = seen.value_or(lobby::EntryIndex{entries_.size() - 1});
    lobby::Envelope envelope{genesis().session_id, seat, seen_index, transcript_->hash_at(seen_index), kind, std::move(body)};
    return append(lobby::sign_envelope(seats_.at(seat.index), std::move(envelope)));
  }
  const lobby::SignedEntry& presence(Seat seat, lobby::PresenceEvent event) {
    return append(lobby::Presence{seat, event});
  }

  // The same signed envelope once more, as a lobby replaying it would send it.
  const lobby::SignedEntry& replay(const lobby::SignedEntry& earlier) {
    return append(std::get<lobby::SignedEnvelope>(earlier.entry.payload));
  }

  GameLog log() const { return GameLog{lobby_.public_key(), entries_}; }

  // What a lobby that forks the transcript sends one peer only: `order` lists which of the
  // honest entries to send, in which order; each is renumbered, relinked and signed again by the
  // lobby (the seats' envelopes inside stay as the seats signed them: only the seats can sign).
  std::vector<lobby::SignedEntry> fork(const std::vector<std::size_t>& order) const {
    std::vector<lobby::SignedEntry> out{entries_.front()};
    lobby::EntryHash head = lobby::chain_hash(lobby::kNoPreviousHash, lobby::entry_bytes(entries_.front().entry));
    for (std::size_t i : order) {
      lobby::Entry entry = entries_.at(i).entry;
      entry.index = lobby::EntryIndex{out.size()};
      entry.prev_entry_hash = head;
      head = lobby::chain_hash(head, lobby::entry_bytes(entry));
      out.push_back(sign(std::move(entry)));
    }
    return out;
  }

 private:
  lobby::SignedEntry sign(lobby::Entry entry) const {
    auto bytes = lobby::entry_bytes(entry);
    auto signature = lobby::sign_entry(lobby_, entry.index.value == 0 ? std::get<lobby::Genesis>(entry.payload).session_id
                                                                       : genesis().session_id,
                                       bytes);
    return {std::move(entry), signature};
  }
  const lobby::SignedEntry& append(lobby::EntryPayload payload) {
    lobby::Entry entry{lobby::EntryIndex{entries_.size()}, time_ms_, transcript_->head_hash(), std::move(payload)};
    entries_.push_back(sign(std::move(entry)));
    auto ok = transcript_->append(entries_.back());
    if (!ok) throw std::runtime_error("fake lobby made a bad entry: " + std::string(lobby::describe(ok.error())));
    return entries_.back();
  }

  static std::vector<crypto::Identity> numbered_seats(std::size_t seats) {
    std::vector<crypto::Identity> out;
    for (std::size_t i = 0; i < seats; ++i) out.push_back(identity_from(static_cast<std::uint8_t>(i + 1)));
    return out;
  }

  crypto::Identity lobby_;
  std::vector<crypto::Identity> seats_;
  std::vector<lobby::SignedEntry> entries_;
  std::optional<lobby::Transcript> transcript_;
  std::uint64_t time_ms_ = 1'700'000'000'000;
};

// The code of the rules' refusal a seat was blamed for, if it was.
inline std::optional<RefusalCode> refusal_of(const std::optional<Blame>& blame) {
  if (!blame || !blame->refused) return std::nullopt;
  return blame->refused->code;
}

// A session that follows the fake lobby, with each seat's own secrets.
struct Table {
  explicit Table(RoomOptions options = {}, std::size_t seats = 2) : lobby(seats, options) { begin(seats); }
  // A chess table of these keys (an event's board, bench/event).
  Table(crypto::Identity lobby_key, std::vector<crypto::Identity> seats, RoomOptions options)
      : lobby(std::move(lobby_key), std::move(seats), std::move(options), "chess") {
    begin(lobby.genesis().seat_keys.size());
  }
  void begin(std::size_t seats) {
    session.emplace(Session::start(lobby.genesis(), lobby.now()).value());
    for (std::uint8_t i = 0; i < seats; ++i) locals.push_back(LocalSeat::create(lobby.genesis().session_id, Seat{i}));
  }
  void post(Seat seat, const Message& m, std::optional<lobby::EntryIndex> seen = std::nullopt) {
    session->apply(lobby.post(seat, m, seen));
  }
  // Setup and beacon for every seat.
  void start_play() {
    for (auto& l : locals) post(l.seat(), *l.duty(*session, "seat " + std::to_string(l.seat().index)));
    for (auto& l : locals) post(l.seat(), *l.duty(*session, {}));
  }
  const game::chess::Game& chess() const { return games::chess::rules_of(*session).game_state(); }
  ActionMessage chess_action(const game::chess::Action& a) const {
    return ActionMessage{session->state_hash(), chess_message(a)};
  }
  FakeLobby lobby;
  std::optional<Session> session;
  std::vector<LocalSeat> locals;
};

}  // namespace parley::peer::testing
