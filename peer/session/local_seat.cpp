#include "peer/session/local_seat.hpp"

namespace parley::peer {

namespace {
constexpr std::uint8_t kSecretsVersion = 1;
}  // namespace

LocalSeat::LocalSeat(const lobby::SessionId& session, Seat seat, crypto::BeaconContribution beacon,
                     crypto::HashChain chain, crypto::EphemeralKeyPair ephemeral)
    : session_(session), seat_(seat), beacon_(std::move(beacon)), chain_(std::move(chain)), ephemeral_(std::move(ephemeral)) {}

LocalSeat LocalSeat::create(const lobby::SessionId& session, Seat seat, std::uint32_t chain_length) {
  auto id = crypto_session(session);
  return LocalSeat(session, seat, crypto::BeaconContribution::create(id, seat), crypto::HashChain::create(id, seat, chain_length),
                   crypto::EphemeralKeyPair::generate());
}

Bytes LocalSeat::secrets() const {
  game::ByteWriter out;
  out.u8(kSecretsVersion);
  crypto::BeaconReveal reveal = beacon_.reveal();
  out.raw(reveal.value);
  out.raw(reveal.nonce);
  out.raw(chain_.seed().expose());
  out.u32(chain_.length());
  out.raw(ephemeral_.secret().expose());
  Bytes bytes = std::move(out).take();
  sodium_memzero(reveal.value.data(), reveal.value.size());
  return bytes;
}

game::Result<LocalSeat, lobby::WireError> LocalSeat::restore(const lobby::SessionId& session, Seat seat,
                                                             std::span<const std::uint8_t> secrets) {
  lobby::WireReader in(secrets);
  if (in.u8() != kSecretsVersion && !in.failed()) in.fail(lobby::WireError::unsupported_version);
  crypto::BeaconReveal reveal;
  in.raw(reveal.value);
  in.raw(reveal.nonce);
  std::array<std::uint8_t, crypto::kChainValueBytes> seed{};
  in.raw(seed);
  std::uint32_t length = in.u32();
  if (length == 0 || length > crypto::kMaxChainLength) in.fail(lobby::WireError::bad_value);
  std::array<std::uint8_t, crypto::kBoxSecretKeyBytes> box{};
  in.raw(box);
  auto checked = in.finish(0);
  auto wipe = [&] {
    sodium_memzero(reveal.value.data(), reveal.value.size());
    sodium_memzero(seed.data(), seed.size());
    sodium_memzero(box.data(), box.size());
  };
  if (!checked) {
    wipe();
    return checked.error();
  }
  auto id = crypto_session(session);
  LocalSeat restored(session, seat, crypto::BeaconContribution::restore(id, seat, reveal),
                     crypto::HashChain::restore(id, seat, crypto::SecretBytes<crypto::kChainValueBytes>::copy_of(seed), length),
                     crypto::EphemeralKeyPair::restore(crypto::SecretBytes<crypto::kBoxSecretKeyBytes>::copy_of(box)));
  wipe();
  return restored;
}

SetupMessage LocalSeat::setup_message(std::string display_name, Bytes game_setup) const {
  return SetupMessage{ephemeral_.public_key(), beacon_.commitment(), chain_.anchor(), chain_.length(),
                      std::move(display_name), std::move(game_setup)};
}

BeaconRevealMessage LocalSeat::beacon_message() const { return BeaconRevealMessage{beacon_.reveal()}; }

std::optional<Message> LocalSeat::duty(const Session& session, const std::string& display_name) const {
  const SeatRecord& me = session.seat(seat_);
  if (me.out()) return std::nullopt;
  switch (session.phase()) {
    case Phase::setup:
      if (!me.setup) return setup_message(display_name);
      break;
    case Phase::beacon:
      if (!me.beacon) return beacon_message();
      break;
    case Phase::finishing:
      if (!me.final) return *session.expected_final();
      break;
    case Phase::play:
    case Phase::complete:
      break;
  }
  return std::nullopt;
}

}  // namespace parley::peer
