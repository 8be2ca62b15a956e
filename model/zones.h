// The one typed transfer (DESIGN.md, "The typed catalogue"): every move of a card between two zone
// containers of GameState goes through transfer(), which compiles only when both zones are zones
// of the card's kind (model/catalogue.h, `Zones`). So a Nexus card can never enter a Treachery
// hand: `transfer(state.nexus.deck, state.seat(s).hand, card)` does not compile. A source scan
// (tests/model/zones_test.cpp) fails if an engine file changes a zone any other way.
#pragma once

#include <algorithm>
#include <concepts>
#include <type_traits>

#include "model/catalogue.h"

namespace dune {

namespace zone_detail {

template <class Z> concept OneSlot = requires(const Z& z) { z.has_value(); };
template <class Z> concept Pile = requires(const Z& z) { z.known_top; z.unseen; z.known_bottom; };

// A Treachery hand is kept sorted (its order carries nothing); every other list is in arrival order.
template <class Z> inline constexpr bool kSorted = std::is_same_v<Z, Held<TreacheryCard>>;

template <class Z, class Id>
bool take(Z& z, Id id) {
  if constexpr (Pile<Z>) {
    for (auto* known : {&z.known_top, &z.known_bottom}) {
      const auto it = std::find(known->begin(), known->end(), id);
      if (it == known->end()) continue;
      known->erase(it);
      return true;
    }
    return z.take_unseen(id);
  } else if constexpr (OneSlot<Z>) {
    if (!z || !(*z == id)) return false;
    z.reset();
    return true;
  } else {
    const auto it = std::find(z.begin(), z.end(), id);
    if (it == z.end()) return false;
    z.erase(it);
    return true;
  }
}

template <class Z, class Id>
void put(Z& z, Id id) {
  if constexpr (Pile<Z>) z.add_unseen(id);  // shuffled in: unseen, no order
  else if constexpr (OneSlot<Z>) z = id;
  else if constexpr (kSorted<Z>) z.insert(std::upper_bound(z.begin(), z.end(), id), id);
  else z.push_back(id);
}

}  // namespace zone_detail

// Moves one component of kind K (the source zone's kind) from `from` to `to`; false, and nothing
// changes, when it is not in `from` (or `to` is a full single slot).
template <class From, class To>
bool transfer(From& from, To& to, typename From::Kind::Id id) {
  using K = typename From::Kind;
  static_assert(ComponentKind<K>, "not a component kind of the catalogue");
  static_assert(OccupiableBy<From, K>, "this component kind may not occupy the source zone");
  static_assert(OccupiableBy<To, K>, "this component kind may not occupy the destination zone");
  if constexpr (zone_detail::OneSlot<To>) {
    if (to.has_value()) return false;
  }
  if (!zone_detail::take(from, id)) return false;
  zone_detail::put(to, id);
  return true;
}

// Moves one component onto the top of a deck, above its known top (a card put back face down in a
// known place, such as a bought-in lot).
template <class From, class K>
bool transfer_onto_top(From& from, Deck<K>& to, typename K::Id id) {
  static_assert(std::is_same_v<typename From::Kind, K>, "this component kind may not occupy the destination zone");
  static_assert(OccupiableBy<From, K>, "this component kind may not occupy the source zone");
  if (!zone_detail::take(from, id)) return false;
  to.known_top.insert(to.known_top.begin(), id);
  return true;
}

// Moves one component under a deck, below its known bottom (E1: the Ixians' card returned from the
// auction to the bottom of the Treachery deck).
template <class From, class K>
bool transfer_onto_bottom(From& from, Deck<K>& to, typename K::Id id) {
  static_assert(std::is_same_v<typename From::Kind, K>, "this component kind may not occupy the destination zone");
  static_assert(OccupiableBy<From, K>, "this component kind may not occupy the source zone");
  if (!zone_detail::take(from, id)) return false;
  to.known_bottom.push_back(id);
  return true;
}

// Moves every component of `from` to `to`, oldest first (a discard reshuffled into its deck).
template <class From, class To>
void transfer_all(From& from, To& to) {
  const auto ids = [&] {
    if constexpr (zone_detail::Pile<From>) {
      std::vector<typename From::Kind::Id> all = from.known_top;
      all.insert(all.end(), from.unseen.begin(), from.unseen.end());
      all.insert(all.end(), from.known_bottom.begin(), from.known_bottom.end());
      return all;
    } else {
      return std::vector<typename From::Kind::Id>(from.begin(), from.end());
    }
  }();
  for (const auto& id : ids) transfer(from, to, id);
}

// A component entering the game into its starting zone (new_game only: the census counts it from
// there on).
template <class To>
void place_new(To& to, typename To::Kind::Id id) {
  static_assert(OccupiableBy<To, typename To::Kind>, "this component kind may not occupy the zone");
  zone_detail::put(to, id);
}

// ---- forces: fungible, so counted per place (ForceToken's zones: Reserves, Board, Tanks) ----------
// A place of one faction's forces: its reserves, its Tanks, or one cell of the board.
struct InReserves { using Zone = Reserves; };
struct InTanks { using Zone = Tanks; };
struct AtCell {
  CellId cell;
  using Zone = Board;
};

namespace zone_detail {
template <class State>
auto& forces(State& s, Faction f, InReserves, bool special) {
  auto& seat = s.seat(*s.seat_of(f));
  return special ? seat.reserves_special : seat.reserves_normal;
}
template <class State>
auto& forces(State& s, Faction f, InTanks, bool special) {
  auto& seat = s.seat(*s.seat_of(f));
  return special ? seat.tanks_special : seat.tanks_normal;
}
template <class State>
auto& forces(State& s, Faction f, AtCell at, bool special) {
  return (special ? s.board.special : s.board.normal)[index(at.cell)][index(f)];
}
}  // namespace zone_detail

// Moves `normal` and `special` forces of `faction` from one of its places to another; compiles only
// for places a force token may occupy (a force never enters a card zone).
template <class State, class From, class To>
void transfer_forces(State& s, Faction faction, From from, To to, ForceCount normal, ForceCount special) {
  static_assert(OccupiableBy<typename From::Zone, ForceToken>, "this component kind may not occupy the source zone");
  static_assert(OccupiableBy<typename To::Zone, ForceToken>, "this component kind may not occupy the destination zone");
  zone_detail::forces(s, faction, from, false) -= normal;
  zone_detail::forces(s, faction, from, true) -= special;
  zone_detail::forces(s, faction, to, false) += normal;
  zone_detail::forces(s, faction, to, true) += special;
}

// A faction's forces entering the game into its reserves (new_game only).
template <class State>
void place_new_forces(State& s, Faction faction, ForceCount normal, ForceCount special) {
  zone_detail::forces(s, faction, InReserves{}, false) += normal;
  zone_detail::forces(s, faction, InReserves{}, true) += special;
}

}  // namespace dune
