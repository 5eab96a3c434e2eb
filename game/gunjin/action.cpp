#include "game/gunjin/action.hpp"

namespace parley::game::gunjin {

namespace {
constexpr std::uint8_t kFormatVersion = 1;
}  // namespace

void encode(const Action& action, ByteWriter& out) {
  out.u8(kFormatVersion);
  out.u8(action.actor.index);
  out.u8(static_cast<std::uint8_t>(action.body.index()));
  if (const Play* play = std::get_if<Play>(&action.body)) {
    out.u8(play->from.index);
    out.u8(play->to.index);
    out.u8(play->battle ? static_cast<std::uint8_t>(1 + static_cast<std::uint8_t>(*play->battle)) : 0);
    out.u8(play->hq_claim ? 1 : 0);
  }
}

Bytes encode(const Action& action) {
  ByteWriter out;
  encode(action, out);
  return std::move(out).take();
}

Result<Action, ActionDecodeError> decode_action(std::span<const std::uint8_t> bytes) {
  ByteReader in(bytes);
  // Reads one byte that must be below `limit`.
  auto field = [&in](ActionField which, std::uint8_t limit) -> Result<std::uint8_t, ActionDecodeError> {
    auto byte = in.u8();
    if (!byte) return ActionDecodeError{byte.error(), which};
    if (*byte >= limit) return ActionDecodeError{DecodeError::bad_value, which};
    return *byte;
  };
  auto version = field(ActionField::version, kFormatVersion + 1);
  if (!version) return version.error();
  if (*version != kFormatVersion) return ActionDecodeError{DecodeError::bad_value, ActionField::version};
  auto actor = field(ActionField::actor, kSeatCount);
  if (!actor) return actor.error();
  auto tag = field(ActionField::tag, 6);
  if (!tag) return tag.error();

  Action action{Seat{*actor}, Resign{}};
  switch (*tag) {
    case 0: {
      auto from = field(ActionField::from, kSquareCount);
      if (!from) return from.error();
      auto to = field(ActionField::to, kSquareCount);
      if (!to) return to.error();
      auto battle = field(ActionField::battle, 4);
      if (!battle) return battle.error();
      auto claim = field(ActionField::hq_claim, 2);
      if (!claim) return claim.error();
      Play play{Square{*from}, Square{*to}, std::nullopt, *claim == 1};
      if (*battle != 0) play.battle = static_cast<BattleOutcome>(*battle - 1);
      action.body = play;
      break;
    }
    case 1: action.body = NoLegalMove{}; break;
    case 2: action.body = HaveLegalMove{}; break;
    case 3: action.body = Resign{}; break;
    case 4: action.body = OfferDraw{}; break;
    default: action.body = AcceptDraw{}; break;
  }
  if (auto done = in.finish(); !done) return ActionDecodeError{done.error(), ActionField::end};
  return action;
}

std::string_view describe(ActionField field) {
  switch (field) {
    case ActionField::version: return "format version";
    case ActionField::actor: return "actor seat";
    case ActionField::tag: return "action tag";
    case ActionField::from: return "from square";
    case ActionField::to: return "to square";
    case ActionField::battle: return "battle outcome";
    case ActionField::hq_claim: return "HQ claim";
    case ActionField::end: return "end of record";
  }
  return "unknown field";
}

}  // namespace parley::game::gunjin
