// Capacity (invariants/capacity.h): limits a single state must respect, whatever led to it.
#include "invariants/capacity.h"

#include <fmt/format.h>

#include <string>

#include "model/board.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

// [LR] 1.06.03.05: no more than two factions' forces in a stronghold, E1's Hidden Mobile
// Stronghold too; Bene Gesserit advisors do not count (advisors coexist: [LR] 2.02, facts sheet
// "Bene Gesserit").
void check_stronghold_occupancy(const GameState& s, Violations& out) {
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId t = territory_at(i);
    if (!is_stronghold(t)) continue;
    const CellRange cells = kTerritoryCells[index(t)];
    std::string who;
    int factions = 0;
    for (Faction f : s.options.factions) {
      if (f == Faction::BeneGesserit && s.board.advisors[index(t)]) continue;
      bool present = false;
      for (std::size_t c = cells.first; c < cells.first + cells.count; ++c) {
        present = present || s.board.normal[c][index(f)] > ForceCount{0} || s.board.special[c][index(f)] > ForceCount{0};
      }
      if (!present) continue;
      ++factions;
      who += fmt::format("{}{}", who.empty() ? "" : ", ", to_string(f));
    }
    if (factions > 2) {
      out.push_back({"capacity.stronghold", fmt::format("{} holds forces of {} factions ({}): at most two ([LR] 1.06.03.05)", to_string(t), factions, who)});
    }
  }
}

// No negative force count in reserves or the Tanks (the board's cells are checked by the census).
void check_negative_forces(const GameState& s, Violations& out) {
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    const SeatState& seat = s.seats[i];
    for (ForceCount n : {seat.reserves_normal, seat.reserves_special, seat.tanks_normal, seat.tanks_special}) {
      if (n < ForceCount{0}) {
        out.push_back({"capacity.forces", fmt::format("{} has a negative force count in its reserves or the Tanks", to_string(s.options.factions[i]))});
        break;
      }
    }
  }
}

}  // namespace

Violations check_capacity(const GameState& s) {
  Violations out;
  check_stronghold_occupancy(s, out);
  check_negative_forces(s, out);
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    const Faction f = s.options.factions[i];
    const SeatState& seat = s.seats[i];
    if (seat.spice < Spice{0} || seat.in_front_of_shield < Spice{0}) {
      out.push_back({"capacity.spice", fmt::format("{} has negative spice ({})", to_string(f), seat.spice.value)});
    }
    // While the Harkonnen give back the cards of a hand they took ([LR] 1.14.04), they may hold
    // as many more as they owe: the limits hold again once the exchange is done ([LR] 1.04.02, 2.05.07).
    const auto& x = s.karama.exchange;
    const int owed = x && x->harkonnen.value == i ? x->owed : 0;
    const int limit = faction_info(f).hand_limit + owed;
    if (static_cast<int>(seat.hand.size()) > limit) {
      out.push_back({"capacity.hand", fmt::format("{} holds {} Treachery cards, over its limit of {}", to_string(f), seat.hand.size(), limit)});
    }
  }
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (s.board.spice[c] < Spice{0}) {
      out.push_back({"capacity.spice", fmt::format("cell L{:02} holds negative spice ({})", c, s.board.spice[c].value)});
    }
  }
  return out;
}

}  // namespace dune::invariants
