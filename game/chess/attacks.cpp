#include "game/chess/attacks.hpp"

#include <array>
#include <vector>

namespace parley::game::chess::attacks {
namespace {

constexpr int kRookTableSize = 102400;  // sum over squares of 2^(relevant blockers)
constexpr int kBishopTableSize = 5248;

struct Direction {
  int file_step, rank_step;
};
constexpr std::array<Direction, 4> kRookDirections{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
constexpr std::array<Direction, 4> kBishopDirections{{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Attacks by walking rays square by square: slow, used only to fill the tables.
Bitboard ray_attacks(const std::array<Direction, 4>& dirs, Square s, Bitboard occupied) {
  Bitboard out = 0;
  for (auto [df, dr] : dirs) {
    int f = s.file() + df, r = s.rank() + dr;
    while (on_board(f, r)) {
      Bitboard b = Square::at(f, r).bb();
      out |= b;
      if (occupied & b) break;
      f += df;
      r += dr;
    }
  }
  return out;
}

// Blockers that matter: the rays without their last square (a piece there changes nothing).
Bitboard relevant_mask(const std::array<Direction, 4>& dirs, Square s) {
  Bitboard out = 0;
  for (auto [df, dr] : dirs) {
    int f = s.file() + df, r = s.rank() + dr;
    while (on_board(f + df, r + dr)) {
      out |= Square::at(f, r).bb();
      f += df;
      r += dr;
    }
  }
  return out;
}

// xorshift64*: a fixed seed makes the magic search, and so start-up, reproducible.
class Prng {
 public:
  explicit Prng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return s_ * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }

 private:
  std::uint64_t s_;
};

void init_magics(const std::array<Direction, 4>& dirs, Magic* magics, Bitboard* storage) {
  std::vector<Bitboard> occupancy(4096), reference(4096);
  std::vector<int> epoch(4096, 0);
  int attempt = 0;
  Prng prng(0x9e3779b97f4a7c15ULL);
  Bitboard* next_table = storage;
  for (int i = 0; i < 64; ++i) {
    Square s(i);
    Magic& m = magics[i];
    m.mask = relevant_mask(dirs, s);
    m.shift = static_cast<unsigned>(64 - popcount(m.mask));
    m.table = next_table;
    // Enumerate every subset of the mask (Carry-Rippler) with its true attack set.
    int size = 0;
    Bitboard subset = 0;
    do {
      occupancy[size] = subset;
      reference[size] = ray_attacks(dirs, s, subset);
      ++size;
      subset = (subset - m.mask) & m.mask;
    } while (subset != 0);
    Bitboard* table = next_table;
    for (;;) {
      do m.magic = prng.sparse();
      while (popcount((m.magic * m.mask) >> 56) < 6);
      ++attempt;
      int k = 0;
      for (; k < size; ++k) {
        unsigned idx = m.index(occupancy[k]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          table[idx] = reference[k];
        } else if (table[idx] != reference[k]) {
          break;
        }
      }
      if (k == size) break;
    }
    next_table += size;
  }
}

Bitboard rook_attacks[kRookTableSize];
Bitboard bishop_attacks[kBishopTableSize];

void build(Tables& t) {
  init_magics(kRookDirections, t.rook, rook_attacks);
  init_magics(kBishopDirections, t.bishop, bishop_attacks);
  for (int i = 0; i < 64; ++i) {
    Square s(i);
    auto step_set = [&](std::initializer_list<Direction> steps) {
      Bitboard out = 0;
      for (auto [df, dr] : steps)
        if (on_board(s.file() + df, s.rank() + dr)) out |= Square::at(s.file() + df, s.rank() + dr).bb();
      return out;
    };
    t.pawn[index(Color::white)][i] = step_set({{-1, 1}, {1, 1}});
    t.pawn[index(Color::black)][i] = step_set({{-1, -1}, {1, -1}});
    t.knight[i] = step_set({{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
    t.king[i] = step_set({{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
  }
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      t.between[a][b] = t.line[a][b] = 0;
      if (a == b) continue;
      Square sa(a), sb(b);
      for (const auto* dirs : {&kRookDirections, &kBishopDirections}) {
        if (ray_attacks(*dirs, sa, 0) & sb.bb()) {
          t.line[a][b] = (ray_attacks(*dirs, sa, 0) & ray_attacks(*dirs, sb, 0)) | sa.bb() | sb.bb();
          t.between[a][b] = ray_attacks(*dirs, sa, sb.bb()) & ray_attacks(*dirs, sb, sa.bb());
        }
      }
    }
  }
}

struct Builder {
  Builder() { build(detail::tables); }
};

}  // namespace

namespace detail {
Tables tables;
}  // namespace detail

// Runs before ordinary static initialisers in any translation unit (GCC and clang honour
// init_priority), so even a namespace-scope Position built at start-up sees complete tables.
[[maybe_unused]] __attribute__((init_priority(101))) static Builder builder;

}  // namespace parley::game::chess::attacks
