// Strong counted quantities: spice is not a force count, and the compiler says so.
#pragma once

#include <compare>
#include <cstdint>

namespace dune {

// CRTP base for an integer amount of one kind. Amounts of different kinds never mix.
template <class Derived>
struct Amount {
  std::int32_t value = 0;

  constexpr Amount() = default;
  constexpr explicit Amount(std::int32_t v) : value(v) {}

  friend constexpr Derived operator+(Derived a, Derived b) { return Derived{a.value + b.value}; }
  friend constexpr Derived operator-(Derived a, Derived b) { return Derived{a.value - b.value}; }
  friend constexpr Derived operator*(Derived a, std::int32_t k) { return Derived{a.value * k}; }
  constexpr Derived& operator+=(Derived b) {
    value += b.value;
    return static_cast<Derived&>(*this);
  }
  constexpr Derived& operator-=(Derived b) {
    value -= b.value;
    return static_cast<Derived&>(*this);
  }
  friend constexpr bool operator==(Derived a, Derived b) { return a.value == b.value; }
  friend constexpr auto operator<=>(Derived a, Derived b) { return a.value <=> b.value; }
};

struct Spice : Amount<Spice> {
  using Amount::Amount;
};

struct ForceCount : Amount<ForceCount> {
  using Amount::Amount;
};

}  // namespace dune
