// Spice Collection (fact sheet §6.2 row 8; [LR] 1.08, 1.13.01): the collection is automatic. Forces
// in a territory holding spice collect 2 spice per force, 3 for a faction occupying Arrakeen or
// Carthag (a Cyborg 3 in any case), until the spice runs out; uncollected spice stays. Advanced:
// city income. Then the phase's decision point (decision_point.cpp): every seat answers before the
// Mentat Pause.
#include <algorithm>

#include "engine/engine.h"
#include "engine/mutants.h"
#include "engine/internal.h"

namespace dune {
namespace {

int collection_rate(const GameState& s, Faction f) {
  if (mutant_active(Mutant::CollectionFlatThree)) return 3;
  for (TerritoryId city : kOrnithopterCities) {
    if (occupies(s, f, city)) return 3;  // [LR] 1.08.02
  }
  return 2;
}

Spice spice_in(const GameState& s, TerritoryId t) {
  Spice n{};
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory == t) n += s.board.spice[c];
  }
  return n;
}

// Moves `amount` spice from the territory's cells (in cell order) to the seat.
void take_spice(GameState& s, Seat seat, TerritoryId t, Spice amount) {
  for (std::size_t c = 0; c < kCellCount && amount > Spice{0}; ++c) {
    if (kCells[c].territory != t) continue;
    const Spice taken = std::min(amount, s.board.spice[c]);
    s.board.spice[c] -= taken;
    s.seat(mutant_active(Mutant::CollectionToFirstInStormOrder) ? storm_order(s).front() : seat).spice += taken;
    amount -= taken;
  }
}

// What the faction's forces in the territory collect: its rate a force, but a Cyborg 3 whatever
// its city (docs/rules/ixians.md §3; 2 sources, not on the printed sheet we have: [TO]
// CollectResourcesFromTerritories, [DB] getSpiceCollectedFromTerritory); a Suboid the rate.
Spice collection_due(const GameState& s, Faction f, TerritoryId t) {
  const int rate = collection_rate(s, f);
  const ForceCount forces = forces_in_territory(s, f, t);
  if (f != Faction::Ixians || mutant_active(Mutant::CyborgsCollectAtSuboidRate)) return Spice{rate * forces.value};
  int cyborgs = 0;
  for (CellId c : cells_of(t)) cyborgs += s.board.special[index(c)][index(f)].value;
  constexpr int kCyborgCollects = 3;
  return Spice{rate * (forces.value - cyborgs) + kCyborgCollects * cyborgs};
}

// Several factions in one territory only before battles are resolved (Engine II); choice: they
// collect in storm order, each its full rate, until the spice runs out.
void collect_territory(GameState& s, TerritoryId t) {
  for (Seat seat : storm_order(s)) {
    const Faction f = s.faction_of(seat);
    if (!occupies(s, f, t)) continue;
    const Spice left = spice_in(s, t);
    if (left == Spice{0}) return;
    const Spice due = collection_due(s, f, t);
    take_spice(s, seat, t, std::min(due, left));
  }
}

// Advanced: +2 for each occupant of Arrakeen and of Carthag, +1 for Tuek's Sietch, from the bank
// ([LR] 1.13.01).
void city_income(GameState& s) {
  constexpr std::array<std::pair<TerritoryId, int>, 3> kIncome{{
      {TerritoryId::Arrakeen, 2}, {TerritoryId::Carthag, 2}, {TerritoryId::TueksSietch, 1}}};
  for (const auto& [t, amount] : kIncome) {
    for (Seat seat : storm_order(s)) {
      if (occupies(s, s.faction_of(seat), t)) receive_from_bank(s, seat, Spice{amount});
    }
  }
}

}  // namespace

void enter_collection(GameState& state) {
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId t = territory_at(i);
    if (spice_in(state, t) > Spice{0}) collect_territory(state, t);
  }
  if (state.options.rules.double_spice_blow) city_income(state);
  open_decision_point(state, Step::Collection);
}

}  // namespace dune
