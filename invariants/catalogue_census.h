// The census over the typed catalogue (DESIGN.md, "The typed catalogue"): for every component kind
// of model/catalogue.h ComponentKinds, the number found in the state's zones equals the kind's
// census for this setup. Each kind needs its own `tally` overload, so a kind added to the
// catalogue without a census here does not compile.
#pragma once

#include "invariants/violation.h"
#include "model/state.h"

namespace dune::invariants {

Violations check_catalogue_census(const GameState& state);

}  // namespace dune::invariants
