// Shape: what any reachable state is, whatever led to it, beyond its card census and capacity
// (issue 18 item 3). The turn within the game's length and the step within its phase, a seat
// awaited whenever the game waits for one, alliances symmetric between seated factions, winners
// and the prediction at the table, leader custody, the auction's lot counters, and the history's
// counters against the log. A leaf like the census and capacity (invariants/census.h): the
// checkers run it after every step, and io/'s load-time check on every loaded state (snapshots,
// counterexample starts, scenario starts).
#pragma once

#include "invariants/violation.h"
#include "model/state.h"

namespace dune::invariants {

// `before`, when given, is a state `state` was reached from, itself checked: the committed table's
// ids are then checked for the commands committed since (each unlike every earlier one) instead
// of all of them again, so the check after every step is not quadratic in the game's length.
Violations check_shape(const GameState& state, const GameState* before = nullptr);

}  // namespace dune::invariants
