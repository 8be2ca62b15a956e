// Capacity: the limits a single state must respect (at most two factions in a stronghold, the
// Treachery hand limit, no negative spice or force count). A leaf of model/ alone, like the census
// (invariants/census.h): the checkers run it after every step and io/'s load-time check on every
// loaded state.
#pragma once

#include "invariants/violation.h"
#include "model/state.h"

namespace dune::invariants {

Violations check_capacity(const GameState& state);

}  // namespace dune::invariants
