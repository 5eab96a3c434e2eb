#include "peer/session/messages.hpp"

namespace parley::peer {
namespace {

constexpr std::uint8_t kMessageVersion = 1;
constexpr std::uint8_t kNoWinner = 0xff;

template <std::size_t N>
void raw(game::ByteWriter& out, const std::array<std::uint8_t, N>& bytes) {
  out.raw(bytes);
}

struct Writer {
  game::ByteWriter& out;
  void operator()(const SetupMessage& m) {
    raw(out, m.ephemeral.bytes);
    raw(out, m.beacon.digest);
    raw(out, m.chain_anchor.bytes);
    out.u32(m.chain_length);
    out.text(m.display_name);
    out.bytes(m.game_setup);
  }
  void operator()(const BeaconRevealMessage& m) {
    raw(out, m.reveal.value);
    raw(out, m.reveal.nonce);
  }
  void operator()(const ActionMessage& m) {
    raw(out, m.state_hash);
    out.bytes(m.game_message);
  }
  void operator()(const TimeoutClaimMessage& m) { out.u8(m.seat.index); }
  void operator()(const FinalMessage& m) {
    out.u8(m.winner ? m.winner->index : kNoWinner);
    out.text(m.reason);
    raw(out, m.state_hash);
  }
  void operator()(const RevealMessage& m) { out.bytes(m.game_secrets); }
};

Seat read_seat(lobby::WireReader& in) {
  std::uint8_t s = in.u8();
  if (s >= game::kMaxSeats) in.fail(lobby::WireError::bad_value);
  return Seat{s};
}

}  // namespace

std::string_view describe(MessageKind kind) {
  switch (kind) {
    case MessageKind::setup: return "setup";
    case MessageKind::beacon_reveal: return "beacon reveal";
    case MessageKind::action: return "action";
    case MessageKind::timeout_claim: return "timeout claim";
    case MessageKind::final: return "final";
    case MessageKind::reveal: return "reveal";
  }
  return "unknown message";
}

MessageKind kind_of(const Message& message) {
  return static_cast<MessageKind>(message.index() + 1);
}

lobby::EnvelopeKind envelope_kind(MessageKind kind) { return lobby::EnvelopeKind{static_cast<std::uint16_t>(kind)}; }

Bytes encode(const Message& message) {
  game::ByteWriter out;
  out.u8(kMessageVersion);
  std::visit(Writer{out}, message);
  return std::move(out).take();
}

game::Result<Message, lobby::WireError> decode_message(lobby::EnvelopeKind kind, std::span<const std::uint8_t> body) {
  lobby::WireReader in(body);
  std::uint8_t version = in.u8();
  if (!in.failed() && version != kMessageVersion) in.fail(lobby::WireError::unsupported_version);
  switch (static_cast<MessageKind>(kind.value)) {
    case MessageKind::setup: {
      SetupMessage m;
      in.raw(m.ephemeral.bytes);
      in.raw(m.beacon.digest);
      in.raw(m.chain_anchor.bytes);
      m.chain_length = in.u32();
      if (m.chain_length > crypto::kMaxChainLength) in.fail(lobby::WireError::bad_value);
      m.display_name = in.text(kMaxDisplayName);
      m.game_setup = in.bytes(kMaxGameSetup);
      return in.finish<Message>(std::move(m));
    }
    case MessageKind::beacon_reveal: {
      BeaconRevealMessage m;
      in.raw(m.reveal.value);
      in.raw(m.reveal.nonce);
      return in.finish<Message>(m);
    }
    case MessageKind::action: {
      ActionMessage m;
      in.raw(m.state_hash);
      m.game_message = in.bytes(kMaxGameAction);
      return in.finish<Message>(std::move(m));
    }
    case MessageKind::timeout_claim: {
      TimeoutClaimMessage m{read_seat(in)};
      return in.finish<Message>(m);
    }
    case MessageKind::final: {
      FinalMessage m;
      std::uint8_t w = in.u8();
      if (w != kNoWinner) {
        if (w >= game::kMaxSeats) in.fail(lobby::WireError::bad_value);
        m.winner = Seat{w};
      }
      m.reason = in.text(kMaxReason);
      in.raw(m.state_hash);
      return in.finish<Message>(std::move(m));
    }
    case MessageKind::reveal: {
      RevealMessage m;
      m.game_secrets = in.bytes(kMaxGameAction);
      return in.finish<Message>(std::move(m));
    }
  }
  return lobby::WireError::wrong_kind;
}

}  // namespace parley::peer
