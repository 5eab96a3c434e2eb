#include "peer/session/rules.hpp"

#include "peer/session/chess_rules.hpp"
#include "peer/session/gunjin_rules.hpp"
#include "peer/session/risiko_rules.hpp"

namespace parley::peer {

namespace {
constexpr crypto::DomainLabel kStateHashLabel{"state-hash"};
}  // namespace

std::string_view describe(RulesError error) {
  switch (error) {
    case RulesError::unknown_game: return "the room's game is not one this build plays";
    case RulesError::bad_options: return "the room options do not decode";
    case RulesError::bad_seat_count: return "the game cannot be played by this many seats";
  }
  return "bad room";
}

game::Result<std::unique_ptr<GameRules>, RulesError> make_rules(std::string_view game, std::size_t seats,
                                                                const RoomOptions& options) {
  if (game == kChessGame) {
    if (seats != 2) return RulesError::bad_seat_count;
    if (!options.game_options.empty()) return RulesError::bad_options;
    return std::unique_ptr<GameRules>(std::make_unique<ChessRules>());
  }
  if (game == kGunjinGame) {
    if (seats != 2) return RulesError::bad_seat_count;
    auto gunjin = decode_gunjin_room_options(options.game_options);
    if (!gunjin) return RulesError::bad_options;
    return std::unique_ptr<GameRules>(std::make_unique<GunjinRules>(*gunjin));
  }
  if (game == risiko::kRisikoGame) return risiko::make_risiko_rules(seats, options);
  return RulesError::unknown_game;
}

crypto::Digest state_digest(std::span<const std::uint8_t> canonical_bytes) {
  crypto::HashInput input(kStateHashLabel);
  input.bytes(canonical_bytes);
  return crypto::blake2b_256(input);
}

}  // namespace parley::peer
