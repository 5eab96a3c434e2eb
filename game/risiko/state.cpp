#include "game/risiko/state.hpp"

#include <algorithm>

namespace parley::game::risiko {

std::string_view describe(EndReason r) {
  switch (r) {
    case EndReason::none: return "";
    case EndReason::mission: return "mission accomplished";
    case EndReason::last_player: return "last player remaining";
  }
  return "";
}

const DeckEpoch* Deck::epoch(std::uint32_t number) const {
  for (const auto& e : epochs)
    if (e.number == number) return &e;
  return nullptr;
}

DeckEpoch* Deck::epoch(std::uint32_t number) {
  for (auto& e : epochs)
    if (e.number == number) return &e;
  return nullptr;
}

std::uint32_t Table::territories_of(Seat s) const {
  return static_cast<std::uint32_t>(
      std::count_if(countries.begin(), countries.end(), [s](const CountryInfo& c) { return c.owner == s; }));
}

bool Table::holds_continent(const World& world, Seat s, ContinentId c) const {
  const auto& ts = world.continent(c).territories;
  return std::all_of(ts.begin(), ts.end(), [&](TerritoryId t) { return countries[t.value].owner == s; });
}

Reinforcements reinforcements(const World& world, const Table& table, Seat seat) {
  Reinforcements r;
  r.territories = std::max<std::uint32_t>(3, table.territories_of(seat) / 3);
  for (std::size_t c = 0; c < world.continents.size(); ++c)
    if (table.holds_continent(world, seat, ContinentId{static_cast<std::uint8_t>(c)}))
      r.continents += world.continents[c].bonus;
  return r;
}

namespace {
void put_seat(ByteWriter& out, const std::optional<Seat>& s) { out.u8(s ? s->index : 0xff); }

void put_heap(ByteWriter& out, const CardHeap& heap) {
  out.u8(static_cast<std::uint8_t>(heap.size()));
  for (CardId c : heap) out.u8(c.value);
}
}  // namespace

void encode_state(const State& state, ByteWriter& out) {
  const Table& t = state.table;
  out.text("parley/risiko/state/v1");
  out.u64(state.world->fingerprint());
  out.u8(static_cast<std::uint8_t>(state.options.dice));
  out.u8(static_cast<std::uint8_t>(t.phase));
  out.u8(t.started ? 1 : 0);
  out.u32(t.turn);
  out.u8(static_cast<std::uint8_t>(t.turn_order.size()));
  for (Seat s : t.turn_order) out.u8(s.index);
  out.u8(t.current);
  out.u8(t.conquered ? 1 : 0);
  out.u8(t.moved ? 1 : 0);
  out.u8(t.pending ? 1 : 0);
  if (t.pending) {
    out.u8(t.pending->from.value);
    out.u8(t.pending->to.value);
    out.u8(t.pending->min_armies);
  }
  out.u8(static_cast<std::uint8_t>(t.players.size()));
  for (const auto& p : t.players) {
    out.u8(static_cast<std::uint8_t>(p.colour));
    out.u8(static_cast<std::uint8_t>(p.status));
    put_seat(out, p.eliminated_by);
    out.u32(p.armies_to_place);
    out.u8(static_cast<std::uint8_t>(p.hand.size()));
    for (const auto& d : p.hand) {
      out.u32(d.epoch);
      out.u16(d.position);
    }
    out.u8(p.revealed_mission ? 1 : 0);
    out.u8(p.revealed_mission ? p.revealed_mission->value : 0);
  }
  out.u8(static_cast<std::uint8_t>(t.countries.size()));
  for (const auto& c : t.countries) {
    out.u8(c.owner.index);
    out.u32(c.armies);
  }
  out.u32(static_cast<std::uint32_t>(t.deck.epochs.size()));
  for (const auto& e : t.deck.epochs) {
    out.u32(e.number);
    put_heap(out, e.contents);
    out.u16(e.dealt);
    put_heap(out, e.revealed);
  }
  put_heap(out, t.deck.discard);
  put_seat(out, t.winner);
  out.u8(static_cast<std::uint8_t>(t.end));
}

State knowledge_of(const State& state, Seat seat) {
  State out = state;
  for (std::size_t s = 0; s < out.secrets.size(); ++s) {
    if (s == seat.index) continue;
    auto& p = out.secrets[s];
    std::fill(p.cards.begin(), p.cards.end(), std::nullopt);
    p.mission.reset();
  }
  return out;
}

bool knows_everything(const State& state) {
  for (const auto& p : state.secrets) {
    if (!p.mission) return false;
    for (const auto& c : p.cards)
      if (!c) return false;
  }
  return true;
}

}  // namespace parley::game::risiko
