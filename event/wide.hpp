#pragma once
// A fixed-width two's-complement integer of N 64-bit limbs: the edge weights of the Swiss
// pairing's matching, whose criteria are laid out as bit fields in priority order
// (docs/events.md, "Swiss: the FIDE Dutch system"), so one weight can be hundreds of bits wide.
// Only what the matching needs: addition, subtraction, halving, signed comparison, and adding a
// small value at a bit offset.
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>

namespace parley::event {

template <std::size_t N>
class Wide {
 public:
  static constexpr std::size_t kLimbs = N;
  static constexpr std::size_t kBits = 64 * N;

  constexpr Wide() = default;
  static constexpr Wide of(std::uint64_t value) {
    Wide w;
    w.limbs_[0] = value;
    return w;
  }

  // Adds `value` · 2^offset (offset + 64 ≤ kBits - 1, so the sign bit is never reached).
  constexpr void add_at(std::uint64_t value, std::size_t offset) {
    std::size_t i = offset / 64;
    const unsigned shift = static_cast<unsigned>(offset % 64);
    const std::uint64_t low = value << shift;
    const std::uint64_t high = shift == 0 ? 0 : value >> (64 - shift);
    std::uint64_t sum = limbs_[i] + low;
    std::uint64_t carry = sum < low;
    limbs_[i++] = sum;
    if (i < N) {
      sum = limbs_[i] + high;
      const std::uint64_t over = sum < high;
      const std::uint64_t with_carry = sum + carry;
      carry = over | (with_carry < carry);
      limbs_[i++] = with_carry;
    }
    for (; carry != 0 && i < N; ++i) carry = ++limbs_[i] == 0;
  }

  friend constexpr Wide operator+(const Wide& a, const Wide& b) {
    Wide r;
    bool carry = false;
    for (std::size_t i = 0; i < N; ++i) {
      std::uint64_t s = 0;
      const bool c1 = __builtin_add_overflow(a.limbs_[i], b.limbs_[i], &s);
      const bool c2 = __builtin_add_overflow(s, static_cast<std::uint64_t>(carry), &r.limbs_[i]);
      carry = c1 || c2;
    }
    return r;
  }
  friend constexpr Wide operator-(const Wide& a, const Wide& b) {
    Wide r;
    bool borrow = false;
    for (std::size_t i = 0; i < N; ++i) {
      std::uint64_t d = 0;
      const bool b1 = __builtin_sub_overflow(a.limbs_[i], b.limbs_[i], &d);
      const bool b2 = __builtin_sub_overflow(d, static_cast<std::uint64_t>(borrow), &r.limbs_[i]);
      borrow = b1 || b2;
    }
    return r;
  }
  constexpr Wide& operator+=(const Wide& b) { return *this = *this + b; }
  constexpr Wide& operator-=(const Wide& b) { return *this = *this - b; }

  // Arithmetic shift right by one (an exact halving for the even values the matching halves).
  constexpr Wide half() const {
    Wide r;
    for (std::size_t i = 0; i < N; ++i) {
      const std::uint64_t next = i + 1 < N ? limbs_[i + 1] : (negative() ? ~std::uint64_t{0} : 0);
      r.limbs_[i] = (limbs_[i] >> 1) | (next << 63);
    }
    return r;
  }
  constexpr bool negative() const { return (limbs_[N - 1] >> 63) != 0; }
  constexpr bool is_zero() const {
    for (auto l : limbs_)
      if (l != 0) return false;
    return true;
  }
  // The number of significant bits of a non-negative value.
  constexpr std::size_t bit_width() const {
    for (std::size_t i = N; i-- > 0;) {
      if (limbs_[i] != 0) {
        std::size_t w = 0;
        for (std::uint64_t l = limbs_[i]; l != 0; l >>= 1) ++w;
        return 64 * i + w;
      }
    }
    return 0;
  }
  constexpr std::uint64_t limb(std::size_t i) const { return limbs_[i]; }

  friend constexpr bool operator==(const Wide&, const Wide&) = default;
  friend constexpr std::strong_ordering operator<=>(const Wide& a, const Wide& b) {
    const bool an = a.negative(), bn = b.negative();
    if (an != bn) return an ? std::strong_ordering::less : std::strong_ordering::greater;
    for (std::size_t i = N; i-- > 0;) {
      if (a.limbs_[i] != b.limbs_[i])
        return a.limbs_[i] < b.limbs_[i] ? std::strong_ordering::less : std::strong_ordering::greater;
    }
    return std::strong_ordering::equal;
  }

 private:
  std::array<std::uint64_t, N> limbs_{};
};

}  // namespace parley::event
