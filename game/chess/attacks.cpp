#include "game/chess/attacks.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstdlib>

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

// The squares from `s` (excluded) to the board's edge in one direction.
Bitboard ray(Square s, Direction d) {
  Bitboard out = 0;
  for (int f = s.file() + d.file_step, r = s.rank() + d.rank_step; on_board(f, r); f += d.file_step, r += d.rank_step)
    out |= Square::at(f, r).bb();
  return out;
}

// Every square's ray in each of a slider's four directions, walked once: the attacks of an
// occupancy are then each ray cut behind its first blocker (the nearest: the lowest square on a
// ray whose squares go up, the highest on one whose squares go down). Walking the rays square
// by square for each of the 107,648 table entries was three quarters of every command's start.
struct Rays {
  explicit Rays(const std::array<Direction, 4>& dirs) {
    for (std::size_t d = 0; d < 4; ++d) {
      upward[d] = dirs[d].rank_step * 8 + dirs[d].file_step > 0;
      for (int i = 0; i < 64; ++i) from[d][static_cast<std::size_t>(i)] = ray(Square(i), dirs[d]);
    }
  }
  Bitboard attacks(Square s, Bitboard occupied) const {
    Bitboard out = 0;
    for (std::size_t d = 0; d < 4; ++d) {
      Bitboard reach = from[d][static_cast<std::size_t>(s.index())];
      if (const Bitboard blockers = reach & occupied) {
        const int first = upward[d] ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
        reach ^= from[d][static_cast<std::size_t>(first)];
      }
      out |= reach;
    }
    return out;
  }
  std::array<std::array<Bitboard, 64>, 4> from{};
  std::array<bool, 4> upward{};
};

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

// Magic multipliers, found once by a search over sparse random numbers (xorshift64*, seed
// 0x9e3779b97f4a7c15, candidates a & b & c) and kept here so that start-up only fills the
// tables: the search took 0.3 s, filling and checking takes a few milliseconds.
constexpr std::array<Bitboard, 64> kRookMagics = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr std::array<Bitboard, 64> kBishopMagics = {
    0x10102002004a1420ULL, 0x8020040400584008ULL, 0x10510800811201c8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200a02020ULL,
    0x1500241990010e00ULL, 0x8001200182020a40ULL, 0x40004101030b0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020a00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006e080100c3040ULL, 0x0501044a11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422c012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xa010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802a02020000b098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488a00ULL,
    0x2000081104004040ULL, 0x4c8e029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008a0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4a1500401041004aULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800b62048ULL, 0x0000810400c44420ULL, 0x00080400440c0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810d00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};

// Fills each square's table from the true attack sets, and refuses a magic that maps two
// occupancies with different attacks to one entry (a corrupted constant).
void init_magics(const std::array<Direction, 4>& dirs, const Rays& rays, const std::array<Bitboard, 64>& multipliers,
                 Magic* magics, Bitboard* storage) {
  std::array<bool, 4096> filled;
  Bitboard* next_table = storage;
  for (int i = 0; i < 64; ++i) {
    Square s(i);
    Magic& m = magics[i];
    m.mask = relevant_mask(dirs, s);
    m.shift = static_cast<unsigned>(64 - popcount(m.mask));
    m.magic = multipliers[static_cast<std::size_t>(i)];
    m.table = next_table;
    filled.fill(false);
    Bitboard subset = 0;
    do {
      unsigned idx = m.index(subset);
      Bitboard attacks = rays.attacks(s, subset);
      if (filled[idx] && next_table[idx] != attacks) {
        std::fprintf(stderr, "parley: bad magic multiplier for square %d\n", i);
        std::abort();
      }
      filled[idx] = true;
      next_table[idx] = attacks;
      subset = (subset - m.mask) & m.mask;
    } while (subset != 0);
    next_table += std::size_t{1} << popcount(m.mask);
  }
}

Bitboard rook_attacks[kRookTableSize];
Bitboard bishop_attacks[kBishopTableSize];

void build(Tables& t) {
  const Rays rook_rays(kRookDirections), bishop_rays(kBishopDirections);
  init_magics(kRookDirections, rook_rays, kRookMagics, t.rook, rook_attacks);
  init_magics(kBishopDirections, bishop_rays, kBishopMagics, t.bishop, bishop_attacks);
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
    t.rook_rays[i] = rook_rays.attacks(s, 0);
    t.bishop_rays[i] = bishop_rays.attacks(s, 0);
  }
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      t.between[a][b] = t.line[a][b] = 0;
      if (a == b) continue;
      Square sa(a), sb(b);
      for (const Rays* rays : {&rook_rays, &bishop_rays}) {
        if (rays->attacks(sa, 0) & sb.bb()) {
          t.line[a][b] = (rays->attacks(sa, 0) & rays->attacks(sb, 0)) | sa.bb() | sb.bb();
          t.between[a][b] = rays->attacks(sa, sb.bb()) & rays->attacks(sb, sa.bb());
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
