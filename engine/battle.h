// The Battle phase (Engine II). Implemented so far: which battles must be fought.
#pragma once

#include <vector>

#include "model/state.h"

namespace dune {

// A territory where two or more non-allied factions have fighting forces not separated by the
// storm, and the factions that would fight there (fact sheet §6.3; [LR] 1.07.01).
struct PendingBattle {
  TerritoryId territory;
  std::vector<Faction> factions;
  friend bool operator==(const PendingBattle&, const PendingBattle&) = default;
};

std::vector<PendingBattle> battles_to_fight(const GameState& state);

}  // namespace dune
